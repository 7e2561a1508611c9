import { describe, expect, it } from 'vitest';
import { type DetourResult, runDetourScenario } from '../../src/cli/detour';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';

/** Every figure of a run except the wall-clock one. */
function withoutTiming(result: DetourResult): Omit<DetourResult, 'msPerStep'> {
  const { msPerStep: _msPerStep, ...rest } = result;
  return rest;
}

function expectFiniteMetrics(result: DetourResult): void {
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number') expect(Number.isFinite(value), `${key} = ${value}`).toBe(true);
  }
  expect(result.msPerStep).toBeGreaterThan(0);
  expect(result.ticks).toBeGreaterThan(0);
  expect(result.simSeconds).toBeCloseTo(result.ticks / 60, 9);
}

describe('DetourCrowd runner', () => {
  it('seed-onemiddle: both units pass head-on, arrive without touching, and a second run gives the same figures', async () => {
    const scenario = buildBuiltInScenario('seed-onemiddle', { seed: 1 });
    let samples = 0;
    let startPositions: number[] = [];
    const first = await runDetourScenario(scenario, {
      onPositions: (positions, time) => {
        if (time === 0) startPositions = [...positions];
        samples++;
        for (let i = 0; i < positions.length; i += 2) {
          expect(positions[i]).toBeGreaterThanOrEqual(0);
          expect(positions[i]).toBeLessThanOrEqual(scenario.world.width);
          expect(positions[i + 1]).toBeGreaterThanOrEqual(0);
          expect(positions[i + 1]).toBeLessThanOrEqual(scenario.world.height);
        }
      },
    });
    const second = await runDetourScenario(scenario);

    expect(first).toMatchObject({ scenario: 'seed-onemiddle', avoidance: 'detour', response: 'detour', seed: 1, units: 2 });
    expect(first.arrived).toBe(first.units);
    expect(first.collisions).toBe(0);
    expectFiniteMetrics(first);
    // the start positions come first (time 0), then one call per recorded tick
    expect(samples).toBe(first.ticks + 1);
    expect(startPositions).toEqual(scenario.units.flatMap((unit) => [unit.x, unit.y]));
    // walking, not teleporting: about the straight-line time at 4 m/s, well inside the duration
    const straight = Math.hypot(scenario.units[0]!.goal!.x - scenario.units[0]!.x, scenario.units[0]!.goal!.y - scenario.units[0]!.y) / 4;
    expect(first.meanTimeToGoal!).toBeGreaterThan(straight * 0.9);
    expect(first.meanTimeToGoal!).toBeLessThan(straight * 2);
    expect(withoutTiming(second)).toEqual(withoutTiming(first));
  });

  it('doorway (seed 1): runs through the wall with finite figures, the same on a second run', async () => {
    const scenario = buildBuiltInScenario('doorway', { seed: 1 });
    const first = await runDetourScenario(scenario);
    const second = await runDetourScenario(scenario);

    expect(first).toMatchObject({ scenario: 'doorway', avoidance: 'detour', response: 'detour', seed: 1, units: 40 });
    expectFiniteMetrics(first);
    expect(first.arrived).toBeGreaterThan(0);
    expect(first.pathEfficiency!).toBeGreaterThan(0);
    expect(first.pathEfficiency!).toBeLessThanOrEqual(1);
    expect(withoutTiming(second)).toEqual(withoutTiming(first));
  });

  it('refuses a bad duration before building anything', async () => {
    const scenario = buildBuiltInScenario('seed-onemiddle');
    await expect(runDetourScenario(scenario, { duration: 0 })).rejects.toThrow('duration: expected a number of seconds > 0, got 0');
  });
});
