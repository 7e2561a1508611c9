import { describe, expect, it } from 'vitest';
import { type CollisionResponse, addUnit, createSimulation, issueOrder, listUnits } from '../../src/index';
import { runTicks, speedOf, internals } from '../support';

/** Two groups of 20 (4 columns x 5 rows, 1.2 m apart) meeting head-on in a 60 x 30 m field, walking straight into each other. */
function crowdedCrossing(response: CollisionResponse) {
  // no avoidance, so the crowd really presses: the speed cap is what is tested
  const sim = createSimulation({ width: 60, height: 30, response, avoidance: 'none' });
  const west: number[] = [];
  const east: number[] = [];
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 5; row++) {
      const y = 12.6 + row * 1.2;
      west.push(addUnit(sim, { x: 10 + column * 1.2, y, maxSpeed: 4 }));
      east.push(addUnit(sim, { x: 50 - column * 1.2, y, maxSpeed: 3 }));
    }
  }
  issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 50, y: 15 } });
  issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 10, y: 15 } });
  return sim;
}

describe('no unit ever moves faster than its maxSpeed', () => {
  for (const response of ['sideways', 'physics'] as const) {
    it(`in a crowded head-on crossing of two groups of 20 (${response} response)`, () => {
      const sim = crowdedCrossing(response);
      let fastest = 0;
      let largestExcess = -Infinity;
      let contacts = 0;
      runTicks(sim, 600, () => {
        for (const unit of listUnits(sim)) {
          const speed = speedOf(unit);
          fastest = Math.max(fastest, speed / unit.maxSpeed);
          largestExcess = Math.max(largestExcess, speed - unit.maxSpeed);
        }
        for (let contact = internals(sim).physics.world.getContactList(); contact; contact = contact.getNext()) {
          if (contact.isTouching()) contacts++;
        }
      });
      // checked after every tick, for every unit
      expect(largestExcess).toBeLessThanOrEqual(1e-9);
      // the crowd really was crowded and at speed: units pressed against each other
      expect(contacts).toBeGreaterThan(0);
      expect(fastest).toBeGreaterThan(0.99);
    });
  }
});

describe('a unit pushed by another (docs/controller.md, "What the speed cap promises")', () => {
  it('reports a speed within its cap after every tick, is moved at most planck\'s 2.2 m in one tick, and drives itself within the cap again once the push is over', () => {
    const sim = createSimulation({ width: 60, height: 20, avoidance: 'none' });
    const small = addUnit(sim, { x: 30, y: 10, radius: 0.2, maxSpeed: 1 });
    // a heavy, fast unit driving straight through where the small one stands
    const big = addUnit(sim, { x: 5, y: 10.05, radius: 2, maxSpeed: 20, mass: 2000 });
    issueOrder(sim, { kind: 'move', unitIds: [big], target: { x: 55, y: 10 } });
    const at = () => ({ ...listUnits(sim).find((unit) => unit.id === small)!.position });
    let previous = at();
    let fastestTick = 0;
    runTicks(sim, 600, () => {
      const unit = listUnits(sim).find((u) => u.id === small)!;
      expect(speedOf(unit)).toBeLessThanOrEqual(unit.maxSpeed * (1 + 1e-9));
      const now = at();
      fastestTick = Math.max(fastestTick, Math.hypot(now.x - previous.x, now.y - previous.y));
      previous = now;
    });
    // the push really moved it faster than it may drive itself: the cap is not a bound on shoves
    expect(fastestTick).toBeGreaterThan(1 / 60);
    expect(fastestTick).toBeLessThanOrEqual(2.2);
    // the big unit has gone by and stands at its goal, and is sent off to a far corner: the small
    // one is left alone
    const big_ = listUnits(sim).find((u) => u.id === big)!;
    expect(big_.task.kind).toBe('idle');
    issueOrder(sim, { kind: 'move', unitIds: [big], target: { x: 56, y: 17 } });
    runTicks(sim, 120);
    issueOrder(sim, { kind: 'move', unitIds: [small], target: { x: 5, y: 5 } });
    previous = at();
    runTicks(sim, 120, () => {
      const now = at();
      expect(Math.hypot(now.x - previous.x, now.y - previous.y)).toBeLessThanOrEqual((1 / 60) * (1 + 1e-6));
      previous = now;
    });
  });
});
