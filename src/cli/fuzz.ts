/**
 * npm run --silent fuzz -- [--runs N] [--seed S] [--json]
 *
 * Random worlds through the public API: units of every size and speed, obstacles of every shape
 * (some refused, as they should be), orders to anywhere, stops, removals, obstacles placed and
 * removed mid-run, settings changed. Each run is a list of operations drawn from its seed, so it
 * can be replayed and shrunk. After every tick the run is checked: no exception, no NaN or
 * Infinity, nobody outside the world, nobody deeper than 5 cm in an obstacle, no tick over the time
 * budget. A failing run prints its seed, the failed check and a minimal list of operations that
 * still fails (operations dropped one at a time while the failure remains).
 */
import { parseArgs } from 'node:util';
import { createRandom, type Random } from '../math/random';
import { type ObstacleDef, type ObstacleShape, prepareShape, signedDistance } from '../math/shapes';
import {
  type Simulation,
  addObstacle,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  listObstacles,
  listUnits,
  nearestUnit,
  removeObstacle,
  removeUnit,
  stepSimulation,
  traceRoute,
  unitsInRadius,
  updateSteeringConfig,
} from '../sim/simulation';
import { UsageError, integerOption, runAsScript } from './report';

/** metres a unit may sink into an obstacle (planck's contacts allow a little) */
export const MAX_OBSTACLE_DEPTH = 0.05;
/** metres a unit's disc may stand past the world's edge */
const WALL_SLACK = 0.05;
/** milliseconds a fuzzed tick may take (tens of units: far under; a hang or a blow-up: far over).
 * A run is deterministic, so a tick that is slow for what it computes is slow again when the run is
 * replayed; one slowed by the machine (a collection, other processes) is not: a tick over the
 * budget fails the run only when the replay has one too. */
export const TICK_BUDGET_MS = 250;

export type FuzzOp =
  | { tick: number; op: 'unit'; x: number; y: number; radius: number; maxSpeed: number; team: number }
  | { tick: number; op: 'obstacle'; shape: ObstacleDef }
  | { tick: number; op: 'move'; units: number[]; x: number; y: number; facing?: { x: number; y: number } }
  | { tick: number; op: 'stop'; units: number[] }
  | { tick: number; op: 'remove-unit'; unit: number }
  | { tick: number; op: 'remove-obstacle'; obstacle: number }
  | { tick: number; op: 'steering'; changes: Record<string, number> };

export interface FuzzCase {
  seed: number;
  world: { width: number; height: number };
  ticks: number;
  /** in tick order; `unit` and `obstacle` refer to the n-th unit or obstacle added (from 0) */
  ops: FuzzOp[];
}

export interface FuzzFailure {
  tick: number;
  check: string;
}

export interface FuzzOutcome {
  ticks: number;
  units: number;
  /** operations the API refused with an error, as it should for bad input */
  refused: number;
  worstTickMs: number;
  failure: FuzzFailure | null;
}

/** The operations of run `seed`. */
export function drawFuzzCase(seed: number): FuzzCase {
  const random = createRandom(seed);
  const world = { width: round(random.range(8, 120)), height: round(random.range(8, 120)) };
  const ticks = Math.floor(random.range(120, 480));
  const ops: FuzzOp[] = [];
  const unitCount = Math.floor(random.range(1, 40));
  const obstacleCount = Math.floor(random.range(0, 9));
  for (let i = 0; i < obstacleCount; i++) ops.push({ tick: 0, op: 'obstacle', shape: randomShape(random, world) });
  for (let i = 0; i < unitCount; i++) ops.push(randomUnit(random, world, 0));
  let units = unitCount;
  let obstacles = obstacleCount;
  const events = Math.floor(random.range(2, 25));
  for (let i = 0; i < events; i++) {
    const tick = Math.floor(random.range(0, ticks));
    const pick = random.next();
    const some = (): number[] => Array.from({ length: Math.max(1, Math.floor(random.range(1, Math.min(units, 12) + 1))) }, () => Math.floor(random.range(0, units)));
    if (pick < 0.45) {
      const facing = random.next() < 0.3 ? { x: round(random.range(-1, 1)), y: round(random.range(-1, 1)) } : undefined;
      ops.push({ tick, op: 'move', units: some(), x: round(random.range(-5, world.width + 5)), y: round(random.range(-5, world.height + 5)), ...(facing === undefined ? {} : { facing }) });
    } else if (pick < 0.55) ops.push({ tick, op: 'stop', units: some() });
    else if (pick < 0.65) ops.push({ tick, op: 'remove-unit', unit: Math.floor(random.range(0, units)) });
    else if (pick < 0.75) {
      ops.push(randomUnit(random, world, tick));
      units++;
    } else if (pick < 0.85) {
      ops.push({ tick, op: 'obstacle', shape: randomShape(random, world) });
      obstacles++;
    } else if (pick < 0.92) ops.push({ tick, op: 'remove-obstacle', obstacle: Math.floor(random.range(0, Math.max(1, obstacles))) });
    else ops.push({ tick, op: 'steering', changes: randomSteering(random) });
  }
  ops.sort((a, b) => a.tick - b.tick);
  return { seed, world, ticks, ops };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function randomUnit(random: Random, world: { width: number; height: number }, tick: number): FuzzOp {
  const radius = round(random.range(0.2, 1.2));
  return {
    tick,
    op: 'unit',
    x: round(random.range(radius, world.width - radius)),
    y: round(random.range(radius, world.height - radius)),
    radius,
    maxSpeed: round(random.range(0.5, 10)),
    team: Math.floor(random.range(0, 4)),
  };
}

/** A circle, a box or a polygon anywhere near the world (some too thin or too far: refused). */
function randomShape(random: Random, world: { width: number; height: number }): ObstacleDef {
  const x = round(random.range(-0.2 * world.width, 1.2 * world.width));
  const y = round(random.range(-0.2 * world.height, 1.2 * world.height));
  const size = random.range(0.05, 0.3 * Math.min(world.width, world.height));
  const kind = random.next();
  if (kind < 0.35) return { type: 'circle', x, y, radius: round(size) };
  if (kind < 0.7) return { type: 'box', x, y, width: round(size), height: round(random.range(0.05, size * 2)), angle: round(random.range(0, 6.3)) };
  // points round a circle at increasing angles: convex unless two come too close
  const count = Math.floor(random.range(3, 9));
  const angles = Array.from({ length: count }, () => random.range(0, 2 * Math.PI)).sort((a, b) => a - b);
  return { type: 'polygon', points: angles.map((angle): [number, number] => [round(x + size * Math.cos(angle)), round(y + size * Math.sin(angle))]) };
}

function randomSteering(random: Random): Record<string, number> {
  const settings: Array<[string, number, number]> = [
    ['lookAheadTime', 0, 10],
    ['avoidHorizon', 0.1, 10],
    ['obstacleHorizon', 0, 10],
    ['avoidClearance', 0, 5],
    ['separationGap', 0, 5],
    ['responseTime', 0.01, 2],
    ['keepRight', 0, 1.5],
    ['passAside', 0, 1.5],
    ['crossingPace', 0, 1],
    ['avoidEvery', 1, 4],
  ];
  const [key, min, max] = settings[Math.floor(random.range(0, settings.length))]!;
  return { [key]: key === 'avoidEvery' ? Math.floor(random.range(min, max + 1)) : round(random.range(min, max)) };
}

/** Runs a case through the API, checking after every tick; stops at the first failure (a tick over
 * the time budget counts once the replay confirms it, see TICK_BUDGET_MS). */
export function runFuzzCase(fuzz: FuzzCase, replay = true): FuzzOutcome {
  const sim = createSimulation(fuzz.world);
  const unitIds: number[] = [];
  const obstacleIds: number[] = [];
  let refused = 0;
  let worstTickMs = 0;
  const attempt = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      // a refusal must be an Error naming a field, never a TypeError or RangeError from inside
      if (!(error instanceof Error) || error.constructor !== Error) throw error;
      refused++;
    }
  };
  let next = 0;
  for (let tick = 0; tick < fuzz.ticks; tick++) {
    try {
      while (next < fuzz.ops.length && fuzz.ops[next]!.tick <= tick) {
        const op = fuzz.ops[next++]!;
        const ids = (list: number[]): number[] => list.map((index) => unitIds[index]).filter((id): id is number => id !== undefined);
        switch (op.op) {
          case 'unit':
            attempt(() => unitIds.push(addUnit(sim, { x: op.x, y: op.y, radius: op.radius, maxSpeed: op.maxSpeed, team: op.team })));
            break;
          case 'obstacle':
            attempt(() => obstacleIds.push(addObstacle(sim, op.shape)));
            break;
          case 'move':
            attempt(() => issueOrder(sim, { kind: 'move', unitIds: ids(op.units), target: { x: op.x, y: op.y }, ...(op.facing === undefined ? {} : { facing: op.facing }) }));
            break;
          case 'stop':
            attempt(() => issueOrder(sim, { kind: 'stop', unitIds: ids(op.units) }));
            break;
          case 'remove-unit': {
            const id = unitIds[op.unit];
            if (id !== undefined) removeUnit(sim, id);
            break;
          }
          case 'remove-obstacle': {
            const id = obstacleIds[op.obstacle];
            if (id !== undefined) removeObstacle(sim, id);
            break;
          }
          case 'steering':
            attempt(() => updateSteeringConfig(sim, op.changes));
            break;
        }
      }
      const start = performance.now();
      stepSimulation(sim);
      const ms = performance.now() - start;
      worstTickMs = Math.max(worstTickMs, ms);
      if (ms > TICK_BUDGET_MS && (!replay || runFuzzCase(fuzz, false).worstTickMs > TICK_BUDGET_MS)) {
        return outcome({ tick, check: `the tick took ${ms.toFixed(0)} ms (budget ${TICK_BUDGET_MS}), and over it again when replayed` });
      }
    } catch (error) {
      return outcome({ tick, check: `threw ${error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)}` });
    }
    const check = checkSimulation(sim, fuzz.world, listObstacles(sim).map((obstacle) => obstacle.shape as ObstacleShape)) ?? (tick % QUERY_EVERY === 0 ? checkQueries(sim) : null);
    if (check !== null) return outcome({ tick, check });
  }
  return outcome(null);

  function outcome(failure: FuzzFailure | null): FuzzOutcome {
    return { ticks: fuzz.ticks, units: listUnits(sim).length, refused, worstTickMs, failure };
  }
}

/**
 * What is wrong with the simulation's units, or null: a value that is not finite, a disc past
 * the edge of `world`, or one deeper than MAX_OBSTACLE_DEPTH in one of `obstacles`.
 */
export function checkSimulation(sim: Simulation, world: { width: number; height: number }, obstacles: readonly ObstacleShape[]): string | null {
  const shapes = obstacles.map(prepareShape);
  for (const unit of listUnits(sim)) {
    const { x, y } = unit.position;
    if (![x, y, unit.velocity.x, unit.velocity.y, unit.heading].every(Number.isFinite)) return `unit ${unit.id}: a value that is not finite`;
    const r = unit.radius;
    if (x < r - WALL_SLACK || x > world.width - r + WALL_SLACK || y < r - WALL_SLACK || y > world.height - r + WALL_SLACK) {
      return `unit ${unit.id} outside the world at (${x.toFixed(3)}, ${y.toFixed(3)})`;
    }
    for (const [index, shape] of shapes.entries()) {
      const depth = r - signedDistance(shape, x, y);
      if (depth > MAX_OBSTACLE_DEPTH) return `unit ${unit.id} ${depth.toFixed(3)} m deep in obstacle ${index} at (${x.toFixed(3)}, ${y.toFixed(3)})`;
    }
  }
  return null;
}

/** ticks between two rounds of the queries' checks */
const QUERY_EVERY = 30;

/**
 * What is wrong with the queries' answers about the units as they stand, or null: a traced way
 * with a point that is not finite, or not starting where its unit stands; a unit not found within
 * its own radius, or nearest to its own centre some unit that is not there.
 */
export function checkQueries(sim: Simulation): string | null {
  const found: number[] = [];
  for (const unit of listUnits(sim)) {
    const { points } = traceRoute(sim, unit.id);
    if (!points.every(Number.isFinite)) return `unit ${unit.id}: a traced way with a point that is not finite`;
    if (points.length > 0 && (points[0] !== unit.position.x || points[1] !== unit.position.y)) return `unit ${unit.id}: a traced way not starting where it stands`;
    unitsInRadius(sim, unit.position, unit.radius, found);
    if (!found.includes(unit.id)) return `unit ${unit.id}: not found within its own radius of its centre`;
    const nearest = nearestUnit(sim, unit.position);
    const other = nearest === undefined ? undefined : getUnit(sim, nearest);
    if (other === undefined || Math.hypot(other.position.x - unit.position.x, other.position.y - unit.position.y) > other.radius + 1e-9) {
      return `unit ${unit.id}: the nearest unit to its centre is ${nearest}, which does not cover it`;
    }
  }
  return null;
}

/** The case with operations dropped one at a time for as long as it still fails the same check kind. */
export function shrinkFuzzCase(fuzz: FuzzCase, failure: FuzzFailure): FuzzCase {
  const kind = (check: string): string => check.replace(/[\d.-]+/g, '#');
  let best: FuzzCase = { ...fuzz, ticks: failure.tick + 1 };
  for (let index = best.ops.length - 1; index >= 0; index--) {
    const candidate: FuzzCase = { ...best, ops: best.ops.filter((_, k) => k !== index) };
    const result = runFuzzCase(candidate).failure;
    if (result !== null && kind(result.check) === kind(failure.check)) best = { ...candidate, ticks: result.tick + 1 };
  }
  return best;
}

const USAGE = `usage: npm run --silent fuzz -- [options]

Random worlds, units, obstacles and orders through the API, checked after every tick (and the
queries about every unit every 30 ticks).

  --runs N     runs to make (default 200)
  --seed S     the first run's seed; run k uses S + k (default 1)
  --json       one JSON object per run
  -h, --help   print this and exit`;

export function main(argv: string[]): number {
  let runs: number;
  let first: number;
  let json: boolean;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { runs: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    runs = integerOption(values.runs, '--runs', 1, 1_000_000) ?? 200;
    first = integerOption(values.seed, '--seed', 0, 0xffffffff - runs) ?? 1;
    json = values.json;
  } catch (error) {
    process.stderr.write(`${error instanceof UsageError || error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  let failed = 0;
  let ticks = 0;
  let refused = 0;
  let worst = 0;
  for (let k = 0; k < runs; k++) {
    const fuzz = drawFuzzCase(first + k);
    const result = runFuzzCase(fuzz);
    ticks += result.ticks;
    refused += result.refused;
    worst = Math.max(worst, result.worstTickMs);
    if (json) process.stdout.write(`${JSON.stringify({ seed: fuzz.seed, ...result })}\n`);
    if (result.failure !== null) {
      failed++;
      const small = shrinkFuzzCase(fuzz, result.failure);
      process.stderr.write(`seed ${fuzz.seed}: tick ${result.failure.tick}: ${result.failure.check}\nreproduce: npm run --silent fuzz -- --runs 1 --seed ${fuzz.seed}\nsmallest case still failing (${small.ops.length} of ${fuzz.ops.length} operations):\n${JSON.stringify(small)}\n\n`);
    }
  }
  if (!json) process.stdout.write(`${runs} runs (seeds ${first} to ${first + runs - 1}), ${ticks} ticks, ${refused} refused operations, worst tick ${worst.toFixed(1)} ms: ${failed === 0 ? 'no failure' : `${failed} failed`}\n`);
  return failed === 0 ? 0 : 1;
}

runAsScript(import.meta.url, main);
