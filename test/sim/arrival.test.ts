import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEERING_CONFIG,
  addUnit,
  createSimulation,
  getUnit,
  groupArrivalRadius,
  issueOrder,
  onSimulationEvent,
  stepSimulation,
  simulationTick,
} from '../../src/index';
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

    // it arrives slowed to a walk (0.5 m/s at most), so it stops within a few ticks
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

describe('arriving', () => {
  it('happens at a walk: no unit of a crossing arrives while still running (it would coast on blind into its neighbours)', () => {
    const sim = createSimulation({ width: 60, height: 40 });
    const blue: number[] = [];
    const red: number[] = [];
    for (let k = 0; k < 16; k++) {
      blue.push(addUnit(sim, { x: 5 + (k % 4) * 1.5, y: 14 + Math.floor(k / 4) * 1.5, team: 0 }));
      red.push(addUnit(sim, { x: 50 + (k % 4) * 1.5, y: 14 + Math.floor(k / 4) * 1.5, team: 1 }));
    }
    issueOrder(sim, { kind: 'move', unitIds: blue, target: { x: 52, y: 20 } });
    issueOrder(sim, { kind: 'move', unitIds: red, target: { x: 8, y: 20 } });
    const speedsAtArrival: number[] = [];
    onSimulationEvent(sim, (event) => {
      if (event.type === 'arrived') speedsAtArrival.push(speedOf(getUnit(sim, event.unitId)!));
    });
    runTicks(sim, 1800);
    expect(speedsAtArrival).toHaveLength(32);
    expect(Math.max(...speedsAtArrival)).toBeLessThanOrEqual(0.5);
  });
});
