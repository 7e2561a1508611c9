import { describe, expect, it } from 'vitest';
import { CLICK_SLACK, boxSelect, clickSelect, unitAt, unitsInBox } from '../../src/app/selection';

const units = [
  { id: 1, position: { x: 0, y: 0 }, radius: 0.5 },
  { id: 2, position: { x: 1.2, y: 0 }, radius: 0.5 },
  { id: 3, position: { x: 5, y: 5 }, radius: 0.5 },
];

describe('unitAt', () => {
  it('finds the unit whose disc holds the point, nearest centre first when discs (with slack) overlap', () => {
    expect(unitAt(units, 0.1, 0.2)).toBe(1);
    expect(unitAt(units, 0.65, 0)).toBe(2); // in both slack circles, nearer to 2
    expect(unitAt(units, 5, 5 + 0.5 + CLICK_SLACK - 1e-9)).toBe(3);
  });

  it('finds nothing on open ground', () => {
    expect(unitAt(units, 3, 3)).toBeNull();
    expect(unitAt([], 0, 0)).toBeNull();
  });
});

describe('unitsInBox', () => {
  it('takes the units whose centre is inside, whichever corners the drag started from', () => {
    expect(unitsInBox(units, -1, -1, 2, 1)).toEqual([1, 2]);
    expect(unitsInBox(units, 2, 1, -1, -1)).toEqual([1, 2]);
    expect(unitsInBox(units, 0.6, -1, 10, 10)).toEqual([2, 3]);
    // a box touching a disc but not its centre takes nothing
    expect(unitsInBox(units, 5.3, 5.3, 6, 6)).toEqual([]);
  });
});

describe('clickSelect and boxSelect', () => {
  it('a plain click selects only the unit clicked, and clears on the ground', () => {
    const selection = new Set([1, 2]);
    clickSelect(selection, 3, false);
    expect([...selection]).toEqual([3]);
    clickSelect(selection, null, false);
    expect([...selection]).toEqual([]);
  });

  it('a shift click toggles the unit clicked and keeps the others; shift on the ground changes nothing', () => {
    const selection = new Set([1]);
    clickSelect(selection, 2, true);
    expect([...selection].sort()).toEqual([1, 2]);
    clickSelect(selection, 1, true);
    expect([...selection]).toEqual([2]);
    clickSelect(selection, null, true);
    expect([...selection]).toEqual([2]);
  });

  it('a box replaces the selection, and with shift adds to it', () => {
    const selection = new Set([3]);
    boxSelect(selection, [1, 2], false);
    expect([...selection].sort()).toEqual([1, 2]);
    boxSelect(selection, [3], true);
    expect([...selection].sort()).toEqual([1, 2, 3]);
  });
});
