import { describe, expect, it } from 'vitest';
import { type Simulation, type UnitView, addUnit, createSimulation, getUnit, issueOrder, listUnits } from '../../src/index';
import { centreDistance, internals, recordArrivals, runTicks } from '../support';

/** A block of `columns` x `rows` idle units, `spacing` m apart, its corner at (x0, y0). */
function standingBlock(sim: Simulation, x0: number, y0: number, columns: number, rows: number, spacing: number): UnitView[] {
  const units: UnitView[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) units.push(getUnit(sim, addUnit(sim, { x: x0 + column * spacing, y: y0 + row * spacing }))!);
  }
  return units;
}

/** The simulation's list of units awake this tick holds each unit not asleep, once, and no other. */
function expectAwakeListed(sim: Simulation): void {
  const byId = (a: number, b: number) => a - b;
  const listed = internals(sim).awake.map((unit) => unit.id);
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed.sort(byId)).toEqual(listUnits(sim).filter((unit) => !unit.asleep).map((unit) => unit.id).sort(byId));
}

describe('standing units sleep', () => {
  it('a block left alone falls asleep within a second and stays exactly where it stands', () => {
    const sim = createSimulation({ width: 40, height: 40 });
    const block = standingBlock(sim, 10, 10, 10, 10, 1.5);
    runTicks(sim, 60);
    expect(block.filter((unit) => unit.asleep)).toHaveLength(block.length);
    const where = block.map((unit) => ({ ...unit.position }));
    runTicks(sim, 120, () => {
      for (const unit of block) {
        expect(unit.asleep).toBe(true);
        expect(unit.steeringForce).toEqual({ x: 0, y: 0 });
      }
    });
    block.forEach((unit, index) => {
      expect(unit.position).toEqual(where[index]);
    });
  });

  it('an order wakes the units it names and no other; they walk off and fall asleep again where they arrive', () => {
    const sim = createSimulation({ width: 60, height: 40 });
    const block = standingBlock(sim, 5, 10, 4, 4, 1.5);
    runTicks(sim, 60);
    const ordered = block.slice(0, 4).map((unit) => unit.id);
    issueOrder(sim, { kind: 'move', unitIds: ordered, target: { x: 50, y: 20 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 1);
    for (const unit of block) expect(unit.asleep).toBe(!ordered.includes(unit.id));
    runTicks(sim, 1200);
    expect([...arrivals.keys()].sort()).toEqual([...ordered].sort());
    for (const unit of block) expect(unit.asleep).toBe(true);
    for (const id of ordered) expect(getUnit(sim, id)!.position.x).toBeGreaterThan(45);
  });

  it('a unit walking through a sleeping crowd wakes the ones in its way, gets through, and they settle back home asleep', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    // a wide line of standing units across the mover's way, 1.3 m apart (0.3 m gaps between them)
    const line = standingBlock(sim, 4, 15, 25, 1, 1.3);
    runTicks(sim, 60);
    expect(line.every((unit) => unit.asleep)).toBe(true);
    const homes = line.map((unit) => ({ ...unit.position }));
    const mover = addUnit(sim, { x: 20, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 20, y: 25 } });
    const arrivals = recordArrivals(sim);
    const woken = new Set<number>();
    runTicks(sim, 900, () => {
      for (const unit of line) if (!unit.asleep) woken.add(unit.id);
      // the phases after sensing visit exactly the units awake this tick, woken ones included
      expectAwakeListed(sim);
    });
    expect(arrivals.has(mover)).toBe(true);
    // the ones near its way woke and made way; the far ends of the line slept through it
    const byDistance = line.map((unit, index) => ({ id: unit.id, off: Math.abs(homes[index]!.x - 20) }));
    for (const { id, off } of byDistance) if (off < 1) expect(woken.has(id)).toBe(true);
    for (const { id, off } of byDistance) if (off > 8) expect(woken.has(id)).toBe(false);
    runTicks(sim, 300);
    line.forEach((unit, index) => {
      expect(unit.asleep).toBe(true);
      expect(Math.hypot(unit.position.x - homes[index]!.x, unit.position.y - homes[index]!.y)).toBeLessThan(0.3);
    });
  });

  it('a unit ordered right behind a sleeping one asks it for the way on its first tick: it wakes then and steps aside that tick', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    const line = standingBlock(sim, 10, 15, 11, 1, 1.3);
    runTicks(sim, 60);
    expect(line.every((unit) => unit.asleep)).toBe(true);
    // at rest 1.4 m below the middle of the line, heading through it: it has no neighbours from
    // an earlier tick, so nobody woke the one in its way before this tick's sense phase
    const middle = line[5]!;
    const mover = addUnit(sim, { x: middle.position.x, y: middle.position.y - 1.4 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: middle.position.x, y: 28 } });
    runTicks(sim, 1);
    expect(middle.asleep).toBe(false);
    expectAwakeListed(sim);
    // it decided this tick: asked to make way, it steers
    expect(Math.hypot(middle.steeringForce.x, middle.steeringForce.y)).toBeGreaterThan(0);
  });

  it('a touch wakes a sleeping unit: a unit placed overlapping it pushes it off, both end apart and fall asleep again', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const sleeper = getUnit(sim, addUnit(sim, { x: 10, y: 10 }))!;
    runTicks(sim, 60);
    expect(sleeper.asleep).toBe(true);
    const before = { ...sleeper.position };
    // 0.1 m of overlap: planck pushes them apart, each stays within its slack of home
    const newcomer = getUnit(sim, addUnit(sim, { x: 10.9, y: 10 }))!;
    let wokeAt = -1;
    runTicks(sim, 240, (tick) => {
      if (!sleeper.asleep && wokeAt < 0) wokeAt = tick;
    });
    expect(wokeAt).toBeGreaterThanOrEqual(0);
    expect(sleeper.position.x).toBeLessThan(before.x);
    expect(centreDistance(sleeper, newcomer)).toBeGreaterThan(sleeper.radius + newcomer.radius - 0.02);
    expect(listUnits(sim).every((unit) => unit.asleep)).toBe(true);
  });

  it('sleeping: false keeps every unit awake; a setting that is not a boolean is refused by name', () => {
    const sim = createSimulation({ width: 40, height: 40, sleeping: false });
    const block = standingBlock(sim, 10, 10, 5, 5, 1.5);
    runTicks(sim, 120, () => {
      for (const unit of block) expect(unit.asleep).toBe(false);
    });
    expect(() => createSimulation({ width: 40, height: 40, sleeping: 'yes' as never })).toThrow(/^simulation\.sleeping: expected true or false, got "yes"/);
  });
});
