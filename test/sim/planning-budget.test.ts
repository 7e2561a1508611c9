import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, hasPendingOrders, issueOrder, listUnits, stepSimulation } from '../../src/index';
import { createRandom } from '../../src/math/random';
import { PLAN_BUDGET } from '../../src/sim/planning';
import { internals } from '../support';

describe('planning many orders at once', () => {
  it('50 group orders in one tick are planned over several ticks, each within the budget, while every unit already walks', () => {
    const random = createRandom(3);
    const sim = createSimulation({ width: 400, height: 400 });
    for (let k = 0; k < 300; k++) {
      const x = random.range(60, 380);
      const y = random.range(60, 380);
      addObstacle(sim, { type: 'circle', x, y, radius: random.range(1, 3) });
    }
    const groups = Array.from({ length: 50 }, (_, g) =>
      Array.from({ length: 4 }, (_, k) => addUnit(sim, { x: 8 + (g % 10) * 4 + (k % 2) * 1.2, y: 8 + Math.floor(g / 10) * 4 + Math.floor(k / 2) * 1.2 })),
    );
    for (const unitIds of groups) issueOrder(sim, { kind: 'move', unitIds, target: { x: random.range(200, 380), y: random.range(200, 380) } });
    const map = internals(sim).navMap;
    let ticks = 0;
    let worst = 0;
    while (hasPendingOrders(sim)) {
      const before = map.work;
      stepSimulation(sim);
      ticks++;
      // planning's share of the tick: the budget, and at most one step begun before it ran out
      // (a tile filled and searched, with the tiles beside it: well under one budget)
      worst = Math.max(worst, map.work - before);
      if (ticks === 30) {
        // orders still waiting for their routes already walk toward their targets
        expect(listUnits(sim).every((unit) => Math.hypot(unit.velocity.x, unit.velocity.y) > 0.3)).toBe(true);
      }
      expect(ticks).toBeLessThan(2000);
    }
    expect(ticks).toBeGreaterThan(30);
    expect(worst).toBeLessThan(2 * PLAN_BUDGET);
    expect(internals(sim).units.every((unit) => unit.task.kind === 'move' && !unit.task.waiting && unit.task.route !== null)).toBe(true);
  });
});
