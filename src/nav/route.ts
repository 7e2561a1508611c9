/**
 * Routes on the navigation map (navmap.ts), for maps of any size: a coarse search over the tiles'
 * borders, and fine path costs only in the tiles units walk through.
 *
 * For one clearance (a layer), each border between two tiles is cut into portals: runs of at most
 * MAX_RUN cells where the cells on both sides are free. A portal has two sides, one in each tile;
 * the sides are the nodes of the coarse graph, each standing at the middle cell of its run. Two
 * sides in one tile are linked by the length of the shortest path between their middle cells
 * inside the tile (a search over its cells, made the first time it is needed and kept until the
 * tile or a neighbour changes), and the two sides of one portal by one step. (Linking whole runs
 * instead would let a route slide along a border from run to run for a step each.)
 *
 * A route searches that graph backwards from its goal (a weighted A*, toward the tiles its units
 * stand in), so every side it settles knows a path length to the goal. The fine path costs of a
 * tile (a search over its cells from the sides of its portals, each cell of a run starting from
 * the cost of crossing at the run's middle plus the walk along the run to it, and from the goal in
 * the goal's tile) are made when a unit first asks about the tile. Costs run on across tile
 * borders, so a unit walks down them from tile to tile as on one big field.
 *
 * Steps onto cells within NEAR_BAND of the clearance cost NEAR_COST times more, so routes keep a
 * little off walls where they have the room; in narrow passages the way down keeps to the right
 * (see lowestNeighbour). Lengths in metres. No pixi.js, no DOM.
 */
import { hypot } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import {
  NAV_CELL,
  type NavMap,
  TILE_AREA,
  TILE_CELLS,
  TILE_SIZE,
  columnOf,
  isClearLine,
  nearestFreeCell,
  roomAt,
  rowOf,
  tileOf,
  tileRooms,
} from './navmap';
import { cellPoint } from './best-rooms';
import { LANE_WIDTH, MARGIN_RINGS, MIN_LANES_ROOM, PASSAGE_DEPTH, RING_OFFSETS, freeRun, keepPassage } from './passages';

/** how much more a step onto a cell close to a wall costs */
export const NEAR_COST = 2;
/** metres: a free cell with less room than the clearance plus this is close to a wall */
const NEAR_BAND = 0.3;
/** cells: free runs along a tile border longer than this are cut into several portals */
const MAX_RUN = 16;
/** metres: a tile's path costs are final once every side it could leave by is settled, or the
 * search has settled everything up to this much beyond the best of them */
const SETTLE_BOUND = 2 * TILE_SIZE;
/** metres: how far beyond that the search goes for a free cell it has not reached */
const MAX_SETTLE_BOUND = 64 * SETTLE_BOUND;
/** the coarse search weighs the straight distance still to go this much more than a path's length
 * so far (a weighted A*): it settles far fewer sides (a fifth, on a 500 m rock field), for routes
 * at most this many times the shortest (on that field, the shortest itself) */
const HEURISTIC_WEIGHT = 1.3;

interface Portal {
  /** the tiles left of / below the border (A) and right of / above it (B) */
  readonly tileA: number;
  readonly tileB: number;
  /** the run's cells, as indices within tile A and within tile B */
  readonly cellsA: Int32Array;
  readonly cellsB: Int32Array;
  /** the middle of the run, as an index into the cell lists */
  readonly middle: number;
  /** metres: the box the run's cells span (both sides) */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The coarse graph for one clearance, built as far as it has been asked about. */
export interface NavLayer {
  readonly map: NavMap;
  /** metres a centre keeps from obstacles and walls */
  readonly clearance: number;
  readonly portals: Array<Portal | undefined>;
  /** per border (2 x tile for the one to its right, 2 x tile + 1 for the one above it) */
  readonly borders: Map<number, { stamp: number; portals: number[] }>;
  /** per side: the other sides of its tile and the path length to each (Infinity: not within the tile) */
  readonly links: Map<number, { stamp: number; sides: Int32Array; costs: Float64Array }>;
  /** per tile: its cells as the searches read them (see tileCells) */
  readonly cells: Map<number, TileCells>;
}

const layersOf = new WeakMap<NavMap, Map<number, NavLayer>>();

/** The layer for `clearance` (metres, rounded to the millimetre). */
export function navLayer(map: NavMap, clearance: number): NavLayer {
  let layers = layersOf.get(map);
  if (layers === undefined) {
    layers = new Map();
    layersOf.set(map, layers);
  }
  const key = Math.round(clearance * 1000);
  let layer = layers.get(key);
  if (layer === undefined) {
    layer = { map, clearance: key / 1000, portals: [], borders: new Map(), links: new Map(), cells: new Map() };
    layers.set(key, layer);
  }
  return layer;
}

// ---------------------------------------------------------------------------------------------
// Portals and sides

function borderPortals(layer: NavLayer, border: number): number[] {
  const map = layer.map;
  const tileA = border >> 1;
  const vertical = (border & 1) === 0;
  const tileB = vertical ? tileA + 1 : tileA + map.tileColumns;
  const stamp = map.tileVersion[tileA]! + map.tileVersion[tileB]!;
  const known = layer.borders.get(border);
  if (known !== undefined && known.stamp === stamp) return known.portals;
  if (known !== undefined) for (const id of known.portals) layer.portals[id] = undefined;
  const roomsA = tileRooms(map, tileA);
  const roomsB = tileRooms(map, tileB);
  const clearance = layer.clearance;
  const portals: number[] = [];
  const columnA0 = (tileA % map.tileColumns) * TILE_CELLS;
  const rowA0 = Math.floor(tileA / map.tileColumns) * TILE_CELLS;
  let start = -1;
  const close = (end: number): void => {
    // cells start .. end - 1 of the border form one run
    const count = end - start;
    const cellsA = new Int32Array(count);
    const cellsB = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      const along = start + k;
      cellsA[k] = vertical ? along * TILE_CELLS + TILE_CELLS - 1 : (TILE_CELLS - 1) * TILE_CELLS + along;
      cellsB[k] = vertical ? along * TILE_CELLS : along;
    }
    const lowX = vertical ? (columnA0 + TILE_CELLS - 1) * NAV_CELL : (columnA0 + start) * NAV_CELL;
    const lowY = vertical ? (rowA0 + start) * NAV_CELL : (rowA0 + TILE_CELLS - 1) * NAV_CELL;
    const highX = vertical ? lowX + 2 * NAV_CELL : lowX + count * NAV_CELL;
    const highY = vertical ? lowY + count * NAV_CELL : lowY + 2 * NAV_CELL;
    portals.push(layer.portals.length);
    layer.portals.push({ tileA, tileB, cellsA, cellsB, middle: count >> 1, minX: lowX, minY: lowY, maxX: highX, maxY: highY });
    start = -1;
  };
  for (let along = 0; along < TILE_CELLS; along++) {
    const a = vertical ? along * TILE_CELLS + TILE_CELLS - 1 : (TILE_CELLS - 1) * TILE_CELLS + along;
    const b = vertical ? along * TILE_CELLS : along;
    const free = roomsA[a]! >= clearance && roomsB[b]! >= clearance;
    if (free && start < 0) start = along;
    else if (free && along - start === MAX_RUN) {
      close(along);
      start = along;
    } else if (!free && start >= 0) close(along);
  }
  if (start >= 0) close(TILE_CELLS);
  layer.borders.set(border, { stamp, portals });
  return portals;
}

/** A side is 2 x portal + 0 for its side in tile A, + 1 for tile B. */
function sideTile(layer: NavLayer, side: number): number {
  const portal = layer.portals[side >> 1]!;
  return (side & 1) === 0 ? portal.tileA : portal.tileB;
}

function sideCells(layer: NavLayer, side: number): Int32Array {
  const portal = layer.portals[side >> 1]!;
  return (side & 1) === 0 ? portal.cellsA : portal.cellsB;
}

/** The side's middle cell, within its tile. */
function sideMiddle(layer: NavLayer, side: number): number {
  const portal = layer.portals[side >> 1]!;
  return ((side & 1) === 0 ? portal.cellsA : portal.cellsB)[portal.middle]!;
}

const _sides: number[] = [];

/** The sides of the portals on the tile's four borders that lie in the tile (into `_sides`). */
function tileSides(layer: NavLayer, tile: number): number[] {
  const map = layer.map;
  const column = tile % map.tileColumns;
  const row = Math.floor(tile / map.tileColumns);
  _sides.length = 0;
  if (column < map.tileColumns - 1) for (const id of borderPortals(layer, 2 * tile)) _sides.push(2 * id);
  if (column > 0) for (const id of borderPortals(layer, 2 * (tile - 1))) _sides.push(2 * id + 1);
  if (row < map.tileRows - 1) for (const id of borderPortals(layer, 2 * tile + 1)) _sides.push(2 * id);
  if (row > 0) for (const id of borderPortals(layer, 2 * (tile - map.tileColumns) + 1)) _sides.push(2 * id + 1);
  return _sides;
}

/** Goes up whenever the tile or one of its four neighbours changes (versions only go up). */
function neighbourhoodStamp(map: NavMap, tile: number): number {
  const column = tile % map.tileColumns;
  const row = Math.floor(tile / map.tileColumns);
  let stamp = map.tileVersion[tile]!;
  if (column > 0) stamp += map.tileVersion[tile - 1]!;
  if (column < map.tileColumns - 1) stamp += map.tileVersion[tile + 1]!;
  if (row > 0) stamp += map.tileVersion[tile - map.tileColumns]!;
  if (row < map.tileRows - 1) stamp += map.tileVersion[tile + map.tileColumns]!;
  return stamp;
}

/** The other sides of the side's tile and the path length to each within the tile. */
function sideLinks(layer: NavLayer, side: number): { sides: Int32Array; costs: Float64Array } {
  const tile = sideTile(layer, side);
  const stamp = neighbourhoodStamp(layer.map, tile);
  const known = layer.links.get(side);
  if (known !== undefined && known.stamp === stamp) return known;
  const sides = Int32Array.from(tileSides(layer, tile));
  const costs = new Float64Array(sides.length);
  // No path between two cells is shorter than the octile distance, so wherever one path that
  // long has every step at its plain cost, that is the length: when the box spanned by the two
  // middle cells holds no cell close to a wall, or one of two such paths (diagonal steps first,
  // or straight steps first) crosses none. Only the others need a search over the tile.
  const from = sideMiddle(layer, side);
  const { sums: crowded, steps } = tileCells(layer, tile);
  beginTileSearch();
  for (let k = 0; k < sides.length; k++) {
    const to = sideMiddle(layer, sides[k]!);
    if (boxCount(crowded, from, to) === 0 || isPlainPath(steps, from, to, true) || isPlainPath(steps, from, to, false)) {
      costs[k] = octile(from, to);
    } else {
      costs[k] = -1; // left to the search below
      addSearchTarget(to);
    }
  }
  if (_targetCount > 0) {
    // one search from this side's middle, until every middle it is needed for is settled
    seedCell(from, 0);
    runTileSearch(layer, tile, null);
    for (let k = 0; k < sides.length; k++) {
      if (costs[k] === -1) costs[k] = searchedCost(sideMiddle(layer, sides[k]!));
    }
  }
  const links = { stamp, sides, costs };
  layer.links.set(side, links);
  return links;
}

/**
 * What the searches need of a tile for the layer's clearance, kept until the tile changes: each
 * cell's step class on a grid padded by one blocked cell all round (0 blocked, 1 free, 2 free but
 * close to a wall: a step onto it costs NEAR_COST times more), and counts of its crowded (blocked
 * or close) cells as sums over the boxes from the tile's corner ((TILE_CELLS + 1)^2, row-major).
 */
interface TileCells {
  readonly version: number;
  readonly steps: Uint8Array;
  readonly sums: Int32Array;
}

/** cells per side of a tile with its padding */
const PAD = TILE_CELLS + 2;
const PAD_AREA = PAD * PAD;
const BLOCKED = 0;
const PLAIN = 1;
const CLOSE = NEAR_COST;

function tileCells(layer: NavLayer, tile: number): TileCells {
  const version = layer.map.tileVersion[tile]!;
  const known = layer.cells.get(tile);
  if (known !== undefined && known.version === version) return known;
  const rooms = tileRooms(layer.map, tile);
  const near = layer.clearance + NEAR_BAND;
  const side = TILE_CELLS + 1;
  const steps = new Uint8Array(PAD_AREA);
  const sums = new Int32Array(side * side);
  for (let j = 0; j < TILE_CELLS; j++) {
    let row = 0;
    for (let i = 0; i < TILE_CELLS; i++) {
      const room = rooms[j * TILE_CELLS + i]!;
      steps[(j + 1) * PAD + i + 1] = room < layer.clearance ? BLOCKED : room < near ? CLOSE : PLAIN;
      if (room < near) row++;
      sums[(j + 1) * side + i + 1] = sums[j * side + i + 1]! + row;
    }
  }
  layer.map.work += TILE_AREA;
  const cells = { version, steps, sums };
  layer.cells.set(tile, cells);
  return cells;
}

/** How many crowded cells the box spanned by cells a and b holds. */
function boxCount(sums: Int32Array, a: number, b: number): number {
  const side = TILE_CELLS + 1;
  const i0 = Math.min(a % TILE_CELLS, b % TILE_CELLS);
  const i1 = Math.max(a % TILE_CELLS, b % TILE_CELLS) + 1;
  const j0 = Math.min(Math.floor(a / TILE_CELLS), Math.floor(b / TILE_CELLS));
  const j1 = Math.max(Math.floor(a / TILE_CELLS), Math.floor(b / TILE_CELLS)) + 1;
  return sums[j1 * side + i1]! - sums[j0 * side + i1]! - sums[j1 * side + i0]! + sums[j0 * side + i0]!;
}

/**
 * Whether the 8-neighbour path from cell a to cell b (within the tile) that takes its diagonal
 * steps first (or last) steps only onto cells at their plain cost, never cutting a blocked corner.
 */
function isPlainPath(steps: Uint8Array, a: number, b: number, diagonalFirst: boolean): boolean {
  const dx = (b % TILE_CELLS) - (a % TILE_CELLS);
  const dy = Math.floor(b / TILE_CELLS) - Math.floor(a / TILE_CELLS);
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy) * PAD;
  const diagonals = Math.min(Math.abs(dx), Math.abs(dy));
  const straights = Math.max(Math.abs(dx), Math.abs(dy)) - diagonals;
  const straight = Math.abs(dx) > Math.abs(dy) ? stepX : stepY;
  let cell = padIndex(a);
  for (let pass = 0; pass < 2; pass++) {
    if ((pass === 0) === diagonalFirst) {
      for (let k = 0; k < diagonals; k++) {
        if (steps[cell + stepX] === BLOCKED || steps[cell + stepY] === BLOCKED) return false;
        cell += stepX + stepY;
        if (steps[cell] !== PLAIN) return false;
      }
    } else {
      for (let k = 0; k < straights; k++) {
        cell += straight;
        if (steps[cell] !== PLAIN) return false;
      }
    }
  }
  return true;
}

/** metres of the shortest 8-neighbour path between two cells with nothing crowded between them */
function octile(a: number, b: number): number {
  const dx = Math.abs((a % TILE_CELLS) - (b % TILE_CELLS));
  const dy = Math.abs(Math.floor(a / TILE_CELLS) - Math.floor(b / TILE_CELLS));
  return UNIT * (STRAIGHT * (Math.max(dx, dy) - Math.min(dx, dy)) + DIAGONAL * Math.min(dx, dy));
}

// ---------------------------------------------------------------------------------------------
// Shortest paths within one tile: Dijkstra with whole-number step costs, so a ring of buckets
// indexed by cost does what a heap would (Dial's algorithm), on the padded grid (no edge tests)

/** metres per cost unit: a straight step costs STRAIGHT units, a diagonal DIAGONAL (10 sqrt 2,
 * rounded), times the class of the cell stepped onto */
const UNIT = NAV_CELL / 10;
const STRAIGHT = 10;
const DIAGONAL = 14;
/** buckets in the ring: a power of two above the dearest step */
const RING = 32;
const UNREACHED = 0x3fffffff;
/** a cell taken off the queue counts as this much work (filling a cell's room counts 1; a search
 * also counts its tile's cells once, for clearing and writing out its costs) */
const POP_WORK = 2;
/** a side settled by the coarse search (its links walked, its neighbours reached) counts this
 * much, and every open side put in order again for a new aim this much */
const SETTLE_WORK = 60;
const REKEY_WORK = 4;

const _costs = new Int32Array(PAD_AREA);
const _bucketHead = new Int32Array(RING);
const _entryCell = new Int32Array(8 * PAD_AREA + 8 * TILE_CELLS);
const _entryNext = new Int32Array(_entryCell.length);
let _seedCells = new Int32Array(8 * TILE_CELLS);
let _seedCosts = new Int32Array(_seedCells.length);
let _seedCount = 0;
const _seedOrder: number[] = [];
/** the cells (padded indices) a search without output is for, and a mark on each (a tile has at
 * most 4 x TILE_CELLS / 2 sides: free runs along a border are parted by a blocked cell) */
const _targets = new Int32Array(4 * TILE_CELLS);
const _isTarget = new Uint8Array(PAD_AREA);
let _targetCount = 0;
/** work counted for one pass over a tile (see sweepTile: a pass takes about a tenth of the time
 * of a search over the tile, which counts about three times this) */
const PASS_WORK = TILE_AREA / 2;
/** passes over a tile before the search takes over (see sweepTile) */
const MAX_PASSES = 8;

/** Starts a search: seeds come with `seedCell` (and, for a search that may stop early, the cells
 * it is for with `addSearchTarget`), then `runTileSearch` works out the costs. */
function beginTileSearch(): void {
  _seedCount = 0;
  _targetCount = 0;
}

/** A seed: the search starts from `cell` (within the tile) at `cost` metres. */
function seedCell(cell: number, cost: number): void {
  if (_seedCount === _seedCells.length) {
    const cells = new Int32Array(2 * _seedCount);
    cells.set(_seedCells);
    _seedCells = cells;
    const costs = new Int32Array(2 * _seedCount);
    costs.set(_seedCosts);
    _seedCosts = costs;
  }
  _seedCells[_seedCount] = cell;
  _seedCosts[_seedCount++] = Math.round(cost / UNIT);
}

/** A cell (within the tile) whose cost a search without output must settle before it stops. */
function addSearchTarget(cell: number): void {
  const padded = padIndex(cell);
  if (_isTarget[padded] === 1) return;
  _isTarget[padded] = 1;
  _targets[_targetCount++] = padded;
}

/** The cost in metres the last search found for `cell` (within the tile); Infinity if unreached. */
function searchedCost(cell: number): number {
  const cost = _costs[padIndex(cell)]!;
  return cost === UNREACHED ? Infinity : cost * UNIT;
}

/** A cell within the tile as an index on the padded grid. */
function padIndex(cell: number): number {
  return (Math.floor(cell / TILE_CELLS) + 1) * PAD + (cell % TILE_CELLS) + 1;
}

/**
 * Works out the path costs from the seeds over the tile's free cells (8 neighbours, no corner
 * cutting): by passes over the grid (sweepTile) when they settle within MAX_PASSES, else by the
 * search. With `out`, copies every cell's cost into it (see Route.fields); the targets' costs are
 * read with `searchedCost` (the search stops as soon as they are settled).
 */
function runTileSearch(layer: NavLayer, tile: number, out: Int32Array | null): void {
  const { steps, sums } = tileCells(layer, tile);
  const passes = sweepTile(steps, sums[sums.length - 1] === 0);
  if (passes > 0) {
    for (let k = 0; k < _targetCount; k++) _isTarget[_targets[k]!] = 0;
    if (out !== null) writeCosts(out);
    layer.map.work += passes * PASS_WORK;
    return;
  }
  const costs = _costs;
  costs.fill(UNREACHED);
  _bucketHead.fill(-1);
  _entries = 0;
  _pending = 0;
  _seedOrder.length = _seedCount;
  for (let k = 0; k < _seedCount; k++) _seedOrder[k] = k;
  _seedOrder.sort((a, b) => _seedCosts[a]! - _seedCosts[b]! || a - b);
  let pops = 0;
  let seed = 0;
  let targetsLeft = out === null ? _targetCount : -1;
  let current = _seedCount > 0 ? _seedCosts[_seedOrder[0]!]! : 0;
  search: for (;;) {
    // seeds within the ring's reach go into their buckets
    while (seed < _seedCount && _seedCosts[_seedOrder[seed]!]! < current + RING) {
      const k = _seedOrder[seed++]!;
      const cell = padIndex(_seedCells[k]!);
      if (steps[cell] !== BLOCKED) relax(cell, _seedCosts[k]!);
    }
    if (_pending === 0) {
      if (seed >= _seedCount) break;
      current = _seedCosts[_seedOrder[seed]!]!;
      continue;
    }
    const bucket = current & (RING - 1);
    while (_bucketHead[bucket] !== -1) {
      const entry = _bucketHead[bucket]!;
      _bucketHead[bucket] = _entryNext[entry]!;
      _pending--;
      const cell = _entryCell[entry]!;
      if (costs[cell] !== current) continue; // reached more cheaply since
      pops++;
      if (_isTarget[cell] === 1 && --targetsLeft === 0) break search;
      // the four straight neighbours, then the four diagonal ones where both cells beside the
      // step are free
      const east = steps[cell + 1]!;
      const west = steps[cell - 1]!;
      const north = steps[cell + PAD]!;
      const south = steps[cell - PAD]!;
      if (east !== BLOCKED) relax(cell + 1, current + STRAIGHT * east);
      if (west !== BLOCKED) relax(cell - 1, current + STRAIGHT * west);
      if (north !== BLOCKED) relax(cell + PAD, current + STRAIGHT * north);
      if (south !== BLOCKED) relax(cell - PAD, current + STRAIGHT * south);
      if (north !== BLOCKED && east !== BLOCKED && steps[cell + PAD + 1] !== BLOCKED) relax(cell + PAD + 1, current + DIAGONAL * steps[cell + PAD + 1]!);
      if (north !== BLOCKED && west !== BLOCKED && steps[cell + PAD - 1] !== BLOCKED) relax(cell + PAD - 1, current + DIAGONAL * steps[cell + PAD - 1]!);
      if (south !== BLOCKED && east !== BLOCKED && steps[cell - PAD + 1] !== BLOCKED) relax(cell - PAD + 1, current + DIAGONAL * steps[cell - PAD + 1]!);
      if (south !== BLOCKED && west !== BLOCKED && steps[cell - PAD - 1] !== BLOCKED) relax(cell - PAD - 1, current + DIAGONAL * steps[cell - PAD - 1]!);
    }
    current++;
  }
  for (let k = 0; k < _targetCount; k++) _isTarget[_targets[k]!] = 0;
  if (out !== null) writeCosts(out);
  // the costs cleared (and written out), and the cells taken off the queue
  layer.map.work += TILE_AREA + POP_WORK * pops;
}

/** Copies the search's costs into `out` (one entry per cell of the tile; see Route.fields). */
function writeCosts(out: Int32Array): void {
  for (let j = 0, to = 0; j < TILE_CELLS; j++) {
    for (let from = (j + 1) * PAD + 1, end = from + TILE_CELLS; from < end; from++, to++) out[to] = _costs[from]!;
  }
}

/** A field's entry in metres (Infinity where no path reaches the cell). */
function metres(cost: number): number {
  return cost === UNREACHED ? Infinity : cost * UNIT;
}

/**
 * The same costs as the search, by passes over the grid instead: one in row order that lowers each
 * cell's cost from its four neighbours before it (west, and the three below), one in reverse order
 * from the four after it, and so on by turns. A path whose steps all go one way along the rows'
 * order is found by one pass; each turn back against it needs one more. Once a pass changes
 * nothing, the costs are final (every step from a cell to a neighbour is relaxed by one of the two
 * kinds of pass, and the pass before left its own kind with nothing to lower): the same whole
 * numbers as the search, as a least fixed point of the same steps. On an open tile (`open`: no
 * cell blocked or close to a wall) the first two passes are enough, since a shortest path there can
 * take its steps in any order. Among rocks a tile takes three to five passes, about half the time
 * of a search; a tile that still changes after MAX_PASSES (a walled maze) is left to the search:
 * returns 0 then, else the passes made. Costs are left in `_costs`.
 */
function sweepTile(steps: Uint8Array, open: boolean): number {
  const costs = _costs;
  costs.fill(UNREACHED);
  for (let k = 0; k < _seedCount; k++) {
    const cell = padIndex(_seedCells[k]!);
    if (steps[cell] !== BLOCKED && _seedCosts[k]! < costs[cell]!) costs[cell] = _seedCosts[k]!;
  }
  // the padding and blocked cells keep UNREACHED (a step from them never beats a real cost); a
  // diagonal step needs both cells beside it free, as in the search
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const changed = (pass & 1) === 0 ? passUp(steps, costs) : passDown(steps, costs);
    if (pass === 1 && open) return 2;
    if (pass > 0 && !changed) return pass + 1;
  }
  return 0;
}

/** One pass in row order, each cell from its west and three southern neighbours; whether any cost fell. */
function passUp(steps: Uint8Array, costs: Int32Array): boolean {
  let changed = false;
  for (let j = 1; j <= TILE_CELLS; j++) {
    for (let cell = j * PAD + 1, end = cell + TILE_CELLS; cell < end; cell++) {
      const step = steps[cell]!;
      if (step === BLOCKED) continue;
      const old = costs[cell]!;
      let best = old;
      const straight = STRAIGHT * step;
      const west = costs[cell - 1]! + straight;
      const south = costs[cell - PAD]! + straight;
      if (west < best) best = west;
      if (south < best) best = south;
      if (steps[cell - PAD] !== BLOCKED) {
        const diagonal = DIAGONAL * step;
        if (steps[cell - 1] !== BLOCKED) {
          const southWest = costs[cell - PAD - 1]! + diagonal;
          if (southWest < best) best = southWest;
        }
        if (steps[cell + 1] !== BLOCKED) {
          const southEast = costs[cell - PAD + 1]! + diagonal;
          if (southEast < best) best = southEast;
        }
      }
      if (best < old) {
        costs[cell] = best;
        changed = true;
      }
    }
  }
  return changed;
}

/** One pass in reverse row order, each cell from its east and three northern neighbours; whether any cost fell. */
function passDown(steps: Uint8Array, costs: Int32Array): boolean {
  let changed = false;
  for (let j = TILE_CELLS; j >= 1; j--) {
    for (let cell = j * PAD + TILE_CELLS, end = j * PAD; cell > end; cell--) {
      const step = steps[cell]!;
      if (step === BLOCKED) continue;
      const old = costs[cell]!;
      let best = old;
      const straight = STRAIGHT * step;
      const east = costs[cell + 1]! + straight;
      const north = costs[cell + PAD]! + straight;
      if (east < best) best = east;
      if (north < best) best = north;
      if (steps[cell + PAD] !== BLOCKED) {
        const diagonal = DIAGONAL * step;
        if (steps[cell + 1] !== BLOCKED) {
          const northEast = costs[cell + PAD + 1]! + diagonal;
          if (northEast < best) best = northEast;
        }
        if (steps[cell - 1] !== BLOCKED) {
          const northWest = costs[cell + PAD - 1]! + diagonal;
          if (northWest < best) best = northWest;
        }
      }
      if (best < old) {
        costs[cell] = best;
        changed = true;
      }
    }
  }
  return changed;
}

/** entries used in the bucket lists, and entries still queued, in the search under way */
let _entries = 0;
let _pending = 0;

/** Queues `cell` at `cost` if that is cheaper than it had. */
function relax(cell: number, cost: number): void {
  if (cost >= _costs[cell]!) return;
  _costs[cell] = cost;
  _entryCell[_entries] = cell;
  _entryNext[_entries] = _bucketHead[cost & (RING - 1)]!;
  _bucketHead[cost & (RING - 1)] = _entries++;
  _pending++;
}

// ---------------------------------------------------------------------------------------------
// Routes

/** A route to one goal for one clearance: path lengths from anywhere it has been asked about. */
export interface Route {
  readonly layer: NavLayer;
  /** metres: the point asked for */
  readonly requested: Readonly<Vec2>;
  /** metres: where the route leads (the point asked for, or the nearest free ground to it) */
  readonly goal: Vec2;
  goalColumn: number;
  goalRow: number;
  /** false when the map has no free ground near the goal: then every cost is Infinity */
  hasGoal: boolean;
  /** the map's version the search runs on (see isCurrent) */
  version: number;
  /**
   * Whether the route may search further and make missing tile costs when asked. False from the
   * moment the planner starts its search again after the map changed until it has prepared the
   * tiles its units stand in: meanwhile, and while the map has changed but the planner has not
   * come to it, only costs already made are read (anything else is Infinity).
   */
  ready: boolean;
  /**
   * Whether the planner is still to check, after the map changed, that the units walking the route
   * can reach its goal from where they stand: set when it has prepared the route again, cleared
   * once it has checked them all (sim/planning.ts).
   */
  recheck: boolean;
  /**
   * coarse search, per side of the layer: path length to the goal (Infinity until reached; final
   * once settled) and whether it is settled (1). Grown with the layer (see fitSides).
   */
  reached: Float64Array;
  settled: Uint8Array;
  /** the open sides, as a binary heap on reached length plus the heuristic */
  readonly openSides: number[];
  readonly openKeys: number[];
  /** metres: the box the heuristic aims at (the tiles asked about) */
  readonly aim: { minX: number; minY: number; maxX: number; maxY: number };
  /** per tile: its cells' path lengths to the goal, as the tile searches count them (whole tenths
   * of a cell, UNREACHED where none; read them in metres with `metres`) */
  readonly fields: Map<number, Int32Array>;
  /** per tile: how far beyond its best exit the search has settled for it */
  readonly bounds: Map<number, number>;
  /** tiles asked for ahead of the units walking the route and not made yet (see `askAhead`) */
  readonly ahead: Set<number>;
}

/**
 * A route to (x, y) for centres keeping the layer's clearance. The goal moves to the nearest free
 * ground within `maxShift` metres when (x, y) is not free.
 */
export function createRoute(layer: NavLayer, x: number, y: number, maxShift = 4 * TILE_SIZE): Route {
  const route: Route = {
    layer,
    requested: { x, y },
    goal: { x, y },
    goalColumn: 0,
    goalRow: 0,
    hasGoal: false,
    version: -1,
    ready: true,
    recheck: false,
    reached: new Float64Array(0),
    settled: new Uint8Array(0),
    openSides: [],
    openKeys: [],
    aim: { minX: x, minY: y, maxX: x, maxY: y },
    fields: new Map(),
    bounds: new Map(),
    ahead: new Set(),
  };
  restart(route, maxShift);
  return route;
}

const _cell = { column: 0, row: 0 };

/** Starts the search again on the map as it is now (after an obstacle was added or removed). */
function restart(route: Route, maxShift = 4 * TILE_SIZE): void {
  const { layer } = route;
  const map = layer.map;
  route.version = map.version;
  route.reached.fill(Infinity);
  route.settled.fill(0);
  route.openSides.length = 0;
  route.openKeys.length = 0;
  route.fields.clear();
  route.bounds.clear();
  route.ahead.clear();
  const { x, y } = route.requested;
  route.hasGoal = nearestFreeCell(map, layer.clearance, x, y, _cell, maxShift);
  if (!route.hasGoal) return;
  route.goalColumn = _cell.column;
  route.goalRow = _cell.row;
  const free = roomAt(map, columnOf(map, x), rowOf(map, y)) >= layer.clearance;
  route.goal.x = free ? x : (_cell.column + 0.5) * NAV_CELL;
  route.goal.y = free ? y : (_cell.row + 0.5) * NAV_CELL;
  // the goal's own tile, searched from the goal, gives the first sides their lengths
  const tile = tileOf(map, _cell.column, _cell.row);
  const sides = tileSides(layer, tile);
  beginTileSearch();
  seedCell((_cell.row % TILE_CELLS) * TILE_CELLS + (_cell.column % TILE_CELLS), 0);
  for (const side of sides) addSearchTarget(sideMiddle(layer, side));
  runTileSearch(layer, tile, null);
  for (const side of sides) {
    const length = searchedCost(sideMiddle(layer, side));
    if (length < Infinity) reach(route, side, length);
  }
}

/** Whether the search still runs on the map as it is (false after an obstacle changed). */
export function isCurrent(route: Route): boolean {
  return route.version === route.layer.map.version;
}

/**
 * Whether the search has settled every side it can reach on the map as it is: then a cell it
 * gives a length to can reach the goal and one it leaves without can never (no later search
 * would find a way).
 */
export function isExhausted(route: Route): boolean {
  return isUsable(route) && route.hasGoal && route.openSides.length === 0;
}

/** Whether the route answers from the map as it is: current, and prepared again if it had to be. */
export function isUsable(route: Route): boolean {
  return route.ready && isCurrent(route);
}

function heuristic(route: Route, side: number): number {
  const portal = route.layer.portals[side >> 1]!;
  const aim = route.aim;
  const dx = Math.max(aim.minX - portal.maxX, 0, portal.minX - aim.maxX);
  const dy = Math.max(aim.minY - portal.maxY, 0, portal.minY - aim.maxY);
  return HEURISTIC_WEIGHT * Math.sqrt(dx * dx + dy * dy);
}

/** Makes the route's per-side arrays as long as the layer has sides (new portals add sides). */
function fitSides(route: Route): void {
  const sides = 2 * route.layer.portals.length;
  if (route.reached.length >= sides) return;
  const size = Math.max(sides, 2 * route.reached.length, 256);
  const reached = new Float64Array(size).fill(Infinity);
  reached.set(route.reached);
  const settled = new Uint8Array(size);
  settled.set(route.settled);
  route.reached = reached;
  route.settled = settled;
}

function reach(route: Route, side: number, length: number): void {
  if (side >= route.reached.length) fitSides(route);
  if (route.settled[side] === 1 || route.reached[side]! <= length) return;
  route.reached[side] = length;
  openPush(route, length + heuristic(route, side), side);
}

function openPush(route: Route, key: number, side: number): void {
  const { openSides: sides, openKeys: keys } = route;
  let index = sides.length;
  sides.push(side);
  keys.push(key);
  while (index > 0) {
    const parent = (index - 1) >> 1;
    if (keys[parent]! <= key) break;
    sides[index] = sides[parent]!;
    keys[index] = keys[parent]!;
    index = parent;
  }
  sides[index] = side;
  keys[index] = key;
}

function openPop(route: Route): number {
  const { openSides: sides, openKeys: keys } = route;
  const top = sides[0]!;
  const lastSide = sides.pop()!;
  const lastKey = keys.pop()!;
  if (sides.length > 0) {
    sides[0] = lastSide;
    keys[0] = lastKey;
    siftDown(sides, keys, 0);
  }
  return top;
}

/** Moves the entry at `index` down the heap until neither child has a smaller key. */
function siftDown(sides: number[], keys: number[], index: number): void {
  const side = sides[index]!;
  const key = keys[index]!;
  for (;;) {
    let child = 2 * index + 1;
    if (child >= sides.length) break;
    if (child + 1 < sides.length && keys[child + 1]! < keys[child]!) child++;
    if (keys[child]! >= key) break;
    sides[index] = sides[child]!;
    keys[index] = keys[child]!;
    index = child;
  }
  sides[index] = side;
  keys[index] = key;
}

/** Points the heuristic at a new box and puts the open sides in order for it. */
function aimAt(route: Route, minX: number, minY: number, maxX: number, maxY: number): void {
  const aim = route.aim;
  if (aim.minX === minX && aim.minY === minY && aim.maxX === maxX && aim.maxY === maxY) return;
  aim.minX = minX;
  aim.minY = minY;
  aim.maxX = maxX;
  aim.maxY = maxY;
  const open = _open;
  open.length = 0;
  for (const side of route.openSides) open.push(side);
  route.openSides.length = 0;
  route.openKeys.length = 0;
  // once each: the heap holds entries left behind when a side was reached more cheaply
  const stamp = nextStamp(_seen, 2 * route.layer.portals.length);
  route.layer.map.work += REKEY_WORK * open.length;
  const { openSides: sides, openKeys: keys } = route;
  for (const side of open) {
    if (_seen.marks[side] === stamp || route.settled[side] === 1) continue;
    _seen.marks[side] = stamp;
    sides.push(side);
    keys.push(route.reached[side]! + heuristic(route, side));
  }
  // into heap order from the bottom up (linear in the number of sides)
  for (let index = (sides.length >> 1) - 1; index >= 0; index--) siftDown(sides, keys, index);
}

const _open: number[] = [];

/**
 * A mark per side that a pass sets on the sides it meets, made fresh for each pass by a new stamp
 * instead of clearing the marks (see `nextStamp`).
 */
interface SideMarks {
  marks: Int32Array;
  stamp: number;
}

/** A fresh stamp for `set`, whose marks are made to hold `sides` sides. */
function nextStamp(set: SideMarks, sides: number): number {
  if (set.marks.length < sides || set.stamp === 0x7fffffff) {
    set.marks = new Int32Array(Math.max(sides, 2 * set.marks.length));
    set.stamp = 0;
  }
  return ++set.stamp;
}

/** per side: the stamp of the last pass over the open sides that met it (aimAt) */
const _seen: SideMarks = { marks: new Int32Array(1024), stamp: 0 };

/**
 * Settles the open side nearest (by length plus heuristic) and reaches its neighbours; returns
 * that side, or -1 when the entry taken was one left behind (the side was settled already).
 */
function settleNext(route: Route): number {
  const side = openPop(route);
  if (route.settled[side] === 1) return -1;
  const length = route.reached[side]!;
  route.settled[side] = 1;
  route.layer.map.work += SETTLE_WORK;
  // across the border: one step
  reach(route, side ^ 1, length + NAV_CELL);
  const links = sideLinks(route.layer, side);
  for (let k = 0; k < links.sides.length; k++) {
    const cost = links.costs[k]!;
    if (cost < Infinity) reach(route, links.sides[k]!, length + cost);
  }
  return side;
}

/**
 * Runs the coarse search until the tile's path costs can be made: every side the tile could be
 * left by is settled, or the search has settled everything up to `bound` metres beyond the best
 * of them, or nothing is left to search. Returns false, to be called again, when `work` (the
 * map's counter) passes `deadline` first.
 */
function settleFor(route: Route, tile: number, bound: number, deadline: number): boolean {
  const { layer } = route;
  const map = layer.map;
  const column0 = (tile % map.tileColumns) * TILE_SIZE;
  const row0 = Math.floor(tile / map.tileColumns) * TILE_SIZE;
  aimAt(route, column0, row0, column0 + TILE_SIZE, row0 + TILE_SIZE);
  fitSides(route);
  // the exits (the sides beyond the tile's borders), marked so that settling one is noticed
  const mark = nextStamp(_exits, 2 * layer.portals.length);
  let waiting = 0;
  let best = tile === tileOf(map, route.goalColumn, route.goalRow) ? 0 : Infinity;
  for (const side of tileSides(layer, tile)) {
    const exit = side ^ 1;
    _exits.marks[exit] = mark;
    if (route.settled[exit] === 1) best = Math.min(best, route.reached[exit]!);
    else waiting++;
  }
  for (;;) {
    if (route.openSides.length === 0 || waiting === 0) return true;
    if (route.openKeys[0]! >= best + bound) return true;
    if (map.work >= deadline) return false;
    const settled = settleNext(route);
    if (settled >= 0 && _exits.marks[settled] === mark) {
      waiting--;
      best = Math.min(best, route.reached[settled]!);
    }
  }
}

/** per side: the stamp of the last settleFor that counted it among its tile's exits */
const _exits: SideMarks = { marks: new Int32Array(1024), stamp: 0 };

/** Makes the tile's path costs from the settled (or, failing that, best known) exits and the goal. */
function buildField(route: Route, tile: number): Int32Array {
  const { layer } = route;
  const map = layer.map;
  const field = route.fields.get(tile) ?? new Int32Array(TILE_AREA);
  beginTileSearch();
  if (tileOf(map, route.goalColumn, route.goalRow) === tile) {
    seedCell((route.goalRow % TILE_CELLS) * TILE_CELLS + (route.goalColumn % TILE_CELLS), 0);
  }
  const sides = tileSides(layer, tile);
  fitSides(route);
  for (const side of sides) {
    const beyond = route.reached[side ^ 1]!;
    if (beyond === Infinity) continue;
    const cells = sideCells(layer, side);
    const middle = layer.portals[side >> 1]!.middle;
    // from the middle, along the run at the dearest a step can cost: never below what the tile
    // beyond asks for the same cell, so the way always leads across
    for (let k = 0; k < cells.length; k++) seedCell(cells[k]!, beyond + NAV_CELL * (1 + NEAR_COST * Math.abs(k - middle)));
  }
  runTileSearch(layer, tile, field);
  route.fields.set(tile, field);
  return field;
}

/**
 * The tile of the point (x, y), marked asked for, when it is one to make ready ahead of the units
 * walking the route; -1 when its path costs are made already or it was asked for before. The
 * planner makes it with what its budget leaves (`prepareTile`), so that a unit walking into it
 * does not have to make it then.
 */
export function askAhead(route: Route, x: number, y: number): number {
  const map = route.layer.map;
  if (!route.hasGoal || !isUsable(route)) return -1;
  const tile = tileOf(map, columnOf(map, x), rowOf(map, y));
  if (route.fields.has(tile) || route.ahead.has(tile)) return -1;
  route.ahead.add(tile);
  return tile;
}

/**
 * Makes sure the tile's path costs are known, searching as far as it takes (or until `work`
 * passes `deadline`: then false, to be called again).
 */
export function prepareTile(route: Route, tile: number, deadline = Infinity): boolean {
  if (!isCurrent(route)) {
    restart(route);
    route.ready = false;
  }
  if (!route.hasGoal || route.fields.has(tile)) return true;
  // not even the tile's sides once the budget is spent: finding them may fill four tiles' rooms
  if (route.layer.map.work >= deadline) return false;
  if (!settleFor(route, tile, SETTLE_BOUND, deadline)) return false;
  // the tile's own search waits for the next tick when the budget is spent (settling is done)
  if (route.layer.map.work >= deadline) return false;
  route.bounds.set(tile, SETTLE_BOUND);
  buildField(route, tile);
  return true;
}

/**
 * The tile's path costs, made now if needed (and allowed: see Route.ready, limitLooks); undefined
 * when not.
 */
function fieldFor(route: Route, tile: number): Int32Array | undefined {
  if (isUsable(route) && !route.fields.has(tile)) {
    const looks = looksOf(route.layer.map);
    if (!prepareTile(route, tile, looks.deadline) && !route.ahead.has(tile)) {
      route.ahead.add(tile);
      looks.refused.push({ route, tile });
    }
  }
  return route.fields.get(tile);
}

/**
 * How much work the questions asked of routes outside the planner may do (a question about a tile
 * not made yet makes it: see limitLooks), and the tiles they were refused.
 */
interface Looks {
  deadline: number;
  readonly refused: RouteTile[];
}

/** One tile of one route (a tile to make for it). */
export interface RouteTile {
  readonly route: Route;
  readonly tile: number;
}

const looksByMap = new WeakMap<NavMap, Looks>();

/** What this file keeps per navigation map beside it: its layers and its looks (what a saved
 * simulation carries with each map, sim/save.ts). */
export const ROUTE_TABLES = { layers: layersOf, looks: looksByMap } as const;

/** The looks of `map` and its companion (see navmap.ts bestRoomMap): one limit for both. */
function looksOf(map: NavMap): Looks {
  let looks = looksByMap.get(map.base);
  if (looks === undefined) {
    looks = { deadline: Infinity, refused: [] };
    looksByMap.set(map.base, looks);
  }
  return looks;
}

/**
 * From now on, the tiles made because a route was asked about one not made yet (a unit looking
 * down its route, its progress along it) may take `work` more units of work in all; past that, a
 * tile not made reads as not reached, and is listed for `refusedTiles`. Searches given a deadline
 * of their own (the planner's) are not limited by it. `unlimitLooks` ends it.
 */
export function limitLooks(map: NavMap, work: number): void {
  looksOf(map).deadline = map.work + work;
}

/** Ends `limitLooks`: questions about routes make whatever tiles they need again. */
export function unlimitLooks(map: NavMap): void {
  looksOf(map).deadline = Infinity;
}

/** Whether questions about routes may not make tiles any more (see limitLooks). */
function looksSpent(map: NavMap): boolean {
  return map.work >= looksOf(map).deadline;
}

/**
 * Moves the tiles questions were refused since the last call (see limitLooks) to the front of
 * `queue`, in the order refused.
 */
export function takeRefusedTiles(map: NavMap, queue: RouteTile[]): void {
  const refused = looksOf(map).refused;
  if (refused.length === 0) return;
  queue.unshift(...refused);
  refused.length = 0;
}

/**
 * The path length from cell (column, row) to the goal; Infinity when it cannot be reached (or is
 * off the map), or, with `reach`, when no path as short as `reach` metres has been found (the
 * search then goes no further than it needs to find such a path).
 */
export function cellCost(route: Route, column: number, row: number, reach = Infinity): number {
  const map = route.layer.map;
  if (!route.hasGoal || column < 0 || row < 0 || column >= map.columns || row >= map.rows) return Infinity;
  const tile = tileOf(map, column, row);
  const local = (row % TILE_CELLS) * TILE_CELLS + (column % TILE_CELLS);
  // a cell of a made tile with a length is read as it is (the way down a route asks this most);
  // else the tile is made, and the search widened round the cell, if allowed
  let field = route.fields.get(tile);
  if (field === undefined || field[local] === UNREACHED) {
    if (fieldFor(route, tile) === undefined) return Infinity;
    widenForCell(route, tile, column, row, looksOf(map).deadline, reach);
    field = route.fields.get(tile)!;
  }
  const cost = metres(field[local]!);
  return cost <= reach ? cost : Infinity;
}

/**
 * For a free cell of a prepared tile that the bounded search did not reach, searches a little
 * further, doubling the tile's bound (a pocket walled in on all sides would otherwise have the
 * search cover everything reachable), until the cell has a length, or the bound is at its largest
 * or covers `reach` metres (every path that short is then found: the tile's exits are settled up
 * to that much beyond the nearest). Returns false when the map's work counter passes `deadline`
 * first (called again, it goes on).
 */
function widenForCell(route: Route, tile: number, column: number, row: number, deadline: number, reach: number): boolean {
  const map = route.layer.map;
  const local = (row % TILE_CELLS) * TILE_CELLS + (column % TILE_CELLS);
  while (route.fields.get(tile)![local] === UNREACHED && isUsable(route) && route.openSides.length > 0 && roomAt(map, column, row) >= route.layer.clearance) {
    const known = route.bounds.get(tile)!;
    const bound = 2 * known;
    if (bound > MAX_SETTLE_BOUND || known >= reach) break;
    if (!settleFor(route, tile, bound, deadline) || map.work >= deadline) return false;
    route.bounds.set(tile, bound);
    buildField(route, tile);
  }
  return true;
}

/**
 * Does within the budget what `cellCost` (with the same `reach`) would search for the cell:
 * prepares its tile and widens the search round a free cell not yet reached. Returns false when
 * the map's work counter passes `deadline` first; called again, it goes on where it stopped. Once
 * it returns true, `cellCost` answers for the cell without searching.
 */
export function prepareCell(route: Route, column: number, row: number, deadline: number, reach = Infinity): boolean {
  const map = route.layer.map;
  if (!route.hasGoal || column < 0 || row < 0 || column >= map.columns || row >= map.rows || !isUsable(route)) return true;
  const tile = tileOf(map, column, row);
  if (!prepareTile(route, tile, deadline)) return false;
  return !isUsable(route) || widenForCell(route, tile, column, row, deadline, reach);
}

/** `prepareCell` for every cell `routeCost` (with the same `reach`) may read for the point; false when the budget ran out first. */
export function preparePoint(route: Route, x: number, y: number, deadline: number, reach = Infinity): boolean {
  const map = route.layer.map;
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  if (!prepareCell(route, column, row, deadline, reach)) return false;
  if (cellCost(route, column, row, reach) !== Infinity || roomAt(map, column, row) >= route.layer.clearance) return true;
  for (let ring = 1; ring <= MARGIN_RINGS; ring++) {
    const offsets = RING_OFFSETS[ring - 1]!;
    let reached = false;
    for (let k = 0; k < offsets.length; k += 2) {
      if (!prepareCell(route, column + offsets[k]!, row + offsets[k + 1]!, deadline, reach)) return false;
      reached ||= cellCost(route, column + offsets[k]!, row + offsets[k + 1]!, reach) !== Infinity;
    }
    if (reached) return true;
  }
  return true;
}

/**
 * The route's length from the point's cell; for a cell in a wall's margin (where a unit's centre
 * may still be, pressed to the wall), from the nearest ring of cells round it with a length, up
 * to MARGIN_RINGS out, plus a step's cost per ring. With `reach`, Infinity where no path that
 * short has been found (see cellCost).
 */
export function routeCost(route: Route, x: number, y: number, reach = Infinity): number {
  const map = route.layer.map;
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  const here = cellCost(route, column, row, reach);
  if (here !== Infinity || roomAt(map, column, row) >= route.layer.clearance) return here;
  for (let ring = 1; ring <= MARGIN_RINGS; ring++) {
    const offsets = RING_OFFSETS[ring - 1]!;
    let best = Infinity;
    for (let k = 0; k < offsets.length; k += 2) best = Math.min(best, cellCost(route, column + offsets[k]!, row + offsets[k + 1]!, reach));
    if (best !== Infinity) return best + ring * NAV_CELL * NEAR_COST;
  }
  return Infinity;
}

/**
 * Whether the route already knows a way from the point to its goal: the lengths `routeCost`
 * reads for the point that are made already give one. Searches nothing and makes no tile, so it
 * costs no work and changes nothing; false says only that `routeCost` would have to search first
 * (or that there is no way).
 */
export function isKnownReached(route: Route, x: number, y: number): boolean {
  const map = route.layer.map;
  if (!route.hasGoal || !isCurrent(route)) return false;
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  if (knownLength(route, column, row)) return true;
  // as routeCost reads them: a free cell alone, one in a wall's margin by the rings round it
  if (roomAt(map, column, row) >= route.layer.clearance) return false;
  for (let ring = 1; ring <= MARGIN_RINGS; ring++) {
    const offsets = RING_OFFSETS[ring - 1]!;
    for (let k = 0; k < offsets.length; k += 2) if (knownLength(route, column + offsets[k]!, row + offsets[k + 1]!)) return true;
  }
  return false;
}

/**
 * Whether `routeCost` measures the point from free ground: its cell is free for the route's
 * clearance, or one of the cells it reads round it in a wall's margin is. A unit squeezed into a
 * pocket narrower than that (between two rocks, by the crowd) has none: Infinity there says
 * nothing about a way from nearby. Reads the rooms `preparePoint` has filled.
 */
export function isOnFreeGround(route: Route, x: number, y: number): boolean {
  const map = route.layer.map;
  const clearance = route.layer.clearance;
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  if (roomAt(map, column, row) >= clearance) return true;
  for (let ring = 1; ring <= MARGIN_RINGS; ring++) {
    const offsets = RING_OFFSETS[ring - 1]!;
    for (let k = 0; k < offsets.length; k += 2) if (roomAt(map, column + offsets[k]!, row + offsets[k + 1]!) >= clearance) return true;
  }
  return false;
}

/** Whether cell (column, row) has a length in a tile the route has made. */
function knownLength(route: Route, column: number, row: number): boolean {
  const map = route.layer.map;
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return false;
  const field = route.fields.get(tileOf(map, column, row));
  return field !== undefined && field[(row % TILE_CELLS) * TILE_CELLS + (column % TILE_CELLS)] !== UNREACHED;
}

/**
 * The neighbour cell (8 neighbours, no corner cutting) with the least length; the cell itself at
 * the bottom. A bottom that is not the goal's cell can only come from tiles whose costs were made
 * at different stages of the search: those around it are made again, once, from what the search
 * knows now.
 */
function downhill(route: Route, column: number, row: number, out: { column: number; row: number }): void {
  lowestNeighbour(route, column, row, out);
  if (out.column !== column || out.row !== row || (column === route.goalColumn && row === route.goalRow)) return;
  if (cellCost(route, column, row) === Infinity) return;
  const map = route.layer.map;
  // with the questions' work spent, a tile beside may only be not made yet: nothing is remade then
  if (looksSpent(map)) return;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const c = column + dx;
      const r = row + dy;
      if (c >= 0 && r >= 0 && c < map.columns && r < map.rows) route.fields.delete(tileOf(map, c, r));
    }
  }
  lowestNeighbour(route, column, row, out);
}

/**
 * The cheapest neighbour; but in a passage narrower than LANE_WIDTH, from its left half (seen
 * along the way down) the neighbour furthest to the right of the way among those that still lead
 * down. So routes keep right in doors and corridors, and two streams walking a door the opposite
 * ways use its two halves, while every step still goes down (no route can loop).
 */
function lowestNeighbour(route: Route, column: number, row: number, out: { column: number; row: number }): void {
  const map = route.layer.map;
  const clearance = route.layer.clearance;
  const here = cellCost(route, column, row);
  let best = here;
  out.column = column;
  out.row = row;
  // the neighbours' costs, row by row (Infinity for the cell itself and for cut corners)
  for (let dy = -1, n = 0; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++, n++) {
      const cutsCorner = dx !== 0 && dy !== 0 && (roomAt(map, column + dx, row) < clearance || roomAt(map, column, row + dy) < clearance);
      const cost = (dx === 0 && dy === 0) || cutsCorner ? Infinity : cellCost(route, column + dx, row + dy);
      _neighbourCosts[n] = cost;
      if (cost < best) {
        best = cost;
        out.column = column + dx;
        out.row = row + dy;
      }
    }
  }
  if (best === here || roomAt(map, column, row) >= clearance + LANE_WIDTH / 2) return;
  const length = hypot(out.column - column, out.row - row);
  const wayX = (out.column - column) / length;
  const wayY = (out.row - row) / length;
  const width = Math.round(LANE_WIDTH / NAV_CELL);
  const right = freeRun(map, clearance, column, row, wayY, -wayX, width);
  const left = freeRun(map, clearance, column, row, -wayY, wayX, width);
  if (left >= right || left > width || left + right < MIN_LANES_ROOM) return;
  let rightmost = -Infinity;
  for (let dy = -1, n = 0; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++, n++) {
      const cost = _neighbourCosts[n]!;
      // how far to the right of the way the step goes, then how far down it leads
      const rightward = dx * wayY - dy * wayX;
      if (cost < here && (rightward > rightmost || (rightward === rightmost && cost < best))) {
        rightmost = rightward;
        best = cost;
        out.column = column + dx;
        out.row = row + dy;
      }
    }
  }
}

const _neighbourCosts = new Float64Array(9);

const _step = { column: 0, row: 0 };
const _point = { x: 0, y: 0 };

/**
 * Where a unit at (x, y) should head to follow the route: the goal itself when it is in clear
 * line; else the point (cellPoint) of the furthest cell, within `lookAhead` metres of path down
 * the route, that is in clear line from the unit. Lines are seen on the base map, which measures
 * what every point of a cell keeps: on a route measured at its cells' best points, a line through a
 * cell may pass where it has the least room, and beside a door's post the unit walking it would
 * stand held. There the first step down the route is taken even out of sight: in a gap little
 * wider than the unit no line keeps the clearance all along, and the route joins the two cells.
 * Writes into `out`; returns false (leaving `out` alone) when the unit's cell is cut off from the
 * goal.
 */
export function steerPoint(route: Route, x: number, y: number, lookAhead: number, out: Vec2): boolean {
  const { layer } = route;
  const map = layer.map;
  const clearance = layer.clearance;
  const lines = map.base;
  if (!route.hasGoal) return false;
  if (isClearLine(lines, clearance, x, y, route.goal.x, route.goal.y)) {
    out.x = route.goal.x;
    out.y = route.goal.y;
    return true;
  }
  let column = columnOf(map, x);
  let row = rowOf(map, y);
  // a unit in a wall's margin (off the middle of a gap, pressed aside by the crowd: its disc fits
  // there, with less room than the route keeps) looks down the route with the room it has: else
  // no line from it is clear, and it steps across to the free cells in the middle instead of
  // walking on through, in the way of those behind it
  const room = roomAt(map, column, row);
  const sight = Math.max(0, Math.min(clearance, roomAt(lines, column, row)));
  if (cellCost(route, column, row) === Infinity) {
    if (room >= clearance) return false; // free ground the goal cannot be reached from
    // pushed into a wall's margin: start from the nearest reached cell, if it is close by
    const reach = clearance + 2 * NAV_CELL;
    if (!nearestFreeCell(map, clearance, x, y, _step, reach + NAV_CELL, (c, r) => cellCost(route, c, r) !== Infinity)) return false;
    const cx = (_step.column + 0.5) * NAV_CELL;
    const cy = (_step.row + 0.5) * NAV_CELL;
    if ((cx - x) * (cx - x) + (cy - y) * (cy - y) > reach * reach) return false;
    column = _step.column;
    row = _step.row;
  }
  const start = cellCost(route, column, row);
  let bestColumn = column;
  let bestRow = row;
  // walk down the route; remember the furthest cell still in clear line
  for (let steps = 0; steps < 4 * Math.ceil(lookAhead / NAV_CELL); steps++) {
    downhill(route, column, row, _step);
    if (_step.column === column && _step.row === row) break;
    column = _step.column;
    row = _step.row;
    if (start - cellCost(route, column, row) > lookAhead) break;
    cellPoint(map, column, row, _point);
    if (isClearLine(lines, sight, x, y, _point.x, _point.y) || (steps === 0 && lines !== map)) {
      bestColumn = column;
      bestRow = row;
    } else if (bestColumn !== column || bestRow !== row) break;
  }
  cellPoint(map, bestColumn, bestRow, out);
  return true;
}

/**
 * The passages down the route from (x, y), walked cell by cell for up to `distance` metres of
 * path: into `out.passage` and `out.door` how far (metres, as the crow flies from the point) it
 * first comes into a passage, and a door (Infinity: none; see nav/passages.ts passagesAhead), and
 * into `out.x`, `out.y` the point (cellPoint) of the passage's first cell. For a unit whose
 * waypoint stops short of a gap it cannot see through (steerPoint): the straight line to the
 * waypoint does not reach the gap, nor does a straight line further down a route that bends.
 */
export function passagesDown(route: Route, x: number, y: number, distance: number, out: { passage: number; door: number; x: number; y: number }): void {
  out.passage = Infinity;
  out.door = Infinity;
  const { map, clearance } = route.layer;
  let column = columnOf(map, x);
  let row = rowOf(map, y);
  const start = cellCost(route, column, row);
  if (start === Infinity) return;
  for (let steps = 0; steps < 4 * Math.ceil((distance + PASSAGE_DEPTH) / NAV_CELL); steps++) {
    cellPoint(map, column, row, _point);
    const before = out.passage;
    const over = keepPassage(map, clearance, column, row, hypot(_point.x - x, _point.y - y), out);
    if (out.passage !== before) {
      out.x = _point.x;
      out.y = _point.y;
    }
    if (over) break;
    downhill(route, column, row, _step);
    if (_step.column === column && _step.row === row) break;
    column = _step.column;
    row = _step.row;
    // (on past `distance` for the door of a passage met before it: keepPassage)
    if (start - cellCost(route, column, row) > (out.passage === Infinity ? distance : distance + PASSAGE_DEPTH)) break;
  }
}

/** cells a traced route is followed for at most (a path across the largest map and back) */
const TRACE_CELLS = 100_000;

/**
 * The way from (x, y) down the route and on to (endX, endY) (a unit's own target, near the route's
 * goal), as its corners: x0, y0, x1, y1, ..., starting at (x, y), at most `maxPoints` points. Each
 * straight stretch is one the route's units could walk: clear on the base map for the route's
 * clearance (as steerPoint sees lines), except a first step off a wall's margin. The corners are
 * found by galloping down the route's cells from each corner to the furthest one in clear line, so
 * a route of n cells costs O(corners x log n) line tests. Empty when (x, y) is cut off from the goal.
 */
export function traceCorners(route: Route, x: number, y: number, endX: number, endY: number, maxPoints: number): number[] {
  const corners: number[] = [];
  const map = route.layer.map;
  const lines = map.base;
  const clearance = route.layer.clearance;
  let column = columnOf(map, x);
  let row = rowOf(map, y);
  if (!route.hasGoal || cellCost(route, column, row) === Infinity) return corners;
  // the route's cells, from the unit's down to the goal's
  const path = _trace_path;
  path.length = 0;
  for (let count = 0; count < TRACE_CELLS; count++) {
    cellPoint(map, column, row, _point);
    path.push(_point.x, _point.y);
    downhill(route, column, row, _step);
    if (_step.column === column && _step.row === row) break;
    column = _step.column;
    row = _step.row;
  }
  path.push(route.goal.x, route.goal.y);
  const cells = path.length / 2;
  const clear = (ax: number, ay: number, k: number): boolean => isClearLine(lines, clearance, ax, ay, path[2 * k]!, path[2 * k + 1]!);
  let ax = x;
  let ay = y;
  corners.push(ax, ay);
  let next = 0;
  while (corners.length < 2 * maxPoints) {
    if (isClearLine(lines, clearance, ax, ay, endX, endY)) break;
    if (next >= cells) break;
    // gallop: the furthest cell in clear line, doubling the stride while the line holds, then
    // halving back into the last stride; the first cell is taken even out of sight
    let last = next;
    let stride = 1;
    while (last + stride < cells && clear(ax, ay, last + stride)) {
      last += stride;
      stride *= 2;
    }
    let beyond = Math.min(last + stride, cells);
    while (beyond - last > 1) {
      const middle = (last + beyond) >>> 1;
      if (clear(ax, ay, middle)) last = middle;
      else beyond = middle;
    }
    ax = path[2 * last]!;
    ay = path[2 * last + 1]!;
    corners.push(ax, ay);
    next = last + 1;
  }
  if (corners.length < 2 * maxPoints) corners.push(endX, endY);
  path.length = 0;
  return corners;
}

const _trace_path: number[] = [];
