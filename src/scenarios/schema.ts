/**
 * The scenario file format (docs/scenario-format.md): a zod schema for its shape, then the checks
 * that need more than one field (units inside the world). A bad scenario is
 * refused as a whole, before anything is built, with the JSON path of each bad field, what was
 * expected and what was found.
 */
import { z } from 'zod';
import { type ObstacleShape, copyShape, prepareShape, signedDistance } from '../math/shapes';
import { DEFAULT_UNIT } from '../sim/defaults';
import { MAX_UNITS, MAX_WORLD_SIZE, describeIssue, obstacleOutOfReach, obstacleSchema } from '../sim/validate';
import { parseJsonText } from './json';

export const DEFAULT_SCENARIO_SEED = 1;
/** simulated seconds */
export const DEFAULT_SCENARIO_DURATION = 60;
/** simulated seconds: the longest run a file may ask for (an hour) */
export const MAX_SCENARIO_DURATION = 3600;
export const MAX_SCENARIO_UNITS = MAX_UNITS;

const finite = z.number();
const positive = z.number().positive();
// The shape is built entry by entry, not written as an { x: ..., y: ... } literal: V8 gives every
// two-field object literal named x and y one hidden-class tree, and a literal there holding
// schemas turns its fields into general ones for all of them, planck's own vectors included
// (each number written to one is then a fresh heap allocation; see math/vec2.ts).
const point = z.strictObject(Object.fromEntries([['x', finite], ['y', finite]]) as { x: typeof finite; y: typeof finite });

const unitSchema = z.strictObject({
  x: finite.describe('metres: where the unit starts'),
  y: finite.describe('metres: where the unit starts'),
  radius: positive.default(DEFAULT_UNIT.radius).describe('metres'),
  maxSpeed: positive.default(DEFAULT_UNIT.maxSpeed).describe('metres per second'),
  /** which side the unit is on (colours on the page) */
  team: z.number().int().min(0).default(DEFAULT_UNIT.team).describe('which side the unit is on'),
  /** a unit without a goal stands where it is */
  goal: point.optional().describe('metres: where the unit walks; units sharing a goal move as one group; none: it stands'),
});

/**
 * An obstacle going up or coming down during the run: `add` places a new one, `remove` takes
 * one away by its number (the file's `obstacles` are 0 to n - 1, then the ones `add` places, in
 * the order of the list). Exactly one of the two.
 */
const changeSchema = z.strictObject({
  /** simulated seconds from the start */
  at: z.number().min(0).describe('simulated seconds from the start, not before the change listed before it'),
  add: obstacleSchema.optional().describe('an obstacle placed then (give add or remove, not both)'),
  remove: z.number().int().min(0).optional().describe("an obstacle removed then, by its place among the file's obstacles (from 0), then those added, in list order"),
});

export const scenarioSchema = z.strictObject({
  /** where an editor finds a JSON Schema for the file; accepted and ignored */
  $schema: z.string().optional().describe('where an editor finds this JSON Schema; read and ignored'),
  name: z.string().min(1),
  /** one or two sentences on what the scenario shows */
  description: z.string().optional().describe('one or two sentences on what the scenario shows'),
  seed: z.number().int().min(0).max(0xffffffff).default(DEFAULT_SCENARIO_SEED).describe('seeds the jitter of the run: the same file and seed give the same run'),
  world: z.strictObject({ width: positive.max(MAX_WORLD_SIZE), height: positive.max(MAX_WORLD_SIZE) }).describe('metres; the world spans [0, width] x [0, height], y up, and its edges are walls'),
  obstacles: z.array(obstacleSchema).default([]).describe('static obstacles: circles, boxes (angle in radians) and convex polygons'),
  units: z.array(unitSchema).min(1).max(MAX_SCENARIO_UNITS),
  duration: positive.max(MAX_SCENARIO_DURATION).default(DEFAULT_SCENARIO_DURATION).describe('simulated seconds the run lasts at most'),
  /** obstacles added and removed during the run, in time order */
  changes: z.array(changeSchema).default([]).describe('obstacles placed and removed during the run, in time order'),
});

/** A scenario as written in a file: optional fields may be left out. */
export type ScenarioFile = z.input<typeof scenarioSchema>;

/** A checked scenario with every default filled in. */
export interface Scenario {
  readonly name: string;
  readonly description?: string;
  readonly seed: number;
  readonly world: { readonly width: number; readonly height: number };
  readonly obstacles: readonly ObstacleShape[];
  readonly units: readonly ScenarioUnit[];
  /** simulated seconds */
  readonly duration: number;
  /** obstacles added and removed during the run, in time order */
  readonly changes: readonly ObstacleChange[];
}

/** At `at` simulated seconds, one obstacle goes up (`add`) or comes down (`remove`, by number). */
export type ObstacleChange = { readonly at: number; readonly add: ObstacleShape } | { readonly at: number; readonly remove: number };

export interface ScenarioUnit {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly maxSpeed: number;
  readonly team: number;
  readonly goal: { readonly x: number; readonly y: number } | null;
}

/** Thrown for a scenario that breaks the format; `problems` holds one line per bad field. */
export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source}: invalid scenario\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ScenarioError';
  }
}

/** Parses the text of a scenario file. Throws JsonSyntaxError or ScenarioError. */
export function parseScenarioText(text: string, source: string): Scenario {
  return parseScenario(parseJsonText(text, source), source);
}

/** Checks already-parsed data against the format. Throws ScenarioError listing every bad field. */
export function parseScenario(input: unknown, source = 'scenario'): Scenario {
  const result = scenarioSchema.safeParse(input);
  if (!result.success) {
    throw new ScenarioError(source, result.error.issues.map((issue) => describeIssue(issue, input)));
  }
  const data = result.data;
  const problems = [...checkUnitsInWorld(data), ...checkObstaclesInReach(data), ...checkChanges(data)];
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return {
    name: data.name,
    ...(data.description === undefined ? {} : { description: data.description }),
    seed: data.seed,
    world: data.world,
    obstacles: data.obstacles as ObstacleShape[],
    units: data.units.map((unit) => ({ ...unit, goal: unit.goal ?? null })),
    duration: data.duration,
    changes: data.changes.map((change) => (change.add !== undefined ? { at: change.at, add: change.add as ObstacleShape } : { at: change.at, remove: change.remove! })),
  };
}

/** The scenario written back as a file (defaults spelled out, so the file stands on its own). */
export function scenarioToFile(scenario: Scenario): ScenarioFile {
  return {
    name: scenario.name,
    ...(scenario.description === undefined ? {} : { description: scenario.description }),
    seed: scenario.seed,
    world: { ...scenario.world },
    obstacles: scenario.obstacles.map(copyShape),
    units: scenario.units.map(({ goal, ...unit }) => (goal === null ? { ...unit } : { ...unit, goal: { ...goal } })),
    duration: scenario.duration,
    ...(scenario.changes.length === 0 ? {} : { changes: scenario.changes.map((change) => ('add' in change ? { at: change.at, add: copyShape(change.add) } : { ...change })) }),
  };
}

/**
 * Every obstacle the run ever holds, numbered as `remove` counts them (the file's obstacles, then
 * the added ones in list order), with the simulated seconds it stands from and until (Infinity:
 * to the end).
 */
export function obstacleTimeline(scenario: Scenario): Array<{ shape: ObstacleShape; from: number; until: number }> {
  const timeline = scenario.obstacles.map((shape) => ({ shape, from: 0, until: Infinity }));
  for (const change of scenario.changes) {
    if ('add' in change) timeline.push({ shape: change.add, from: change.at, until: Infinity });
    else timeline[change.remove]!.until = change.at;
  }
  return timeline;
}

type ParsedScenario = z.output<typeof scenarioSchema>;

function checkUnitsInWorld(data: ParsedScenario): string[] {
  const { width, height } = data.world;
  const problems: string[] = [];
  const obstacles = data.obstacles.map((shape) => prepareShape(shape as ObstacleShape));
  data.units.forEach((unit, index) => {
    const field = `units[${index}]`;
    const r = unit.radius;
    if (2 * r > Math.min(width, height)) {
      problems.push(`${field}.radius: expected a unit that fits in the ${width} x ${height} m world, got ${r}`);
      return;
    }
    if (unit.x < r || unit.x > width - r) {
      problems.push(`${field}.x: expected a number from ${r} to ${width - r} (the whole disc inside the ${width} m wide world), got ${unit.x}`);
    }
    if (unit.y < r || unit.y > height - r) {
      problems.push(`${field}.y: expected a number from ${r} to ${height - r} (the whole disc inside the ${height} m high world), got ${unit.y}`);
    }
    const on = obstacles.findIndex((obstacle) => signedDistance(obstacle, unit.x, unit.y) < r);
    if (on >= 0) {
      problems.push(`${field}: expected a place clear of obstacles (the whole disc), got (${unit.x}, ${unit.y}) on obstacles[${on}]`);
    }
    if (unit.goal !== undefined) {
      if (unit.goal.x < 0 || unit.goal.x > width) {
        problems.push(`${field}.goal.x: expected a number from 0 to ${width} (inside the world), got ${unit.goal.x}`);
      }
      if (unit.goal.y < 0 || unit.goal.y > height) {
        problems.push(`${field}.goal.y: expected a number from 0 to ${height} (inside the world), got ${unit.goal.y}`);
      }
    }
  });
  return problems;
}

function checkObstaclesInReach(data: ParsedScenario): string[] {
  const problems: string[] = [];
  const check = (shape: ObstacleShape, field: string): void => {
    const reason = obstacleOutOfReach(shape, data.world);
    if (reason !== null) problems.push(`${field}: ${reason}`);
  };
  data.obstacles.forEach((shape, index) => {
    check(shape as ObstacleShape, `obstacles[${index}]`);
  });
  data.changes.forEach((change, index) => {
    if (change.add !== undefined) check(change.add as ObstacleShape, `changes[${index}].add`);
  });
  return problems;
}

function checkChanges(data: ParsedScenario): string[] {
  const problems: string[] = [];
  let count = data.obstacles.length;
  const removed = new Set<number>();
  let last = 0;
  data.changes.forEach((change, index) => {
    const field = `changes[${index}]`;
    if ((change.add === undefined) === (change.remove === undefined)) {
      problems.push(`${field}: expected exactly one of "add" (an obstacle) or "remove" (an obstacle's number), got ${change.add === undefined ? 'neither' : 'both'}`);
      return;
    }
    if (change.at > data.duration) problems.push(`${field}.at: expected a time within the run (0 to ${data.duration} s), got ${change.at}`);
    if (change.at < last) problems.push(`${field}.at: expected changes in time order (not before ${last} s), got ${change.at}`);
    last = Math.max(last, change.at);
    if (change.add !== undefined) {
      count++;
      return;
    }
    const target = change.remove!;
    if (target >= count) problems.push(`${field}.remove: expected the number of an obstacle placed before it (0 to ${count - 1}), got ${target}`);
    else if (removed.has(target)) problems.push(`${field}.remove: expected an obstacle still standing, got ${target} (removed already)`);
    removed.add(target);
  });
  return problems;
}
