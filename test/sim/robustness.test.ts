import { describe, expect, it } from 'vitest';
import {
  type Simulation,
  type UnitView,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  stepSimulation,
  listUnits,
  simulationSettings,
} from '../../src/index';
import { recordArrivals, runTicks } from '../support';

function isFiniteVector(v: { x: number; y: number }): boolean {
  return Number.isFinite(v.x) && Number.isFinite(v.y);
}

/** Every number a tick produces for a unit: position, velocity, heading, forces, threat. */
function expectFiniteState(unit: UnitView): void {
  const finite =
    isFiniteVector(unit.position) &&
    isFiniteVector(unit.velocity) &&
    Number.isFinite(unit.heading) &&
    isFiniteVector(unit.steeringForce) &&
    isFiniteVector(unit.avoidance.force) &&
    isFiniteVector(unit.sensing.crowding) &&
    Number.isFinite(unit.sensing.threat.fraction);
  if (!finite) {
    expect.fail(`unit ${unit.id} has a non-finite value: ${JSON.stringify(unit, (key, value) => (key === 'unit' ? undefined : value))}`);
  }
}

function expectAllFiniteFor(sim: Simulation, ticks: number): void {
  runTicks(sim, ticks, () => {
    for (const unit of listUnits(sim)) expectFiniteState(unit);
  });
}

describe('no NaN or Infinity from degenerate set-ups', () => {
  it('a unit starting at rest with a move order stays finite and arrives', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const id = addUnit(sim, { x: 5, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 15, y: 12 } });
    const arrivals = recordArrivals(sim);
    expectAllFiniteFor(sim, 300);
    expect(arrivals.has(id)).toBe(true);
  });

  it('two units created at the same point, each with its own order, stay finite', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const a = addUnit(sim, { x: 10, y: 10 });
    const b = addUnit(sim, { x: 10, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [a], target: { x: 18, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [b], target: { x: 2, y: 10 } });
    expectAllFiniteFor(sim, 300);
  });

  it('two units created at the same point with one shared order stay finite', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const a = addUnit(sim, { x: 10, y: 10 });
    const b = addUnit(sim, { x: 10, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [a, b], target: { x: 15, y: 15 } });
    expectAllFiniteFor(sim, 300);
  });

  it('two idle units created at the same point stay finite', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    addUnit(sim, { x: 10, y: 10 });
    addUnit(sim, { x: 10, y: 10 });
    expectAllFiniteFor(sim, 300);
  });

  it('a zero-length order (target = the resting unit\'s own position) arrives at once and stays finite', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const id = addUnit(sim, { x: 7, y: 3 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 7, y: 3 } });
    const arrivals = recordArrivals(sim);
    stepSimulation(sim);
    expect(arrivals.get(id)).toBe(simulationSettings(sim).dt);
    expectAllFiniteFor(sim, 299);
    expect(getUnit(sim, id)!.position).toEqual({ x: 7, y: 3 });
  });

  it('an order to the unit\'s own position while it is moving arrives and stays finite', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const id = addUnit(sim, { x: 2, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 18, y: 10 } });
    runTicks(sim, 60);
    const unit = getUnit(sim, id)!;
    const here = { x: unit.position.x, y: unit.position.y };
    const arrivals = recordArrivals(sim);
    issueOrder(sim, { kind: 'move', unitIds: [id], target: here });
    expectAllFiniteFor(sim, 300);
    expect(arrivals.has(id)).toBe(true);
    expect(unit.task.kind).toBe('idle');
  });
});

describe('determinism', () => {
  /** Two groups of 10 crossing at right angles, one group order each. */
  function crossingGroups(): Simulation {
    const sim = createSimulation({ width: 60, height: 60 });
    const westGroup: number[] = [];
    const southGroup: number[] = [];
    for (let i = 0; i < 10; i++) {
      westGroup.push(addUnit(sim, { x: 5 + (i % 2) * 1.5, y: 24 + Math.floor(i / 2) * 1.5 }));
      southGroup.push(addUnit(sim, { x: 24 + Math.floor(i / 2) * 1.5, y: 5 + (i % 2) * 1.5 }));
    }
    issueOrder(sim, { kind: 'move', unitIds: westGroup, target: { x: 55, y: 27 } });
    issueOrder(sim, { kind: 'move', unitIds: southGroup, target: { x: 27, y: 55 } });
    return sim;
  }

  it('the same set-up run twice for 600 ticks gives bit-identical positions and velocities', () => {
    const first = crossingGroups();
    const second = crossingGroups();
    const starts = listUnits(first).map((unit) => ({ x: unit.position.x, y: unit.position.y }));
    let unitThreatsSeen = 0;
    runTicks(first, 600, () => {
      for (const unit of listUnits(first)) if (unit.sensing.threat.kind === 'unit') unitThreatsSeen++;
    });
    runTicks(second, 600);
    const state = (sim: Simulation) => listUnits(sim).map((unit) => [unit.position.x, unit.position.y, unit.velocity.x, unit.velocity.y]);
    expect(state(second)).toEqual(state(first));
    // not a trivial run: every unit travelled, and the groups had to avoid each other
    listUnits(first).forEach((unit, index) => {
      expect(Math.hypot(unit.position.x - starts[index]!.x, unit.position.y - starts[index]!.y)).toBeGreaterThan(5);
    });
    expect(unitThreatsSeen).toBeGreaterThan(0);
  });
});
