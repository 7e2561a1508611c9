/**
 * Following a held-up unit (src/situations/follow-held-up.ts): in the open, a unit behind a held-up
 * unit of its own order takes all of the way.
 */
import { describe, expect, it } from 'vitest';
import { decideAgainst, rulesWithout, size, unit } from './support';

const eastbound = unit({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });
// a wall 30 m off: too far to leave a half-plane, but the agent is no longer in the open
const farWall = { type: 'box' as const, x: 0, y: 30, width: 60, height: 1, angle: 0 };

describe('following a held-up unit', () => {
  it('in the open, takes all of the avoidance behind a held-up unit of its own order; by a wall, half', () => {
    // a teammate 2.5 m ahead at 1 m/s: the agent at 4 m/s would touch it in half a second
    const slower = unit({ id: 2, position: { x: 2.5, y: 0 }, velocity: { x: 1, y: 0 }, wanted: { x: 1, y: 0 } });
    const open = size(decideAgainst(eastbound, [slower], { x: 4, y: 0 }, { key: 0.2 }).force);
    const byWall = size(decideAgainst(eastbound, [slower], { x: 4, y: 0 }, { key: 0.2, obstacles: [farWall] }).force);
    // twice the change of velocity: all of it instead of half
    expect(open).toBeGreaterThan(1.9 * byWall);
    expect(byWall).toBeGreaterThan(10);
    // switched off: half in the open too
    expect(size(decideAgainst(eastbound, [slower], { x: 4, y: 0 }, { key: 0.2, rules: rulesWithout('follow-held-up') }).force)).toBeCloseTo(byWall, 6);
  });
});
