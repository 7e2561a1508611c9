/**
 * Passages on the navigation map: where the free room across the way, for a centre keeping a
 * clearance, is bounded on both sides within a few metres (doors, gaps between rocks, corridors).
 * Units of one order queue at them, orders take turns at the narrower ones (situations/door-turns.ts), and
 * routes keep to the right half of them (route.ts, lowestNeighbour). No pixi.js, no DOM.
 */
import { hypot } from '../math/exact';
import { MAX_CLEARANCE, NAV_CELL, type NavMap, TILE_AREA, TILE_CELLS, columnOf, isOpenCell, roomAt, rowOf, tileOf } from './navmap';
import { reachesFrom } from './walls';

/** rings of cells round a cell in a wall's margin searched for free cells: a default unit's
 * centre can be up to about 0.35 m (the 0.15 m the clearance adds to its radius, and the half
 * diagonal of a cell that the map's room takes off) inside the margin, so two cells deep */
export const MARGIN_RINGS = 2;

/** per ring (1, 2, ...): the column and row offsets of its cells, in pairs */
export const RING_OFFSETS: readonly Int8Array[] = Array.from({ length: MARGIN_RINGS }, (_, index) => {
  const ring = index + 1;
  const offsets: number[] = [];
  for (let dy = -ring; dy <= ring; dy++) {
    // the top and bottom rows whole, the sides' two ends
    const step = dy === -ring || dy === ring ? 1 : 2 * ring;
    for (let dx = -ring; dx <= ring; dx += step) offsets.push(dx, dy);
  }
  return Int8Array.from(offsets);
});

/** metres: passages narrower than this (free room for a centre, wall to wall) get two lanes */
export const LANE_WIDTH = 4;
/** cells of free room across a passage (0.75 m) below which it is one lane only (a door for one
 * unit at a time: keeping right there only makes units weave) */
export const MIN_LANES_ROOM = 3;

/**
 * How many cells from (column, row) along the unit direction (dirX, dirY) are free before one that
 * is not (at most `limit + 1`). A cell's room is a distance (to the nearest wall or obstacle, less
 * a constant, capped): it changes by no more than the distance between two cells' centres. So the
 * cells within `room - clearance` of a free one are free too, and the walk leaps over them: on open
 * ground it reads about one cell in ten instead of every one. The cells the walk visits lie within
 * their number of steps plus SKIP_SLACK cells of each other (each is rounded to the grid).
 */
export function freeRun(map: NavMap, clearance: number, column: number, row: number, dirX: number, dirY: number, limit: number): number {
  // on a tile with nothing within reach every room is MAX_CLEARANCE, so the walk leaps the same
  // number of cells at each: it counts those leaps out without reading the rooms (the same steps,
  // the same answer; a long walk over open ground reads a room only where it enters a tile)
  const openKnown = Math.floor((MAX_CLEARANCE - clearance) / NAV_CELL - SKIP_SLACK);
  const openLeap = clearance <= MAX_CLEARANCE ? (openKnown > 0 ? openKnown + 1 : 1) : 0;
  let step = 1;
  while (step <= limit) {
    const cellColumn = Math.round(column + dirX * step);
    const cellRow = Math.round(row + dirY * step);
    if (openLeap > 0 && isOpenCell(map, cellColumn, cellRow)) {
      step = leapOverOpenTile(column, row, dirX, dirY, step, openLeap, limit, cellColumn, cellRow);
      continue;
    }
    const room = roomAt(map, cellColumn, cellRow);
    if (room < clearance) return step - 1;
    const known = Math.floor((room - clearance) / NAV_CELL - SKIP_SLACK);
    step += known > 0 ? known + 1 : 1;
  }
  return limit + 1;
}

/**
 * The walk's first step past `step` (whose cell is in an open tile) that leaves that tile or `limit`,
 * leaping `leap` cells at a time as freeRun does on open ground.
 */
function leapOverOpenTile(column: number, row: number, dirX: number, dirY: number, step: number, leap: number, limit: number, cellColumn: number, cellRow: number): number {
  const firstColumn = cellColumn - (cellColumn % TILE_CELLS);
  const firstRow = cellRow - (cellRow % TILE_CELLS);
  let next = step + leap;
  while (next <= limit) {
    const nextColumn = Math.round(column + dirX * next);
    const nextRow = Math.round(row + dirY * next);
    if (nextColumn < firstColumn || nextColumn >= firstColumn + TILE_CELLS || nextRow < firstRow || nextRow >= firstRow + TILE_CELLS) break;
    next += leap;
  }
  return next;
}

/** cells: how much further apart than their number of steps two cells of a walk can be (each
 * coordinate rounded, so up to sqrt 2 cells), with room to spare for the rooms' rounding */
const SKIP_SLACK = 1.5;

/** metres: passages up to this wide (free room for a centre, wall to wall) can be doors where
 * orders coming from opposite sides take turns (situations/door-turns.ts): those up to LANE_WIDTH
 * in a row of obstacles, the wider ones where they are the one way through their line (keepPassage);
 * units queue only in those up to LANE_WIDTH. Rooms are kept up to MAX_CLEARANCE, so no wider
 * door could be told from open ground this way. */
export const DOOR_WIDTH = 2 * MAX_CLEARANCE;

/**
 * How far along the segment from a to b (metres) a centre keeping `clearance` first comes into a
 * passage: a door, a gap between rocks, a corridor, anywhere the free room across is bounded on
 * both sides within LANE_WIDTH; Infinity when it meets none. Units of one order queue there (see
 * Unit.queueRank).
 */
export function passageAhead(map: NavMap, clearance: number, ax: number, ay: number, bx: number, by: number): number {
  passagesAhead(map, clearance, ax, ay, bx, by, _passages);
  return _passages.passage;
}

const _passages = { passage: Infinity, door: Infinity };

/**
 * passageAhead into `out.passage`, and into `out.door` how far it first comes into a door (a
 * passage up to LANE_WIDTH wide in a row of obstacles, or one up to DOOR_WIDTH that is the one way
 * through its line: keepPassage), in one walk along the segment, on past its end for the door of
 * a passage met just before it.
 */
export function passagesAhead(map: NavMap, clearance: number, ax: number, ay: number, bx: number, by: number, out: { passage: number; door: number }): void {
  out.passage = Infinity;
  out.door = Infinity;
  const dx = bx - ax;
  const dy = by - ay;
  const length = hypot(dx, dy);
  if (!(length > NAV_CELL)) return;
  // the segment's cells, sampled every half cell (a cell seen twice in a row is looked at once),
  // and on past b for the door of a passage met before it (keepPassage)
  const samples = Math.ceil(length / (NAV_CELL / 2));
  const past = samples + Math.ceil(PASSAGE_DEPTH / (NAV_CELL / 2));
  let lastColumn = -1;
  let lastRow = -1;
  for (let i = 0; i <= past; i++) {
    if (i > samples && out.passage === Infinity) break;
    const along = i / samples;
    const column = Math.floor((ax + dx * along) / NAV_CELL);
    const row = Math.floor((ay + dy * along) / NAV_CELL);
    if (column === lastColumn && row === lastRow) continue;
    lastColumn = column;
    lastRow = row;
    if (keepPassage(map, clearance, column, row, length * along, out)) break;
  }
}

/**
 * One cell of a walk along a way (passagesAhead; nav/route.ts passagesDown), `along` metres down
 * it: when it is in a door and none was met before, `out.door` becomes `along`; when it is in a
 * passage and none was met before, `out.passage` does. The walk is over (returns true) once both
 * are known, or PASSAGE_DEPTH past the passage without a door: a passage that is no door (a gap
 * between two rocks) may lie just before one that is, and the cells at a door's mouth may not yet
 * show the row its posts stand in.
 */
export function keepPassage(map: NavMap, clearance: number, column: number, row: number, along: number, out: { passage: number; door: number }): boolean {
  if (along > out.passage + PASSAGE_DEPTH) return true;
  const room = roomAt(map, column, row);
  if (room < clearance) return false;
  // a cell with this much room has nothing on one side or the other within half the width (a
  // room kept at MAX_CLEARANCE has nothing within that, the widest DOOR_WIDTH looks for)
  const lane = room < clearance + LANE_WIDTH / 2 && isPassageCell(map, clearance, column, row, LANE_CELLS);
  if (out.door === Infinity && (lane ? isRowGapCell(map, clearance, column, row) : room < Math.min(clearance + DOOR_WIDTH / 2, MAX_CLEARANCE) && isPassageCell(map, clearance, column, row, DOOR_CELLS) && isSoleWayCell(map, clearance, column, row))) {
    out.door = along;
  }
  if (lane && out.passage === Infinity) out.passage = along;
  return out.passage !== Infinity && out.door !== Infinity;
}

/** metres past the first passage on a way that a walk goes on looking for a door (keepPassage) */
export const PASSAGE_DEPTH = 4;

/** A door doorBetween found: its middle, its width (free room for a centre, wall to wall), and
 * whether its posts are parts of walls (a cut in the free space, not a gap beside a rock). */
export interface NarrowPlace {
  x: number;
  y: number;
  width: number;
  walled: boolean;
}

/**
 * A door on the segment from a to b: the narrowest place on it where the free room across it, for
 * a centre keeping `clearance` (wall to wall, square to the segment), is under `maxWidth` metres,
 * when the room widens again to at least 1 / DOOR_SHARE times that on both sides within a stretch
 * no deeper than DOOR_DEPTH (a corridor, or a world about as narrow as the narrowest place, has no
 * door). Its middle, its width and whether it is walled (NarrowPlace) go into `out`; false when
 * there is none.
 */
export function doorBetween(map: NavMap, clearance: number, ax: number, ay: number, bx: number, by: number, maxWidth: number, out: NarrowPlace): boolean {
  const length = hypot(bx - ax, by - ay);
  if (!(length > NAV_CELL)) return false;
  const ux = (bx - ax) / length;
  const uy = (by - ay) / length;
  // free room is measured only as far as a door's surroundings must open
  const limit = Math.ceil(maxWidth / DOOR_SHARE / NAV_CELL);
  // every other cell: a door is at least its wall's thickness and twice the clearance deep
  const samples = Math.ceil(length / (2 * NAV_CELL));
  if (isFilled(map)) return narrowestDoor(map, clearance, ax, ay, ux, uy, length, samples, maxWidth, limit, out);
  if (_doorWidths.length <= samples) _doorWidths = new Float64Array(2 * (samples + 1));
  const widths = _doorWidths;
  // the narrowest sample, and its free cells left and right of the segment
  let narrowest = -1;
  let narrowLeft = 0;
  let narrowRight = 0;
  for (let i = 0; i <= samples; i++) {
    const along = (length * i) / samples;
    const column = Math.floor((ax + ux * along) / NAV_CELL);
    const row = Math.floor((ay + uy * along) / NAV_CELL);
    // blocked ground counts as no room at all
    widths[i] = 0;
    if (roomAt(map, column, row) < clearance) continue;
    // free cells to the left (-uy, ux) and to the right (uy, -ux) of the segment
    const left = freeRun(map, clearance, column, row, -uy, ux, limit);
    const right = left > limit ? limit : freeRun(map, clearance, column, row, uy, -ux, limit);
    widths[i] = left > limit || right > limit ? Infinity : (left + right + 1) * NAV_CELL;
    if (narrowest < 0 || widths[i]! < widths[narrowest]!) {
      narrowest = i;
      narrowLeft = left;
      narrowRight = right;
    }
  }
  if (narrowest < 0 || !(widths[narrowest]! < maxWidth)) return false;
  // the stretch round it narrower than its surroundings must open to
  const open = widths[narrowest]! / DOOR_SHARE;
  let first = narrowest;
  while (first > 0 && widths[first - 1]! < open) first--;
  let last = narrowest;
  while (last < samples && widths[last + 1]! < open) last++;
  if (first === 0 || last === samples || ((last - first) * length) / samples > DOOR_DEPTH) return false;
  return placeNarrowing(map, clearance, ax, ay, ux, uy, (length * narrowest) / samples, narrowLeft, narrowRight, out);
}

/**
 * Writes the narrowing found `along` metres down the segment, `left` and `right` free cells either
 * side of its cell there, into `out` (placeDoor), and whether both its posts are parts of walls
 * (`out.walled`, nav/walls.ts): the blocked ground beyond each reaches CUT_REACH further from its
 * middle than the post. Between two rocks, or a rock and a wall, a crowd can walk round the rock.
 * Returns true (a door).
 */
function placeNarrowing(map: NavMap, clearance: number, ax: number, ay: number, ux: number, uy: number, along: number, left: number, right: number, out: NarrowPlace): boolean {
  placeDoor(ax, ay, ux, uy, along, left, right, out);
  const column = Math.floor((ax + ux * along) / NAV_CELL);
  const row = Math.floor((ay + uy * along) / NAV_CELL);
  // (the posts: the first blocked cells the walks across met, as freeRun steps)
  const reach = out.width / 2 + CUT_REACH;
  out.walled =
    reachesFrom(map, clearance, Math.round(column - uy * (left + 1)), Math.round(row + ux * (left + 1)), out.x, out.y, reach) &&
    reachesFrom(map, clearance, Math.round(column + uy * (right + 1)), Math.round(row - ux * (right + 1)), out.x, out.y, reach);
  return true;
}

/**
 * Writes the door found `along` metres down the segment, `left` and `right` free cells either side
 * of its cell there, into `out`: its width, and its middle (from the cell's centre, half the
 * difference toward the left).
 */
function placeDoor(ax: number, ay: number, ux: number, uy: number, along: number, left: number, right: number, out: NarrowPlace): void {
  const column = Math.floor((ax + ux * along) / NAV_CELL);
  const row = Math.floor((ay + uy * along) / NAV_CELL);
  const shift = ((left - right) / 2) * NAV_CELL;
  out.width = (left + right + 1) * NAV_CELL;
  out.x = (column + 0.5) * NAV_CELL - uy * shift;
  out.y = (row + 0.5) * NAV_CELL + ux * shift;
}

let _doorWidths = new Float64Array(256);

/**
 * Whether every tile of the map has its rooms (reading a room then fills nothing). Tiles are
 * emptied only when an obstacle comes or goes (the map's version goes up), so a map found filled
 * is known to be until then (`_filledAt`: the version it was found filled at).
 */
function isFilled(map: NavMap): boolean {
  if (_filledAt.get(map) === map.base.version) return true;
  const rooms = map.rooms;
  for (let tile = 0; tile < rooms.length; tile++) if (rooms[tile] === undefined) return false;
  _filledAt.set(map, map.base.version);
  return true;
}

const _filledAt = new WeakMap<NavMap, number>();

/**
 * doorBetween on a map whose tiles all have their rooms, with the same answer, reading less. Each
 * walk across the segment stops as soon as it shows its sample cannot matter: no wider than the
 * narrowest sample so far while the narrowest is looked for, then no wider than the stretch round
 * it must open to. A walk cut short reads the first part of the cells the whole walk reads (the
 * same steps), and with every tile filled no read fills one: the planning budget counts the same
 * work. (On a map still filling, a shorter walk could leave a tile unfilled that the whole walk
 * fills, so doorBetween walks in full there.)
 */
function narrowestDoor(map: NavMap, clearance: number, ax: number, ay: number, ux: number, uy: number, length: number, samples: number, maxWidth: number, limit: number, out: NarrowPlace): boolean {
  // the first narrowest sample narrower than maxWidth
  let narrowest = -1;
  let narrowWidth = maxWidth;
  let narrowLeft = 0;
  let narrowRight = 0;
  for (let i = 0; i <= samples; i++) {
    const along = (length * i) / samples;
    const column = Math.floor((ax + ux * along) / NAV_CELL);
    const row = Math.floor((ay + uy * along) / NAV_CELL);
    if (roomAt(map, column, row) < clearance) continue;
    // a sample wider than this many cells is no narrower than the narrowest so far
    const cap = Math.min(limit, Math.ceil(narrowWidth / NAV_CELL));
    const left = freeRun(map, clearance, column, row, -uy, ux, cap);
    if (left + 1 > cap) continue;
    const rightCap = cap - left - 1;
    const right = freeRun(map, clearance, column, row, uy, -ux, rightCap);
    if (right > rightCap) continue;
    const width = (left + right + 1) * NAV_CELL;
    if (width < narrowWidth) {
      narrowest = i;
      narrowWidth = width;
      narrowLeft = left;
      narrowRight = right;
    }
  }
  if (narrowest < 0) return false;
  // the stretch round it narrower than its surroundings must open to, no deeper than a door
  const open = narrowWidth / DOOR_SHARE;
  const openCap = Math.min(limit, Math.ceil(open / NAV_CELL));
  let first = narrowest;
  while (first > 0 && isNarrowerThan(map, clearance, ax, ay, ux, uy, (length * (first - 1)) / samples, open, openCap)) {
    first--;
    if (((narrowest - first) * length) / samples > DOOR_DEPTH) return false;
  }
  let last = narrowest;
  while (last < samples && isNarrowerThan(map, clearance, ax, ay, ux, uy, (length * (last + 1)) / samples, open, openCap)) {
    last++;
    if (((last - first) * length) / samples > DOOR_DEPTH) return false;
  }
  if (first === 0 || last === samples) return false;
  return placeNarrowing(map, clearance, ax, ay, ux, uy, (length * narrowest) / samples, narrowLeft, narrowRight, out);
}

/** Whether the free room across the segment `along` metres down it is narrower than `open` metres
 * (blocked ground: none at all); runs longer than `cap` cells are not. */
function isNarrowerThan(map: NavMap, clearance: number, ax: number, ay: number, ux: number, uy: number, along: number, open: number, cap: number): boolean {
  const column = Math.floor((ax + ux * along) / NAV_CELL);
  const row = Math.floor((ay + uy * along) / NAV_CELL);
  if (roomAt(map, column, row) < clearance) return true;
  const left = freeRun(map, clearance, column, row, -uy, ux, cap);
  if (left > cap) return false;
  const right = freeRun(map, clearance, column, row, uy, -ux, cap);
  if (right > cap) return false;
  return (left + right + 1) * NAV_CELL < open;
}

/** metres: the deepest a narrowing can be and count as a door (doorBetween) */
const DOOR_DEPTH = 4;
/** a door is at most this share of the free room either side of it (doorBetween) */
const DOOR_SHARE = 0.75;

const LANE_CELLS = Math.round(LANE_WIDTH / NAV_CELL);
const DOOR_CELLS = Math.round(DOOR_WIDTH / NAV_CELL);

/** Whether the point lies in a passage one unit wide (for a centre keeping `clearance`, less than
 * ONE_LANE of free room across; see passageAhead). With `margin`, a point in a wall's margin counts
 * too when the free cells nearest it (within MARGIN_RINGS) are in such a passage. */
export function isNarrowPassageAt(map: NavMap, clearance: number, x: number, y: number, margin = false): boolean {
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  const room = roomAt(map, column, row);
  if (room >= clearance) return room < clearance + ONE_LANE / 2 && isPassageCell(map, clearance, column, row, Math.round(ONE_LANE / NAV_CELL));
  if (!margin) return false;
  for (let ring = 1; ring <= MARGIN_RINGS; ring++) {
    const offsets = RING_OFFSETS[ring - 1]!;
    let found = false;
    for (let k = 0; k < offsets.length; k += 2) {
      const near = roomAt(map, column + offsets[k]!, row + offsets[k + 1]!);
      if (near < clearance) continue;
      found = true;
      if (near < clearance + ONE_LANE / 2 && isPassageCell(map, clearance, column + offsets[k]!, row + offsets[k + 1]!, Math.round(ONE_LANE / NAV_CELL))) return true;
    }
    if (found) return false;
  }
  return false;
}

/** metres of free room across (for the centre) below which a passage takes one unit at a time */
const ONE_LANE = 1.5;

/**
 * Whether the free room across cell (column, row), itself included, ends on both sides within
 * `limit` cells in all, along one of eight directions. (By a single wall, or round the end of one,
 * it does not end on the open side.) Every unit whose way passes a cell asks this of it, tick
 * after tick, so the answers are kept (PassageAnswers).
 */
function isPassageCell(map: NavMap, clearance: number, column: number, row: number, limit: number): boolean {
  return keptAnswer(map, clearance, limit, column, row, limit, measurePassageCell);
}

/**
 * The kept answer for cell (column, row) in the set asked as (clearance, key), worked out by
 * `measure` (given `limit`) and kept when not known yet; off the map, worked out each time.
 */
function keptAnswer(
  map: NavMap,
  clearance: number,
  key: number,
  column: number,
  row: number,
  limit: number,
  measure: (map: NavMap, clearance: number, column: number, row: number, limit: number) => boolean,
): boolean {
  if (column < 0 || row < 0 || column >= map.columns || row >= map.rows) return measure(map, clearance, column, row, limit);
  const tiles = answersFor(map, clearance, key);
  const tile = tileOf(map, column, row);
  let answers = tiles[tile];
  if (answers === undefined) {
    answers = new Uint8Array(TILE_AREA);
    tiles[tile] = answers;
  }
  const cell = (row % TILE_CELLS) * TILE_CELLS + (column % TILE_CELLS);
  const known = answers[cell]!;
  if (known !== UNKNOWN) return known === PASSAGE;
  const answer = measure(map, clearance, column, row, limit);
  answers[cell] = answer ? PASSAGE : NO_PASSAGE;
  return answer;
}

/**
 * isPassageCell's answers for one map, per clearance and width asked (a few: one per size of unit
 * and kind of passage), per tile and cell. An answer depends only on the rooms, which change only
 * when an obstacle is added or removed (the map's version goes up): then all are forgotten. The
 * rooms an answer read were filled as it was worked out, so a kept answer skips no filling (the
 * planning budget counts the same work).
 */
interface PassageAnswers {
  version: number;
  /** clearance and limit of each set of answers, in pairs */
  keys: number[];
  sets: Array<Array<Uint8Array | undefined>>;
}

const UNKNOWN = 0;
const NO_PASSAGE = 1;
const PASSAGE = 2;
/** sets of answers kept per map at most (all are forgotten when one more is asked for) */
const MAX_ANSWER_SETS = 16;

const _passageAnswers = new WeakMap<NavMap, PassageAnswers>();

/** What this file keeps per navigation map beside it: the answers about passages, and the
 * version each map's rooms were last found all filled at (what a saved simulation carries with
 * each map, sim/save.ts). */
export const PASSAGE_TABLES = { answers: _passageAnswers, filledAt: _filledAt } as const;

/** The answers per tile for `clearance` and `limit` on `map`, made empty when first asked for. */
function answersFor(map: NavMap, clearance: number, limit: number): Array<Uint8Array | undefined> {
  let kept = _passageAnswers.get(map);
  if (kept === undefined) {
    kept = { version: map.base.version, keys: [], sets: [] };
    _passageAnswers.set(map, kept);
  }
  if (kept.version !== map.base.version || kept.sets.length === MAX_ANSWER_SETS) {
    kept.version = map.base.version;
    kept.keys.length = 0;
    kept.sets.length = 0;
  }
  const keys = kept.keys;
  for (let index = 0; index < kept.sets.length; index++) {
    if (keys[2 * index] === clearance && keys[2 * index + 1] === limit) return kept.sets[index]!;
  }
  keys.push(clearance, limit);
  const set = new Array<Uint8Array | undefined>(map.tileColumns * map.tileRows);
  kept.sets.push(set);
  return set;
}

/** metres along a door's line, past each of its posts, within which another way through makes it
 * no door (isSoleWayCell) */
export const CUT_REACH = 5;
const CUT_CELLS = Math.round(CUT_REACH / NAV_CELL);

/**
 * Whether the passage at cell (column, row), up to DOOR_WIDTH across, is the one way through its
 * line: along the direction it is narrow in, past the post on either side, no free cell lies
 * within CUT_REACH. A gap in a wall is; a wide gap between two big rocks is not (the next gap is a
 * rock's width away), and neither is a corridor whose walls have open ground behind them. Closing
 * a door so found sends the way round the wall's end, at least CUT_REACH further off. Asked of the
 * passages wider than a lane (keepPassage); a narrower one is a door where it is a gap in a row
 * (isRowGapCell). Kept like isPassageCell's answers.
 */
function isSoleWayCell(map: NavMap, clearance: number, column: number, row: number): boolean {
  // (its answers are kept apart from isPassageCell's by their negative key)
  return keptAnswer(map, clearance, -DOOR_CELLS, column, row, DOOR_CELLS, measureSoleWay);
}

/** isSoleWayCell, worked out from the rooms: along the first direction the cell is a passage up to
 * `limit` cells across in (as measurePassageCell finds it), nothing free past either post. */
function measureSoleWay(map: NavMap, clearance: number, column: number, row: number, limit: number): boolean {
  for (let k = 0; k < ACROSS.length; k += 2) {
    const ux = ACROSS[k]!;
    const uy = ACROSS[k + 1]!;
    const plus = freeRun(map, clearance, column, row, ux, uy, limit);
    if (plus >= limit) continue;
    const minus = freeRun(map, clearance, column, row, -ux, -uy, limit - plus - 1);
    if (plus + 1 + minus > limit) continue;
    return !freeAlong(map, clearance, column, row, ux, uy, plus + 1, plus + 1 + CUT_CELLS) && !freeAlong(map, clearance, column, row, -ux, -uy, minus + 1, minus + 1 + CUT_CELLS);
  }
  return false;
}

/** Whether a free cell lies along (dirX, dirY) from cell (column, row), `from` to `to` steps out
 * (off the map: none). */
function freeAlong(map: NavMap, clearance: number, column: number, row: number, dirX: number, dirY: number, from: number, to: number): boolean {
  for (let step = from; step <= to; step++) {
    if (roomAt(map, Math.round(column + dirX * step), Math.round(row + dirY * step)) >= clearance) return true;
  }
  return false;
}

/**
 * Whether the passage at cell (column, row), up to LANE_WIDTH across, is a gap in a row of
 * obstacles (isRowPast, past both its posts along its line): in a wall, a river bank, a colonnade
 * or a fence of gaps no wider than it. Crowds crossing such a row must all go through its gaps, and
 * two meeting head-on in one stand there. A gap between two rocks with open ground beyond either
 * is no such row: each crowd can walk round a rock, or through the wider way beside it. Kept like
 * isPassageCell's answers.
 */
function isRowGapCell(map: NavMap, clearance: number, column: number, row: number): boolean {
  // (kept apart from isPassageCell's and isSoleWayCell's answers by their own negative key)
  return keptAnswer(map, clearance, -LANE_CELLS, column, row, LANE_CELLS, measureRowGap);
}

/** isRowGapCell, worked out from the rooms: along the directions the passage is narrowest in (the
 * line between its posts), to within a cell: a gap two cells wide through a thin wall is as narrow
 * along a slant through the wall's ends, with open ground past the wall, as along the wall. */
function measureRowGap(map: NavMap, clearance: number, column: number, row: number, limit: number): boolean {
  const posts = _row_posts;
  let narrowest = limit + 1;
  for (let k = 0; k < ACROSS.length; k += 2) {
    const plus = freeRun(map, clearance, column, row, ACROSS[k]!, ACROSS[k + 1]!, limit);
    const minus = plus >= limit ? limit : freeRun(map, clearance, column, row, -ACROSS[k]!, -ACROSS[k + 1]!, limit - plus - 1);
    posts[k] = plus + 1;
    posts[k + 1] = minus + 1;
    narrowest = Math.min(narrowest, plus + 1 + minus);
  }
  if (narrowest > limit) return false;
  for (let k = 0; k < ACROSS.length; k += 2) {
    const width = posts[k]! + posts[k + 1]! - 1;
    if (width > narrowest + 1) continue;
    if (isRowPast(map, clearance, column, row, ACROSS[k]!, ACROSS[k + 1]!, posts[k]!, width) && isRowPast(map, clearance, column, row, -ACROSS[k]!, -ACROSS[k + 1]!, posts[k + 1]!, width)) return true;
  }
  return false;
}

/** per direction of ACROSS: the steps to the post on either side (measureRowGap) */
const _row_posts = new Int32Array(16);

/**
 * Whether, along (dirX, dirY) from cell (column, row), the post that starts `from` steps out stands
 * in a row: it is a wall (blocked along the line for CUT_REACH, or reaching CUT_REACH across it
 * somewhere, as a wall turning a corner does), or from it out to ROW_REACH no free run is more
 * than a cell wider than `width` cells (the next gaps of a colonnade, a fence, a wall with doors
 * side by side). A rock with open ground beyond is neither.
 */
function isRowPast(map: NavMap, clearance: number, column: number, row: number, dirX: number, dirY: number, from: number, width: number): boolean {
  let step = from;
  for (; step < from + CUT_CELLS; step++) {
    const postColumn = Math.round(column + dirX * step);
    const postRow = Math.round(row + dirY * step);
    if (roomAt(map, postColumn, postRow) >= clearance) break;
    // (blocked for CUT_CELLS across the line, either way: a wall turning a corner)
    if (!freeAlong(map, clearance, postColumn, postRow, -dirY, dirX, 1, CUT_CELLS) || !freeAlong(map, clearance, postColumn, postRow, dirY, -dirX, 1, CUT_CELLS)) return true;
  }
  if (step === from + CUT_CELLS) return true;
  let run = 0;
  for (; step <= from + ROW_CELLS; step++) {
    if (roomAt(map, Math.round(column + dirX * step), Math.round(row + dirY * step)) < clearance) run = 0;
    else if (++run > width + 1) return false;
  }
  return true;
}

/** metres past each post of a narrow passage along its line over which isRowGapCell looks for
 * the row it stands in: two gaps of a colonnade and more, never just one rock beyond another */
const ROW_REACH = 8;
const ROW_CELLS = Math.round(ROW_REACH / NAV_CELL);

/** isPassageCell, worked out from the rooms. */
function measurePassageCell(map: NavMap, clearance: number, column: number, row: number, limit: number): boolean {
  for (let k = 0; k < ACROSS.length; k += 2) {
    const ux = ACROSS[k]!;
    const uy = ACROSS[k + 1]!;
    const plus = freeRun(map, clearance, column, row, ux, uy, limit);
    if (plus < limit && plus + 1 + freeRun(map, clearance, column, row, -ux, -uy, limit - plus - 1) <= limit) return true;
  }
  return false;
}

/** unit directions, eight to the half turn, along which a passage's width is measured */
const ACROSS = [1, 0, 0.92388, 0.38268, 0.70711, 0.70711, 0.38268, 0.92388, 0, 1, -0.38268, 0.92388, -0.70711, 0.70711, -0.92388, 0.38268];
