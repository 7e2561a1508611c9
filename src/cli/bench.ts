/**
 * npm run --silent bench -- [--json] [--avoidance NAME] [--response NAME] [--units 250,500] [--ticks N]
 *
 * Median wall-clock milliseconds per tick while two square groups cross head-on, for
 * several unit counts. `msPerTick` is the whole tick (controller + physics); `msPerTickPhysicsOnly`
 * is planck's `world.step` alone, timed inside the same ticks, so both figures see the same bodies
 * in the same states; `ratio` = msPerTick / msPerTickPhysicsOnly. With --json: one JSON object
 * per line. Measure on a quiet machine and read medians, not single runs.
 */
import { parseArgs } from 'node:util';
import { AVOIDANCE_NAMES, type AvoidanceName } from '../steering/avoidance';
import { COLLISION_RESPONSES, type CollisionResponse } from '../physics/world';
import { buildCrossing } from '../scenarios/crossing';
import { median } from '../scenarios/metrics';
import { stepSimulation } from '../sim/simulation';
import { checkNumber, checkOneOf } from '../sim/validate';

export interface BenchRow {
  units: number;
  msPerTick: number;
  msPerTickPhysicsOnly: number;
  ratio: number;
}

/** Runs `warmupTicks`, then measures `ticks` ticks (the groups meet within them). */
export function benchmark(units: number, options: { avoidance: AvoidanceName; response: CollisionResponse; ticks: number; warmupTicks: number }): BenchRow {
  const sim = buildCrossing(units, options.avoidance, options.response);
  for (let i = 0; i < options.warmupTicks; i++) stepSimulation(sim);
  const tick: number[] = [];
  const physics: number[] = [];
  for (let i = 0; i < options.ticks; i++) {
    stepSimulation(sim);
    tick.push(sim.timing.tickMs);
    physics.push(sim.timing.physicsMs);
  }
  const msPerTick = median(tick);
  const msPerTickPhysicsOnly = median(physics);
  return { units, msPerTick, msPerTickPhysicsOnly, ratio: msPerTick / msPerTickPhysicsOnly };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      avoidance: { type: 'string', default: 'rays' },
      response: { type: 'string', default: 'sideways' },
      units: { type: 'string', default: '250,500,1000,2000' },
      ticks: { type: 'string', default: '300' },
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
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
