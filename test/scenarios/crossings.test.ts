import { describe, expect, it } from 'vitest';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { runScenario } from '../../src/scenarios/run';

/**
 * Groups crossing at an angle, judged over seeds 1-5 as the comparison table judges them: crowd
 * figures are chaotic, and one seed can be lucky. These are real runs of real planck worlds.
 */
const SEEDS = [1, 2, 3, 4, 5];

function runSeeds(name: string, avoidance: 'rays' | 'none'): Array<{ arrived: number; units: number; collisions: number }> {
  return SEEDS.map((seed) => runScenario(buildBuiltInScenario(name, { seed }), { avoidance, response: 'sideways' }));
}

describe('crossing groups over seeds 1-5', () => {
  // Measured, collisions summed over the five seeds (seeds without a touch): rays crossing-45 2
  // (4 of 5), crossing-90 0 (5 of 5), crossing-135 0 (5 of 5); none 7483, 7593, 6741; DetourCrowd
  // 29, 43, 1231 (`npm run compare -- --seeds 1-5`). Mixed sizes (vehicles and infantry crossing
  // at right angles): rays 2 (3 of 5), none 7939, DetourCrowd 199 with 314 of 360 arrived.
  // Crossing at 20 degrees: rays 0 (5 of 5), none 8050, DetourCrowd 483. Where two corridors 8 m
  // wide cross (junction): rays 3 (3 of 5), none 7608, DetourCrowd 25.
  for (const name of ['crossing-45', 'crossing-90', 'crossing-135', 'crossing-20', 'mixed-sizes', 'junction']) {
    it(`${name}: every unit arrives on every seed, with under a hundredth of the collisions of avoidance off, most seeds without a touch`, () => {
      const on = runSeeds(name, 'rays');
      const off = runSeeds(name, 'none');
      for (const result of on) expect(result.arrived).toBe(result.units);
      const total = (results: typeof on): number => results.reduce((sum, result) => sum + result.collisions, 0);
      expect(total(on)).toBeLessThan(total(off) / 100);
      expect(on.filter((result) => result.collisions === 0).length).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('blocks crossing where two corridors meet, over seeds 1-5', () => {
  it('junction: the block with the other on its right passes behind it by the walls too: under 12.5 s on average', () => {
    // Measured 10.8 s (95th percentile 14.2 s); 14.5 s (95th percentile 23.8 s) when orders gave
    // way to the right only in the open, the two streams sweeping each other's units into the
    // wrong arms; DetourCrowd 15.2 s
    const results = SEEDS.map((seed) => runScenario(buildBuiltInScenario('junction', { seed }), { avoidance: 'rays', response: 'sideways' }));
    for (const result of results) expect(result.arrived).toBe(result.units);
    expect(results.reduce((sum, result) => sum + result.meanTimeToGoal!, 0) / results.length).toBeLessThan(12.5);
  });
});

describe('groups exchanging sides through one door, over seeds 1-5', () => {
  // Measured, mean time to goal over the five seeds (s): doorway 21.6, narrow-door 14.3 with units
  // of one order queueing at the door, and, at the door one unit wide, the other side waiting
  // while units come through it (the doorway was 19.6 before units stopped pushing into held-up
  // teammates in the open); 25.6 and 27.2 before, when every unit kept its full share of the
  // way from its neighbours and a group wedged itself in the door's mouth (and 21.3 at the narrow
  // door with the queues but no waiting). Each group alone walks through in 7-8 s (the doorway)
  // and 8-13 s (the narrow door).
  // wide-door: two blocks of 50 through one door 10 m wide, each keeping to its half of it: 11.1 s
  // and 2.6 touches a run (14.2 s and 14.6 touches stepping aside into the walls beside the door
  // instead; DetourCrowd 12.3 s, 368 touches)
  it('wide-door: every unit arrives on every seed, at most 5 touches a run, in under 12.5 s on average', () => {
    const results = runSeeds('wide-door', 'rays') as Array<{ arrived: number; units: number; collisions: number; meanTimeToGoal: number | null }>;
    for (const result of results) expect(result.arrived).toBe(result.units);
    expect(results.reduce((sum, result) => sum + result.collisions, 0) / results.length).toBeLessThanOrEqual(5);
    expect(results.reduce((sum, result) => sum + result.meanTimeToGoal!, 0) / results.length).toBeLessThan(12.5);
  });

  // Now (orders take turns at the door): doorway 10.1 s with 2 touches of 1 to 3 mm over the five
  // seeds (two units of one group closing up as the first slides along the wall to the door; over
  // seeds 1-20, 3 runs with a touch), narrow-door 10.4 s without a touch; tight-door (ten a side
  // through 1.6 m, only on the narrow route) 17.4 s without a touch (20.6 s while the narrow route
  // was measured at the cells' middles, 29.8 s before units waiting at the mouth stepped out of
  // the way of those coming out, 24.2 s before units on the narrow route kept only its 5 cm from
  // the posts), where DetourCrowd takes 32.2 s and leaves units short on every seed.
  for (const [name, bound, touches] of [['doorway', 12, 2], ['narrow-door', 13, 1], ['tight-door', 20, 0]] as const) {
    it(`${name}: every unit arrives on every seed, with at most ${touches} touches in all, in under ${bound} s on average`, () => {
      const results = runSeeds(name, 'rays') as Array<{ arrived: number; units: number; collisions: number; meanTimeToGoal: number | null }>;
      for (const result of results) expect(result.arrived).toBe(result.units);
      expect(results.reduce((sum, result) => sum + result.collisions, 0)).toBeLessThanOrEqual(touches);
      const mean = results.reduce((sum, result) => sum + result.meanTimeToGoal!, 0) / results.length;
      expect(mean).toBeLessThan(bound);
    });
  }

  it('narrow-door: the door passes one side at a time, never units of both sides in it at once', () => {
    // before the waiting rule, seeds 1-5 had units of both sides face to face in the door for
    // 231, 84, 220, 7 and 0 ticks
    for (const seed of SEEDS) {
      const scenario = buildBuiltInScenario('narrow-door', { seed });
      const middleX = scenario.world.width / 2;
      const middleY = scenario.world.height / 2;
      let both = 0;
      runScenario(scenario, {
        avoidance: 'rays',
        response: 'sideways',
        onPositions: (positions) => {
          // in the wall's thickness (1 m), within the 2 m door
          const teams = new Set<number>();
          for (let i = 0; i < scenario.units.length; i++) {
            if (Math.abs(positions[2 * i]! - middleX) < 0.6 && Math.abs(positions[2 * i + 1]! - middleY) < 1) teams.add(scenario.units[i]!.team);
          }
          if (teams.size > 1) both++;
        },
      });
      expect(both, `seed ${seed}`).toBe(0);
    }
  });
});
