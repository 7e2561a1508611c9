/**
 * Two-unit meetings other than exactly head-on. Units that meet share their avoidance
 * direction, so two units heading at each other turn the same way (each to its own side) and
 * pass on opposite sides (docs/controller.md).
 */
import { describe, expect, it } from 'vitest';
import { NO_SIDE, getUnit } from '../../src/index';
import { buildPostMeeting, centreDistance, runTicks } from '../support';

describe('two units that are each other\'s threat', () => {
  it('hold one shared side instead of swapping sides every tick, and never touch', () => {
    // B (westbound, 0.4 m north of A's line) dodges a post before it meets A; while both avoid
    // each other they pass on opposite sides: both turn the same way, each to its own side
    const { sim, a, b } = buildPostMeeting();
    const unitA = getUnit(sim, a)!;
    const unitB = getUnit(sim, b)!;
    let ticksBothAvoiding = 0;
    let ticksOnDifferentSides = 0;
    let closest = Infinity;
    runTicks(sim, 600, () => {
      const distance = centreDistance(unitA, unitB);
      closest = Math.min(closest, distance);
      if (distance > 5 || unitA.avoidSide === NO_SIDE || unitB.avoidSide === NO_SIDE) return;
      ticksBothAvoiding++;
      if (unitA.avoidSide !== unitB.avoidSide) ticksOnDifferentSides++;
    });
    expect(ticksBothAvoiding).toBeGreaterThan(10);
    expect(ticksOnDifferentSides).toBe(0);
    expect(closest).toBeGreaterThan(unitA.radius + unitB.radius);
  });
});
