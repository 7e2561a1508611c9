/**
 * npm run --silent bench -- [--json] [--avoidance NAME] [--response NAME] [--steering JSON] [--units 250,500] [--army 5000:500] [--skirmish 1000] [--queries 5000] [--ticks N] [--detour off] [--workers N]
 *
 * Median wall-clock milliseconds per tick while two square groups cross head-on (the scenario
 * `buildBenchCrossing` builds), for several unit counts. `msPerTick` is the whole tick (controller + physics); `msPerTickPhysicsOnly`
 * is planck's `world.step` alone, timed inside the same ticks, so both figures see the same bodies
 * in the same states; `ratio` = msPerTick / msPerTickPhysicsOnly; `msSense` and `msDecide` are the
 * controller's two big phases in the same ticks. `msDetour` (unless `--detour off`) is DetourCrowd's
 * step on the same scenario (src/cli/detour.ts, set up as for `compare`), for the cost of the system
 * a game would use instead. With --json: one JSON object per line. Measure on a quiet machine and
 * read medians, not single runs.
 *
 * `--army TOTAL:MOVING` (default 5000:500,10000:1000; '' for none): the same crossing of MOVING units with
 * the rest standing beside their lane, as most of an RTS army does; standing units sleep, so the
 * row should cost about what the crossing of MOVING units alone costs.
 *
 * `--skirmish N,N` (default 1000,5000; '' for none): what a game's crowd does rather than one crossing
 * (skirmish.ts): N units of four teams given random group orders among rocks, most of them soon on
 * the move in groups crossing at every angle; its first 20 s played, then `--ticks` ticks timed,
 * each tick's orders and step together, median, 99th percentile and worst, and DetourCrowd given the
 * same orders.
 *
 * `--queries N,N` (default the largest skirmish row; '' for none): on those skirmish rows, the spatial queries (nearestUnit,
 * unitsInRadius) timed as the measured ticks left the skirmish, every unit asking once a round,
 * beside the loop over listUnits a game would write without them.
 *
 * `--open SIZE,SIZE` (default 100,2000; '' for none): 100 units crossing head-on in the middle of
 * an empty square map of each side: the tick must cost the same on every map, since the neighbour
 * grid and the obstacle index store only occupied cells.
 *
 * Then the planning cost (not with --json unless --plan): a 200-unit order sent to 9 far targets
 * in turn on rocky maps of 200, 500 and 1000 m (100, 500 and 2000 obstacles): the first order
 * (which fills the map's tiles and links as it goes) and the median of the others, each summed
 * over the ticks its planning is spread over, with the worst tick and the most navigation work a
 * tick did; then 50 orders issued in one tick (three runs), and a building added while orders are
 * in flight.
 */
import { DEFAULT_SIMULATION } from '../sim/defaults';
import { parseArgs } from 'node:util';
import { createRandom } from '../math/random';
import { buildBenchArmy, buildBenchCrossing } from '../scenarios/builtins';
import { median, percentile } from '../scenarios/metrics';
import { createScenarioSimulation } from '../scenarios/run';
import { stateOf } from '../sim/state';
import { MAX_WORKERS, checkWorkers, waitForThreads } from '../sim/threads';
import { useNodeThreads } from './threads';
import { MAX_SCENARIO_UNITS, type Scenario, parseScenario } from '../scenarios/schema';
import { addObstacle, addUnit, createSimulation, hasPendingOrders, issueOrder, lastTickTiming, listUnits, stepSimulation } from '../sim/simulation';
import { QUERY_RANGE, QUERY_TICKS, type QueryRow, queryBenchmark } from './bench-queries';
import { MAX_WORLD_SIZE, checkOneOf } from '../sim/validate';
import { SKIRMISH_MAP, buildSkirmish } from './skirmish';
import { timeDetourSkirmish, timeDetourTicks } from './detour';
import { integerOption, numberOption, runAsScript, steeringOption } from './report';
import type { SteeringOverrides } from '../steering/config';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';

export interface BenchRow {
  units: number;
  msPerTick: number;
  msPerTickPhysicsOnly: number;
  ratio: number;
  /** medians of the sense and decide phases inside the same ticks (the controller's two big
   * parts; the rest of the tick is asking for way, applying forces, reading back, arrivals and
   * slot trades) */
  msSense: number;
  msDecide: number;
  /** DetourCrowd's `crowd.update` on the same scenario over as many ticks (median; unless
   * `--detour off`): the system a game would use instead, whose step is the whole of its crowd */
  msDetour?: number;
}

/** Runs `warmupTicks`, then measures `ticks` ticks (the groups meet within them). */
export function benchmark(units: number, options: TickOptions): BenchRow {
  const { msPerTick, msPerTickPhysicsOnly, ratio, msSense, msDecide } = measureTicks(buildBenchCrossing(units), options);
  return { units, msPerTick, msPerTickPhysicsOnly, ratio, msSense, msDecide };
}

export interface ArmyRow extends BenchRow {
  /** units crossing head-on; the others stand beside their lane */
  moving: number;
  /** units asleep in the last measured tick */
  asleep: number;
}

/** The same measure with `units` in all of which `moving` cross and the rest stand (`buildBenchArmy`). */
export function armyBenchmark(units: number, moving: number, options: TickOptions): ArmyRow {
  const row = measureTicks(buildBenchArmy(units, moving), options);
  return { units, moving, ...row };
}

export interface OpenMapRow extends BenchRow {
  /** metres: side of the square map */
  size: number;
}

/** The same measure with `units` crossing head-on in the middle of an empty `size` x `size` map. */
export function openMapBenchmark(units: number, size: number, options: TickOptions): OpenMapRow {
  const crossing = buildBenchCrossing(units);
  const dx = (size - crossing.world.width) / 2;
  const dy = (size - crossing.world.height) / 2;
  const moved = (point: { x: number; y: number }): { x: number; y: number } => ({ x: point.x + dx, y: point.y + dy });
  const scenario = parseScenario(
    { ...crossing, name: 'bench-open-map', world: { width: size, height: size }, units: crossing.units.map((unit) => ({ ...unit, ...moved(unit), goal: unit.goal === null ? null : moved(unit.goal) })) },
    'the open-map benchmark',
  );
  const { msPerTick, msPerTickPhysicsOnly, ratio, msSense, msDecide } = measureTicks(scenario, options);
  return { units, size, msPerTick, msPerTickPhysicsOnly, ratio, msSense, msDecide };
}

export interface SkirmishRow {
  units: number;
  /** units with a move order in the last measured tick */
  moving: number;
  /** milliseconds of each tick's orders and step: median, 99th percentile and worst over the measured ticks */
  msPerTick: number;
  msP99Tick: number;
  msWorstTick: number;
  /** medians inside the same ticks */
  msPerTickPhysicsOnly: number;
  msSense: number;
  msDecide: number;
  /** DetourCrowd given the same orders at the same ticks (unless `--detour off`) */
  msDetour?: number;
  msDetourP99?: number;
  msDetourWorst?: number;
  /** the spatial queries timed on the skirmish as its measured ticks left it (`--queries`) */
  queries?: QueryRow;
}

/** seconds of a skirmish played before its ticks are measured (most units are on the move by then) */
const SKIRMISH_WARMUP = 20;
const SKIRMISH_SEED = 4242;

/**
 * The skirmish (skirmish.ts) of `units` units: its first SKIRMISH_WARMUP seconds played, then
 * `ticks` ticks measured, each tick's orders (issueOrder) and step together.
 */
export function skirmishBenchmark(units: number, ticks: number, options: TickOptions): SkirmishRow {
  const warmupTicks = SKIRMISH_WARMUP * 60;
  const { scenario, orders } = buildSkirmish(units, warmupTicks + ticks, SKIRMISH_SEED);
  const { sim, unitIds } = benchSimulation(scenario, options);
  const tick: number[] = [];
  const physics: number[] = [];
  const sensing: number[] = [];
  const deciding: number[] = [];
  let next = 0;
  for (let index = 1; index <= warmupTicks + ticks; index++) {
    const start = performance.now();
    while (next < orders.length && orders[next]!.tick === index) {
      const order = orders[next++]!;
      issueOrder(sim, { kind: 'move', unitIds: order.units.map((unit) => unitIds[unit]!), target: order.target });
    }
    stepSimulation(sim);
    if (index <= warmupTicks) continue;
    tick.push(performance.now() - start);
    const timing = lastTickTiming(sim);
    physics.push(timing.physicsMs);
    sensing.push(timing.senseMs);
    deciding.push(timing.decideMs);
  }
  const moving = listUnits(sim).filter((unit) => unit.task.kind === 'move').length;
  const row: SkirmishRow = { units, moving, msPerTick: median(tick), msP99Tick: percentile(tick, 0.99), msWorstTick: Math.max(...tick), msPerTickPhysicsOnly: median(physics), msSense: median(sensing), msDecide: median(deciding) };
  if (options.queries) row.queries = queryBenchmark(sim);
  return row;
}

interface TickOptions {
  avoidance: AvoidanceName;
  response: CollisionResponse;
  /** controller tuning merged over the defaults */
  steering?: SteeringOverrides;
  ticks: number;
  warmupTicks: number;
  /** whether skirmish rows also time the spatial queries */
  queries?: boolean;
  /** threads the sense phase and the avoidance choice run on (--workers) */
  workers: number;
}

/** The scenario's simulation with the options' settings, its sense threads (if any) running. */
function benchSimulation(scenario: Scenario, options: TickOptions): ReturnType<typeof createScenarioSimulation> {
  const made = createScenarioSimulation(scenario, {
    avoidance: options.avoidance,
    response: options.response,
    workers: options.workers,
    ...(options.steering === undefined ? {} : { steering: options.steering }),
  });
  if (!waitForThreads(stateOf(made.sim), THREAD_START_MS)) throw new Error(`--workers: the sense threads did not start within ${THREAD_START_MS} ms`);
  return made;
}

/** milliseconds the sense threads get to start before a row is timed */
const THREAD_START_MS = 30_000;

/** Median whole-tick and physics-only milliseconds over `ticks` ticks after `warmupTicks`. */
function measureTicks(scenario: Scenario, options: TickOptions): Omit<BenchRow, 'units'> & { asleep: number } {
  const { sim } = benchSimulation(scenario, options);
  for (let i = 0; i < options.warmupTicks; i++) stepSimulation(sim);
  const tick: number[] = [];
  const physics: number[] = [];
  const sensing: number[] = [];
  const deciding: number[] = [];
  for (let i = 0; i < options.ticks; i++) {
    stepSimulation(sim);
    const timing = lastTickTiming(sim);
    tick.push(timing.tickMs);
    physics.push(timing.physicsMs);
    sensing.push(timing.senseMs);
    deciding.push(timing.decideMs);
  }
  const msPerTick = median(tick);
  const msPerTickPhysicsOnly = median(physics);
  const asleep = listUnits(sim).filter((unit) => unit.asleep).length;
  return { msPerTick, msPerTickPhysicsOnly, ratio: msPerTick / msPerTickPhysicsOnly, msSense: median(sensing), msDecide: median(deciding), asleep };
}

export interface PlanningRow {
  units: number;
  obstacles: number;
  /** metres: the world is size x size */
  size: number;
  /** milliseconds of planning over all the ticks the first order took (the map's tiles and links
   * are filled then), the most any one of those ticks spent, and how many ticks it took */
  msFirstOrder: number;
  msFirstOrderWorstTick: number;
  ticksFirstOrder: number;
  /** the same for the later orders (medians over them; worst tick over all of them) */
  msPerOrder: number;
  msWorstTick: number;
  ticksPerOrder: number;
  /** cells of navigation work of the tick that did the most (first and later orders): unlike
   * its milliseconds, the same on every machine and run */
  workWorstTick: number;
  /** nanoseconds of planning per cell of work over all the ticks, to turn work into time */
  nsPerWork: number;
  /** cells of navigation work of the later orders, median: what their milliseconds come to
   * without the collections and compilations that land in some of their ticks */
  workPerOrder: number;
}

/** A square world of `size` metres with `count` rocks and walls (seeded), the corner (0, 0) kept clear. */
export function rockyWorld(size: number, count: number): ReturnType<typeof createSimulation> {
  const random = createRandom(7);
  const sim = createSimulation({ width: size, height: size });
  let placed = 0;
  while (placed < count) {
    const x = random.range(20, size - 20);
    const y = random.range(20, size - 20);
    if (Math.hypot(x - 15, y - 15) < 20) continue; // keep the start area clear
    if (random.next() < 0.5) addObstacle(sim, { type: 'circle', x, y, radius: random.range(1, 4) });
    else addObstacle(sim, { type: 'box', x, y, width: random.range(1, 12), height: random.range(1, 4), angle: random.range(0, Math.PI) });
    placed++;
  }
  return sim;
}

/** Steps until no order is being planned; returns the planning ms of each tick, and adds each
 * tick's planning work to `works` when given. */
function planTicks(sim: ReturnType<typeof createSimulation>, works?: number[]): number[] {
  const times: number[] = [];
  do {
    stepSimulation(sim);
    times.push(lastTickTiming(sim).planMs);
    works?.push(lastTickTiming(sim).planWork);
  } while (hasPendingOrders(sim) && times.length < 100_000);
  return times;
}

/** Nanoseconds per cell of work over the ticks that did some. */
function nsPerWork(times: number[], works: number[]): number {
  const work = sum(works);
  return work > 0 ? (1e6 * sum(times.filter((_, index) => works[index]! > 0))) / work : 0;
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The planning cost of a 200-unit group move on a rocky map, sent to `orders` far targets in turn. */
export function planningBenchmark(units = 200, obstacles = 100, size = 200, orders = 9): PlanningRow {
  const sim = rockyWorld(size, obstacles);
  const columns = Math.ceil(Math.sqrt(units));
  const ids = Array.from({ length: units }, (_, i) => addUnit(sim, { x: 6 + (i % columns) * 1.5, y: 6 + Math.floor(i / columns) * 1.5 }));
  const runs: number[][] = [];
  const works: number[] = [];
  const orderWorks: number[] = [];
  for (let i = 0; i < orders; i++) {
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: size - 20 - 15 * (i % 3), y: size - 20 - 15 * Math.floor(i / 3) } });
    const before = works.length;
    runs.push(planTicks(sim, works));
    orderWorks.push(sum(works.slice(before)));
  }
  const later = runs.slice(1);
  return {
    units,
    obstacles,
    size,
    msFirstOrder: sum(runs[0]!),
    msFirstOrderWorstTick: Math.max(...runs[0]!),
    ticksFirstOrder: runs[0]!.length,
    msPerOrder: median(later.map(sum)),
    msWorstTick: Math.max(...later.flat()),
    ticksPerOrder: median(later.map((run) => run.length)),
    workWorstTick: Math.max(...works),
    nsPerWork: nsPerWork(runs.flat(), works),
    workPerOrder: median(orderWorks.slice(1)),
  };
}

export interface BurstRow {
  /** orders issued in one tick, each to a group of `groupSize` units */
  orders: number;
  groupSize: number;
  size: number;
  obstacles: number;
  /** the most planning ms any tick spent, and the ticks until every order was planned */
  msWorstTick: number;
  ticks: number;
  /** the most cells of navigation work any tick did, and nanoseconds per cell over all the ticks */
  workWorstTick: number;
  nsPerWork: number;
  /** milliseconds: adding one building across the map while 20 orders walk (the others
   * stopped): the call itself, and the tick after it (routes start their search again) against
   * the median tick before */
  msAddObstacle: number;
  msTickAfterAdd: number;
  msTickBefore: number;
}

/** Many orders in one tick on a rocky map, then a building added while 20 orders are in flight. */
export function burstBenchmark(orders = 50, groupSize = 4, size = 500, obstacles = 500): BurstRow {
  const sim = rockyWorld(size, obstacles);
  const random = createRandom(11);
  const groups: number[][] = [];
  for (let g = 0; g < orders; g++) {
    const x = 10 + (g % 10) * 3;
    const y = 10 + Math.floor(g / 10) * 3;
    groups.push(Array.from({ length: groupSize }, (_, k) => addUnit(sim, { x: x + (k % 2) * 1.2, y: y + Math.floor(k / 2) * 1.2 })));
  }
  for (const unitIds of groups) issueOrder(sim, { kind: 'move', unitIds, target: { x: random.range(size / 2, size - 20), y: random.range(size / 2, size - 20) } });
  const works: number[] = [];
  const times = planTicks(sim, works);
  // 20 of those orders given again while they walk on, then a building goes up across the middle
  for (let tick = 0; tick < 60; tick++) stepSimulation(sim);
  for (const unitIds of groups.slice(0, 20)) issueOrder(sim, { kind: 'move', unitIds, target: { x: random.range(size / 2, size - 20), y: random.range(size / 2, size - 20) } });
  planTicks(sim);
  for (const unitIds of groups.slice(20)) issueOrder(sim, { kind: 'stop', unitIds });
  const before: number[] = [];
  for (let tick = 0; tick < 120; tick++) {
    stepSimulation(sim);
    before.push(lastTickTiming(sim).tickMs);
  }
  const start = performance.now();
  addObstacle(sim, { type: 'box', x: size * 0.4, y: size * 0.4, width: 40, height: 3, angle: 0.7 });
  const msAddObstacle = performance.now() - start;
  stepSimulation(sim);
  return {
    orders,
    groupSize,
    size,
    obstacles,
    msWorstTick: Math.max(...times),
    ticks: times.length,
    workWorstTick: Math.max(...works),
    nsPerWork: nsPerWork(times, works),
    msAddObstacle,
    msTickAfterAdd: lastTickTiming(sim).tickMs,
    msTickBefore: median(before),
  };
}

/** The DetourCrowd cell of a tick row's table line ('' when it was not measured). */
function detourCell(row: BenchRow): string {
  return row.msDetour === undefined ? '' : ` ${row.msDetour.toFixed(2)} |`;
}

/** times the burst of orders is measured */
const BURST_RUNS = 3;

/** A row's most work in one tick, and what it comes to at the row's own rate. */
function workText(row: { workWorstTick: number; nsPerWork: number }): string {
  return `${Math.round(row.workWorstTick).toLocaleString('en-US')} cells (${((row.workWorstTick * row.nsPerWork) / 1e6).toFixed(2)} ms)`;
}

/** The maps the planning rows use: size (metres) and obstacle count. */
const PLANNING_MAPS: ReadonlyArray<readonly [number, number]> = [
  [200, 100],
  [500, 500],
  [1000, 2000],
];

/** units of the open-map rows, and the smallest map side that holds their crossing */
const OPEN_MAP_UNITS = 100;
const OPEN_MAP_MIN = Math.max(buildBenchCrossing(OPEN_MAP_UNITS).world.width, buildBenchCrossing(OPEN_MAP_UNITS).world.height);

/** `--army TOTAL:MOVING`, checked. */
function armyOption(text: string, index: number): [number, number] {
  const parts = text.split(':');
  if (parts.length !== 2) throw new Error(`--army[${index}]: expected TOTAL:MOVING (e.g. 5000:500), got ${JSON.stringify(text)}`);
  const total = integerOption(parts[0]!, `--army[${index}] total`, 2)!;
  const moving = integerOption(parts[1]!, `--army[${index}] moving`, 2, total)!;
  return [total, moving];
}

const USAGE = `usage: npm run --silent bench -- [options]

Median milliseconds per tick while two square groups cross head-on, against planck's step alone;
then the planning cost of group moves on big rocky maps.

  --units N,N           unit counts of the head-on rows (default 250,500,1000,2000,5000,10000)
  --army TOTAL:MOVING   standing-army rows: MOVING units cross, the rest stand (default 5000:500,10000:1000; '' for none)
  --skirmish N,N        skirmish rows: N units of four teams given random group orders on a 300 m
                        map of rocks, timed after its first 20 s (default 1000,5000; '' for none)
  --queries N,N         skirmish rows that also time the spatial queries, every unit asking (default the largest; '' for none)
  --open SIZE,SIZE      open-map rows: 100 units cross in the middle of empty maps of these sides in
                        metres (default 100,2000; '' for none)
  --ticks N             ticks measured per row, after 30 warm-up ticks (default 300)
  --avoidance NAME      ${AVOIDANCE_NAMES.join(', ')} (default ${DEFAULT_SIMULATION.avoidance})
  --response NAME       ${COLLISION_RESPONSES.join(', ')} (default ${DEFAULT_SIMULATION.response})
  --steering JSON       re-tune the controller for the tick rows, e.g. '{"passAside": 0}'
  --json                one JSON object per row (the planning rows only with --plan)
  --plan                with --json, also the planning rows
  --detour on|off       time DetourCrowd's step on the same head-on, army and skirmish scenarios
                        (the same orders) beside each row (default on)
  --workers N           threads the sense phase and the avoidance choice run on, 1 to 16 (default
                        1): the simulation's own and N - 1 sense threads; the same results for any N
  -h, --help            print this and exit`;

/** Runs the command line; the exit code (usage and bad options: 2, on standard error). */
export async function main(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
}

async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      json: { type: 'boolean', default: false },
      avoidance: { type: 'string', default: DEFAULT_SIMULATION.avoidance },
      response: { type: 'string', default: DEFAULT_SIMULATION.response },
      units: { type: 'string', default: '250,500,1000,2000,5000,10000' },
      army: { type: 'string', default: '5000:500,10000:1000' },
      skirmish: { type: 'string', default: '1000,5000' },
      queries: { type: 'string' },
      open: { type: 'string', default: '100,2000' },
      ticks: { type: 'string', default: '300' },
      plan: { type: 'boolean', default: false },
      steering: { type: 'string' },
      detour: { type: 'string', default: 'on' },
      workers: { type: 'string', default: '1' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const avoidance = checkOneOf(values.avoidance, '--avoidance', AVOIDANCE_NAMES);
  const response = checkOneOf(values.response, '--response', COLLISION_RESPONSES);
  const ticks = integerOption(values.ticks, '--ticks', 1)!;
  const steering = steeringOption(values.steering);
  const detour = checkOneOf(values.detour, '--detour', ['on', 'off'] as const) === 'on';
  const workers = checkWorkers(integerOption(values.workers, '--workers', 1, MAX_WORKERS), '--workers');
  if (workers > 1) useNodeThreads();
  const tickOptions: TickOptions = { avoidance, response, ticks, warmupTicks: 30, workers, ...(steering === undefined ? {} : { steering }) };
  const counts = values.units.split(',').map((text, index) => integerOption(text, `--units[${index}]`, 2)!);
  const armies = values.army === '' ? [] : values.army.split(',').map((text, index) => armyOption(text, index));
  const skirmishes = values.skirmish === '' ? [] : values.skirmish.split(',').map((text, index) => integerOption(text, `--skirmish[${index}]`, 4, MAX_SCENARIO_UNITS)!);
  // by default the largest skirmish row
  const queried = values.queries === undefined ? skirmishes.slice().sort((a, b) => b - a).slice(0, 1) : values.queries === '' ? [] : values.queries.split(',').map((text, index) => integerOption(text, `--queries[${index}]`, 4, MAX_SCENARIO_UNITS)!);
  for (const [index, units] of queried.entries()) {
    if (!skirmishes.includes(units)) throw new Error(`--queries[${index}]: expected one of the skirmish rows' unit counts (${skirmishes.join(', ') || 'none'}), got ${units}`);
  }
  const openSizes = values.open === '' ? [] : values.open.split(',').map((text, index) => numberOption(text, `--open[${index}]`, OPEN_MAP_MIN, MAX_WORLD_SIZE)!);
  if (!values.json) {
    console.log(`avoidance ${avoidance}, response ${response}, ${workers} worker${workers === 1 ? '' : 's'}: median of ${ticks} ticks after 30 warm-up ticks\n`);
    console.log(`| units | ms/tick | ms/tick physics only | ratio | sense | decide |${detour ? ' DetourCrowd ms/tick |' : ''}`);
    console.log(`| ---: | ---: | ---: | ---: | ---: | ---: |${detour ? ' ---: |' : ''}`);
  }
  for (const units of counts) {
    const row = benchmark(units, tickOptions);
    if (detour) row.msDetour = await timeDetourTicks(buildBenchCrossing(units), tickOptions.warmupTicks, ticks);
    if (values.json) console.log(JSON.stringify(row));
    else console.log(`| ${row.units} | ${row.msPerTick.toFixed(2)} | ${row.msPerTickPhysicsOnly.toFixed(2)} | ${row.ratio.toFixed(2)} | ${row.msSense.toFixed(2)} | ${row.msDecide.toFixed(2)} |${detourCell(row)}`);
  }
  if (armies.length > 0 && !values.json) {
    console.log('\nstanding armies: the same crossing with most units standing beside its lane (they sleep):\n');
    console.log(`| units | moving | asleep | ms/tick | ms/tick physics only | ratio | sense | decide |${detour ? ' DetourCrowd ms/tick |' : ''}`);
    console.log(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${detour ? ' ---: |' : ''}`);
  }
  for (const [units, moving] of armies) {
    const row = armyBenchmark(units, moving, tickOptions);
    if (detour) row.msDetour = await timeDetourTicks(buildBenchArmy(units, moving), tickOptions.warmupTicks, ticks);
    if (values.json) console.log(JSON.stringify(row));
    else console.log(`| ${row.units} | ${row.moving} | ${row.asleep} | ${row.msPerTick.toFixed(2)} | ${row.msPerTickPhysicsOnly.toFixed(2)} | ${row.ratio.toFixed(2)} | ${row.msSense.toFixed(2)} | ${row.msDecide.toFixed(2)} |${detourCell(row)}`);
  }
  if (skirmishes.length > 0 && !values.json) {
    console.log(`\nskirmish: four teams given random group orders on a ${SKIRMISH_MAP} m map of rocks (${ticks} ticks after ${SKIRMISH_WARMUP} s; each tick's orders and step):\n`);
    console.log(`| units | moving | ms/tick | p99 tick | worst tick | physics | sense | decide |${detour ? ' DetourCrowd ms/tick | DetourCrowd p99 | DetourCrowd worst |' : ''}`);
    console.log(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${detour ? ' ---: | ---: | ---: |' : ''}`);
  }
  const queryRows: SkirmishRow[] = [];
  for (const units of skirmishes) {
    const row = skirmishBenchmark(units, ticks, { ...tickOptions, queries: queried.includes(units) });
    if (row.queries !== undefined) queryRows.push(row);
    if (detour) {
      const timed = await timeDetourSkirmish(buildSkirmish(units, SKIRMISH_WARMUP * 60 + ticks, SKIRMISH_SEED), SKIRMISH_WARMUP * 60, ticks);
      row.msDetour = timed.median;
      row.msDetourP99 = timed.p99;
      row.msDetourWorst = timed.worst;
    }
    if (values.json) console.log(JSON.stringify(row));
    else {
      const detourCells = row.msDetour === undefined ? '' : ` ${row.msDetour.toFixed(2)} | ${row.msDetourP99!.toFixed(2)} | ${row.msDetourWorst!.toFixed(2)} |`;
      console.log(`| ${row.units} | ${row.moving} | ${row.msPerTick.toFixed(2)} | ${row.msP99Tick.toFixed(2)} | ${row.msWorstTick.toFixed(2)} | ${row.msPerTickPhysicsOnly.toFixed(2)} | ${row.msSense.toFixed(2)} | ${row.msDecide.toFixed(2)} |${detourCells}`);
    }
  }
  if (queryRows.length > 0 && !values.json) {
    console.log(`\nspatial queries on the skirmish as its timed ticks left it: every unit asks once, ms per round (median of ${QUERY_TICKS} rounds, a tick between them):\n`);
    console.log(`| units | nearest enemy within ${QUERY_RANGE} m | units within ${QUERY_RANGE} m (found per unit) | nearest enemy anywhere | nearest enemy by a loop over listUnits |`);
    console.log('| ---: | ---: | ---: | ---: | ---: |');
    for (const { units, queries } of queryRows) {
      const q = queries!;
      console.log(`| ${units} | ${q.msNearestInRange.toFixed(2)} | ${q.msInRadius.toFixed(2)} (${q.foundPerUnit.toFixed(1)}) | ${q.msNearestAnywhere.toFixed(2)} | ${q.msNearestByLoop.toFixed(1)} |`);
    }
  }
  if (openSizes.length > 0 && !values.json) {
    console.log(`\nopen maps: ${OPEN_MAP_UNITS} units crossing in the middle of an empty map (the cost must not depend on its size):\n`);
    console.log('| map | ms/tick | ms/tick physics only | ratio |');
    console.log('| ---: | ---: | ---: | ---: |');
  }
  for (const size of openSizes) {
    const row = openMapBenchmark(OPEN_MAP_UNITS, size, tickOptions);
    if (values.json) console.log(JSON.stringify(row));
    else console.log(`| ${row.size} m | ${row.msPerTick.toFixed(2)} | ${row.msPerTickPhysicsOnly.toFixed(2)} | ${row.ratio.toFixed(2)} |`);
  }
  if (values.json && !values.plan) return;
  planningBenchmark(); // a first run to warm the JIT; the rows after it are measured
  const plans = PLANNING_MAPS.map(([size, obstacles]) => planningBenchmark(200, obstacles, size));
  // the burst three times (fresh maps, the same orders): its worst tick is one tick's in some 550,
  // which a collection or a compilation landing in it can double on its own
  const bursts = Array.from({ length: BURST_RUNS }, () => burstBenchmark());
  if (values.json) {
    for (const plan of plans) console.log(JSON.stringify(plan));
    for (const burst of bursts) console.log(JSON.stringify(burst));
    return;
  }
  console.log('\nplanning a 200-unit group move (route and slots), spread over ticks within a budget:\n');
  console.log('| map | obstacles | first order ms (worst tick, ticks) | later orders, median ms (worst tick, ticks) | later orders, median work (ms at the row\'s rate) | most work in a tick (ms) |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const plan of plans) {
    const perOrder = workText({ workWorstTick: plan.workPerOrder, nsPerWork: plan.nsPerWork });
    console.log(
      `| ${plan.size} m | ${plan.obstacles} | ${plan.msFirstOrder.toFixed(1)} (${plan.msFirstOrderWorstTick.toFixed(2)}, ${plan.ticksFirstOrder}) | ${plan.msPerOrder.toFixed(1)} (${plan.msWorstTick.toFixed(2)}, ${plan.ticksPerOrder}) | ${perOrder} | ${workText(plan)} |`,
    );
  }
  const burst = bursts[0]!;
  const worstTicks = bursts.map((run) => run.msWorstTick.toFixed(2)).join(', ');
  console.log(`\n${burst.orders} orders of ${burst.groupSize} units in one tick on the ${burst.size} m map, ${BURST_RUNS} runs: worst tick ${worstTicks} ms planning, most work in a tick ${workText(burst)}, all planned after ${burst.ticks} ticks`);
  const add = (pick: (run: BurstRow) => number): string => median(bursts.map(pick)).toFixed(2);
  console.log(`a building added while 20 orders walk (medians of the runs): ${add((run) => run.msAddObstacle)} ms for the call, the tick after ${add((run) => run.msTickAfterAdd)} ms (median tick before ${add((run) => run.msTickBefore)} ms)`);
}

runAsScript(import.meta.url, main);
