/**
 * An off-course unit ahead (src/situations/off-course-ahead.ts): behind a unit of its own order
 * moving off the course it wants (braking, turning back), a unit takes all of the way.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { type DecideOptions, type TestUnit, decideAgainst, rulesWithout, size, unit } from './support';

const eastbound = unit({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

describe('an off-course unit ahead', () => {
  it('takes all of the avoidance behind a unit of its own order moving off its course (braking, turning back), half otherwise', () => {
    // a teammate 2 m ahead at 3 m/s (not held up): the agent at 4 m/s closes on it at 1 m/s
    const ahead = (wanted: { x: number; y: number }, groupId = 1) => unit({ id: 2, position: { x: 2, y: 0.3 }, velocity: { x: 3, y: 0 }, wanted, groupId });
    // without the lean to the right for units of other orders, so only the share differs
    const forceAgainst = (other: TestUnit, options: DecideOptions = {}) =>
      size(decideAgainst(eastbound, [other], { x: 4, y: 0 }, { key: 0.3, config: { ...DEFAULT_STEERING_CONFIG, keepRight: 0 }, ...options }).force);
    const onCourse = forceAgainst(ahead({ x: 3, y: 0 }));
    expect(onCourse).toBeGreaterThan(10);
    // past its slot, it wants to go back: the agent behind gives it all the room
    expect(forceAgainst(ahead({ x: -4, y: 0 }))).toBeGreaterThan(1.9 * onCourse);
    // braking (it wants 2 m/s): the same
    expect(forceAgainst(ahead({ x: 2, y: 0 }))).toBeGreaterThan(1.9 * onCourse);
    // a unit of another order off its course: half, as usual
    expect(forceAgainst(ahead({ x: -4, y: 0 }, 2))).toBeCloseTo(onCourse, 6);
    // switched off: half
    expect(forceAgainst(ahead({ x: -4, y: 0 }), { rules: rulesWithout('off-course-ahead') })).toBeCloseTo(onCourse, 6);
  });
});
