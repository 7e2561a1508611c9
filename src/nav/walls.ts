/**
 * Whether the ground that bounds a gap is a wall: a stretch of blocked cells (for a centre keeping
 * a clearance) reaching far from the gap, as a wall, a river bank, a building or the world's edge
 * does, rather than a rock standing alone in the open, round which a crowd can walk. A gap between
 * two walls cuts the free space: closing it sends every way through it round a wall's end. A gap
 * beside a rock does not. No pixi.js, no DOM.
 */
import { NAV_CELL, type NavMap, roomAt } from './navmap';

/**
 * Whether the blocked cells joined to cell (column, row) (sides touching; blocked: less room than
 * `clearance`) reach `distance` metres from the point (x, y), or off the map (the world's edge is a
 * wall of its own). False when the cell itself is free. Walks only the blocked cells within that
 * distance of the point, so its cost is that of the obstacle's part near the gap.
 */
export function reachesFrom(map: NavMap, clearance: number, column: number, row: number, x: number, y: number, distance: number): boolean {
  if (roomAt(map, column, row) >= clearance) return false;
  const walk = _walk;
  walk.map = map;
  walk.clearance = clearance;
  walk.x = x;
  walk.y = y;
  walk.distance = distance;
  // every cell walked lies within `distance` of the point, so in this square round its cell
  walk.half = Math.ceil(distance / NAV_CELL) + 1;
  walk.side = 2 * walk.half + 1;
  walk.column0 = Math.floor(x / NAV_CELL) - walk.half;
  walk.row0 = Math.floor(y / NAV_CELL) - walk.half;
  if (walk.seen.length < walk.side * walk.side) {
    walk.seen = new Int32Array(walk.side * walk.side);
    walk.mark = 0;
  }
  if (walk.mark === 0x7fffffff) {
    walk.seen.fill(0);
    walk.mark = 0;
  }
  walk.mark++;
  walk.count = 0;
  const reached = walkFrom(walk, column, row);
  // (the map is not kept past the walk)
  walk.map = null;
  return reached;
}

function walkFrom(walk: Walk, column: number, row: number): boolean {
  const columns = walk.map!.columns;
  if (visit(walk, column, row)) return true;
  while (walk.count > 0) {
    const cell = walk.stack[--walk.count]!;
    const c = cell % columns;
    const r = (cell - c) / columns;
    if (visit(walk, c + 1, r) || visit(walk, c - 1, r) || visit(walk, c, r + 1) || visit(walk, c, r - 1)) return true;
  }
  return false;
}

/** One cell met by the walk: true when it is off the map or `distance` away (the walk is over);
 * else, when it is blocked and new, it is kept to walk from. */
function visit(walk: Walk, column: number, row: number): boolean {
  const map = walk.map!;
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return true;
  const dx = (column + 0.5) * NAV_CELL - walk.x;
  const dy = (row + 0.5) * NAV_CELL - walk.y;
  if (dx * dx + dy * dy >= walk.distance * walk.distance) return true;
  const at = (row - walk.row0) * walk.side + (column - walk.column0);
  if (walk.seen[at] === walk.mark || roomAt(map, column, row) >= walk.clearance) return false;
  walk.seen[at] = walk.mark;
  if (walk.count === walk.stack.length) {
    const larger = new Int32Array(2 * walk.stack.length);
    larger.set(walk.stack);
    walk.stack = larger;
  }
  walk.stack[walk.count++] = row * map.columns + column;
  return false;
}

/** The walk under way (reachesFrom), and its arrays, kept from one walk to the next. */
interface Walk {
  map: NavMap | null;
  clearance: number;
  x: number;
  y: number;
  distance: number;
  /** the square round the point's cell that holds every cell walked: its half side, side, first column and row */
  half: number;
  side: number;
  column0: number;
  row0: number;
  /** per cell of the square, the mark of the last walk that saw it blocked */
  seen: Int32Array;
  mark: number;
  /** the blocked cells seen and not yet walked from, as cell numbers */
  stack: Int32Array;
  count: number;
}

const _walk: Walk = { map: null, clearance: 0, x: 0, y: 0, distance: 0, half: 0, side: 0, column0: 0, row0: 0, seen: new Int32Array(0), mark: 0, stack: new Int32Array(1024), count: 0 };
