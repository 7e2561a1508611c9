import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, hasPendingOrders, issueOrder, lastTickTiming, listUnits, stepSimulation } from '../../src/index';
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
    let ticks = 0;
    let worst = 0;
    let total = 0;
    while (hasPendingOrders(sim)) {
      stepSimulation(sim);
      ticks++;
      // the budget, and at most the one step under way when it ran out: a side settled (its
      // tile searched and the four tiles beside it filled with their obstacles) or a route begun
      // (the goal's tiles filled and searched), each well under 70,000
      worst = Math.max(worst, lastTickTiming(sim).planWork);
      total += lastTickTiming(sim).planWork;
      if (ticks === 30) {
        // orders still waiting for their routes already walk toward their targets
        expect(listUnits(sim).every((unit) => Math.hypot(unit.velocity.x, unit.velocity.y) > 0.3)).toBe(true);
      }
      expect(ticks).toBeLessThan(2000);
    }
    expect(ticks).toBeGreaterThan(30);
    expect(worst).toBeLessThan(PLAN_BUDGET + 70_000);
    // all of it in one tick would have been this much
    expect(total).toBeGreaterThan(20 * (PLAN_BUDGET + 70_000));
    expect(internals(sim).units.every((unit) => unit.task.kind === 'move' && !unit.task.waiting && unit.task.route !== null)).toBe(true);
  });
});
