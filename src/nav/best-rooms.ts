/**
 * The companion of the navigation map that measures each cell's room at its best point (the
 * `best` RoomMeasure): what the best of a cell's sample points keeps, not what every point keeps.
 * The narrow routes through gaps little wider than a unit are searched on it (sim/planning.ts
 * navTightClearance), and units on them head for each cell's best point (cellPoint). It shares the
 * base map's obstacles, tile versions and work counter; its tiles are filled here.
 */
import { nearestBoundaryPoint, type ShapeGeometry, signedDistance } from '../math/shapes';
import {
  DISTANCE_WORK,
  HALF_CELL,
  HALF_DIAGONAL,
  MAX_CLEARANCE,
  NAV_CELL,
  NO_SHAPES,
  type NavMap,
  TILE_AREA,
  TILE_CELLS,
  _reach,
  reachInTile,
  tileOf,
} from './navmap';

/**
 * The companion of `map` whose rooms measure `best` (see RoomMeasure), made on first use: it shares
 * the map's obstacles, tile versions, version and work counter (so planning budgets the work of
 * both as one), and fills its own rooms when asked.
 */
export function bestRoomMap(map: NavMap): NavMap {
  const base = map.base;
  if (base.best !== undefined) return base.best;
  const best = makeBestRoomMap({}, base, {
    rooms: new Array<Float32Array | undefined>(base.rooms.length),
    leastRoom: new Float32Array(base.rooms.length),
    cellPoints: new Array<Float64Array | undefined>(base.rooms.length),
  });
  base.best = best;
  return best;
}

/** What a companion map keeps of its own (the rest is its base's). */
export type BestRoomsOwn = Pick<NavMap, 'rooms' | 'leastRoom' | 'cellPoints'>;

/** Makes `into` the companion of `base` with `own` rooms (bestRoomMap; a saved one read back,
 * sim/save.ts). */
export function makeBestRoomMap(into: object, base: NavMap, own: BestRoomsOwn): NavMap {
  return Object.defineProperties(into, {
    width: { value: base.width, enumerable: true, writable: true },
    height: { value: base.height, enumerable: true, writable: true },
    columns: { value: base.columns, enumerable: true, writable: true },
    rows: { value: base.rows, enumerable: true, writable: true },
    tileColumns: { value: base.tileColumns, enumerable: true, writable: true },
    tileRows: { value: base.tileRows, enumerable: true, writable: true },
    rooms: { value: own.rooms, enumerable: true, writable: true },
    tileVersion: { value: base.tileVersion, enumerable: true, writable: true },
    leastRoom: { value: own.leastRoom, enumerable: true, writable: true },
    buckets: { value: base.buckets, enumerable: true, writable: true },
    bucketShapes: { value: base.bucketShapes, enumerable: true, writable: true },
    obstacles: { value: base.obstacles, enumerable: true, writable: true },
    // one version and one work counter for both (planning budgets the work of both as one)
    version: { get: () => base.version, set: (value: number) => (base.version = value), enumerable: true },
    work: { get: () => base.work, set: (value: number) => (base.work = value), enumerable: true },
    measure: { value: 'best', enumerable: true, writable: true },
    base: { value: base, enumerable: true, writable: true },
    best: { value: undefined, enumerable: true, writable: true },
    cellPoints: { value: own.cellPoints, enumerable: true, writable: true },
    fillBest: { value: fillBestRooms, enumerable: true, writable: true },
  }) as NavMap;
}

/** Whether `map` is a companion map (bestRoomMap). */
export function isBestRoomMap(map: object): map is NavMap {
  return (map as Partial<NavMap>).measure === 'best' && (map as Partial<NavMap>).base !== map;
}

/**
 * The point of cell (column, row) a centre steering through it heads for, into `out`: its middle;
 * by the `best` measure, the sample point with the most room (the middle when none has more). In
 * a gap little wider than a unit, the middles of the cells along it may lie too near one side for
 * the unit to stand there.
 */
export function cellPoint(map: NavMap, column: number, row: number, out: { x: number; y: number }): void {
  const middleX = (column + 0.5) * NAV_CELL;
  const middleY = (row + 0.5) * NAV_CELL;
  out.x = middleX;
  out.y = middleY;
  if (map.measure !== 'best' || column < 0 || row < 0 || column >= map.columns || row >= map.rows) return;
  // (asked for every cell a unit looks down its route through, each time it looks: kept per cell
  // until the tile changes)
  const tile = tileOf(map, column, row);
  const points = (map.cellPoints[tile] ??= new Float64Array(2 * TILE_AREA).fill(Number.NaN));
  const at = 2 * ((row % TILE_CELLS) * TILE_CELLS + (column % TILE_CELLS));
  if (!Number.isNaN(points[at]!)) {
    out.x = points[at]!;
    out.y = points[at + 1]!;
    return;
  }
  bestPointOf(map, map.bucketShapes[tile] ?? NO_SHAPES, middleX, middleY, out);
  points[at] = out.x;
  points[at + 1] = out.y;
}

/** The sample point of the cell with middle (middleX, middleY) with the most room (the middle when
 * none has more), into `out`. */
function bestPointOf(map: NavMap, shapes: readonly ShapeGeometry[], middleX: number, middleY: number, out: { x: number; y: number }): void {
  out.x = middleX;
  out.y = middleY;
  let best = roomOfPoint(map, shapes, middleX, middleY, -Infinity);
  for (let sy = 0; sy < SAMPLES; sy++) {
    const y = middleY + (sy / (SAMPLES - 1) - 0.5) * NAV_CELL;
    for (let sx = 0; sx < SAMPLES; sx++) {
      const x = middleX + (sx / (SAMPLES - 1) - 0.5) * NAV_CELL;
      const room = roomOfPoint(map, shapes, x, y, best);
      if (room > best) {
        best = room;
        out.x = x;
        out.y = y;
      }
    }
  }
}

/** sample points per side of a cell where two obstacles are about as near (below): spread from
 * edge to edge, so no point of the cell is more than NAV_CELL / (SAMPLES - 1) / sqrt 2 (4.4 cm)
 * from one */
const SAMPLES = 5;
/** metres: a cell whose middle is at least this far from everything gets its middle's room under
 * the `best` measure (the least room of its best point): enough for the narrow routes of units up
 * to BEST_REACH - 0.05 m in radius (planning.ts navTightClearance), and it keeps the measure from
 * costing more than twice the `least` one */
const BEST_REACH = 1.5;
/** a wall of the world, in the per-cell record of the nearest obstacles (below): -1 - side */
const WALL = -1;

/** per cell of the tile being filled by the `best` measure: the nearest obstacle or wall (index
 * into the tile's shapes, or WALL - side), its distance from the middle, the next nearest's */
const _best_nearest = new Int32Array(TILE_AREA);
const _best_first = new Float64Array(TILE_AREA);
const _best_second = new Float64Array(TILE_AREA);
const _best_point = { x: 0, y: 0 };

/**
 * Fills the rooms of the tile whose first cell is (column0, row0) by the `best` measure: per cell,
 * the most room any of its points has. Distances to a circle, a box, a convex polygon or a wall
 * are convex functions of the point that change by no more than the point moves. So where one
 * obstacle is nearer the cell's middle than any other by more than the cell's diagonal, it is the
 * nearest at every point of the cell, and the most room is at one of the cell's corners, at least
 * what the distance's slope at the middle gives there (exact beside a flat side; a few millimetres
 * short beside a rock). Elsewhere (along the middle of a gap, where two are about as near) the room is measured at
 * SAMPLES x SAMPLES points and the best taken. The middles are measured as for the `least` measure
 * (each shape over the cells within its reach), so a tile costs about twice its `least` fill.
 */
function fillBestRooms(map: NavMap, column0: number, row0: number, room: Float32Array): void {
  const shapes = map.bucketShapes[tileOf(map, column0, row0)] ?? NO_SHAPES;
  const nearest = _best_nearest;
  const first = _best_first;
  const second = _best_second;
  // the walls, nearest first
  for (let j = 0; j < TILE_CELLS; j++) {
    const y = (row0 + j + 0.5) * NAV_CELL;
    for (let i = 0; i < TILE_CELLS; i++) {
      const x = (column0 + i + 0.5) * NAV_CELL;
      const cell = j * TILE_CELLS + i;
      first[cell] = second[cell] = Infinity;
      nearest[cell] = WALL;
      for (let side = 0; side < 4; side++) keepNearest(cell, WALL - side, wallDistance(map, side, x, y));
    }
  }
  let work = TILE_AREA;
  for (let k = 0; k < shapes.length; k++) {
    const shape = shapes[k]!;
    reachInTile(shape, column0, row0);
    const i0 = _reach[0]!;
    const i1 = _reach[1]!;
    const j0 = _reach[2]!;
    const j1 = _reach[3]!;
    for (let j = j0; j <= j1; j++) {
      const y = (row0 + j + 0.5) * NAV_CELL;
      for (let i = i0; i <= i1; i++) keepNearest(j * TILE_CELLS + i, k, signedDistance(shape, (column0 + i + 0.5) * NAV_CELL, y));
    }
    work += DISTANCE_WORK * Math.max(0, i1 - i0 + 1) * Math.max(0, j1 - j0 + 1);
  }
  for (let j = 0; j < TILE_CELLS; j++) {
    const middleY = (row0 + j + 0.5) * NAV_CELL;
    for (let i = 0; i < TILE_CELLS; i++) {
      const middleX = (column0 + i + 0.5) * NAV_CELL;
      const cell = j * TILE_CELLS + i;
      let best = first[cell]!;
      if (best >= BEST_REACH || best <= 0) {
        // far enough from everything, or inside an obstacle: the middle's room (one of the
        // cell's points) will do
      } else if (second[cell]! - best > 2 * HALF_DIAGONAL) {
        const k = nearest[cell]!;
        if (k < 0) {
          // a wall: its distance grows straight away from it, by half a cell at the far corners
          best += HALF_CELL;
        } else {
          // the distance grows away from the nearest boundary point at least as fast as it does
          // at the middle (a convex function lies above its tangent plane): the corner furthest
          // along that way has at least this much (exactly this for a flat side)
          const distance = nearestBoundaryPoint(shapes[k]!, middleX, middleY, _best_point);
          best = distance + (HALF_CELL * (Math.abs(middleX - _best_point.x) + Math.abs(middleY - _best_point.y))) / distance;
          work += DISTANCE_WORK;
        }
      } else {
        _best_measured[0] = 0;
        for (let sy = 0; sy < SAMPLES; sy++) {
          const y = middleY + (sy / (SAMPLES - 1) - 0.5) * NAV_CELL;
          const edge = sy === 0 || sy === SAMPLES - 1;
          for (let sx = 0; sx < SAMPLES; sx += edge ? 1 : SAMPLES - 1) {
            best = Math.max(best, roomOfPoint(map, shapes, middleX + (sx / (SAMPLES - 1) - 0.5) * NAV_CELL, y, best));
          }
        }
        work += DISTANCE_WORK * _best_measured[0]!;
      }
      room[cell] = Math.min(MAX_CLEARANCE, best);
    }
  }
  map.work += work;
}

/** Records `distance` to obstacle `index` for the cell when it is among the two nearest so far. */
function keepNearest(cell: number, index: number, distance: number): void {
  if (distance < _best_first[cell]!) {
    _best_second[cell] = _best_first[cell]!;
    _best_first[cell] = distance;
    _best_nearest[cell] = index;
  } else if (distance < _best_second[cell]!) {
    _best_second[cell] = distance;
  }
}

/** Metres from (x, y) to wall `side` of the world (0 left, 1 right, 2 bottom, 3 top). */
function wallDistance(map: NavMap, side: number, x: number, y: number): number {
  return side === 0 ? x : side === 1 ? map.width - x : side === 2 ? y : map.height - y;
}

/** Metres from (x, y) to the nearest of `shapes` and the walls; once at or below `floor`, whatever
 * is reached (the caller keeps only more than `floor`). */
function roomOfPoint(map: NavMap, shapes: readonly ShapeGeometry[], x: number, y: number, floor: number): number {
  let room = Math.min(x, map.width - x, y, map.height - y);
  for (let k = 0; k < shapes.length && room > floor; k++) {
    const shape = shapes[k]!;
    // a shape whose box lies further than the room so far cannot bring it down
    if (x < shape.minX - room || x > shape.maxX + room || y < shape.minY - room || y > shape.maxY + room) continue;
    room = Math.min(room, signedDistance(shape, x, y));
    _best_measured[0]!++;
  }
  return room;
}

/** distances to shapes roomOfPoint measured since it was last set to 0 (a typed array, not a
 * module variable, which V8 would box at every count) */
const _best_measured = new Int32Array(1);

