/**
 * npm run --silent bench -- [--json] [--avoidance NAME] [--response NAME] [--units 250,500] [--ticks N]
 *
 * Median wall-clock milliseconds per tick while two square groups cross head-on (the scenario
 * `buildBenchCrossing` builds), for several unit counts. `msPerTick` is the whole tick (controller + physics); `msPerTickPhysicsOnly`
 * is planck's `world.step` alone, timed inside the same ticks, so both figures see the same bodies
 * in the same states; `ratio` = msPerTick / msPerTickPhysicsOnly. With --json: one JSON object
 * per line. Measure on a quiet machine and read medians, not single runs.
 *
 * Then the planning cost of a group move on a real map (not with --json unless --plan): a
 * 200 x 200 m world with 100 obstacles, a 200-unit order sent to 9 targets in turn: the first
 * order (which also builds the navigation grid) and the median of the others.
 */
import { DEFAULT_SIMULATION } from '../sim/defaults';
import { parseArgs } from 'node:util';
import { createRandom } from '../math/random';
import { buildBenchCrossing } from '../scenarios/builtins';
import { median } from '../scenarios/metrics';
import { createScenarioSimulation } from '../scenarios/run';
import { addObstacle, addUnit, createSimulation, issueOrder, lastTickTiming, stepSimulation } from '../sim/simulation';
import { checkNumber, checkOneOf } from '../sim/validate';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';

export interface BenchRow {
  units: number;
  msPerTick: number;
  msPerTickPhysicsOnly: number;
  ratio: number;
}

/** Runs `warmupTicks`, then measures `ticks` ticks (the groups meet within them). */
export function benchmark(units: number, options: { avoidance: AvoidanceName; response: CollisionResponse; ticks: number; warmupTicks: number }): BenchRow {
  const { sim } = createScenarioSimulation(buildBenchCrossing(units), { avoidance: options.avoidance, response: options.response });
  for (let i = 0; i < options.warmupTicks; i++) stepSimulation(sim);
  const tick: number[] = [];
  const physics: number[] = [];
  for (let i = 0; i < options.ticks; i++) {
    stepSimulation(sim);
    const timing = lastTickTiming(sim);
    tick.push(timing.tickMs);
    physics.push(timing.physicsMs);
  }
  const msPerTick = median(tick);
  const msPerTickPhysicsOnly = median(physics);
  return { units, msPerTick, msPerTickPhysicsOnly, ratio: msPerTick / msPerTickPhysicsOnly };
}

export interface PlanningRow {
  units: number;
  obstacles: number;
  /** metres: the world is size x size */
  size: number;
  /** milliseconds: the first order, grid included */
  msFirstOrder: number;
  /** milliseconds: median of the later orders (grid already built) */
  msPerOrder: number;
}

/** The planning cost of group moves on a 200 x 200 m map with 100 obstacles (seeded layout). */
export function planningBenchmark(units = 200, obstacles = 100, size = 200, orders = 9): PlanningRow {
  const random = createRandom(7);
  const sim = createSimulation({ width: size, height: size });
  let placed = 0;
  while (placed < obstacles) {
    const x = random.range(20, size - 20);
    const y = random.range(20, size - 20);
    if (Math.hypot(x - 15, y - 15) < 20) continue; // keep the start area clear
    if (random.next() < 0.5) addObstacle(sim, { type: 'circle', x, y, radius: random.range(1, 4) });
    else addObstacle(sim, { type: 'box', x, y, width: random.range(1, 12), height: random.range(1, 4), angle: random.range(0, Math.PI) });
    placed++;
  }
  const columns = Math.ceil(Math.sqrt(units));
  const ids = Array.from({ length: units }, (_, i) => addUnit(sim, { x: 6 + (i % columns) * 1.5, y: 6 + Math.floor(i / columns) * 1.5 }));
  const times: number[] = [];
  for (let i = 0; i < orders; i++) {
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: size - 20 - 15 * (i % 3), y: size - 20 - 15 * Math.floor(i / 3) } });
    stepSimulation(sim);
    times.push(lastTickTiming(sim).planMs);
  }
  return { units, obstacles, size, msFirstOrder: times[0]!, msPerOrder: median(times.slice(1)) };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      avoidance: { type: 'string', default: DEFAULT_SIMULATION.avoidance },
      response: { type: 'string', default: DEFAULT_SIMULATION.response },
      units: { type: 'string', default: '250,500,1000,2000' },
      ticks: { type: 'string', default: '300' },
      plan: { type: 'boolean', default: false },
    },
  });
  const avoidance = checkOneOf(values.avoidance, '--avoidance', AVOIDANCE_NAMES);
  const response = checkOneOf(values.response, '--response', COLLISION_RESPONSES);
  const ticks = checkNumber(Number(values.ticks), '--ticks', { min: 1, integer: true });
  const counts = values.units.split(',').map((text, index) => checkNumber(Number(text), `--units[${index}]`, { min: 2, integer: true }));
  if (!values.json) {
    console.log(`avoidance ${avoidance}, response ${response}: median of ${ticks} ticks after 30 warm-up ticks\n`);
    console.log('| units | ms/tick | ms/tick physics only | ratio |');
    console.log('| ---: | ---: | ---: | ---: |');
  }
  for (const units of counts) {
    const row = benchmark(units, { avoidance, response, ticks, warmupTicks: 30 });
    if (values.json) console.log(JSON.stringify(row));
    else console.log(`| ${row.units} | ${row.msPerTick.toFixed(2)} | ${row.msPerTickPhysicsOnly.toFixed(2)} | ${row.ratio.toFixed(2)} |`);
  }
  if (values.json && !values.plan) return;
  planningBenchmark(); // a first run to warm the JIT; the second is measured
  const plan = planningBenchmark();
  if (values.json) {
    console.log(JSON.stringify(plan));
    return;
  }
  console.log(`\nplanning a ${plan.units}-unit group move on a ${plan.size} x ${plan.size} m map with ${plan.obstacles} obstacles (route and slots):\n`);
  console.log('| first order (builds the grid) ms | later orders, median ms |');
  console.log('| ---: | ---: |');
  console.log(`| ${plan.msFirstOrder.toFixed(2)} | ${plan.msPerOrder.toFixed(2)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
