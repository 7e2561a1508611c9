/**
 * Keep right (src/situations/keep-right.ts): a unit leans its aim to its right for units of other
 * orders coming at it, not for ones converging on its way.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import { storeOf } from '../steering/units';
import { type TestUnit, decideAgainst, rulesWithout, unit } from './support';

const config = DEFAULT_STEERING_CONFIG;
const eastbound = unit({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

describe('keep right', () => {
  it('leans right for a threat of another order coming the other way, across or its way ahead, not for one converging at 45 degrees', () => {
    const forceWith = (other: TestUnit, keepRight: number) => decideAgainst(eastbound, [other], { x: 4, y: 0 }, { key: 0.3, config: { ...config, keepRight } }).force;
    const leans = (other: TestUnit) => {
      const without = forceWith(other, 0);
      const withLean = forceWith(other, config.keepRight);
      return Math.hypot(withLean.x - without.x, withLean.y - without.y) > 1;
    };
    const velocity = (angle: number) => ({ x: 4 * Math.cos(angle), y: 4 * Math.sin(angle) });
    // coming in at `angle` to the agent's way (from its right), to meet it 2 m on
    const coming = (angle: number) => unit({ id: 2, groupId: 2, position: { x: 2 - 2 * Math.cos(angle), y: -2 * Math.sin(angle) }, velocity: velocity(angle), wanted: velocity(angle) });
    const oncoming = unit({ id: 2, groupId: 2, position: { x: 3, y: 0.3 }, velocity: velocity(Math.PI), wanted: velocity(Math.PI) });
    expect(leans(oncoming)).toBe(true);
    expect(leans(unit({ id: 2, groupId: 2, position: { x: 4, y: 0.3 }, velocity: { x: 1, y: 0 }, wanted: { x: 1, y: 0 } }))).toBe(true);
    expect(leans(coming(Math.PI / 2))).toBe(true);
    expect(AVOIDANCE_STRATEGIES.rays.isThreat(storeOf([eastbound, coming(Math.PI / 4)]), 0, 1)).toBe(true);
    expect(leans(coming(Math.PI / 4))).toBe(false);
    // switched off: no lean
    expect(decideAgainst(eastbound, [oncoming], { x: 4, y: 0 }, { key: 0.3 }).lean).toBeGreaterThan(0);
    expect(decideAgainst(eastbound, [oncoming], { x: 4, y: 0 }, { key: 0.3, rules: rulesWithout('keep-right') }).lean).toBe(0);
  });
});
