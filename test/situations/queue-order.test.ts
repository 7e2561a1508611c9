/**
 * Queue order at a passage (src/situations/queue-order.ts): of two units of one order queueing,
 * the one nearer the way through goes on; the one behind gives way as usual, or all of the way at a
 * passage one unit wide.
 */
import { describe, expect, it } from 'vitest';
import { decideAgainst, rulesWithout, size, unit } from './support';

// two units of one order converge on a door's mouth from either side; they would touch in 1 s
const up = { x: 1.73, y: 1 };
const down = { x: 1.73, y: -1 };

describe('queue order', () => {
  it('queueing at a passage: the unit nearer the way through goes on, the one behind gives way as usual', () => {
    const first = (queueRank: number, groupId = 1) => unit({ id: 1, position: { x: -2, y: -1.55 }, velocity: up, queueRank, groupId });
    const second = (queueRank: number, groupId = 1) => unit({ id: 2, position: { x: -2, y: 1.55 }, velocity: down, queueRank, groupId });
    // not queueing: each gives way
    expect(size(decideAgainst(first(Infinity), [second(Infinity)], up).force)).toBeGreaterThan(10);
    // queueing, 1 m nearer the way through: the first walks on; the second answers as before
    expect(decideAgainst(first(2), [second(3)], up).force).toEqual({ x: 0, y: 0 });
    expect(decideAgainst(second(3), [first(2)], down)).toEqual(decideAgainst(second(Infinity), [first(Infinity)], down));
    // about level (within a quarter metre of route), or of different orders: both give way
    expect(size(decideAgainst(first(2.9), [second(3)], up).force)).toBeGreaterThan(10);
    expect(size(decideAgainst(first(2, 1), [second(3, 2)], up).force)).toBeGreaterThan(10);
    // switched off: the first gives way too
    expect(size(decideAgainst(first(2), [second(3)], up, { rules: rulesWithout('queue-order') }).force)).toBeGreaterThan(10);
  });

  it('queueing at a passage one unit wide: the one behind gives all of the way to the one nearer through', () => {
    // as above: two units of one order converge on a mouth, the first 1 m nearer the way through
    const first = unit({ id: 1, position: { x: -2, y: -1.55 }, velocity: up, queueRank: 2 });
    const second = (queueSingleFile: boolean, queueRank = 3) => unit({ id: 2, position: { x: -2, y: 1.55 }, velocity: down, queueRank, queueSingleFile });
    const asUsual = size(decideAgainst(second(false), [first], down).force);
    expect(asUsual).toBeGreaterThan(10);
    expect(size(decideAgainst(second(true), [first], down).force)).toBeGreaterThan(1.9 * asUsual);
    // about level with it, the one behind keeps its half
    expect(size(decideAgainst(second(true, 2.1), [first], down).force)).toBeCloseTo(size(decideAgainst(second(false, 2.1), [first], down).force), 9);
    // switched off: its half, as usual
    expect(size(decideAgainst(second(true), [first], down, { rules: rulesWithout('queue-order') }).force)).toBeCloseTo(asUsual, 9);
  });
});
