/**
 * A route lost mid-move: an obstacle change that leaves some of an order's units no way to its
 * target is reported as a new order into that dead end would be (an `unreachable` event naming
 * them, within a second), and those units go to the nearest point they can reach instead of
 * pressing on the wall.
 */
import { describe, expect, it } from 'vitest';
import { stateOf } from '../../src/sim/state';
import { type Simulation, type SimulationEvent, addObstacle, addUnit, createSimulation, getUnit, issueOrder, onSimulationEvent, removeObstacle, simulationTime, stepSimulation, traceRoute } from '../../src/index';

/** A 40 x 20 m world cut at x = 20 by a wall 1 m thick whose only gap, 3 m wide, is at y = 10. */
function walledWorld(): Simulation {
  const sim = createSimulation({ width: 40, height: 20 });
  addObstacle(sim, { type: 'box', x: 20, y: 4.25, width: 1, height: 8.5, angle: 0 });
  addObstacle(sim, { type: 'box', x: 20, y: 15.75, width: 1, height: 8.5, angle: 0 });
  return sim;
}

/** The box that seals the gap (overlapping both halves of the wall). */
const SEAL = { type: 'box', x: 20, y: 10, width: 1, height: 3.4, angle: 0 } as const;
const TARGET = { x: 34, y: 10 };

function record(sim: Simulation): SimulationEvent[] {
  const seen: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => seen.push(event));
  return seen;
}

function run(sim: Simulation, ticks: number, afterTick?: () => void): void {
  for (let tick = 0; tick < ticks; tick++) {
    stepSimulation(sim);
    afterTick?.();
  }
}

/** metres between the unit's edge and the wall's west face (x = 19.5), which the seal closes */
function gapToWall(sim: Simulation, id: number): number {
  const unit = getUnit(sim, id)!;
  return 19.5 - unit.position.x - unit.radius;
}

function speedOf(sim: Simulation, id: number): number {
  const unit = getUnit(sim, id)!;
  return Math.hypot(unit.velocity.x, unit.velocity.y);
}

/**
 * Seals the gap, then runs a second, noting the least gap between `watched` and the wall; returns
 * the one `unreachable` event raised (checked to be the only one, for `orderId`, naming exactly
 * `named`, within a second of the seal) and the least gap seen so far.
 */
function sealAndExpectUnreachable(sim: Simulation, seen: SimulationEvent[], orderId: number, named: readonly number[], watched: readonly number[]): { event: Extract<SimulationEvent, { type: 'unreachable' }>; closest: () => number; watch: () => void } {
  const sealedAt = simulationTime(sim);
  addObstacle(sim, SEAL);
  let closest = Infinity;
  const watch = (): void => {
    for (const id of watched) closest = Math.min(closest, gapToWall(sim, id));
  };
  run(sim, 60, watch);
  const unreachable = seen.filter((event): event is Extract<SimulationEvent, { type: 'unreachable' }> => event.type === 'unreachable');
  expect(unreachable).toHaveLength(1);
  const event = unreachable[0]!;
  expect(event.orderId).toBe(orderId);
  expect([...event.unitIds].sort((a, b) => a - b)).toEqual([...named].sort((a, b) => a - b));
  expect(event.time - sealedAt).toBeLessThanOrEqual(1);
  return { event, closest: () => closest, watch };
}

describe('a route lost mid-move', () => {
  it('the only gap sealed while a group walks to it: `unreachable` for all of it within a second, and the units stop short of the wall', () => {
    const sim = walledWorld();
    const ids: number[] = [];
    for (let row = 0; row < 3; row++) for (let column = 0; column < 2; column++) ids.push(addUnit(sim, { x: 4 + 1.5 * column, y: 8.5 + 1.5 * row }));
    const orderId = issueOrder(sim, { kind: 'move', unitIds: ids, target: TARGET });
    const seen = record(sim);
    run(sim, 2 * 60);
    // on their way, well short of the gap
    for (const id of ids) expect(getUnit(sim, id)!.position.x).toBeLessThan(16);
    const { event, closest, watch: nearest } = sealAndExpectUnreachable(sim, seen, orderId, ids, ids);
    expect(event.requested).toEqual(TARGET);
    // the point they go to is on their side of the wall, and so is the way each walks there
    expect(event.target.x).toBeLessThan(19.5);
    for (const id of ids) {
      const task = getUnit(sim, id)!.task;
      if (task.kind === 'idle') continue;
      expect(task.orderId).toBe(orderId);
      const trace = traceRoute(sim, id);
      expect(trace.state).toBe('walking');
      expect(trace.points.at(-2)!).toBeLessThan(19.5);
    }
    // they come to a stand round that point, never pressing on the wall, and none is stuck
    run(sim, 40 * 60, nearest);
    for (const id of ids) {
      expect(speedOf(sim, id)).toBeLessThan(0.05);
      expect(getUnit(sim, id)!.task.kind).toBe('idle');
    }
    expect(closest()).toBeGreaterThan(0.15);
    expect(seen.filter((event) => event.type === 'stuck')).toEqual([]);
    expect(seen.filter((event) => event.type === 'arrived').map((event) => event.type === 'arrived' && event.unitId).sort()).toEqual([...ids].sort());
  });

  it('the gap sealed and opened again (before the next tick, or on it, while the units cut off are planned again), then a rock placed off the way: no event, and every unit arrives', () => {
    for (const sealedFor of [0, 1]) {
      const sim = walledWorld();
      const ids = [0, 1, 2, 3].map((i) => addUnit(sim, { x: 4 + 1.5 * (i % 2), y: 9 + 1.5 * Math.floor(i / 2) }));
      issueOrder(sim, { kind: 'move', unitIds: ids, target: TARGET });
      const seen = record(sim);
      run(sim, 2 * 60);
      const seal = addObstacle(sim, SEAL);
      run(sim, sealedFor);
      removeObstacle(sim, seal);
      run(sim, 30);
      addObstacle(sim, { type: 'circle', x: 8, y: 17, radius: 1.5 });
      run(sim, 30 * 60);
      expect(seen.filter((event) => event.type === 'unreachable' || event.type === 'stuck')).toEqual([]);
      expect(seen.filter((event) => event.type === 'arrived').map((event) => event.type === 'arrived' && event.unitId).sort()).toEqual([...ids].sort());
      for (const id of ids) expect(getUnit(sim, id)!.position.x).toBeGreaterThan(28);
    }
  });

  it('the gap sealed when part of the group has gone through: only the units left behind are named, and the others arrive on their order', () => {
    const sim = walledWorld();
    // three units well ahead of the other five
    const ids = [8.5, 10, 11.5].map((y) => addUnit(sim, { x: 14, y }));
    for (let row = 0; row < 5; row++) ids.push(addUnit(sim, { x: 3, y: 7 + 1.5 * row }));
    const orderId = issueOrder(sim, { kind: 'move', unitIds: ids, target: TARGET });
    const seen = record(sim);
    // until at least two units are through and at least two still to come, none near the gap
    let through: number[] = [];
    let behind: number[] = [];
    for (let tick = 0; tick < 20 * 60; tick++) {
      stepSimulation(sim);
      through = ids.filter((id) => getUnit(sim, id)!.position.x > 21.5);
      behind = ids.filter((id) => getUnit(sim, id)!.position.x < 18.5);
      if (through.length >= 2 && behind.length >= 2 && through.length + behind.length === ids.length) break;
    }
    expect(through.length).toBeGreaterThanOrEqual(2);
    expect(behind.length).toBeGreaterThanOrEqual(2);
    expect(through.length + behind.length).toBe(ids.length);
    const { event, closest, watch: nearest } = sealAndExpectUnreachable(sim, seen, orderId, behind, behind);
    expect(event.target.x).toBeLessThan(19.5);
    run(sim, 40 * 60, nearest);
    expect(closest()).toBeGreaterThan(0.15);
    // those left behind stand round the point on their side, their order done
    const arrived = seen.filter((event) => event.type === 'arrived');
    for (const id of behind) {
      expect(speedOf(sim, id)).toBeLessThan(0.05);
      expect(getUnit(sim, id)!.task.kind).toBe('idle');
      expect(arrived.some((event) => event.type === 'arrived' && event.unitId === id && event.orderId === orderId)).toBe(true);
    }
    // those through arrive at the target on the order they had
    for (const id of through) {
      expect(arrived.some((event) => event.type === 'arrived' && event.unitId === id && event.orderId === orderId)).toBe(true);
      expect(Math.hypot(getUnit(sim, id)!.position.x - TARGET.x, getUnit(sim, id)!.position.y - TARGET.y)).toBeLessThan(4);
    }
    expect(seen.filter((event) => event.type === 'stuck')).toEqual([]);
  });
  it('units planned again keep the way the order asked their arrangement to face', () => {
    const sim = walledWorld();
    const ids: number[] = [];
    for (let row = 0; row < 3; row++) for (let column = 0; column < 3; column++) ids.push(addUnit(sim, { x: 4 + 1.5 * column, y: 8.5 + 1.5 * row }));
    const facing = { x: 0, y: 1 };
    issueOrder(sim, { kind: 'move', unitIds: ids, target: TARGET, facing });
    const seen = record(sim);
    run(sim, 2 * 60);
    addObstacle(sim, SEAL);
    run(sim, 60);
    expect(seen.filter((event) => event.type === 'unreachable')).toHaveLength(1);
    // the order they were planned again under faces as the one given (not the way they came)
    for (const id of ids) expect(stateOf(sim).unitsById.get(id)!.orderFacing).toEqual(facing);
  });
});

