/**
 * Units filed by team and square cell, for the spatial queries (sim/nearby.ts): a grid over the
 * world that stores only the keys it holds (spatial/cells.ts), so its memory and the cost of a
 * sort grow with the units, never with the world's empty area.
 */
import { type CellTable, createCellTable, enterCell, findCell, resetCellTable } from './cells';

/** What the grid reads of a unit. */
export interface GridUnit {
  readonly team: number;
  readonly radius: number;
  readonly position: { readonly x: number; readonly y: number };
}

/**
 * Units sorted into square cells by team: the units of team slot t in cell c are filed under the
 * key t x cells + c, so a question about some teams never reads the others' units (an army asking
 * for the nearest enemy does not walk through its own ranks). What a question reads of a unit is
 * copied out in filing order, so the units of a cell lie side by side.
 */
export interface Level {
  readonly cellSize: number;
  readonly columns: number;
  readonly rows: number;
  readonly table: CellTable;
  /** the units filed under key dense index u are entries start[u] .. start[u + 1] - 1 */
  start: Int32Array;
  /** per entry, in filing order (slot order within a key): the unit's slot, centre and radius */
  slot: Int32Array;
  x: Float64Array;
  y: Float64Array;
  radius: Float64Array;
  /** scratch: each unit's key dense index, and each key's fill position */
  entry: Int32Array;
  cursor: Int32Array;
}

/** The grids the queries read, and the layout they were sorted for. */
export interface NearbyIndex {
  /** cells of QUERY_CELL metres, for questions within a few cells */
  readonly fine: Level;
  /** cells of COARSE_CELL metres, for the nearest unit far away */
  readonly coarse: Level;
  /** the teams present, each given a slot in the order first met among the units */
  readonly teamSlots: Map<number, number>;
  readonly teams: number[];
  /** the state's `layout` when last sorted (-1: never) */
  sortedFor: number;
  /** metres: the largest radius among the units sorted */
  maxRadius: number;
}

/** metres per side of the fine cells: a few of them make an RTS unit's reach of sight */
const QUERY_CELL = 4;
/** metres per side of the coarse cells */
const COARSE_CELL = 32;

export function createLevel(width: number, height: number, cellSize: number): Level {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  const none = new Int32Array(0);
  const nothing = new Float64Array(0);
  return { cellSize, columns, rows, table: createCellTable(), start: new Int32Array(1), slot: none, x: nothing, y: nothing, radius: nothing, entry: none, cursor: none };
}

export function createNearbyIndex(width: number, height: number): NearbyIndex {
  return { fine: createLevel(width, height, QUERY_CELL), coarse: createLevel(width, height, COARSE_CELL), teamSlots: new Map(), teams: [], sortedFor: -1, maxRadius: 0 };
}

export function columnOn(level: Level, x: number): number {
  const column = Math.floor(x / level.cellSize);
  return column < 0 ? 0 : column >= level.columns ? level.columns - 1 : column;
}

export function rowOn(level: Level, y: number): number {
  const row = Math.floor(y / level.cellSize);
  return row < 0 ? 0 : row >= level.rows ? level.rows - 1 : row;
}

/** Files the units under their keys by counting, keeping slot order within a key. */
export function sortLevel(level: Level, units: readonly GridUnit[], teamSlots: Map<number, number>, teams: number): void {
  const count = units.length;
  if (level.slot.length < count) {
    const size = Math.max(count, 2 * level.slot.length);
    level.slot = new Int32Array(size);
    level.x = new Float64Array(size);
    level.y = new Float64Array(size);
    level.radius = new Float64Array(size);
    level.entry = new Int32Array(size);
    level.cursor = new Int32Array(size);
    level.start = new Int32Array(size + 1);
  }
  const cells = level.columns * level.rows;
  resetCellTable(level.table, count, teams * cells);
  const { start, entry, cursor, table } = level;
  start.fill(0, 0, count + 1);
  for (let slot = 0; slot < count; slot++) {
    const unit = units[slot]!;
    const key = teamSlots.get(unit.team)! * cells + rowOn(level, unit.position.y) * level.columns + columnOn(level, unit.position.x);
    const dense = enterCell(table, key);
    entry[slot] = dense;
    start[dense + 1]!++;
  }
  for (let u = 0; u < table.size; u++) {
    start[u + 1]! += start[u]!;
    cursor[u] = start[u]!;
  }
  for (let slot = 0; slot < count; slot++) {
    const at = cursor[entry[slot]!]!++;
    const unit = units[slot]!;
    level.slot[at] = slot;
    level.x[at] = unit.position.x;
    level.y[at] = unit.position.y;
    level.radius[at] = unit.radius;
  }
}

/** Calls `visit` with the entries of every key of the team slots whose cell overlaps the box. */
export function forEachKey(level: Level, slots: readonly number[], minX: number, minY: number, maxX: number, maxY: number, visit: (from: number, to: number) => void): void {
  const column0 = columnOn(level, minX);
  const column1 = columnOn(level, maxX);
  const row0 = rowOn(level, minY);
  const row1 = rowOn(level, maxY);
  const cells = level.columns * level.rows;
  const { table, start } = level;
  // a box of more cells than keys filed: the keys are looked over instead (the same entries,
  // in another order, which no query's answer depends on)
  if ((column1 - column0 + 1) * (row1 - row0 + 1) * slots.length > table.size) {
    for (let u = 0; u < table.size; u++) {
      const key = table.cellOf[u]!;
      const team = Math.floor(key / cells);
      if (!slots.includes(team)) continue;
      const cell = key - team * cells;
      const row = Math.floor(cell / level.columns);
      const column = cell - row * level.columns;
      if (row >= row0 && row <= row1 && column >= column0 && column <= column1) visit(start[u]!, start[u + 1]!);
    }
    return;
  }
  for (const team of slots) {
    for (let row = row0; row <= row1; row++) {
      for (let column = column0; column <= column1; column++) {
        const u = findCell(table, team * cells + row * level.columns + column);
        if (u >= 0) visit(start[u]!, start[u + 1]!);
      }
    }
  }
}

/** Calls `visit` with the entries of every key of the team slots in the ring of cells `ring` round (column, row). */
export function forEachRingKey(level: Level, slots: readonly number[], column: number, row: number, ring: number, visit: (from: number, to: number) => void): void {
  const cells = level.columns * level.rows;
  const { table, start } = level;
  const row0 = row - ring;
  const row1 = row + ring;
  for (const team of slots) {
    for (let r = Math.max(0, row0); r <= Math.min(level.rows - 1, row1); r++) {
      // the ring's bottom and top rows are whole; the rows between hold only its two end cells
      const step = r === row0 || r === row1 ? 1 : 2 * ring;
      for (let c = column - ring; c <= column + ring; c += step) {
        if (c < 0 || c >= level.columns) continue;
        const u = findCell(table, team * cells + r * level.columns + c);
        if (u >= 0) visit(start[u]!, start[u + 1]!);
      }
    }
  }
}

