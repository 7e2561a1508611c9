/**
 * The fuzzer's fixed slice (issue 16): 200 random runs through the public API (src/cli/fuzz.ts),
 * each checked after every tick: no exception, nothing that is not finite, nobody outside the world
 * or deeper than 5 cm in an obstacle, no tick over the budget. `npm run fuzz` runs as many more as
 * asked; a failure prints its seed and the smallest list of operations that still fails.
 */
import { describe, expect, it } from 'vitest';
import { checkSimulation, drawFuzzCase, runFuzzCase, shrinkFuzzCase } from '../../src/cli/fuzz';
import { addUnit, createSimulation } from '../../src/index';

describe('the fuzzer', () => {
  it('draws the same run from the same seed', () => {
    expect(drawFuzzCase(42)).toEqual(drawFuzzCase(42));
    expect(drawFuzzCase(42)).not.toEqual(drawFuzzCase(43));
  });

  it('finds no failure in seeds 1 to 200', () => {
    const failures: string[] = [];
    let ticks = 0;
    let refused = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const fuzz = drawFuzzCase(seed);
      const result = runFuzzCase(fuzz);
      ticks += result.ticks;
      refused += result.refused;
      if (result.failure !== null) failures.push(`seed ${seed}: tick ${result.failure.tick}: ${result.failure.check}: ${JSON.stringify(shrinkFuzzCase(fuzz, result.failure))}`);
    }
    expect(failures).toEqual([]);
    // the slice does cover ground: tens of thousands of ticks, and bad input the API refused
    expect(ticks).toBeGreaterThan(50_000);
    expect(refused).toBeGreaterThan(100);
  }, 120_000);

  it('its checks fire on a unit past the edge of the world or deep in an obstacle; a refused operation is counted, not failed', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    addUnit(sim, { x: 15, y: 5 });
    expect(checkSimulation(sim, { width: 20, height: 20 }, [])).toBeNull();
    // the same unit judged against a smaller world, or an obstacle it stands in
    expect(checkSimulation(sim, { width: 10, height: 20 }, [])).toMatch(/^unit 1 outside the world at \(15\.000, 5\.000\)/);
    expect(checkSimulation(sim, { width: 20, height: 20 }, [{ type: 'circle', x: 15, y: 5, radius: 1 }])).toMatch(/^unit 1 1\.500 m deep in obstacle 0/);
    // an operation the API refuses (a setting out of range) is counted, and the run goes on
    const fuzz = drawFuzzCase(3);
    const failing = { ...fuzz, ops: [...fuzz.ops, { tick: 5, op: 'steering' as const, changes: { lookAheadTime: -1 } }] };
    expect(runFuzzCase(failing).failure).toBeNull();
    expect(runFuzzCase(failing).refused).toBeGreaterThan(runFuzzCase(fuzz).refused);
  });
});
