import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, getUnit, issueOrder, stepSimulation } from '../../src/index';

/**
 * A block of 9 x 9 units 1.2 m apart walking east across open ground, and in front of its middle
 * one unit (or a knot of four) of another team walking west, straight into it. Returns how far
 * east of where they started the walkers west were carried at most, when they were all in, and
 * the smallest gap, edge to edge, between one of them and a unit of the block.
 */
function intoTheStream(walkers: ReadonlyArray<{ x: number; y: number }>, rule: boolean) {
  // (off by default: src/steering/config.ts)
  const sim = createSimulation({ width: 120, height: 60, steering: { situations: { 'stand-in-stream': rule } } });
  const block: number[] = [];
  for (let column = 0; column < 9; column++) {
    for (let row = 0; row < 9; row++) block.push(addUnit(sim, { x: 20 + column * 1.2, y: 25 + row * 1.2, team: 0 }));
  }
  const west = walkers.map((at) => addUnit(sim, { ...at, team: 1 }));
  issueOrder(sim, { kind: 'move', unitIds: block, target: { x: 100, y: 30 } });
  issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 5, y: 30 } });
  const startX = west.map((id) => getUnit(sim, id)!.position.x);
  let carried = 0;
  let smallestGap = Infinity;
  // seconds until every walker west is in (Infinity: not within the 40 s)
  let allIn = Infinity;
  for (let tick = 1; tick <= 40 * 60; tick++) {
    stepSimulation(sim);
    west.forEach((id, index) => {
      const unit = getUnit(sim, id)!;
      carried = Math.max(carried, unit.position.x - startX[index]!);
      for (const other of block) {
        const o = getUnit(sim, other)!;
        smallestGap = Math.min(smallestGap, Math.hypot(unit.position.x - o.position.x, unit.position.y - o.position.y) - unit.radius - o.radius);
      }
    });
    if (allIn === Infinity && west.every((id) => getUnit(sim, id)!.task.kind === 'idle')) allIn = tick / 60;
  }
  const blockIn = block.filter((id) => getUnit(sim, id)!.task.kind === 'idle').length;
  return { carried, smallestGap, allIn, blockIn };
}

const ONE = [{ x: 40, y: 29.8 }];
const KNOT = [
  { x: 40, y: 29.2 },
  { x: 40, y: 30.4 },
  { x: 41.2, y: 29.2 },
  { x: 41.2, y: 30.4 },
];

describe('a unit an army of another order carries backwards stands in its stream (situations/stand-in-stream.ts)', () => {
  it('one unit walking into a block is not run back before it: the block parts round it, nobody touches', () => {
    const withRule = intoTheStream(ONE, true);
    const without = intoTheStream(ONE, false);
    // without the rule it ran before the block at the block's pace (28.8 m here); with it 2.7 m
    expect(without.carried).toBeGreaterThan(20);
    expect(withRule.carried).toBeLessThan(4);
    expect(withRule.smallestGap).toBeGreaterThan(0);
    expect(withRule.blockIn).toBe(81);
    // in at 18.1 s against 27.5 s
    expect(withRule.allIn).toBeLessThan(without.allIn - 5);
  });

  it('a knot of four is not carried either: 61 m without the rule and not in after 40 s, 0.8 m with it and in at 12 s', () => {
    const withRule = intoTheStream(KNOT, true);
    const without = intoTheStream(KNOT, false);
    expect(without.carried).toBeGreaterThan(20);
    expect(withRule.carried).toBeLessThan(2);
    expect(withRule.smallestGap).toBeGreaterThan(0);
    expect(withRule.blockIn).toBe(81);
    expect(withRule.allIn).toBeLessThan(without.allIn - 10);
  });
});
