import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, getUnit, issueOrder } from '../../src/index';
import { MAX_YIELD } from '../../src/situations/give-way';
import { recordArrivals, runTicks, speedOf, internals } from '../support';

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
  it('the unit in the middle of a tight block walks out without touching anyone, the others stepping aside, not far', () => {
    const { sim, standing, mover } = walkOutOfBlock();
    const arrivals = recordArrivals(sim);
    const start = new Map(standing.map((id) => [id, { ...getUnit(sim, id)!.position }]));
    const furthest = new Map(standing.map((id) => [id, 0]));
    const unit = getUnit(sim, mover)!;
    runTicks(sim, 20 * 60, () => {
      for (const id of standing) {
        const other = getUnit(sim, id)!;
        expect(Math.hypot(unit.position.x - other.position.x, unit.position.y - other.position.y)).toBeGreaterThan(1);
        const before = start.get(id)!;
        furthest.set(id, Math.max(furthest.get(id)!, Math.hypot(other.position.x - before.x, other.position.y - before.y)));
      }
    });
    expect(arrivals.has(mover)).toBe(true);
    // units on its way out stepped aside; no unit went further than MAX_YIELD from its place
    // (yield, do not wander), and all went back and stand there again
    let steppedAside = 0;
    for (const id of standing) {
      const before = start.get(id)!;
      const after = getUnit(sim, id)!;
      if (furthest.get(id)! > 0.3) steppedAside++;
      expect(furthest.get(id)!).toBeLessThanOrEqual(MAX_YIELD + 0.05);
      expect(Math.hypot(after.position.x - before.x, after.position.y - before.y)).toBeLessThan(0.3);
      expect(speedOf(after)).toBeLessThan(0.05);
    }
    expect(steppedAside).toBeGreaterThanOrEqual(2);
  });

  it('a unit asked again and again steps aside no further than MAX_YIELD from its place', () => {
    // a mover ordered to the very spot a standing unit holds keeps asking it for way
    const sim = createSimulation({ width: 30, height: 10 });
    const standing = addUnit(sim, { x: 15, y: 5 });
    const mover = addUnit(sim, { x: 5, y: 5.05, maxSpeed: 1 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 15, y: 5.05 } });
    const unit = getUnit(sim, standing)!;
    let furthest = 0;
    runTicks(sim, 30 * 60, () => {
      furthest = Math.max(furthest, Math.hypot(unit.position.x - 15, unit.position.y - 5));
    });
    expect(furthest).toBeGreaterThan(0.5);
    expect(furthest).toBeLessThanOrEqual(MAX_YIELD + 0.05);
  });

  it('a unit whose way leads through a block standing packed (0.1 to 0.2 m apart) gets through without touching anyone: held units pass the request on', () => {
    // measured: through a 9 x 9 block 1.2 m apart in 15.5 s, out of the middle of a 13 x 13
    // block 1.1 m apart in 14.7 s; with only the units in its way asked, neither within a minute
    for (const { spacing, size, fromMiddle, within } of [
      { spacing: 1.2, size: 9, fromMiddle: false, within: 25 },
      { spacing: 1.1, size: 13, fromMiddle: true, within: 25 },
    ]) {
      const sim = createSimulation({ width: 40, height: 30 });
      const middle = size >> 1;
      let mover = -1;
      const standing: number[] = [];
      for (let column = 0; column < size; column++) {
        for (let row = 0; row < size; row++) {
          const id = addUnit(sim, { x: 14 + column * spacing, y: 9 + row * spacing });
          if (fromMiddle && column === middle && row === middle) mover = id;
          else standing.push(id);
        }
      }
      if (!fromMiddle) mover = addUnit(sim, { x: 8, y: 9 + middle * spacing + 0.3 });
      issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 36, y: 9 + middle * spacing } });
      const arrivals = recordArrivals(sim);
      const unit = getUnit(sim, mover)!;
      let closest = Infinity;
      runTicks(sim, within * 60, () => {
        for (const id of standing) {
          const other = getUnit(sim, id)!;
          closest = Math.min(closest, Math.hypot(unit.position.x - other.position.x, unit.position.y - other.position.y));
        }
      });
      expect(arrivals.has(mover)).toBe(true);
      expect(closest).toBeGreaterThan(1);
    }
  });

  it('a standing unit nobody walks into stays exactly where it is, at rest', () => {
    const { sim, far } = walkOutOfBlock();
    const unit = getUnit(sim, far)!;
    const start = { ...unit.position };
    runTicks(sim, 20 * 60);
    expect(unit.position).toEqual(start);
    expect(internals(sim).unitsById.get(far)!.resting).toBe(true);
  });
});
