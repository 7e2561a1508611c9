/**
 * npm run --silent soak -- [--units N] [--seconds S] [--every S] [--seed N]
 *
 * A long run to watch for leaks and slow drifts: N units (default 1000) in four teams on a 300 m
 * map with rocks, given random group orders all the time (a few orders a second, as players and AI
 * give them), for S simulated seconds (default 600). Every `--every` simulated seconds (default 60)
 * it prints the JavaScript heap in use (after a collection when Node is run with --expose-gc) and
 * the median and worst milliseconds per tick since the last line, so a heap or a tick cost that
 * keeps growing shows; at the end, the state hash (the same for the same options everywhere).
 */
import { parseArgs } from 'node:util';
import { createRandom } from '../math/random';
import { median } from '../scenarios/metrics';
import { addObstacle, addUnit, createSimulation, issueOrder, lastTickTiming, listUnits, stateHash, stepSimulation } from '../sim/simulation';
import { UsageError, integerOption, numberOption, runAsScript } from './report';

const USAGE = `usage: npm run --silent soak -- [options]

  --units N      units on the map (default 1000)
  --seconds S    simulated seconds to run (default 600)
  --every S      simulated seconds between report lines (default 60)
  --seed N       seeds the map and the orders (default 1)
  -h, --help     print this and exit

For the heap after a collection: node --expose-gc --import tsx src/cli/soak.ts`;

const MAP = 300;

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
  const random = createRandom(seed);
  const sim = createSimulation({ width: MAP, height: MAP });
  for (let rock = 0; rock < 60; rock++) {
    addObstacle(sim, { type: 'circle', x: random.range(20, MAP - 20), y: random.range(20, MAP - 20), radius: random.range(1, 5) });
  }
  const ids: number[] = [];
  for (let k = 0; k < units; k++) {
    const team = k % 4;
    const cornerX = team % 2 === 0 ? 30 : MAP - 30;
    const cornerY = team < 2 ? 30 : MAP - 30;
    ids.push(addUnit(sim, { x: cornerX + random.range(-25, 25), y: cornerY + random.range(-25, 25), team }));
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  const heapMb = (): number => {
    gc?.();
    return process.memoryUsage().heapUsed / 1e6;
  };
  process.stdout.write(`soak: ${units} units, ${MAP} m map, ${seconds} s simulated, random group orders${gc === undefined ? ' (heap without a forced collection: run with --expose-gc for a steadier figure)' : ''}\n\n`);
  process.stdout.write('| simulated s | heap MB | ms/tick median | ms/tick worst | moving |\n| ---: | ---: | ---: | ---: | ---: |\n');
  process.stdout.write(`| 0 | ${heapMb().toFixed(1)} | | | 0 |\n`);
  const ticks = Math.round(seconds * 60);
  const reportEvery = Math.max(1, Math.round(every * 60));
  let costs: number[] = [];
  for (let tick = 1; tick <= ticks; tick++) {
    // a group order about every half second: 5 to 60 units of one team to a random point
    if (random.next() < 1 / 30) {
      const team = Math.floor(random.range(0, 4));
      const size = Math.floor(random.range(5, 60));
      const group = ids.filter((_, k) => k % 4 === team && random.next() < size / (units / 4));
      if (group.length > 0) issueOrder(sim, { kind: 'move', unitIds: group, target: { x: random.range(10, MAP - 10), y: random.range(10, MAP - 10) } });
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
