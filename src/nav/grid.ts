/**
 * The navigation layer: a grid over the world marking where a unit's centre may go (the static
 * obstacles and the walls inflated by the unit's radius and a margin), and flow fields on it,
 * one per group order, giving every cell its path distance to the order's target (the RTS way:
 * one search serves the whole group, wherever each unit is).
 *
 * Units do not follow the grid cell by cell: `steerPoint` looks down the field and returns the
 * furthest point on the way that is in a straight, clear line from the unit, so paths are
 * straight lines between corners, not zig-zags along the grid. No pixi.js, no DOM.
 */
import { type ShapeGeometry, signedDistance } from '../math/shapes';
import type { Vec2 } from '../math/vec2';

export interface NavGrid {
  /** metres per cell side */
  readonly cellSize: number;
  readonly columns: number;
  readonly rows: number;
  /** metres: the radius a unit's centre keeps from obstacles and walls here */
  readonly clearance: number;
  /** 1 where a centre may not be: any part of the cell within `clearance` of an obstacle or a wall */
  readonly blocked: Uint8Array;
  /** 1 for a free cell next to a blocked one: paths cost NEAR_COST times more there, so routes
   * keep a cell's width off walls where they have the room */
  readonly near: Uint8Array;
}

/** how much more a step into a cell next to a blocked one costs */
export const NEAR_COST = 2;

/** A flow field toward one target: path distances over the grid. */
export interface FlowField {
  readonly grid: NavGrid;
  /** the cell the field flows to: the target's, or the nearest free one to it */
  readonly goalCell: number;
  /** metres: the point the field flows to (the target, moved onto free ground if needed) */
  readonly goal: Readonly<Vec2>;
  /** metres of path from each cell's centre to the goal, steps along walls counted NEAR_COST
   * times; Infinity where it cannot be reached */
  readonly distance: Float64Array;
}

/**
 * Marks the cells any part of which lies within `clearance` of an obstacle or of the world's
 * walls (tested at the centre against the clearance plus half the cell's diagonal), so every
 * point of a free cell keeps the clearance: a route through free cells, or a clear line across
 * them, never comes closer to a wall than that, however thin the wall and however large the cells.
 * Each obstacle only visits the cells of its own bounds grown by that reach.
 */
export function buildNavGrid(width: number, height: number, obstacles: readonly ShapeGeometry[], clearance: number, cellSize: number): NavGrid {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  const blocked = new Uint8Array(columns * rows);
  const reach = clearance + (cellSize * Math.SQRT2) / 2;
  const wallReach = clearance + cellSize / 2;
  for (let row = 0; row < rows; row++) {
    const y = (row + 0.5) * cellSize;
    for (let column = 0; column < columns; column++) {
      const x = (column + 0.5) * cellSize;
      if (x < wallReach || y < wallReach || x > width - wallReach || y > height - wallReach) blocked[row * columns + column] = 1;
    }
  }
  for (const obstacle of obstacles) {
    const column0 = Math.max(0, Math.floor((obstacle.minX - reach) / cellSize));
    const column1 = Math.min(columns - 1, Math.floor((obstacle.maxX + reach) / cellSize));
    const row0 = Math.max(0, Math.floor((obstacle.minY - reach) / cellSize));
    const row1 = Math.min(rows - 1, Math.floor((obstacle.maxY + reach) / cellSize));
    for (let row = row0; row <= row1; row++) {
      for (let column = column0; column <= column1; column++) {
        const index = row * columns + column;
        if (blocked[index] === 1) continue;
        if (signedDistance(obstacle, (column + 0.5) * cellSize, (row + 0.5) * cellSize) < reach) blocked[index] = 1;
      }
    }
  }
  const near = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const index = row * columns + column;
      if (blocked[index] === 1) continue;
      for (let dy = -1; dy <= 1 && near[index] === 0; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const r = row + dy;
          const c = column + dx;
          if (r >= 0 && c >= 0 && r < rows && c < columns && blocked[r * columns + c] === 1) {
            near[index] = 1;
            break;
          }
        }
      }
    }
  }
  return { cellSize, columns, rows, clearance, blocked, near };
}

/** The cell holding the point (clamped into the grid). */
export function cellAt(grid: NavGrid, x: number, y: number): number {
  const column = Math.min(grid.columns - 1, Math.max(0, Math.floor(x / grid.cellSize)));
  const row = Math.min(grid.rows - 1, Math.max(0, Math.floor(y / grid.cellSize)));
  return row * grid.columns + column;
}

export function cellCentre(grid: NavGrid, cell: number, out: Vec2): Vec2 {
  out.x = ((cell % grid.columns) + 0.5) * grid.cellSize;
  out.y = (Math.floor(cell / grid.columns) + 0.5) * grid.cellSize;
  return out;
}

/**
 * The free cell nearest to the point (by the distance between the point and the cell's centre),
 * searching outward ring by ring; -1 when the grid has no free cell at all. `accept` narrows
 * which free cells count (e.g. those a flow field reaches).
 */
export function nearestFreeCell(grid: NavGrid, x: number, y: number, accept: (cell: number) => boolean = () => true): number {
  const start = cellAt(grid, x, y);
  const column0 = start % grid.columns;
  const row0 = Math.floor(start / grid.columns);
  const maxRing = Math.max(grid.columns, grid.rows);
  let best = -1;
  let bestDistanceSq = Infinity;
  for (let ring = 0; ring <= maxRing; ring++) {
    // a cell in this ring is at least (ring - 1) cells from the point: nothing further can win
    const nearest = (ring - 1) * grid.cellSize;
    if (best >= 0 && nearest * nearest > bestDistanceSq) break;
    for (let row = row0 - ring; row <= row0 + ring; row++) {
      if (row < 0 || row >= grid.rows) continue;
      const edge = row === row0 - ring || row === row0 + ring;
      const step = edge || ring === 0 ? 1 : 2 * ring;
      for (let column = column0 - ring; column <= column0 + ring; column += step) {
        if (column < 0 || column >= grid.columns) continue;
        const cell = row * grid.columns + column;
        if (grid.blocked[cell] === 1 || !accept(cell)) continue;
        const dx = (column + 0.5) * grid.cellSize - x;
        const dy = (row + 0.5) * grid.cellSize - y;
        const distanceSq = dx * dx + dy * dy;
        if (distanceSq < bestDistanceSq) {
          best = cell;
          bestDistanceSq = distanceSq;
        }
      }
    }
  }
  return best;
}

/**
 * Path costs to the free cell nearest the target, by a shortest-path search over 8 neighbours
 * (diagonal steps only where both side cells are free, so paths never cut a blocked corner; steps
 * next to a blocked cell cost NEAR_COST times their length). In passages narrower than
 * LANE_WIDTH, steps in the left half (seen along the way to the target) cost LANE_COST times
 * more, so routes keep to the right there and two orders walking a door or a corridor the
 * opposite ways use its two halves. Returns null when the grid has no free cell.
 */
export function buildFlowField(grid: NavGrid, targetX: number, targetY: number): FlowField | null {
  const goalCell = nearestFreeCell(grid, targetX, targetY);
  if (goalCell < 0) return null;
  let cost = searchCosts(grid, goalCell, null);
  const leftHalf = leftOfNarrowPassages(grid, cost);
  if (leftHalf !== null) cost = searchCosts(grid, goalCell, leftHalf);
  const count = grid.columns * grid.rows;
  const distance = new Float64Array(count);
  const metresPerUnit = grid.cellSize / STRAIGHT_STEP;
  for (let cell = 0; cell < count; cell++) distance[cell] = cost[cell] === UNREACHED ? Infinity : cost[cell]! * metresPerUnit;
  const goal = { x: targetX, y: targetY };
  if (grid.blocked[cellAt(grid, targetX, targetY)] === 1) cellCentre(grid, goalCell, goal);
  return { grid, goalCell, goal, distance };
}

/**
 * Dial's algorithm from the goal: step costs are small integers (a straight step 10, a diagonal
 * 14, times NEAR_COST next to a wall, times LANE_COST into a cell marked in `penalised`), so a
 * ring of buckets indexed by cost does what a heap would, in linear time.
 */
function searchCosts(grid: NavGrid, goalCell: number, penalised: Uint8Array | null): Int32Array {
  const count = grid.columns * grid.rows;
  const cost = new Int32Array(count).fill(UNREACHED);
  const buckets: number[][] = Array.from({ length: MAX_STEP + 1 }, () => []);
  cost[goalCell] = 0;
  buckets[0]!.push(goalCell);
  let pending = 1;
  const { columns, rows, blocked, near } = grid;
  for (let current = 0; pending > 0; current++) {
    const bucket = buckets[current % (MAX_STEP + 1)]!;
    while (bucket.length > 0) {
      const cell = bucket.pop()!;
      pending--;
      if (cost[cell]! !== current) continue; // reached more cheaply since it was queued
      const column = cell % columns;
      const row = (cell - column) / columns;
      for (let dy = -1; dy <= 1; dy++) {
        const r = row + dy;
        if (r < 0 || r >= rows) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const c = column + dx;
          if (c < 0 || c >= columns) continue;
          const next = r * columns + c;
          if (blocked[next] === 1) continue;
          const diagonal = dx !== 0 && dy !== 0;
          if (diagonal && (blocked[row * columns + c] === 1 || blocked[r * columns + column] === 1)) continue;
          let step = (diagonal ? DIAGONAL_STEP : STRAIGHT_STEP) * (near[next] === 1 ? NEAR_COST : 1);
          if (penalised !== null && penalised[next] === 1) step *= LANE_COST;
          const through = current + step;
          if (through < cost[next]!) {
            cost[next] = through;
            buckets[through % (MAX_STEP + 1)]!.push(next);
            pending++;
          }
        }
      }
    }
  }
  return cost;
}

/** metres: passages narrower than this (free room for a centre, wall to wall) get two lanes */
const LANE_WIDTH = 4;
/** how much more a step in the left half of a narrow passage costs */
const LANE_COST = 2;

/**
 * The free cells in the left half of narrow passages, seen along the way `cost` leads (toward
 * its goal): from each cell near walls, the room to the left and to the right across that way is
 * measured in cells; a cell with walls on both sides within LANE_WIDTH, nearer the left one, is
 * marked. Null when there are none.
 */
function leftOfNarrowPassages(grid: NavGrid, cost: Int32Array): Uint8Array | null {
  const { columns, rows, blocked } = grid;
  const width = Math.max(2, Math.round(LANE_WIDTH / grid.cellSize));
  const room = roomToWalls(grid);
  let marked: Uint8Array | null = null;
  for (let cell = 0; cell < columns * rows; cell++) {
    if (blocked[cell] === 1 || cost[cell] === UNREACHED || room[cell]! > width) continue;
    // the way down: toward the cheapest neighbour
    const column = cell % columns;
    const row = (cell - column) / columns;
    let wayX = 0;
    let wayY = 0;
    let best = cost[cell]!;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const c = column + dx;
        const r = row + dy;
        if ((dx === 0 && dy === 0) || c < 0 || r < 0 || c >= columns || r >= rows) continue;
        const next = cost[r * columns + c]!;
        if (next < best) {
          best = next;
          wayX = dx;
          wayY = dy;
        }
      }
    }
    if (wayX === 0 && wayY === 0) continue;
    const length = Math.hypot(wayX, wayY);
    // right of the way is (wayY, -wayX)
    const right = freeRun(grid, column, row, wayY / length, -wayX / length, width);
    const left = freeRun(grid, column, row, -wayY / length, wayX / length, width);
    if (left + right > width || left >= right) continue;
    marked ??= new Uint8Array(columns * rows);
    marked[cell] = 1;
  }
  return marked;
}

/** How many cells from (column, row) along (dirX, dirY) are free before a blocked one (at most `limit + 1`). */
function freeRun(grid: NavGrid, column: number, row: number, dirX: number, dirY: number, limit: number): number {
  for (let step = 1; step <= limit; step++) {
    const c = Math.round(column + dirX * step);
    const r = Math.round(row + dirY * step);
    if (c < 0 || r < 0 || c >= grid.columns || r >= grid.rows || grid.blocked[r * grid.columns + c] === 1) return step - 1;
  }
  return limit + 1;
}

/** Per cell, the distance in cells (8 neighbours) to the nearest blocked cell; built once per grid. */
function roomToWalls(grid: NavGrid): Uint16Array {
  const cached = roomCache.get(grid);
  if (cached !== undefined) return cached;
  const { columns, rows, blocked } = grid;
  const count = columns * rows;
  const room = new Uint16Array(count).fill(0xffff);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  for (let cell = 0; cell < count; cell++) {
    if (blocked[cell] === 1) {
      room[cell] = 0;
      queue[tail++] = cell;
    }
  }
  while (head < tail) {
    const cell = queue[head++]!;
    const column = cell % columns;
    const row = (cell - column) / columns;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const c = column + dx;
        const r = row + dy;
        if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
        const next = r * columns + c;
        if (room[next]! <= room[cell]! + 1) continue;
        room[next] = room[cell]! + 1;
        queue[tail++] = next;
      }
    }
  }
  roomCache.set(grid, room);
  return room;
}

const roomCache = new WeakMap<NavGrid, Uint16Array>();

/** integer step costs: a cell side is 10, a diagonal 14 (10 sqrt 2, rounded) */
const STRAIGHT_STEP = 10;
const DIAGONAL_STEP = 14;
const MAX_STEP = DIAGONAL_STEP * NEAR_COST * LANE_COST;
const UNREACHED = 0x7fffffff;

/**
 * Whether a centre can move in a straight line from a to b without entering a blocked cell:
 * every cell the segment passes through (including corner touches) is free.
 */
export function isClearLine(grid: NavGrid, ax: number, ay: number, bx: number, by: number): boolean {
  if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))) return false;
  const size = grid.cellSize;
  let column = Math.floor(ax / size);
  let row = Math.floor(ay / size);
  const endColumn = Math.floor(bx / size);
  const endRow = Math.floor(by / size);
  const dx = bx - ax;
  const dy = by - ay;
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  // parameter t along the segment at which the next vertical / horizontal cell edge is crossed
  let nextX = stepX === 0 ? Infinity : ((column + (stepX > 0 ? 1 : 0)) * size - ax) / dx;
  let nextY = stepY === 0 ? Infinity : ((row + (stepY > 0 ? 1 : 0)) * size - ay) / dy;
  const deltaX = stepX === 0 ? Infinity : size / Math.abs(dx);
  const deltaY = stepY === 0 ? Infinity : size / Math.abs(dy);
  const limit = Math.abs(endColumn - column) + Math.abs(endRow - row) + 2;
  for (let visited = 0; visited <= limit; visited++) {
    if (column < 0 || row < 0 || column >= grid.columns || row >= grid.rows) return false;
    if (grid.blocked[row * grid.columns + column] === 1) return false;
    // the segment ends inside this cell (or on its far edge; the tolerance absorbs the sums)
    if (Math.min(nextX, nextY) >= 1 - EDGE_EPSILON) return true;
    if (Math.abs(nextX - nextY) < EDGE_EPSILON) {
      // through a corner: both side cells must be free too
      if (!isFree(grid, column + stepX, row) || !isFree(grid, column, row + stepY)) return false;
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

/** tolerance, in fractions of the segment, for crossings that coincide or end on an edge */
const EDGE_EPSILON = 1e-9;

function isFree(grid: NavGrid, column: number, row: number): boolean {
  return column >= 0 && row >= 0 && column < grid.columns && row < grid.rows && grid.blocked[row * grid.columns + column] === 0;
}

/**
 * The field's cost from the point's cell to the goal; for a cell in a wall's margin (where a
 * unit's centre may still be, pressed to the wall), the least cost of its free neighbours plus
 * one step; Infinity when none is reached.
 */
export function routeCost(field: FlowField, x: number, y: number): number {
  const grid = field.grid;
  const cell = cellAt(grid, x, y);
  const here = field.distance[cell]!;
  if (here !== Infinity) return here;
  const column = cell % grid.columns;
  const row = (cell - column) / grid.columns;
  let best = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const c = column + dx;
      const r = row + dy;
      if (c < 0 || r < 0 || c >= grid.columns || r >= grid.rows) continue;
      best = Math.min(best, field.distance[r * grid.columns + c]! + grid.cellSize * NEAR_COST);
    }
  }
  return best;
}

/**
 * Where a unit at (x, y) should head to follow the field: the goal itself when it is in clear
 * line; else the furthest cell centre, within `lookAhead` metres of path down the field, that is
 * in clear line from the unit. Writes into `out` and returns false when the unit's cell is cut
 * off from the goal (then `out` is left unchanged).
 */
export function steerPoint(field: FlowField, x: number, y: number, lookAhead: number, out: Vec2): boolean {
  const grid = field.grid;
  if (isClearLine(grid, x, y, field.goal.x, field.goal.y)) {
    out.x = field.goal.x;
    out.y = field.goal.y;
    return true;
  }
  let cell = cellAt(grid, x, y);
  if (field.distance[cell] === Infinity) {
    if (grid.blocked[cell] === 0) return false; // free ground the goal cannot be reached from
    // pushed into a wall's margin: start from the nearest reached cell, if it is close by
    cell = nearestFreeCell(grid, x, y, (c) => field.distance[c] !== Infinity);
    if (cell < 0) return false;
    cellCentre(grid, cell, _nav_point);
    const reach = grid.clearance + 2 * grid.cellSize;
    if ((_nav_point.x - x) ** 2 + (_nav_point.y - y) ** 2 > reach * reach) return false;
  }
  const start = field.distance[cell]!;
  let best = cell;
  // walk down the field; remember the furthest cell still in clear line
  for (let steps = 0; steps < 4 * Math.ceil(lookAhead / grid.cellSize); steps++) {
    const next = downhill(field, cell);
    if (next === cell) break;
    cell = next;
    if (start - field.distance[cell]! > lookAhead) break;
    cellCentre(grid, cell, _nav_point);
    if (isClearLine(grid, x, y, _nav_point.x, _nav_point.y)) best = cell;
    else if (best !== cell) break;
  }
  cellCentre(grid, best, out);
  return true;
}

const _nav_point = { x: 0, y: 0 };

/**
 * The route from (x, y) down the field as a polyline of cell centres, x0, y0, x1, y1, ...,
 * ending at the goal; at most `maxPoints` points. Empty when the point is cut off from the goal.
 * For drawing: units themselves follow `steerPoint`.
 */
export function tracePath(field: FlowField, x: number, y: number, maxPoints: number): number[] {
  const points: number[] = [];
  let cell = cellAt(field.grid, x, y);
  if (field.distance[cell] === Infinity) return points;
  const centre = { x: 0, y: 0 };
  for (let count = 0; count < maxPoints; count++) {
    cellCentre(field.grid, cell, centre);
    points.push(centre.x, centre.y);
    const next = downhill(field, cell);
    if (next === cell) break;
    cell = next;
  }
  points.push(field.goal.x, field.goal.y);
  return points;
}

/** The neighbour with the smallest distance (8 neighbours, no corner cutting); the cell itself at the goal. */
function downhill(field: FlowField, cell: number): number {
  const { columns, rows, blocked } = field.grid;
  const column = cell % columns;
  const row = (cell - column) / columns;
  let best = cell;
  let bestDistance = field.distance[cell]!;
  for (let dy = -1; dy <= 1; dy++) {
    const r = row + dy;
    if (r < 0 || r >= rows) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const c = column + dx;
      if ((dx === 0 && dy === 0) || c < 0 || c >= columns) continue;
      const next = r * columns + c;
      if (dx !== 0 && dy !== 0 && (blocked[row * columns + c] === 1 || blocked[r * columns + column] === 1)) continue;
      if (field.distance[next]! < bestDistance) {
        best = next;
        bestDistance = field.distance[next]!;
      }
    }
  }
  return best;
}
