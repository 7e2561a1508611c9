import { describe, expect, it } from 'vitest';
import { type SimulationEvent, addObstacle, addUnit, createSimulation, getUnit, issueOrder } from '../../src/index';
import { recordArrivals, runTicks } from '../support';

/** The four walls of a 6 x 6 m room (1 m thick) centred on (cx, cy), no door. */
function room(cx: number, cy: number) {
  return [
    { type: 'box' as const, x: cx, y: cy - 3, width: 7, height: 1, angle: 0 },
    { type: 'box' as const, x: cx, y: cy + 3, width: 7, height: 1, angle: 0 },
    { type: 'box' as const, x: cx - 3, y: cy, width: 1, height: 7, angle: 0 },
    { type: 'box' as const, x: cx + 3, y: cy, width: 1, height: 7, angle: 0 },
  ];
}

function events(sim: ReturnType<typeof createSimulation>): SimulationEvent[] {
  const seen: SimulationEvent[] = [];
  sim.listeners.add((event) => seen.push(event));
  return seen;
}

describe('routes around walls', () => {
  it('a unit ordered to the far side of a wall walks round it, without touching it, and arrives', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    const wallShape = { type: 'box' as const, x: 20, y: 12, width: 1, height: 24, angle: 0 };
    addObstacle(sim, wallShape);
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, id)!;
    let closest = Infinity;
    runTicks(sim, 30 * 60, () => {
      const dx = Math.max(0, Math.abs(unit.position.x - 20) - 0.5);
      const dy = Math.max(0, unit.position.y - 24);
      closest = Math.min(closest, Math.hypot(dx, dy));
    });
    expect(arrivals.has(id)).toBe(true);
    expect(closest).toBeGreaterThan(unit.radius);
    // it went over the wall's free end, not through it
    expect(unit.position.x).toBeGreaterThan(30);
  });

  it('a target inside an obstacle moves to the nearest free ground beside it, and the unit arrives there', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    addObstacle(sim, { type: 'circle', x: 30, y: 10, radius: 2 });
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 30, y: 10 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 20 * 60);
    expect(arrivals.has(id)).toBe(true);
    const unit = getUnit(sim, id)!;
    const fromCentre = Math.hypot(unit.position.x - 30, unit.position.y - 10);
    expect(fromCentre).toBeGreaterThan(2 + unit.radius);
    expect(fromCentre).toBeLessThan(2 + unit.radius + 1);
  });

  it('a walled-in target: an unreachable event, and the units go to the closest point they can reach', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    for (const wallShape of room(30, 10)) addObstacle(sim, wallShape);
    const seen = events(sim);
    const ids = [addUnit(sim, { x: 5, y: 9 }), addUnit(sim, { x: 5, y: 11 })];
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 20 * 60);
    const unreachable = seen.filter((event) => event.type === 'unreachable');
    expect(unreachable).toHaveLength(1);
    const event = unreachable[0]!;
    expect(event.type === 'unreachable' && event.requested).toEqual({ x: 30, y: 10 });
    if (event.type !== 'unreachable') return;
    expect([...event.unitIds]).toEqual(ids);
    // outside the room, on the side the units came from
    expect(event.target.x).toBeLessThan(27);
    expect(event.target.x).toBeGreaterThan(25);
    for (const id of ids) {
      expect(arrivals.has(id)).toBe(true);
      const unit = getUnit(sim, id)!;
      expect(unit.position.x).toBeLessThan(27);
      expect(Number.isFinite(unit.position.x) && Number.isFinite(unit.position.y)).toBe(true);
    }
  });

  it('an obstacle added after the grid was built is routed round by the next order', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    addObstacle(sim, { type: 'circle', x: 35, y: 25, radius: 1 });
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 8, y: 10 } });
    runTicks(sim, 2 * 60);
    expect(sim.nav).not.toBeNull();
    addObstacle(sim, { type: 'box', x: 20, y: 12, width: 1, height: 24, angle: 0 });
    expect(sim.nav).toBeNull();
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, id)!;
    let crossedThrough = false;
    runTicks(sim, 30 * 60, () => {
      if (Math.abs(unit.position.x - 20) < 0.5 && unit.position.y < 24) crossedThrough = true;
    });
    expect(arrivals.has(id)).toBe(true);
    expect(crossedThrough).toBe(false);
  });
});
