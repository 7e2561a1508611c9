/**
 * Walks across the free room (src/nav/passages.ts): `freeRun` leaps over cells a room already
 * proves free, and must count exactly what reading every cell counts.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/math/random';
import { prepareShape } from '../../src/math/shapes';
import { NAV_CELL, addNavObstacle, createNavMap, isOpenCell, removeNavObstacle, roomAt, tileRooms } from '../../src/nav/navmap';
import { doorBetween, freeRun, passagesAhead } from '../../src/nav/passages';

/** The walk reading every cell: how many are free before the first that is not (at most limit + 1). */
function everyCellRun(map: ReturnType<typeof createNavMap>, clearance: number, column: number, row: number, dirX: number, dirY: number, limit: number): number {
  for (let step = 1; step <= limit; step++) {
    if (roomAt(map, Math.round(column + dirX * step), Math.round(row + dirY * step)) < clearance) return step - 1;
  }
  return limit + 1;
}

describe('freeRun', () => {
  it('counts the same free cells as reading every cell, on open ground, among rocks and walls and off the map', () => {
    const random = createRandom(7);
    const map = createNavMap(60, 40);
    // rocks and rotated boxes of all sizes, some touching the world's edge
    for (let id = 0; id < 40; id++) {
      const x = random.range(0, 60);
      const y = random.range(0, 40);
      const shape = prepareShape(id % 2 === 0 ? { type: 'circle', x, y, radius: random.range(0.2, 3) } : { type: 'box', x, y, width: random.range(0.3, 6), height: random.range(0.3, 6), angle: random.range(0, Math.PI) });
      addNavObstacle(map, id, shape);
    }
    const columns = Math.ceil(60 / NAV_CELL);
    const rows = Math.ceil(40 / NAV_CELL);
    let leaps = 0;
    for (let query = 0; query < 20_000; query++) {
      const column = Math.floor(random.range(-4, columns + 4));
      const row = Math.floor(random.range(-4, rows + 4));
      const angle = random.range(0, 2 * Math.PI);
      const dirX = Math.cos(angle);
      const dirY = Math.sin(angle);
      const clearance = random.range(0.3, 2.5);
      const limit = Math.floor(random.range(1, 200));
      const expected = everyCellRun(map, clearance, column, row, dirX, dirY, limit);
      expect(freeRun(map, clearance, column, row, dirX, dirY, limit), `query ${query}`).toBe(expected);
      if (expected > 20) leaps++;
    }
    // long free runs were among them (where the walk leaps)
    expect(leaps).toBeGreaterThan(1000);
  });

  it('counts the same over tiles with nothing within reach (counted out, not read) and across their edges', () => {
    const random = createRandom(11);
    const map = createNavMap(200, 200);
    // a few rocks: most tiles have nothing within reach, some have a rock or its reach
    for (let id = 0; id < 12; id++) addNavObstacle(map, id, prepareShape({ type: 'circle', x: random.range(10, 190), y: random.range(10, 190), radius: random.range(0.5, 4) }));
    const columns = Math.ceil(200 / NAV_CELL);
    let fromOpen = 0;
    let longRuns = 0;
    for (let query = 0; query < 10_000; query++) {
      const column = Math.floor(random.range(0, columns));
      const row = Math.floor(random.range(0, columns));
      const angle = random.range(0, 2 * Math.PI);
      const dirX = Math.cos(angle);
      const dirY = Math.sin(angle);
      // clearances past the most room a cell keeps too: then no cell is free
      const clearance = random.range(0.3, 3.5);
      const limit = Math.floor(random.range(1, 800));
      const expected = everyCellRun(map, clearance, column, row, dirX, dirY, limit);
      expect(freeRun(map, clearance, column, row, dirX, dirY, limit), `query ${query}`).toBe(expected);
      if (isOpenCell(map, column, row)) fromOpen++;
      if (expected > 200) longRuns++;
    }
    // the reference walk has filled the tiles: most queries start on open ones, many run far
    expect(fromOpen).toBeGreaterThan(5000);
    expect(longRuns).toBeGreaterThan(1000);
  });
});

describe('passages along a way', () => {
  /** A wall across x = 20 from y = 0 to 40 with gaps (the obstacle ids 0, 1, ... top to bottom). */
  function wallWithGaps(map: ReturnType<typeof createNavMap>, gaps: readonly number[]): void {
    let from = 0;
    gaps.forEach((gap, id) => {
      addNavObstacle(map, id, prepareShape({ type: 'box', x: 20, y: (from + gap - 1) / 2, width: 1, height: gap - 1 - from, angle: 0 }));
      from = gap + 1;
    });
    addNavObstacle(map, gaps.length, prepareShape({ type: 'box', x: 20, y: (from + 40) / 2, width: 1, height: 40 - from, angle: 0 }));
  }
  const look = (map: ReturnType<typeof createNavMap>, y: number, clearance = 0.65) => {
    const out = { passage: 0, door: 0 };
    passagesAhead(map, clearance, 5, y, 35, y, out);
    return { ...out };
  };

  it('are found the same asked again, and again after obstacles come and go, as on a map made afresh', () => {
    const map = createNavMap(40, 40);
    wallWithGaps(map, [10, 25]);
    const ways = [8, 10, 12, 25, 30];
    const first = ways.map((y) => look(map, y));
    // the gaps (2 m wide, round y = 10 and 25) are passages on the ways through them
    expect(first[1]!.passage).toBeLessThan(16);
    expect(first[3]!.passage).toBeLessThan(16);
    expect(ways.map((y) => look(map, y))).toEqual(first);
    // the wall's lower part goes: the gap at 25 opens on one side, the way through it is free
    removeNavObstacle(map, 1);
    const fresh = createNavMap(40, 40);
    wallWithGaps(fresh, [10, 25]);
    removeNavObstacle(fresh, 1);
    const opened = ways.map((y) => look(map, y));
    expect(opened).toEqual(ways.map((y) => look(fresh, y)));
    expect(opened[3]!.passage).toBe(Infinity);
    // and back
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 20, y: (11 + 24) / 2, width: 1, height: 24 - 11, angle: 0 }));
    expect(ways.map((y) => look(map, y))).toEqual(first);
    // another clearance is asked about on its own
    const wide = ways.map((y) => look(map, y, 1.2));
    const wideFresh = createNavMap(40, 40);
    wallWithGaps(wideFresh, [10, 25]);
    expect(wide).toEqual(ways.map((y) => look(wideFresh, y, 1.2)));
  });
});

describe('doorBetween', () => {
  /** A map of walls with gaps of all widths, rocks and boxes (its tiles filled or not). */
  function doorMap(seed: number) {
    const random = createRandom(seed);
    const map = createNavMap(120, 120);
    let id = 0;
    for (let wall = 0; wall < 4; wall++) {
      // a wall across the map with two gaps, 1 to 12 m wide
      const x = 15 + wall * 28 + random.range(-3, 3);
      const gaps = [random.range(10, 50), random.range(60, 110)];
      const widths = gaps.map(() => random.range(1, 12));
      let from = 0;
      gaps.forEach((gap, k) => {
        addNavObstacle(map, id++, prepareShape({ type: 'box', x, y: (from + gap) / 2, width: random.range(0.5, 3), height: gap - from, angle: 0 }));
        from = gap + widths[k]!;
      });
      addNavObstacle(map, id++, prepareShape({ type: 'box', x, y: (from + 120) / 2, width: 1, height: 120 - from, angle: 0 }));
    }
    for (let rock = 0; rock < 25; rock++) addNavObstacle(map, id++, prepareShape({ type: 'circle', x: random.range(0, 120), y: random.range(0, 120), radius: random.range(0.5, 4) }));
    return map;
  }

  it('finds the same door on a map whose tiles are all filled (walks cut short) as on one still filling (whole walks)', () => {
    let doors = 0;
    let none = 0;
    for (const seed of [1, 2, 3]) {
      const filled = doorMap(seed);
      for (let tile = 0; tile < filled.rooms.length; tile++) tileRooms(filled, tile);
      const random = createRandom(100 + seed);
      for (let query = 0; query < 400; query++) {
        const ax = random.range(0, 120);
        const ay = random.range(0, 120);
        const angle = random.range(0, 2 * Math.PI);
        const length = random.range(0, 80);
        const bx = ax + length * Math.cos(angle);
        const by = ay + length * Math.sin(angle);
        const clearance = random.range(0.3, 1.5);
        const maxWidth = random.range(2, 100);
        const fast = { x: 0, y: 0, width: 0, walled: false };
        const found = doorBetween(filled, clearance, ax, ay, bx, by, maxWidth, fast);
        // the same map made afresh, its tiles not filled yet: the whole walks run there
        const filling = doorMap(seed);
        const whole = { x: 0, y: 0, width: 0, walled: false };
        expect(doorBetween(filling, clearance, ax, ay, bx, by, maxWidth, whole), `query ${query}`).toBe(found);
        if (found) {
          expect(fast).toEqual(whole);
          doors++;
        } else none++;
      }
    }
    expect(doors).toBeGreaterThan(100);
    expect(none).toBeGreaterThan(100);
  });
});

describe('doors: gaps in a row of obstacles, not every gap', () => {
  // a way along y = WAY from x = 5 to x = 35, through whatever stands at x = 20
  const WAY = 20;
  const look = (map: ReturnType<typeof createNavMap>, y = WAY) => {
    const out = { passage: 0, door: 0 };
    passagesAhead(map, 0.65, 5, y, 35, y, out);
    return out;
  };
  const rock = (map: ReturnType<typeof createNavMap>, id: number, x: number, y: number, radius: number) => addNavObstacle(map, id, prepareShape({ type: 'circle', x, y, radius }));

  it('a gap between two rocks in open ground is a passage (units queue there) but no door: a crowd can walk round either rock', () => {
    const map = createNavMap(40, 40);
    rock(map, 0, 20, WAY - 1.9, 1);
    rock(map, 1, 20, WAY + 1.9, 1);
    const found = look(map);
    expect(found.passage).toBeGreaterThan(12);
    expect(found.passage).toBeLessThan(15);
    expect(found.door).toBe(Infinity);
  });

  it('the same gap in a colonnade of equal gaps, or in a wall, is a door', () => {
    const colonnade = createNavMap(40, 40);
    // pillars 2 m across, 3.8 m apart centre to centre, wall to wall: the gap at WAY as above
    for (let index = 0, y = WAY - 1.9 - 3.8 * 5; y < 40; index++, y += 3.8) rock(colonnade, index, 20, y, 1);
    const inRow = look(colonnade);
    expect(inRow.door).toBeLessThan(inRow.passage + 2);
    const wall = createNavMap(40, 40);
    addNavObstacle(wall, 0, prepareShape({ type: 'box', x: 20, y: (WAY - 0.9) / 2, width: 1, height: WAY - 0.9, angle: 0 }));
    addNavObstacle(wall, 1, prepareShape({ type: 'box', x: 20, y: (WAY + 0.9 + 40) / 2, width: 1, height: 40 - WAY - 0.9, angle: 0 }));
    const inWall = look(wall);
    expect(inWall.passage).toBeLessThan(16);
    expect(inWall.door).toBeLessThan(inWall.passage + 2);
    // a door a metre from a room's corner: past the post the wall turns (open ground lies beyond
    // the corner along the door's line, but the post is a wall, not a rock)
    const corner = createNavMap(40, 40);
    addNavObstacle(corner, 0, prepareShape({ type: 'box', x: 20, y: (WAY - 0.9) / 2, width: 1, height: WAY - 0.9, angle: 0 }));
    addNavObstacle(corner, 1, prepareShape({ type: 'box', x: 20, y: WAY + 1.9, width: 1, height: 2, angle: 0 }));
    addNavObstacle(corner, 2, prepareShape({ type: 'box', x: 29, y: WAY + 2.4, width: 18, height: 1, angle: 0 }));
    const atCorner = look(corner);
    expect(atCorner.passage).toBeLessThan(16);
    expect(atCorner.door).toBeLessThan(atCorner.passage + 2);
  });

  it('a narrow gap beside a much wider one in the same row is no door (the crowd takes the wide one too), and a door behind a gap that is none is still seen', () => {
    const map = createNavMap(40, 40);
    // a wall along x = 20 with a 1.8 m gap at WAY and a 7 m opening 2 m above it
    addNavObstacle(map, 0, prepareShape({ type: 'box', x: 20, y: (WAY - 0.9) / 2, width: 1, height: WAY - 0.9, angle: 0 }));
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 20, y: WAY + 1.9, width: 1, height: 2, angle: 0 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 20, y: (WAY + 9.9 + 40) / 2, width: 1, height: 40 - WAY - 9.9, angle: 0 }));
    const found = look(map);
    expect(found.passage).toBeLessThan(16);
    expect(found.door).toBe(Infinity);
    // two rocks with a gap at x = 15, a door in a wall 3 m further (within the walk's look past a
    // passage; the rocks' margins clear of the wall's, or the rocks would be part of it)
    const both = createNavMap(40, 40);
    rock(both, 0, 15, WAY - 1.4, 0.5);
    rock(both, 1, 15, WAY + 1.4, 0.5);
    addNavObstacle(both, 2, prepareShape({ type: 'box', x: 18, y: (WAY - 0.9) / 2, width: 1, height: WAY - 0.9, angle: 0 }));
    addNavObstacle(both, 3, prepareShape({ type: 'box', x: 18, y: (WAY + 0.9 + 40) / 2, width: 1, height: 40 - WAY - 0.9, angle: 0 }));
    const behind = look(both);
    expect(behind.passage).toBeLessThan(10);
    expect(behind.door).toBeGreaterThan(behind.passage);
    expect(behind.door).toBeLessThan(14);
  });
});
