/**
 * The navigation map: how much room a unit's centre has at every point of the world, for units of
 * every size and on maps of every size.
 *
 * The world is cut into square tiles of TILE_CELLS x TILE_CELLS cells of NAV_CELL metres, the
 * same on a 40 m map as on a 1 km one, so whether a gap is open never depends on the map's size.
 * Each cell stores its room: how far its centre is from the nearest obstacle (less half the cell's
 * diagonal, so every point of the cell has at least that room) or wall (less half a cell), capped
 * at MAX_CLEARANCE. A unit whose centre keeps `clearance` from everything may stand on every cell
 * whose room is at least that: one map serves units of any radius, each order asking with its own.
 *
 * For narrow routes the map has a companion (`bestRoomMap`) whose rooms measure the other way: how
 * far the best of SAMPLES x SAMPLES points spread over the cell is from everything. A gap a little
 * wider than a unit then has a row of open cells along its middle wherever the grid's lines fall
 * (by the least measure, a gap 1.2 m wide had a cell whose every point keeps 0.55 m only when a
 * cell's middle lay within 5 cm of the gap's middle).
 *
 * Tiles are filled only when something asks about them, and an obstacle added or removed empties
 * only the tiles within its reach, whose version then goes up (routes built on them know to look
 * again). `work` counts what filling costs (a cell 1, a cell's distance to an obstacle 3), so
 * planning can budget it. No pixi.js, no DOM.
 */
import { hypot } from '../math/exact';
import { type ShapeGeometry, signedDistance } from '../math/shapes';

/** metres per cell side */
export const NAV_CELL = 0.25;
/** log2 of TILE_CELLS: a cell's tile is its column and row shifted right by this (a shift is a
 * floor division for every integer, negative ones too), its place in the tile their low bits */
const TILE_SHIFT = 6;
/** cells per tile side (64) */
export const TILE_CELLS = 1 << TILE_SHIFT;
const TILE_MASK = TILE_CELLS - 1;
/** metres per tile side */
export const TILE_SIZE = NAV_CELL * TILE_CELLS;
/** metres: room is measured up to this; a unit needing more (radius + margin beyond it) is routed
 * as if it needed this much */
export const MAX_CLEARANCE = 3;
/** cells per tile */
export const TILE_AREA = TILE_CELLS * TILE_CELLS;

/** metres: half a cell's diagonal (a cell's room is its centre's, less this) */
export const HALF_DIAGONAL = NAV_CELL * Math.SQRT1_2;
export const HALF_CELL = NAV_CELL / 2;
/** metres: how far an obstacle reaches into the rooms of the cells around it */
const OBSTACLE_REACH = MAX_CLEARANCE + HALF_DIAGONAL;

/**
 * What a cell's room measures: `least`, what every point of the cell keeps (a centre may stand
 * anywhere in a cell with room for it); `best`, what the best of its sample points keeps (a centre
 * may stand somewhere in it).
 */
export type RoomMeasure = 'least' | 'best';

export interface NavMap {
  /** metres */
  readonly width: number;
  readonly height: number;
  /** cells over the whole map */
  readonly columns: number;
  readonly rows: number;
  readonly tileColumns: number;
  readonly tileRows: number;
  /** per tile: the room of its cells (row-major within the tile), or undefined until asked for */
  readonly rooms: Array<Float32Array | undefined>;
  /** per tile: goes up every time the tile's rooms change */
  readonly tileVersion: Int32Array;
  /** per tile: the least room of its cells, once they are filled */
  readonly leastRoom: Float32Array;
  /** per tile: ids of the obstacles whose reach meets it */
  readonly buckets: Array<number[] | undefined>;
  /** per tile: the shapes of those obstacles, in the same order */
  readonly bucketShapes: Array<ShapeGeometry[] | undefined>;
  readonly obstacles: Map<number, ShapeGeometry>;
  /** goes up every time an obstacle is added or removed */
  version: number;
  /** cells filled and searched so far (planning counts it against its budget per tick) */
  work: number;
  readonly measure: RoomMeasure;
  /** the map measuring `least` whose obstacles, tile versions, version and work this one shares
   * (itself, for such a map) */
  readonly base: NavMap;
  /** the base's companion measuring `best`, once asked for (bestRoomMap) */
  best: NavMap | undefined;
  /** per tile, for a map measuring `best`: each cell's point to head for (cellPoint) as x, y,
   * worked out when first asked (NaN until then), or undefined until any is */
  readonly cellPoints: Array<Float64Array | undefined>;
  /** for a map measuring `best`: fills the rooms of the tile whose first cell is (column0, row0)
   * (best-rooms.ts); null for the base map, which fills its own */
  readonly fillBest: ((map: NavMap, column0: number, row0: number, room: Float32Array) => void) | null;
}

export function createNavMap(width: number, height: number): NavMap {
  const columns = Math.max(1, Math.ceil(width / NAV_CELL));
  const rows = Math.max(1, Math.ceil(height / NAV_CELL));
  const tileColumns = Math.ceil(columns / TILE_CELLS);
  const tileRows = Math.ceil(rows / TILE_CELLS);
  const tiles = tileColumns * tileRows;
  const map: Omit<NavMap, 'base'> & { base: NavMap | undefined } = {
    width,
    height,
    columns,
    rows,
    tileColumns,
    tileRows,
    rooms: new Array<Float32Array | undefined>(tiles),
    tileVersion: new Int32Array(tiles),
    leastRoom: new Float32Array(tiles),
    buckets: new Array<number[] | undefined>(tiles),
    bucketShapes: new Array<ShapeGeometry[] | undefined>(tiles),
    obstacles: new Map(),
    version: 0,
    work: 0,
    measure: 'least',
    base: undefined,
    best: undefined,
    cellPoints: [],
    fillBest: null,
  };
  map.base = map as NavMap;
  return map as NavMap;
}

/**
 * Metres: the room a centre keeps at some point of every cell whose room (by `map`'s measure) is
 * `room`: its middle for `least` (every point keeps `room`, the middle half a diagonal more), its
 * best sample point for `best`.
 */
export function pointRoom(map: NavMap, room: number): number {
  return map.measure === 'best' ? room : room + HALF_DIAGONAL;
}

/** Calls `visit` for each tile the obstacle's reach meets. */
function forTilesInReach(map: NavMap, shape: ShapeGeometry, visit: (tile: number) => void): void {
  const column0 = Math.max(0, Math.floor((shape.minX - OBSTACLE_REACH) / TILE_SIZE));
  const column1 = Math.min(map.tileColumns - 1, Math.floor((shape.maxX + OBSTACLE_REACH) / TILE_SIZE));
  const row0 = Math.max(0, Math.floor((shape.minY - OBSTACLE_REACH) / TILE_SIZE));
  const row1 = Math.min(map.tileRows - 1, Math.floor((shape.maxY + OBSTACLE_REACH) / TILE_SIZE));
  for (let row = row0; row <= row1; row++) {
    for (let column = column0; column <= column1; column++) visit(row * map.tileColumns + column);
  }
}

function invalidate(map: NavMap, tile: number): void {
  map.rooms[tile] = undefined;
  if (map.best !== undefined) {
    map.best.rooms[tile] = undefined;
    map.best.cellPoints[tile] = undefined;
  }
  map.tileVersion[tile]!++;
}

export function addNavObstacle(navMap: NavMap, id: number, shape: ShapeGeometry): void {
  const map = navMap.base;
  map.obstacles.set(id, shape);
  forTilesInReach(map, shape, (tile) => {
    (map.buckets[tile] ??= []).push(id);
    (map.bucketShapes[tile] ??= []).push(shape);
    invalidate(map, tile);
  });
  map.version++;
}

export function removeNavObstacle(navMap: NavMap, id: number): void {
  const map = navMap.base;
  const shape = map.obstacles.get(id);
  if (shape === undefined) return;
  map.obstacles.delete(id);
  forTilesInReach(map, shape, (tile) => {
    const bucket = map.buckets[tile];
    if (bucket !== undefined) {
      const index = bucket.indexOf(id);
      bucket.splice(index, 1);
      map.bucketShapes[tile]!.splice(index, 1);
    }
    invalidate(map, tile);
  });
  map.version++;
}

/**
 * The obstacles that may lie within `reach` metres of (x, y): those of the point's tile (every
 * obstacle within OBSTACLE_REACH of a tile is listed for it), or all of them when `reach` is larger.
 */
export function obstaclesNear(map: NavMap, x: number, y: number, reach: number): Iterable<ShapeGeometry> {
  if (reach > OBSTACLE_REACH || x < 0 || y < 0 || x >= map.width || y >= map.height) return map.obstacles.values();
  return map.bucketShapes[tileOf(map, columnOf(map, x), rowOf(map, y))] ?? NO_SHAPES;
}

export const NO_SHAPES: readonly ShapeGeometry[] = [];

/** The tile's rooms, filled now if they are not yet. */
export function tileRooms(map: NavMap, tile: number): Float32Array {
  const known = map.rooms[tile];
  if (known !== undefined) return known;
  const column0 = (tile % map.tileColumns) * TILE_CELLS;
  const row0 = Math.floor(tile / map.tileColumns) * TILE_CELLS;
  const { width, height } = map;
  const bucket = map.buckets[tile];
  const wallReach = MAX_CLEARANCE + NAV_CELL;
  if ((bucket === undefined || bucket.length === 0) && column0 * NAV_CELL >= wallReach && row0 * NAV_CELL >= wallReach && (column0 + TILE_CELLS) * NAV_CELL <= width - wallReach && (row0 + TILE_CELLS) * NAV_CELL <= height - wallReach) {
    // nothing within reach: every cell has all the room there is (one shared, never written array)
    map.work += 1;
    map.rooms[tile] = OPEN_TILE;
    map.leastRoom[tile] = MAX_CLEARANCE;
    return OPEN_TILE;
  }
  const room = new Float32Array(TILE_AREA);
  if (map.fillBest !== null) {
    map.fillBest(map, column0, row0, room);
    return keepRooms(map, tile, room);
  }
  for (let j = 0; j < TILE_CELLS; j++) {
    const y = (row0 + j + 0.5) * NAV_CELL;
    for (let i = 0; i < TILE_CELLS; i++) {
      const x = (column0 + i + 0.5) * NAV_CELL;
      room[j * TILE_CELLS + i] = Math.min(MAX_CLEARANCE, Math.min(x, width - x, y, height - y) - HALF_CELL);
    }
  }
  let work = TILE_AREA;
  for (const shape of map.bucketShapes[tile] ?? NO_SHAPES) {
    reachInTile(shape, column0, row0);
    const i0 = _reach[0]!;
    const i1 = _reach[1]!;
    const j0 = _reach[2]!;
    const j1 = _reach[3]!;
    for (let j = j0; j <= j1; j++) {
      const y = (row0 + j + 0.5) * NAV_CELL;
      for (let i = i0; i <= i1; i++) {
        const d = signedDistance(shape, (column0 + i + 0.5) * NAV_CELL, y) - HALF_DIAGONAL;
        if (d < room[j * TILE_CELLS + i]!) room[j * TILE_CELLS + i] = d;
      }
    }
    work += DISTANCE_WORK * Math.max(0, i1 - i0 + 1) * Math.max(0, j1 - j0 + 1);
  }
  map.work += work;
  return keepRooms(map, tile, room);
}

/** Stores a tile's filled rooms and their least. */
function keepRooms(map: NavMap, tile: number, room: Float32Array): Float32Array {
  map.rooms[tile] = room;
  let least = Infinity;
  for (let k = 0; k < TILE_AREA; k++) if (room[k]! < least) least = room[k]!;
  map.leastRoom[tile] = least;
  return room;
}

/**
 * The cells of the tile whose first cell is (column0, row0) within OBSTACLE_REACH of the shape's
 * box, into `_reach` as first and last column, first and last row, counted within the tile (empty
 * when a last comes before its first).
 */
export function reachInTile(shape: ShapeGeometry, column0: number, row0: number): void {
  _reach[0] = Math.max(0, Math.floor((shape.minX - OBSTACLE_REACH) / NAV_CELL) - column0);
  _reach[1] = Math.min(TILE_CELLS - 1, Math.floor((shape.maxX + OBSTACLE_REACH) / NAV_CELL) - column0);
  _reach[2] = Math.max(0, Math.floor((shape.minY - OBSTACLE_REACH) / NAV_CELL) - row0);
  _reach[3] = Math.min(TILE_CELLS - 1, Math.floor((shape.maxY + OBSTACLE_REACH) / NAV_CELL) - row0);
}

/** the cells reachInTile found: first and last column, first and last row within the tile */
export const _reach = new Int32Array(4);

const OPEN_TILE = new Float32Array(TILE_AREA).fill(MAX_CLEARANCE);
/** a cell's distance to one obstacle counts as this much work (a cell filled counts 1) */
export const DISTANCE_WORK = 3;

/** The tile holding cell (column, row). */
export function tileOf(map: NavMap, column: number, row: number): number {
  return (row >> TILE_SHIFT) * map.tileColumns + (column >> TILE_SHIFT);
}

/**
 * Fills the rooms of every tile the square of `reach` metres round (x, y) touches, a tile at a
 * time until the work counter passes `deadline`: false then (called again, it goes on).
 */
export function fillRoomsAround(map: NavMap, x: number, y: number, reach: number, deadline: number): boolean {
  const corner = tileOf(map, columnOf(map, x - reach), rowOf(map, y - reach));
  const across = tileOf(map, columnOf(map, x + reach), rowOf(map, y + reach));
  for (let row = Math.floor(corner / map.tileColumns); row <= Math.floor(across / map.tileColumns); row++) {
    for (let column = corner % map.tileColumns; column <= across % map.tileColumns; column++) {
      const tile = row * map.tileColumns + column;
      if (map.rooms[tile] !== undefined) continue;
      if (map.work >= deadline) return false;
      tileRooms(map, tile);
    }
  }
  return true;
}

/** The room of cell (column, row); -Infinity off the map. */
export function roomAt(map: NavMap, column: number, row: number): number {
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return -Infinity;
  const rooms = tileRooms(map, tileOf(map, column, row));
  return rooms[((row & TILE_MASK) << TILE_SHIFT) + (column & TILE_MASK)]!;
}

/**
 * Whether cell (column, row) lies on the map in a tile already known to have nothing within reach
 * (every room there is MAX_CLEARANCE); an unfilled tile is not filled by asking.
 */
export function isOpenCell(map: NavMap, column: number, row: number): boolean {
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return false;
  return map.rooms[tileOf(map, column, row)] === OPEN_TILE;
}

/** Whether a centre keeping `clearance` may be anywhere in cell (column, row). */
export function isFreeCell(map: NavMap, clearance: number, column: number, row: number): boolean {
  return roomAt(map, column, row) >= clearance;
}

/** The column holding x, clamped into the map. */
export function columnOf(map: NavMap, x: number): number {
  const column = Math.floor(x / NAV_CELL);
  return column < 0 ? 0 : column >= map.columns ? map.columns - 1 : column;
}

/** The row holding y, clamped into the map. */
export function rowOf(map: NavMap, y: number): number {
  const row = Math.floor(y / NAV_CELL);
  return row < 0 ? 0 : row >= map.rows ? map.rows - 1 : row;
}

/**
 * The free cell (for `clearance`) whose centre is nearest the point, searched ring by ring out to
 * `maxDistance` metres; `accept` narrows which free cells count. Writes its column and row into
 * `out` and returns false when there is none that near.
 */
export function nearestFreeCell(
  map: NavMap,
  clearance: number,
  x: number,
  y: number,
  out: { column: number; row: number },
  maxDistance = 4 * TILE_SIZE,
  accept: (column: number, row: number) => boolean = () => true,
): boolean {
  return bestFreeCell(map, clearance, x, y, out, maxDistance, (column, row) => (accept(column, row) ? 0 : Infinity));
}

/**
 * The free cell (for `clearance`) with the least score, its centre's distance to the point plus
 * `penalty` (metres; Infinity leaves the cell out; asked only of cells that could still win),
 * searched ring by ring out to `maxDistance` metres. Writes its column and row into `out` and
 * returns false when there is none.
 */
export function bestFreeCell(
  map: NavMap,
  clearance: number,
  x: number,
  y: number,
  out: { column: number; row: number },
  maxDistance: number,
  penalty: (column: number, row: number) => number,
): boolean {
  const column0 = columnOf(map, x);
  const row0 = rowOf(map, y);
  const maxRing = Math.ceil(maxDistance / NAV_CELL) + 1;
  let bestScore = Infinity;
  for (let ring = 0; ring <= maxRing; ring++) {
    // a cell in this ring is at least (ring - 1) cells from the point: nothing further can win
    if ((ring - 1) * NAV_CELL > bestScore) break;
    for (let row = row0 - ring; row <= row0 + ring; row++) {
      if (row < 0 || row >= map.rows) continue;
      const edge = row === row0 - ring || row === row0 + ring;
      const step = edge || ring === 0 ? 1 : 2 * ring;
      for (let column = column0 - ring; column <= column0 + ring; column += step) {
        if (column < 0 || column >= map.columns || roomAt(map, column, row) < clearance) continue;
        const distance = hypot((column + 0.5) * NAV_CELL - x, (row + 0.5) * NAV_CELL - y);
        if (distance >= bestScore) continue;
        const score = distance + penalty(column, row);
        if (score < bestScore) {
          bestScore = score;
          out.column = column;
          out.row = row;
        }
      }
    }
  }
  return bestScore < Infinity;
}

/**
 * Whether a centre keeping `clearance` can move in a straight line from a to b: every cell the
 * segment passes through (corner touches included) is free. Cell by cell, except across a tile
 * with nothing within reach (every cell free): the walk leaps to two cells before where the
 * segment leaves it, or answers at once when the segment ends inside it.
 */
export function isClearLine(map: NavMap, clearance: number, ax: number, ay: number, bx: number, by: number): boolean {
  if (!(Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(bx) && Number.isFinite(by))) return false;
  let column = Math.floor(ax / NAV_CELL);
  let row = Math.floor(ay / NAV_CELL);
  const endColumn = Math.floor(bx / NAV_CELL);
  const endRow = Math.floor(by / NAV_CELL);
  const dx = bx - ax;
  const dy = by - ay;
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  // parameter t along the segment at which it leaves the current column / row, worked out from
  // the column and row themselves (not summed step by step, so a leap lands on the same values)
  const edgeX = stepX > 0 ? 1 : 0;
  const edgeY = stepY > 0 ? 1 : 0;
  let nextX = stepX === 0 ? Infinity : ((column + edgeX) * NAV_CELL - ax) / dx;
  let nextY = stepY === 0 ? Infinity : ((row + edgeY) * NAV_CELL - ay) / dy;
  // t per cell along the faster axis: a leap stops this twice short of the tile's edge
  const cellTime = NAV_CELL / Math.max(Math.abs(dx), Math.abs(dy));
  const leaps = clearance <= MAX_CLEARANCE;
  const limit = Math.abs(endColumn - column) + Math.abs(endRow - row) + 2;
  _line_tile[2] = 0;
  for (let visited = 0; visited <= limit; visited++) {
    if (!isFreeOnLine(map, clearance, column, row)) return false;
    // the segment ends inside this cell (or on its far edge; the tolerance absorbs the sums)
    const leaves = Math.min(nextX, nextY);
    if (leaves >= 1 - EDGE_EPSILON) return true;
    if (leaps && _line_rooms === OPEN_TILE) {
      const edgeColumn = stepX > 0 ? _line_tile[0]! + TILE_CELLS - 1 : _line_tile[0]!;
      const edgeRow = stepY > 0 ? _line_tile[1]! + TILE_CELLS - 1 : _line_tile[1]!;
      const tileLeft = Math.min(stepX === 0 ? Infinity : ((edgeColumn + edgeX) * NAV_CELL - ax) / dx, stepY === 0 ? Infinity : ((edgeRow + edgeY) * NAV_CELL - ay) / dy);
      if (tileLeft >= 1 - EDGE_EPSILON) return true;
      const to = tileLeft - 2 * cellTime;
      if (to > leaves + 2 * cellTime) {
        // (a cell the segment only grazes at a corner, should `to` fall on one, is free too, and
        // the walk from it joins the segment's cells before the edge)
        column = Math.floor((ax + dx * to) / NAV_CELL);
        row = Math.floor((ay + dy * to) / NAV_CELL);
        nextX = stepX === 0 ? Infinity : ((column + edgeX) * NAV_CELL - ax) / dx;
        nextY = stepY === 0 ? Infinity : ((row + edgeY) * NAV_CELL - ay) / dy;
        continue;
      }
    }
    if (Math.abs(nextX - nextY) < EDGE_EPSILON) {
      // through a corner: both side cells must be free too
      if (!isFreeOnLine(map, clearance, column + stepX, row) || !isFreeOnLine(map, clearance, column, row + stepY)) return false;
      column += stepX;
      row += stepY;
      nextX = ((column + edgeX) * NAV_CELL - ax) / dx;
      nextY = ((row + edgeY) * NAV_CELL - ay) / dy;
    } else if (nextX < nextY) {
      column += stepX;
      nextX = ((column + edgeX) * NAV_CELL - ax) / dx;
    } else {
      row += stepY;
      nextY = ((row + edgeY) * NAV_CELL - ay) / dy;
    }
  }
  return true;
}

/**
 * Whether cell (column, row) is free for isClearLine. A line crosses a tile cell after cell: the
 * tile read last is kept (`_line_tile`: its first column and row and how many of its columns and
 * rows lie on the map, made empty as each line starts; `_line_rooms`: its rooms, the same array
 * for every tile with nothing within reach), so a cell inside it is read without finding its
 * tile again.
 */
function isFreeOnLine(map: NavMap, clearance: number, column: number, row: number): boolean {
  const c = column - _line_tile[0]!;
  const r = row - _line_tile[1]!;
  if (c >= 0 && c < _line_tile[2]! && r >= 0 && r < _line_tile[3]!) return _line_rooms[r * TILE_CELLS + c]! >= clearance;
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return false;
  const column0 = column - (column % TILE_CELLS);
  const row0 = row - (row % TILE_CELLS);
  _line_tile[0] = column0;
  _line_tile[1] = row0;
  _line_tile[2] = Math.min(TILE_CELLS, map.columns - column0);
  _line_tile[3] = Math.min(TILE_CELLS, map.rows - row0);
  _line_rooms = tileRooms(map, tileOf(map, column, row));
  return _line_rooms[(row - row0) * TILE_CELLS + (column - column0)]! >= clearance;
}

const _line_tile = new Int32Array(4);
let _line_rooms: Float32Array = OPEN_TILE;

/** tolerance, in fractions of the segment, for crossings that coincide or end on an edge */
const EDGE_EPSILON = 1e-9;
