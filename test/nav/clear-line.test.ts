/**
 * Straight lines over the navigation map (src/nav/navmap.ts isClearLine): a line over tiles with
 * nothing within reach leaps across them without reading their rooms, and must answer exactly as
 * the same walk reading every cell's room, cell by cell.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/math/random';
import { prepareShape } from '../../src/math/shapes';
import { NAV_CELL, type NavMap, addNavObstacle, createNavMap, isClearLine, isOpenCell, roomAt } from '../../src/nav/navmap';

/** The walk cell by cell through every cell the segment passes (corners: both side cells too), reading each room. */
function everyCellLine(map: NavMap, clearance: number, ax: number, ay: number, bx: number, by: number): boolean {
  let column = Math.floor(ax / NAV_CELL);
  let row = Math.floor(ay / NAV_CELL);
  const dx = bx - ax;
  const dy = by - ay;
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  let nextX = stepX === 0 ? Infinity : ((column + (stepX > 0 ? 1 : 0)) * NAV_CELL - ax) / dx;
  let nextY = stepY === 0 ? Infinity : ((row + (stepY > 0 ? 1 : 0)) * NAV_CELL - ay) / dy;
  const deltaX = stepX === 0 ? Infinity : NAV_CELL / Math.abs(dx);
  const deltaY = stepY === 0 ? Infinity : NAV_CELL / Math.abs(dy);
  const limit = Math.abs(Math.floor(bx / NAV_CELL) - column) + Math.abs(Math.floor(by / NAV_CELL) - row) + 2;
  for (let visited = 0; visited <= limit; visited++) {
    if (roomAt(map, column, row) < clearance) return false;
    if (Math.min(nextX, nextY) >= 1 - 1e-9) return true;
    if (Math.abs(nextX - nextY) < 1e-9) {
      if (roomAt(map, column + stepX, row) < clearance || roomAt(map, column, row + stepY) < clearance) return false;
      column += stepX;
      row += stepY;
      nextX += deltaX;
      nextY += deltaY;
    } else if (nextX < nextY) {
      column += stepX;
      nextX += deltaX;
    } else {
      row += stepY;
      nextY += deltaY;
    }
  }
  return true;
}

describe('isClearLine', () => {
  it('answers as reading every cell, over open tiles, rocks, the walls and off the map', () => {
    const random = createRandom(5);
    const map = createNavMap(200, 200);
    for (let id = 0; id < 15; id++) addNavObstacle(map, id, prepareShape({ type: 'circle', x: random.range(10, 190), y: random.range(10, 190), radius: random.range(0.5, 4) }));
    let clear = 0;
    let blocked = 0;
    let overOpen = 0;
    for (let query = 0; query < 20_000; query++) {
      const ax = random.range(-5, 205);
      const ay = random.range(-5, 205);
      // long lines and short ones, some along a row or column, some through cell corners
      const kind = query % 4;
      const length = kind === 0 ? random.range(0, 3) : random.range(0, 150);
      const angle = kind === 1 ? Math.floor(random.range(0, 8)) * (Math.PI / 4) : random.range(0, 2 * Math.PI);
      const bx = ax + length * Math.cos(angle);
      const by = ay + length * Math.sin(angle);
      const clearance = random.range(0.3, 3.5);
      const expected = everyCellLine(map, clearance, ax, ay, bx, by);
      expect(isClearLine(map, clearance, ax, ay, bx, by), `query ${query}`).toBe(expected);
      if (expected) clear++;
      else blocked++;
      if (isOpenCell(map, Math.floor(ax / NAV_CELL), Math.floor(ay / NAV_CELL))) overOpen++;
    }
    expect(clear).toBeGreaterThan(3000);
    expect(blocked).toBeGreaterThan(3000);
    expect(overOpen).toBeGreaterThan(5000);
  });

  it('answers as reading every cell for lines through cell corners, leaping open tiles onto them', () => {
    const random = createRandom(11);
    const map = createNavMap(200, 200);
    for (let id = 0; id < 12; id++) addNavObstacle(map, id, prepareShape({ type: 'circle', x: random.range(10, 190), y: random.range(10, 190), radius: random.range(0.5, 3) }));
    let clear = 0;
    let blocked = 0;
    for (let query = 0; query < 10_000; query++) {
      // from a cell corner, along a slope of small whole numbers: the segment passes exactly
      // through corners again and again, some of them where a leap across an open tile lands
      const ax = Math.floor(random.range(0, 200 / NAV_CELL)) * NAV_CELL;
      const ay = Math.floor(random.range(0, 200 / NAV_CELL)) * NAV_CELL;
      const run = Math.floor(random.range(1, 4)) * (random.next() < 0.5 ? -1 : 1);
      const rise = Math.floor(random.range(0, 4)) * (random.next() < 0.5 ? -1 : 1);
      const cells = random.range(10, 400);
      const scale = (cells * NAV_CELL) / Math.hypot(run, rise);
      const clearance = random.range(0.3, 3);
      const expected = everyCellLine(map, clearance, ax, ay, ax + run * scale, ay + rise * scale);
      expect(isClearLine(map, clearance, ax, ay, ax + run * scale, ay + rise * scale), `query ${query}`).toBe(expected);
      if (expected) clear++;
      else blocked++;
    }
    expect(clear).toBeGreaterThan(1000);
    expect(blocked).toBeGreaterThan(1000);
  });
});
