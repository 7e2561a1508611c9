/**
 * npm run --silent soak -- [--units N] [--seconds S] [--every S] [--seed N]
 *
 * A long run to watch for leaks and slow drifts: the skirmish (skirmish.ts) of N units (default
 * 1000) in four teams on a 300 m map of rocks, given random group orders all the time (about two a
 * second, as players and AI give them), for S simulated seconds (default 600). Every `--every`
 * simulated seconds (default 60) it prints the JavaScript heap in use (after a collection when
 * Node is run with --expose-gc) and the median and worst milliseconds per tick since the last
 * line, so a heap or a tick cost that keeps growing shows; at the end, the state hash (the same
 * for the same options everywhere).
 */
import { parseArgs } from 'node:util';
import { median } from '../scenarios/metrics';
import { createScenarioSimulation } from '../scenarios/run';
import { issueOrder, lastTickTiming, listUnits, stateHash, stepSimulation } from '../sim/simulation';
import { SKIRMISH_MAP, buildSkirmish } from './skirmish';
import { UsageError, integerOption, numberOption, runAsScript } from './report';

const USAGE = `usage: npm run --silent soak -- [options]

  --units N      units on the map (default 1000)
  --seconds S    simulated seconds to run (default 600)
  --every S      simulated seconds between report lines (default 60)
  --seed N       seeds the map and the orders (default 1)
  -h, --help     print this and exit

For the heap after a collection: node --expose-gc --import tsx src/cli/soak.ts`;

export function main(argv: string[]): number {
  let units: number;
  let seconds: number;
  let every: number;
  let seed: number;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { units: { type: 'string' }, seconds: { type: 'string' }, every: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    units = integerOption(values.units, '--units', 1, 20_000) ?? 1000;
    seconds = numberOption(values.seconds, '--seconds', 0, 86_400) ?? 600;
    every = numberOption(values.every, '--every', 0, seconds) ?? Math.min(60, seconds);
    seed = integerOption(values.seed, '--seed', 0, 0xffffffff) ?? 1;
  } catch (error) {
    process.stderr.write(`${error instanceof UsageError || error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  const ticks = Math.round(seconds * 60);
  const { scenario, orders } = buildSkirmish(units, ticks, seed);
  const { sim, unitIds } = createScenarioSimulation(scenario);
  const gc = (globalThis as { gc?: () => void }).gc;
  const heapMb = (): number => {
    gc?.();
    return process.memoryUsage().heapUsed / 1e6;
  };
  process.stdout.write(`soak: ${units} units, ${SKIRMISH_MAP} m map, ${seconds} s simulated, random group orders${gc === undefined ? ' (heap without a forced collection: run with --expose-gc for a steadier figure)' : ''}\n\n`);
  process.stdout.write('| simulated s | heap MB | ms/tick median | ms/tick worst | moving |\n| ---: | ---: | ---: | ---: | ---: |\n');
  process.stdout.write(`| 0 | ${heapMb().toFixed(1)} | | | 0 |\n`);
  const reportEvery = Math.max(1, Math.round(every * 60));
  let costs: number[] = [];
  let next = 0;
  for (let tick = 1; tick <= ticks; tick++) {
    while (next < orders.length && orders[next]!.tick === tick) {
      const order = orders[next++]!;
      issueOrder(sim, { kind: 'move', unitIds: order.units.map((index) => unitIds[index]!), target: order.target });
    }
    stepSimulation(sim);
    costs.push(lastTickTiming(sim).tickMs);
    if (tick % reportEvery === 0 || tick === ticks) {
      const moving = listUnits(sim).filter((unit) => unit.task.kind === 'move').length;
      process.stdout.write(`| ${(tick / 60).toFixed(0)} | ${heapMb().toFixed(1)} | ${median(costs).toFixed(2)} | ${Math.max(...costs).toFixed(2)} | ${moving} |\n`);
      costs = [];
    }
  }
  // the same units, seed and length give the same hash on every machine and run
  process.stdout.write(`\nstate hash after ${ticks} ticks: ${stateHash(sim)}\n`);
  return 0;
}

runAsScript(import.meta.url, main);
