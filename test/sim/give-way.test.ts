import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, getUnit, issueOrder } from '../../src/index';
import { recordArrivals, runTicks, speedOf } from '../support';

/**
 * A 7 x 7 block of standing units 0.5 m apart (too close for a unit to pass between), the one
 * in the middle ordered out to a point 10 m east of the block, and one more unit standing far
 * away.
 */
function walkOutOfBlock() {
  const sim = createSimulation({ width: 30, height: 20 });
  const standing: number[] = [];
  let mover = 0;
  for (let column = 0; column < 7; column++) {
    for (let row = 0; row < 7; row++) {
      const id = addUnit(sim, { x: 6 + column * 1.5, y: 5.5 + row * 1.5 });
      if (column === 3 && row === 3) mover = id;
      else standing.push(id);
    }
  }
  const far = addUnit(sim, { x: 28, y: 1 });
  issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 26, y: 10 } });
  return { sim, standing, mover, far };
}

describe('standing units make way for a unit that is held up by them', () => {
  it('the unit in the middle of a tight block walks out without touching anyone, the others stepping aside', () => {
    const { sim, standing, mover } = walkOutOfBlock();
    const arrivals = recordArrivals(sim);
    const start = new Map(standing.map((id) => [id, { ...getUnit(sim, id)!.position }]));
    const unit = getUnit(sim, mover)!;
    runTicks(sim, 20 * 60, () => {
      for (const id of standing) {
        const other = getUnit(sim, id)!;
        expect(Math.hypot(unit.position.x - other.position.x, unit.position.y - other.position.y)).toBeGreaterThan(1);
      }
    });
    expect(arrivals.has(mover)).toBe(true);
    // the units east of it on its row, on its way out, stepped aside across its path and stand again
    for (const id of standing) {
      const before = start.get(id)!;
      if (before.y !== 10 || before.x <= 10.5) continue;
      const after = getUnit(sim, id)!;
      expect(Math.abs(after.position.y - before.y)).toBeGreaterThan(0.3);
      expect(speedOf(after)).toBeLessThan(0.05);
    }
  });

  it('a standing unit nobody walks into stays exactly where it is, at rest', () => {
    const { sim, far } = walkOutOfBlock();
    const unit = getUnit(sim, far)!;
    const start = { ...unit.position };
    runTicks(sim, 20 * 60);
    expect(unit.position).toEqual(start);
    expect(unit.resting).toBe(true);
  });
});
