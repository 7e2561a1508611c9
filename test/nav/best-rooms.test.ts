import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/math/random';
import { prepareShape, signedDistance } from '../../src/math/shapes';
import { bestRoomMap, cellPoint } from '../../src/nav/best-rooms';
import { NAV_CELL, addNavObstacle, createNavMap, roomAt } from '../../src/nav/navmap';

/** The most room in cell (column, row) found on a fine grid of its points, and the room at its middle. */
function measured(map: ReturnType<typeof createNavMap>, column: number, row: number): { finest: number; middle: number } {
  const shapes = [...map.obstacles.values()];
  const roomOf = (x: number, y: number) => Math.min(x, map.width - x, y, map.height - y, ...shapes.map((shape) => signedDistance(shape, x, y)));
  let finest = -Infinity;
  const steps = 24;
  for (let j = 0; j <= steps; j++) {
    for (let i = 0; i <= steps; i++) finest = Math.max(finest, roomOf((column + i / steps) * NAV_CELL, (row + j / steps) * NAV_CELL));
  }
  return { finest, middle: roomOf((column + 0.5) * NAV_CELL, (row + 0.5) * NAV_CELL) };
}

describe("the navigation map's companion measuring each cell's room at its best point", () => {
  it('never claims more room than a point of the cell has, never less than its middle has, and at most 4.4 cm less than its best point', () => {
    const random = createRandom(7);
    const map = createNavMap(40, 40);
    for (let k = 0; k < 14; k++) {
      const x = random.range(8, 32);
      const y = random.range(8, 32);
      const kind = k % 3;
      const shape =
        kind === 0
          ? prepareShape({ type: 'circle', x, y, radius: random.range(0.3, 2) })
          : kind === 1
            ? prepareShape({ type: 'box', x, y, width: random.range(0.5, 4), height: random.range(0.5, 4), angle: random.range(0, Math.PI) })
            : prepareShape({ type: 'polygon', points: [[x - 1, y - 0.6], [x + 1.2, y - 0.4], [x + 0.2, y + 1.1]] });
      addNavObstacle(map, k, shape);
    }
    const best = bestRoomMap(map);
    let checked = 0;
    for (let k = 0; k < 1500; k++) {
      const column = Math.floor(random.range(20, 140));
      const row = Math.floor(random.range(20, 140));
      const room = roomAt(best, column, row);
      const { finest, middle } = measured(map, column, row);
      if (middle >= 1.5 || middle <= 0) continue; // (far from everything, or inside: the middle's room)
      checked++;
      expect(room).toBeLessThanOrEqual(finest + 1e-6); // (rooms are kept as 32-bit floats)
      expect(room).toBeGreaterThanOrEqual(Math.min(1.5, middle) - 1e-6);
      expect(room).toBeGreaterThan(finest - 0.045);
      // and the least measure is what every point keeps
      expect(roomAt(map, column, row)).toBeLessThanOrEqual(middle - NAV_CELL * Math.SQRT1_2 + 1e-6);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it("a cell's point to head for has the room the cell is given", () => {
    const map = createNavMap(40, 40);
    // a 1.2 m gap between two boxes whose middle lies on the border of two rows of cells
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 20, y: 9.7, width: 1, height: 19.4, angle: 0 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 20, y: 30.3, width: 1, height: 19.4, angle: 0 }));
    const best = bestRoomMap(map);
    const column = Math.floor(20 / NAV_CELL);
    const row = Math.floor(19.9 / NAV_CELL);
    // every point of the cell keeps less than 0.55 m, its best point 0.6 m (the gap's middle)
    expect(roomAt(map, column, row) + NAV_CELL * Math.SQRT1_2).toBeLessThan(0.5);
    expect(roomAt(best, column, row)).toBeCloseTo(0.6, 6);
    const point = { x: 0, y: 0 };
    cellPoint(best, column, row, point);
    expect(point.y).toBeCloseTo(20, 6);
    // by the least measure, the point is the middle
    cellPoint(map, column, row, point);
    expect(point.y).toBeCloseTo((row + 0.5) * NAV_CELL, 9);
    // asked again, the same point (kept); with a post put up just above the gap's middle, the
    // point moves down, off it
    cellPoint(best, column, row, point);
    expect(point.y).toBeCloseTo(20, 6);
    addNavObstacle(map, 3, prepareShape({ type: 'circle', x: 20.125, y: 20.3, radius: 0.05 }));
    cellPoint(best, column, row, point);
    expect(point.y).toBeLessThan(19.95);
  });

  it('forgets its rooms when an obstacle is added or removed, with the map', () => {
    const map = createNavMap(40, 40);
    const best = bestRoomMap(map);
    expect(roomAt(best, 80, 80)).toBe(3);
    addNavObstacle(map, 1, prepareShape({ type: 'circle', x: 20, y: 20, radius: 1 }));
    expect(roomAt(best, 80, 80)).toBeLessThan(0);
    expect(best.version).toBe(map.version);
  });
});
