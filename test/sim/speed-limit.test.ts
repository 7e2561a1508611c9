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
