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
    // B (westbound, 0.4 m north of A's line) dodges a post before it meets A; from then on each
    // adopts the side the other committed on the previous tick
    const { sim, a, b } = buildPostMeeting();
    const unitA = getUnit(sim, a)!;
    const unitB = getUnit(sim, b)!;
    let ticksFacingEachOther = 0;
    let ticksOnOppositeSides = 0;
    let closest = Infinity;
    runTicks(sim, 600, () => {
      closest = Math.min(closest, centreDistance(unitA, unitB));
      const mutual = unitA.sensing.threat.unit?.id === b && unitB.sensing.threat.unit?.id === a;
      if (!mutual || unitA.avoidSide === NO_SIDE || unitB.avoidSide === NO_SIDE) return;
      ticksFacingEachOther++;
      if (unitA.avoidSide !== unitB.avoidSide) ticksOnOppositeSides++;
    });
    expect(ticksFacingEachOther).toBeGreaterThan(0);
    expect(ticksOnOppositeSides).toBe(0);
    expect(closest).toBeGreaterThan(unitA.radius + unitB.radius);
  });
});
