import { describe, expect, it } from 'vitest';
import { prepareShape } from '../../src/math/shapes';
import { NAV_CELL, TILE_CELLS, addNavObstacle, createNavMap, roomAt } from '../../src/nav/navmap';
import { NEAR_COST, cellCost, createRoute, navLayer } from '../../src/nav/route';

/** the route's clearance for the default unit (radius 0.5 m plus 0.15 m) */
const CLEARANCE = 0.65;
/** a free cell with less room than the clearance plus this costs NEAR_COST times more to step on */
const NEAR_BAND = 0.3;

/**
 * Path lengths from one cell to every cell of the 64 x 64 tile whose lower-left cell is
 * (column0, row0), by a plain Dijkstra written here: 8 neighbours inside the tile, a straight step
 * 10 units and a diagonal 14 (a unit is a tenth of a cell), times NEAR_COST onto a cell close to a
 * wall, never onto a blocked cell nor past a blocked corner. Metres; Infinity where not reached.
 */
function referenceCosts(map: ReturnType<typeof createNavMap>, column0: number, row0: number, from: { column: number; row: number }): Float64Array {
  const n = TILE_CELLS;
  const step = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const room = roomAt(map, column0 + i, row0 + j);
      step[j * n + i] = room < CLEARANCE ? 0 : room < CLEARANCE + NEAR_BAND ? NEAR_COST : 1;
    }
  }
  const cost = new Float64Array(n * n).fill(Infinity);
  const done = new Uint8Array(n * n);
  const start = (from.row - row0) * n + (from.column - column0);
  cost[start] = 0;
  // a binary heap of [cost, cell]
  const heap: Array<[number, number]> = [[0, start]];
  const push = (entry: [number, number]): void => {
    heap.push(entry);
    for (let k = heap.length - 1; k > 0; ) {
      const parent = (k - 1) >> 1;
      if (heap[parent]![0] <= heap[k]![0]) break;
      [heap[parent], heap[k]] = [heap[k]!, heap[parent]!];
      k = parent;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let k = 0; ; ) {
        let child = 2 * k + 1;
        if (child >= heap.length) break;
        if (child + 1 < heap.length && heap[child + 1]![0] < heap[child]![0]) child++;
        if (heap[child]![0] >= heap[k]![0]) break;
        [heap[child], heap[k]] = [heap[k]!, heap[child]!];
        k = child;
      }
    }
    return top;
  };
  const free = (i: number, j: number): boolean => i >= 0 && j >= 0 && i < n && j < n && step[j * n + i] !== 0;
  while (heap.length > 0) {
    const [c, cell] = pop();
    if (done[cell] === 1) continue;
    done[cell] = 1;
    const i = cell % n;
    const j = Math.floor(cell / n);
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        if ((di === 0 && dj === 0) || !free(i + di, j + dj)) continue;
        if (di !== 0 && dj !== 0 && (!free(i + di, j) || !free(i, j + dj))) continue;
        const next = (j + dj) * n + i + di;
        const reached = c + (di !== 0 && dj !== 0 ? 14 : 10) * step[next]!;
        if (reached < cost[next]!) {
          cost[next] = reached;
          push([reached, next]);
        }
      }
    }
  }
  return cost.map((units) => (units === Infinity ? Infinity : units * (NAV_CELL / 10)));
}

/** A route's costs over the tile against the reference, counting cells reached and cells that differ. */
function compareGoalTile(map: ReturnType<typeof createNavMap>, goal: { x: number; y: number }): { reached: number; differ: number } {
  const route = createRoute(navLayer(map, CLEARANCE), goal.x, goal.y);
  const column = Math.floor(goal.x / NAV_CELL);
  const row = Math.floor(goal.y / NAV_CELL);
  const column0 = column - (column % TILE_CELLS);
  const row0 = row - (row % TILE_CELLS);
  const expected = referenceCosts(map, column0, row0, { column, row });
  let reached = 0;
  let differ = 0;
  for (let j = 0; j < TILE_CELLS; j++) {
    for (let i = 0; i < TILE_CELLS; i++) {
      const actual = cellCost(route, column0 + i, row0 + j);
      if (expected[j * TILE_CELLS + i]! < Infinity) reached++;
      if (actual !== expected[j * TILE_CELLS + i]) differ++;
    }
  }
  return { reached, differ };
}

describe("a tile's path costs", () => {
  it('on open ground (worked out in two passes, not a search): the exact shortest paths over the cells', () => {
    const map = createNavMap(48, 48);
    // rocks in the tiles round the middle one, none within its reach
    addNavObstacle(map, 1, prepareShape({ type: 'circle', x: 6, y: 6, radius: 2 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 40, y: 24, width: 3, height: 10, angle: 0.3 }));
    const { reached, differ } = compareGoalTile(map, { x: 21.3, y: 27.9 });
    expect(reached).toBe(TILE_CELLS * TILE_CELLS);
    expect(differ).toBe(0);
  });

  it('round a rock and a wall inside the tile (passes until nothing changes): the exact shortest paths, blocked cells unreached', () => {
    const map = createNavMap(48, 48);
    addNavObstacle(map, 1, prepareShape({ type: 'circle', x: 24, y: 23, radius: 2.2 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 22, y: 27.5, width: 6, height: 0.8, angle: 0.5 }));
    const { reached, differ } = compareGoalTile(map, { x: 25.1, y: 19.6 });
    expect(reached).toBeGreaterThan(3000);
    expect(reached).toBeLessThan(TILE_CELLS * TILE_CELLS);
    expect(differ).toBe(0);
  });

  it('in a winding passage that turns back eight times (too many passes: a search): the exact shortest paths', () => {
    const map = createNavMap(48, 48);
    // the middle tile (16 to 32 m) walled in all round, so that no way leaves it, and walls across
    // it every 2 m, left open at alternate ends: from the bottom row to the top one the way runs
    // east and west by turns
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 15.9, y: 24, width: 0.2, height: 16.4, angle: 0 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 32.1, y: 24, width: 0.2, height: 16.4, angle: 0 }));
    addNavObstacle(map, 3, prepareShape({ type: 'box', x: 24, y: 15.9, width: 16.4, height: 0.2, angle: 0 }));
    addNavObstacle(map, 4, prepareShape({ type: 'box', x: 24, y: 32.1, width: 16.4, height: 0.2, angle: 0 }));
    for (let k = 0; k < 7; k++) {
      const x = k % 2 === 0 ? 22 : 26;
      addNavObstacle(map, k + 5, prepareShape({ type: 'box', x, y: 17.9 + 2 * k, width: 12, height: 0.2, angle: 0 }));
    }
    const { reached, differ } = compareGoalTile(map, { x: 17.1, y: 16.9 });
    expect(reached).toBeGreaterThan(500);
    expect(differ).toBe(0);
  });
});
