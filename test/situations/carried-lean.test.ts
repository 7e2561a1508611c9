/**
 * The lean carried through the ranks (src/situations/carried-lean.ts): a unit pressed behind a unit
 * of its own order that leans takes up nine tenths of its lean.
 */
import { describe, expect, it } from 'vitest';
import { decideAgainst, rulesWithout, unit } from './support';

const eastbound = unit({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

describe('the lean carried through the ranks', () => {
  it('pressed behind a unit of its own order that leans, takes up nine tenths of its lean; not from one behind it, further off, or of another order', () => {
    // nothing of another order near: all the lean there is comes from the unit just ahead
    const behind = (x: number, lean: number, groupId = 1) =>
      decideAgainst(eastbound, [unit({ id: 2, groupId, position: { x, y: 0.2 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, lean })], { x: 4, y: 0 }, { key: 1.2 });
    // walking just ahead at the agent's velocity: nothing to avoid, so the force is the lean's alone
    const pressed = behind(1.6, 1);
    expect(pressed.lean).toBeCloseTo(0.9, 12);
    // and the lean turns its wanted velocity to its right (-y): the force pulls that way
    const straight = behind(1.6, 0);
    expect(straight.lean).toBe(0);
    expect(pressed.force.y).toBeLessThan(straight.force.y - 10);
    expect(behind(1.6, 0.5).lean).toBeCloseTo(0.45, 12);
    // behind the agent, more than a metre ahead (edge to edge), or of another order: none
    expect(behind(-1.6, 1).lean).toBe(0);
    expect(behind(2.6, 1).lean).toBe(0);
    expect(behind(1.6, 1, 2).lean).toBe(0);
    // switched off: none
    const teammate = unit({ id: 2, position: { x: 1.6, y: 0.2 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, lean: 1 });
    expect(decideAgainst(eastbound, [teammate], { x: 4, y: 0 }, { key: 1.2, rules: rulesWithout('carried-lean') }).lean).toBe(0);
  });
});
