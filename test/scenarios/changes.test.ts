import { describe, expect, it } from 'vitest';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { runScenario, startScenarioRun, stepScenarioRun } from '../../src/scenarios/run';
import { listObstacles, simulationTime } from '../../src/sim/simulation';

describe('obstacles that go up and come down during a scenario', () => {
  it('base-build: the barracks stands from 2 s to 14 s and the wall from 6 s, as the file says', () => {
    const scenario = buildBuiltInScenario('base-build', { seed: 1 });
    const run = startScenarioRun(scenario);
    const standing: Array<[number, number]> = [];
    while (simulationTime(run.sim) < 15) {
      stepScenarioRun(run);
      const count = listObstacles(run.sim).length;
      if (standing.length === 0 || standing[standing.length - 1]![1] !== count) standing.push([Math.round(simulationTime(run.sim) * 100) / 100, count]);
    }
    // each change is made just before the first tick that starts at or after its time
    expect(standing).toEqual([
      [0.02, 2],
      [2.02, 3],
      [6.02, 4],
      [14.02, 3],
    ]);
    const shapes = listObstacles(run.sim).map((obstacle) => obstacle.shape);
    expect(shapes).not.toContainEqual(scenario.changes[0] !== undefined && 'add' in scenario.changes[0] ? scenario.changes[0].add : null);
  });

  it('base-build: every unit arrives round the buildings as they go up, over seeds 1-3, never walking into one', () => {
    for (const seed of [1, 2, 3]) {
      const result = runScenario(buildBuiltInScenario('base-build', { seed }));
      expect(result.arrived).toBe(result.units);
      expect(result.obstacleHits).toBe(0);
    }
  });
});
