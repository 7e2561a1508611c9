import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, getUnit, issueOrder, listUnits, removeObstacle } from '../../src/index';
import { recordArrivals, recordEvents, runTicks } from '../support';

describe('obstacles that change during play', () => {
  it('a building placed across a walking group\'s path: every unit goes round it and arrives', () => {
    const sim = createSimulation({ width: 60, height: 40 });
    const ids = [0, 1, 2, 3, 4].map((i) => addUnit(sim, { x: 5, y: 14 + 2 * i }));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 55, y: 18 } });
    const arrivals = recordArrivals(sim);
    const seen = recordEvents(sim);
    runTicks(sim, 2 * 60);
    // 2 x 30 m, from the bottom wall up, right across the straight way
    addObstacle(sim, { type: 'box', x: 30, y: 15, width: 2, height: 30, angle: 0 });
    let deepest = 0;
    runTicks(sim, 40 * 60, () => {
      for (const unit of listUnits(sim)) {
        const dx = Math.max(0, Math.abs(unit.position.x - 30) - 1);
        const dy = Math.max(0, unit.position.y - 30);
        deepest = Math.max(deepest, unit.radius - Math.hypot(dx, dy));
      }
    });
    for (const id of ids) expect(arrivals.has(id)).toBe(true);
    expect(seen.filter((event) => event.type === 'stuck')).toEqual([]);
    // they go round its free end, never pressing into it
    expect(deepest).toBeLessThan(0.05);
  });

  it('a wall taken down while units walk the long way round: they take the opening', () => {
    const sim = createSimulation({ width: 60, height: 40 });
    // a wall from the bottom to y = 36 at x = 30: the way round is about 2 x 27 m longer than straight
    const wall = addObstacle(sim, { type: 'box', x: 30, y: 18, width: 1, height: 36, angle: 0 });
    const id = addUnit(sim, { x: 10, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 50, y: 10 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 3 * 60);
    const unit = getUnit(sim, id)!;
    // on its way up along the wall
    expect(unit.position.y).toBeGreaterThan(12);
    const from = { x: unit.position.x, y: unit.position.y };
    removeObstacle(sim, wall);
    runTicks(sim, 30 * 60);
    expect(arrivals.has(id)).toBe(true);
    // straight there from where it stood (4 m/s), not round the wall's old end at y = 36
    const straight = Math.hypot(50 - from.x, 10 - from.y) / 4;
    expect(arrivals.get(id)! - 3).toBeLessThan(straight + 3);
  });

  it('a unit standing where a building is placed is moved out to free ground, with an event', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    const inside = addUnit(sim, { x: 20, y: 15 });
    const edge = addUnit(sim, { x: 23.2, y: 15 });
    const away = addUnit(sim, { x: 5, y: 5 });
    const seen = recordEvents(sim);
    addObstacle(sim, { type: 'box', x: 20, y: 15, width: 6, height: 4, angle: 0.3 });
    runTicks(sim, 60);
    const displaced = seen.filter((event) => event.type === 'displaced');
    expect(displaced.map((event) => event.type === 'displaced' && event.unitId).sort()).toEqual([inside, edge].sort());
    for (const id of [inside, edge]) {
      const unit = getUnit(sim, id)!;
      // outside the rotated box by at least its radius, and inside the world
      const dx = unit.position.x - 20;
      const dy = unit.position.y - 15;
      const localX = dx * Math.cos(0.3) + dy * Math.sin(0.3);
      const localY = -dx * Math.sin(0.3) + dy * Math.cos(0.3);
      const outside = Math.hypot(Math.max(0, Math.abs(localX) - 3), Math.max(0, Math.abs(localY) - 2));
      expect(outside).toBeGreaterThanOrEqual(unit.radius - 1e-6);
      expect(unit.position.x).toBeGreaterThan(0);
      expect(unit.position.x).toBeLessThan(40);
    }
    expect(getUnit(sim, away)!.position).toEqual({ x: 5, y: 5 });
  });
});
