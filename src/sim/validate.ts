/**
 * Input checks: each input the engine takes has one validator, which throws (or reports) before
 * anything changes, naming the field, what was expected and the value found:
 * `unit.radius: expected a finite number > 0, got -1`.
 *
 * Hand-written checks serve the API's small inputs (`checkNumber`, `checkOneOf`); obstacles,
 * whose rules (convex polygons, planck's vertex limit) are shared by the API and the scenario
 * file, have one zod schema here, and zod's issues are worded the same way (`describeIssue`).
 */
import { hypot } from '../math/exact';
import { z } from 'zod';
import { type ObstacleShape, prepareShape } from '../math/shapes';
import { MAX_POLYGON_POINTS } from '../physics/world';
import type { ReadonlyVec2 } from '../math/vec2';
import { type Engage, MAX_ENGAGE_RANGE, MAX_PATROL_POINTS, type Order } from '../orders/orders';

export interface NumberRule {
  /** smallest allowed value */
  min?: number;
  /** whether `min` itself is allowed (default true) */
  minInclusive?: boolean;
  /** largest allowed value (inclusive) */
  max?: number;
  integer?: boolean;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function checkNumber(value: unknown, field: string, rule: NumberRule = {}): number {
  const parts: string[] = [rule.integer ? 'an integer' : 'a finite number'];
  if (rule.min !== undefined) parts.push(`${rule.minInclusive === false ? '>' : '>='} ${rule.min}`);
  if (rule.max !== undefined) parts.push(`${rule.min === undefined ? '' : 'and '}<= ${rule.max}`);
  const fail = (): never => {
    throw new Error(`${field}: expected ${parts.join(' ')}, got ${describeValue(value)}`);
  };
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail();
  if (rule.integer && !Number.isInteger(value)) fail();
  if (rule.min !== undefined && (rule.minInclusive === false ? value <= rule.min : value < rule.min)) fail();
  if (rule.max !== undefined && value > rule.max) fail();
  return value;
}

export function checkOneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${field}: expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describeValue(value)}`);
}

/** Throws unless `value` is a plain object (not null, not an array). */
export function checkObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${field}: expected an object, got ${describeValue(value)}`);
  }
  return value as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// Obstacles


const finite = z.number();
const positive = z.number().positive();

/** One obstacle: a circle, a box (centre, size, angle in radians) or a convex polygon. */
export const obstacleSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('circle'), x: finite, y: finite, radius: positive }),
  z.strictObject({
    type: z.literal('box'),
    x: finite,
    y: finite,
    width: positive,
    height: positive,
    /** radians, counter-clockwise */
    angle: finite.default(0),
  }),
  z
    .strictObject({
      type: z.literal('polygon'),
      points: z.array(z.tuple([finite, finite]).readonly()).min(3).max(MAX_POLYGON_POINTS).readonly(),
    })
    .superRefine((polygon, context) => {
      // zod runs this even when the point count was wrong; that is reported already
      if (polygon.points.length < 3 || polygon.points.length > MAX_POLYGON_POINTS) return;
      const problem = polygonProblem(polygon.points);
      if (problem !== null) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }),
]);

/**
 * metres: the shortest edge, and the least height of a corner above the line joining its
 * neighbours, a polygon may have. planck merges points closer than its linear slop (5 mm) and
 * drops corners that are nearly straight; a polygon that lost points that way would no longer be
 * the shape the routes and the metrics see (with fewer than three left, planck even builds a
 * stand-in box), so such polygons are refused.
 */
export const MIN_POLYGON_FEATURE = 0.01;

/**
 * What is wrong with a polygon's points, or null: a point too near the one before it, a corner
 * too nearly straight, a corner that turns the other way (not convex), or edges that cross (a
 * star, whose corners all turn the same way, is not simple). Points may run either way.
 */
function polygonProblem(points: ReadonlyArray<readonly [number, number]>): { path: Array<string | number>; message: string } | null {
  const count = points.length;
  // signed area (shoelace): its sign is the direction the points run
  let doubleArea = 0;
  for (let i = 0; i < count; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % count]!;
    doubleArea += ax * by - bx * ay;
  }
  const orientation = Math.sign(doubleArea);
  for (let i = 0; i < count; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % count]!;
    const edge = hypot(bx - ax, by - ay);
    const corner = (i + 1) % count;
    if (!(edge >= MIN_POLYGON_FEATURE)) {
      return { path: ['points', corner], message: `expected a point at least ${MIN_POLYGON_FEATURE} m from the one before it (planck merges nearer points), got ${+edge.toPrecision(3)} m from (${ax}, ${ay})` };
    }
  }
  if (orientation === 0) return { path: ['points'], message: 'expected a polygon with area, got area 0' };
  for (let i = 0; i < count; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % count]!;
    const [cx, cy] = points[(i + 2) % count]!;
    const corner = (i + 1) % count;
    const turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (turn * orientation <= 0) {
      return { path: ['points'], message: `expected a convex polygon with no straight or reflex corner, got one at point ${corner} (${bx}, ${by})` };
    }
    // the corner's height above the line from its neighbour before to its neighbour after
    const height = Math.abs(turn) / hypot(cx - ax, cy - ay);
    if (!(height >= MIN_POLYGON_FEATURE)) {
      return { path: ['points', corner], message: `expected a corner standing at least ${MIN_POLYGON_FEATURE} m off the line of its neighbours (planck drops nearly straight corners), got ${+height.toPrecision(3)} m at (${bx}, ${by})` };
    }
  }
  // convex and simple: every point on the inner side of every edge it is not on
  for (let i = 0; i < count; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % count]!;
    for (let k = 0; k < count; k++) {
      if (k === i || k === (i + 1) % count) continue;
      const [px, py] = points[k]!;
      if (((bx - ax) * (py - ay) - (by - ay) * (px - ax)) * orientation <= 0) {
        return { path: ['points'], message: `expected a convex polygon whose edges do not cross (its points in order around it), got point ${k} (${px}, ${py}) outside the edge from point ${i} to point ${(i + 1) % count}` };
      }
    }
  }
  return null;
}

/**
 * Checks an obstacle given to the API and returns a clean copy (a box's angle filled in). Throws
 * one Error listing every problem, each naming its field under `field`.
 */
export function validateObstacle(input: unknown, field = 'obstacle'): ObstacleShape {
  const result = obstacleSchema.safeParse(input);
  if (result.success) return result.data as ObstacleShape;
  throw new Error(result.error.issues.map((issue) => describeIssue(issue, input, field)).join('; '));
}

// ---------------------------------------------------------------------------------------------
// zod's issues, worded like the hand-written checks

/**
 * `units[3].radius` from ['units', 3, 'radius']; under a `prefix` (`obstacle.radius`). Empty for
 * an empty path and no prefix.
 */
export function formatPath(path: ReadonlyArray<PropertyKey>, prefix = ''): string {
  let text = prefix;
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): { found: boolean; value: unknown } {
  let value: unknown = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !(key in value)) return { found: false, value: undefined };
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value };
}

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  object: 'an object',
  array: 'an array',
  tuple: 'an array',
  boolean: 'true or false',
};

function describeFound(root: unknown, path: ReadonlyArray<PropertyKey>): string {
  const { found, value } = valueAt(root, path);
  if (!found) return 'nothing (the field is missing)';
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return 'an object';
  return describeValue(value);
}

function describeBound(issue: { origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean }, side: 'min' | 'max'): string {
  const bound = String(side === 'min' ? issue.minimum : issue.maximum);
  if (issue.origin === 'array') return `${side === 'min' ? 'at least' : 'at most'} ${bound} item${bound === '1' ? '' : 's'}`;
  if (issue.origin === 'string') return side === 'min' ? 'a non-empty string' : `at most ${bound} characters`;
  const operator = side === 'min' ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  return `a number ${operator} ${bound}`;
}

function describeSize(root: unknown, path: ReadonlyArray<PropertyKey>, got: string): string {
  const { value } = valueAt(root, path);
  if (typeof value === 'string') return `${JSON.stringify(value)} (${value.length} characters)`;
  return got;
}

/**
 * One zod issue as "field: expected ..., got ...", reading the value found from `input`. The
 * field is the issue's path under `prefix`; with neither, `rootName`.
 */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown, prefix = '', rootName = 'scenario'): string {
  const field = formatPath(issue.path, prefix) || rootName;
  const got = describeFound(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return `${field}: expected ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${got}`;
    case 'too_small':
      return `${field}: expected ${describeBound(issue, 'min')}, got ${describeSize(input, issue.path, got)}`;
    case 'too_big':
      return `${field}: expected ${describeBound(issue, 'max')}, got ${describeSize(input, issue.path, got)}`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
      const where = field === rootName ? 'top-level key' : 'key';
      return `${field}: unknown ${where}${issue.keys.length > 1 ? 's' : ''} ${keys}`;
    }
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (options !== undefined) {
        return `${field}: expected ${options.map((option) => JSON.stringify(option)).join(' or ')}, got ${got}`;
      }
      return `${field}: ${issue.message}, got ${got}`;
    }
    case 'invalid_value':
      return `${field}: expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, got ${got}`;
    case 'custom':
      return `${field}: ${issue.message}`;
    default:
      return `${field}: ${issue.message}, got ${got}`;
  }
}

/**
 * metres: the longest side a world may have. The neighbour grid behind the sense phase and the
 * metrics are sized by the world's area, so a much larger world would cost memory and time for
 * nothing but empty ground.
 */
export const MAX_WORLD_SIZE = 2000;

/** the most units one simulation holds (a scenario file's limit too): far past what a tick can
 * carry in real time, it keeps a runaway spawner from eating the machine */
export const MAX_UNITS = 20000;

/**
 * Why `shape` does not fit `world`, or null when it does: every point of an obstacle lies within
 * one world size of the world (x from -width to 2 width, y from -height to 2 height). Part of a
 * wall may stand outside the world; a shape far away, or astronomically large, cannot be stepped.
 */
export function obstacleOutOfReach(shape: ObstacleShape, world: { width: number; height: number }): string | null {
  const { minX, maxX, minY, maxY } = prepareShape(shape);
  const { width, height } = world;
  if (minX >= -width && maxX <= 2 * width && minY >= -height && maxY <= 2 * height) return null;
  const show = (value: number): string => String(+value.toPrecision(6));
  return `expected a shape within one world size of the ${width} x ${height} m world (x from ${-width} to ${2 * width}, y from ${-height} to ${2 * height}), got x from ${show(minX)} to ${show(maxX)}, y from ${show(minY)} to ${show(maxY)}`;
}

/**
 * An order checked, as a copy the caller's later changes cannot reach (a move's facing made a unit
 * vector): it names at least one unit, each once, each one `isUnit` knows. Throws naming the
 * field and the value.
 */
export function checkOrder(order: Order, isUnit: (unitId: number) => boolean): Order {
  checkObject(order, 'order');
  const kind = checkOneOf(order.kind, 'order.kind', ['move', 'patrol', 'hold', 'follow', 'stop'] as const);
  if (!Array.isArray(order.unitIds)) {
    throw new Error(`order.unitIds: expected an array of unit ids, got ${describeValue(order.unitIds)}`);
  }
  if (order.unitIds.length === 0) throw new Error('order.unitIds: expected at least one unit id, got an empty array');
  const listed = new Map<number, number>();
  order.unitIds.forEach((unitId, index) => {
    if (!isUnit(unitId)) {
      throw new Error(`order.unitIds[${index}]: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
    }
    const earlier = listed.get(unitId);
    if (earlier !== undefined) throw new Error(`order.unitIds[${index}]: expected each unit once, got ${unitId} again (listed at [${earlier}])`);
    listed.set(unitId, index);
  });
  const unitIds = [...order.unitIds];
  const given = order as { queue?: unknown; facing?: unknown };
  if (given.queue !== undefined && typeof given.queue !== 'boolean') throw new Error(`order.queue: expected true or false, got ${describeValue(given.queue)}`);
  if (kind === 'stop') {
    if (given.queue === true) throw new Error('order.queue: a stop is never queued (it empties the queue), got true');
    return { kind, unitIds };
  }
  const queue = given.queue === true ? { queue: true } : {};
  if (kind === 'hold') return { kind, unitIds, ...queue };
  if (kind === 'follow') {
    if (given.queue === true) throw new Error('order.queue: a follow is never queued, got true');
    const { targetId, range } = order as { targetId?: unknown; range?: unknown };
    if (!isUnit(targetId as number)) throw new Error(`order.targetId: expected the id of a unit in the simulation, got ${describeValue(targetId)}`);
    if (listed.has(targetId as number)) throw new Error(`order.targetId: expected a unit not among the order's units, got ${describeValue(targetId)}`);
    return { kind, unitIds, targetId: targetId as number, range: checkNumber(range, 'order.range', { min: 0, max: MAX_ENGAGE_RANGE }) };
  }
  const facing = given.facing === undefined ? {} : { facing: checkFacing(given.facing) };
  if (kind === 'move') {
    const target = checkPoint((order as { target?: unknown }).target, 'order.target');
    const engage = (order as { engage?: unknown }).engage;
    return { kind, unitIds, target, ...facing, ...queue, ...(engage === undefined ? {} : { engage: checkEngage(engage) }) };
  }
  const points = (order as { points?: unknown }).points;
  if (!Array.isArray(points) || points.length === 0 || points.length > MAX_PATROL_POINTS) {
    throw new Error(`order.points: expected 1 to ${MAX_PATROL_POINTS} points, got ${describeValue(points)}`);
  }
  return { kind, unitIds, points: points.map((point, index) => checkPoint(point, `order.points[${index}]`)), ...facing, ...queue };
}

/** An attack-move's engage: a range, and maybe the teams it stops for, copied. */
function checkEngage(value: unknown): Engage {
  const given = checkObject(value, 'order.engage') as { range?: unknown; teams?: unknown };
  const range = checkNumber(given.range, 'order.engage.range', { min: 0, max: MAX_ENGAGE_RANGE });
  if (given.teams === undefined) return { range };
  if (!Array.isArray(given.teams) || given.teams.length === 0) throw new Error(`order.engage.teams: expected a list of teams, got ${describeValue(given.teams)}`);
  return { range, teams: given.teams.map((team, index) => checkNumber(team, `order.engage.teams[${index}]`, { min: 0, integer: true })) };
}

/** A point ({x, y}, finite), copied. */
function checkPoint(value: unknown, field: string): ReadonlyVec2 {
  const point = checkObject(value, field) as Partial<ReadonlyVec2>;
  return { x: checkNumber(point.x, `${field}.x`), y: checkNumber(point.y, `${field}.y`) };
}

/** A facing: a direction (any length but zero), made a unit vector. */
function checkFacing(value: unknown): ReadonlyVec2 {
  const given = checkObject(value, 'order.facing') as Partial<ReadonlyVec2>;
  const fx = checkNumber(given.x, 'order.facing.x');
  const fy = checkNumber(given.y, 'order.facing.y');
  // scaled first, so a huge vector does not overflow and a tiny one is judged by its shape
  const scale = Math.max(Math.abs(fx), Math.abs(fy));
  const length = scale === 0 ? 0 : scale * hypot(fx / scale, fy / scale);
  if (!(length > 1e-9)) throw new Error(`order.facing: expected a direction, got {x: ${fx}, y: ${fy}}`);
  return { x: fx / length, y: fy / length };
}
