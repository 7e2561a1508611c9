import { describe, expect, it } from 'vitest';
import { prepareShape } from '../../src/math/shapes';
import { NEAR_COST, buildFlowField, buildNavGrid, cellAt, cellCentre, isClearLine, nearestFreeCell, steerPoint } from '../../src/nav/grid';

// a 20 x 10 m field with 0.5 m cells; a wall across x = 10 from y = 0 to y = 7 (a gap above)
const wallShape = prepareShape({ type: 'box', x: 10, y: 3.5, width: 1, height: 7, angle: 0 });
const grid = buildNavGrid(20, 10, [wallShape], 0.6, 0.5);
const at = (x: number, y: number) => grid.blocked[cellAt(grid, x, y)];

describe('the navigation grid', () => {
  it('blocks every cell any part of which is within the clearance of an obstacle or a wall, and no others', () => {
    // wall faces at x = 9.5 and 10.5; a cell is blocked when its centre is closer than the
    // clearance plus half its diagonal, 0.6 + 0.354 m
    expect(at(9.25, 3)).toBe(1); // centre 0.25 m from the face
    expect(at(8.75, 3)).toBe(1); // 0.75 m: its near corner is 0.5 m from the face
    expect(at(8.25, 3)).toBe(0); // 1.25 m: every point at least 1 m away
    expect(at(11.75, 3)).toBe(0);
    expect(at(10, 7.75)).toBe(1); // above the wall's end, 0.75 m from it
    expect(at(10, 8.25)).toBe(0); // 1.25 m above it
    // the world's walls: the cell's far side must keep the clearance, 0.6 + 0.25 m from the centre
    expect(at(0.75, 5)).toBe(1);
    expect(at(1.25, 5)).toBe(0);
    expect(at(19.25, 8.75)).toBe(1);
  });

  it('marks free cells next to blocked ones as near', () => {
    expect(grid.near[cellAt(grid, 8.25, 3)]).toBe(1);
    expect(grid.near[cellAt(grid, 7.75, 3)]).toBe(0);
  });

  it('finds the free cell nearest a point, optionally among accepted cells', () => {
    const cell = nearestFreeCell(grid, 10, 3);
    const centre = cellCentre(grid, cell, { x: 0, y: 0 });
    expect(grid.blocked[cell]).toBe(0);
    expect(Math.abs(centre.x - 10)).toBeCloseTo(1.75, 9);
    const other = nearestFreeCell(grid, 10, 3, (c) => (cellCentre(grid, c, { x: 0, y: 0 }).x < 10) !== (centre.x < 10));
    expect(other).not.toBe(cell);
    expect(Math.abs(cellCentre(grid, other, { x: 0, y: 0 }).x - 10)).toBeCloseTo(1.75, 9);
    const solid = buildNavGrid(4, 4, [prepareShape({ type: 'circle', x: 2, y: 2, radius: 5 })], 0.6, 0.5);
    expect(nearestFreeCell(solid, 2, 2)).toBe(-1);
  });
});

describe('clear lines', () => {
  it('is clear in the open and blocked through the wall or its margin', () => {
    expect(isClearLine(grid, 2, 2, 8, 8)).toBe(true);
    expect(isClearLine(grid, 2, 3, 18, 3)).toBe(false);
    expect(isClearLine(grid, 2, 8.6, 18, 8.6)).toBe(true);
    expect(isClearLine(grid, 2, 7.4, 18, 7.4)).toBe(false);
  });

  it('is not clear through a corner where two blocked cells touch diagonally', () => {
    const diagonal = buildNavGrid(4, 4, [], 0, 1);
    diagonal.blocked[1 * 4 + 2] = 1; // cell (2, 1)
    diagonal.blocked[2 * 4 + 1] = 1; // cell (1, 2)
    expect(isClearLine(diagonal, 1.5, 1.5, 2.5, 2.5)).toBe(false);
    expect(isClearLine(diagonal, 0.5, 0.5, 1.5, 1.5)).toBe(true);
  });

  it('a zero-length line is clear on free ground; a line with a non-finite end is not clear', () => {
    expect(isClearLine(grid, 3, 3, 3, 3)).toBe(true);
    expect(isClearLine(grid, 3, 3, Number.NaN, 3)).toBe(false);
    expect(isClearLine(grid, 3, 3, Infinity, 3)).toBe(false);
  });

  it('ends at the segment\'s end, also when it ends exactly on a cell corner', () => {
    const open = buildNavGrid(10, 10, [], 0, 0.5);
    // every cell of the open grid is free; lines from cell centres to corners, all directions
    for (const [ax, ay, bx, by] of [
      [8.75, 1.25, 1, 9],
      [1.25, 1.25, 9, 9],
      [8.75, 8.75, 1, 1],
      [1.25, 8.75, 9, 1],
      [5.25, 5.25, 5, 2],
    ]) {
      expect(isClearLine(open, ax!, ay!, bx!, by!)).toBe(true);
    }
    // a blocked cell just beyond the end of a line (past the corner it ends on) is not crossed
    open.blocked[cellAt(open, 0.75, 9.25)] = 1;
    expect(isClearLine(open, 8.75, 1.25, 1, 9)).toBe(true);
    // and one on the way is
    open.blocked[cellAt(open, 4.75, 5.25)] = 1;
    expect(isClearLine(open, 8.75, 1.25, 1, 9)).toBe(false);
  });
});

describe('flow fields', () => {
  it('gives the path length to the goal: straight in the open, round the wall behind it', () => {
    const field = buildFlowField(grid, 16, 3)!;
    expect(field.distance[field.goalCell]).toBe(0);
    const open = field.distance[cellAt(grid, 14, 3)]!;
    expect(open).toBeGreaterThanOrEqual(2);
    expect(open).toBeLessThan(2 * NEAR_COST + 1);
    // behind the wall: up over its end (y > 7.6) and down again: at least the two straight
    // legs (4, 3) -> (10, 7.6) -> (16, 3), far more than the 12 m straight line
    const behind = field.distance[cellAt(grid, 4, 3)]!;
    expect(behind).toBeGreaterThan(2 * Math.hypot(6, 4.6) - 0.5);
    expect(Number.isFinite(behind)).toBe(true);
  });

  it('moves a goal on blocked ground to the nearest free cell, and cannot reach a walled-in area', () => {
    const field = buildFlowField(grid, 10, 3)!;
    expect(grid.blocked[field.goalCell]).toBe(0);
    expect(field.goal.x).not.toBe(10);
    const box = [
      prepareShape({ type: 'box', x: 5, y: 2, width: 6, height: 0.6, angle: 0 }),
      prepareShape({ type: 'box', x: 5, y: 8, width: 6, height: 0.6, angle: 0 }),
      prepareShape({ type: 'box', x: 2, y: 5, width: 0.6, height: 6, angle: 0 }),
      prepareShape({ type: 'box', x: 8, y: 5, width: 0.6, height: 6, angle: 0 }),
    ];
    const walled = buildNavGrid(20, 10, box, 0.6, 0.5);
    const inside = buildFlowField(walled, 5, 5)!;
    expect(inside.distance[cellAt(walled, 15, 5)]).toBe(Infinity);
    expect(inside.distance[cellAt(walled, 5, 4.5)]).toBeLessThan(1);
  });
});

describe('steerPoint', () => {
  const field = buildFlowField(grid, 16, 3)!;
  const out = { x: 0, y: 0 };

  it('heads straight for the goal when it is in clear line', () => {
    expect(steerPoint(field, 14, 4, 12, out)).toBe(true);
    expect(out).toEqual({ x: 16, y: 3 });
  });

  it('behind the wall, heads for a point in clear line that is further down the route', () => {
    expect(steerPoint(field, 4, 3, 12, out)).toBe(true);
    expect(isClearLine(grid, 4, 3, out.x, out.y)).toBe(true);
    expect(field.distance[cellAt(grid, out.x, out.y)]).toBeLessThan(field.distance[cellAt(grid, 4, 3)]! - 3);
    // it is up toward the gap, not into the wall
    expect(out.y).toBeGreaterThan(3);
    expect(Number.isFinite(out.x) && Number.isFinite(out.y)).toBe(true);
  });

  it('reports false, leaving out alone, where the goal cannot be reached', () => {
    const walls = [prepareShape({ type: 'box', x: 10, y: 5, width: 1, height: 10, angle: 0 })];
    const split = buildNavGrid(20, 10, walls, 0.6, 0.5);
    const far = buildFlowField(split, 16, 5)!;
    const before = { x: -1, y: -1 };
    expect(steerPoint(far, 4, 5, 12, before)).toBe(false);
    expect(before).toEqual({ x: -1, y: -1 });
  });
});
