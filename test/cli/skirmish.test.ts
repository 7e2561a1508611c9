/** The skirmish the bench and the soak play (src/cli/skirmish.ts): a valid scenario and orders for any army size. */
import { describe, expect, it } from 'vitest';
import { buildSkirmish } from '../../src/cli/skirmish';

describe('the skirmish', () => {
  it('places armies of any size clear of the rocks and gives each order units of one team, in tick order', () => {
    for (const units of [8, 1000, 5000, 10_000]) {
      for (const seed of [1, 2, 4242]) {
        // the scenario is checked as a file is (no unit on a rock, all inside the map)
        const { scenario, orders } = buildSkirmish(units, 1200, seed);
        expect(scenario.units).toHaveLength(units);
        expect(orders.length).toBeGreaterThan(10);
        let tick = 0;
        for (const order of orders) {
          expect(order.tick).toBeGreaterThanOrEqual(tick);
          expect(order.tick).toBeLessThanOrEqual(1200);
          tick = order.tick;
          const teams = new Set(order.units.map((index) => scenario.units[index]!.team));
          expect(teams.size).toBe(1);
        }
      }
    }
    // the same seed, the same skirmish
    expect(buildSkirmish(1000, 600, 7)).toEqual(buildSkirmish(1000, 600, 7));
  });
});
