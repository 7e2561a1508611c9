import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEERING_CONFIG,
  addUnit,
  createSimulation,
  getUnit,
  groupArrivalRadius,
  issueOrder,
  stepSimulation,
  simulationTick,
} from '../../src/index';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { startScenarioRun, stepScenarioRun } from '../../src/scenarios/run';
import { recordArrivals, runTicks, speedOf } from '../support';

const tolerance = DEFAULT_STEERING_CONFIG.arrivalTolerance;

describe('a single unit ordered to a point', () => {
  it('stops within arrivalTolerance of it, comes to rest, and stays put without orbiting or jitter', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const id = addUnit(sim, { x: 5, y: 5 });
    const target = { x: 30, y: 14 };
    issueOrder(sim, { kind: 'move', unitIds: [id], target });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, id)!;
    const distanceToTarget = () => Math.hypot(unit.position.x - target.x, unit.position.y - target.y);

    while (!arrivals.has(id) && simulationTick(sim) < 900) stepSimulation(sim);
    expect(arrivals.has(id)).toBe(true);
    expect(distanceToTarget()).toBeLessThanOrEqual(tolerance);

    // measured: braking from about 2.3 m/s takes 9 ticks
    const arrivedAt = simulationTick(sim);
    while (speedOf(unit) >= 1e-9 && simulationTick(sim) < arrivedAt + 30) {
      stepSimulation(sim);
      expect(distanceToTarget()).toBeLessThanOrEqual(tolerance);
    }
    expect(speedOf(unit)).toBeLessThan(1e-9);

    const restingAt = { x: unit.position.x, y: unit.position.y };
    runTicks(sim, 120, () => {
      expect(Math.hypot(unit.position.x - restingAt.x, unit.position.y - restingAt.y)).toBeLessThan(1e-6);
      expect(speedOf(unit)).toBeLessThan(1e-9);
    });
    expect(distanceToTarget()).toBeLessThanOrEqual(tolerance);
    expect(unit.task.kind).toBe('idle');
  });
});

describe('a group of units given one move order', () => {
  // units of radius 0.5 m in a square block at 1.5 m spacing, 35 m from the point (under 9 s at
  // 4 m/s); the group is given 30 s to arrive and settle
  for (const [side, arrivalRadius] of [
    [3, 3], // 9 units: max(1, 2 * 0.5 * sqrt(9)) = 3 m
    [4, 4], // 16 units: max(1, 2 * 0.5 * sqrt(16)) = 4 m
  ] as const) {
    it(`stops with every unit within the group arrival radius of the point (${side * side} units)`, () => {
      const sim = createSimulation({ width: 40, height: 40 });
      const ids: number[] = [];
      for (let row = 0; row < side; row++) {
        for (let column = 0; column < side; column++) ids.push(addUnit(sim, { x: 5 + column * 1.5, y: 5 + row * 1.5 }));
      }
      const target = { x: 30, y: 30 };
      issueOrder(sim, { kind: 'move', unitIds: ids, target });
      const arrivals = recordArrivals(sim);
      expect(groupArrivalRadius(0.5, ids.length)).toBe(arrivalRadius);

      runTicks(sim, 1800);
      expect([...arrivals.keys()].sort((a, b) => a - b)).toEqual(ids);
      for (const id of ids) {
        const unit = getUnit(sim, id)!;
        expect(speedOf(unit)).toBeLessThan(1e-6);
        expect(Math.hypot(unit.position.x - target.x, unit.position.y - target.y)).toBeLessThanOrEqual(arrivalRadius);
      }
    });
  }
});

describe('after a crossing', () => {
  it('the crowd settles: over seeds 1-5 every unit has arrived by 40 s (the last at 30 s on average), and from then on nobody moves (crossing-90)', () => {
    // units shoved off the place they arrived at, whose place others now hold, settle near it
    // instead of pushing back toward it; a unit whose slot a standing unit holds stops beside it.
    // Before, arrived units here still walked 6, 21, 0, 21 and 25 m between 35 and 45 s. Measured
    // now: the last arrival at 21.7, 35.3, 24.5, 21.6 and 27.7 s; nobody walks after 40 s. (This
    // test was first written on seed 2 alone with 35 s; a later change that settles the other
    // seeds sooner moved seed 2's last arrival to 35.3 s, so it now judges all five.)
    let lastSum = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const run = startScenarioRun(buildBuiltInScenario('crossing-90', { seed }), {});
      const arrivals = recordArrivals(run.sim);
      for (let tick = 0; tick < 40 * 60; tick++) stepScenarioRun(run);
      expect(arrivals.size, `seed ${seed}`).toBe(run.unitIds.length);
      lastSum += Math.max(...arrivals.values());
      let walked = 0;
      for (let tick = 0; tick < 10 * 60; tick++) {
        const before = run.unitIds.map((id) => ({ ...getUnit(run.sim, id)!.position }));
        stepScenarioRun(run);
        run.unitIds.forEach((id, index) => {
          const position = getUnit(run.sim, id)!.position;
          walked += Math.hypot(position.x - before[index]!.x, position.y - before[index]!.y);
        });
      }
      expect(walked, `seed ${seed}`).toBeLessThan(0.5);
    }
    expect(lastSum / 5).toBeLessThan(30);
  });
});
