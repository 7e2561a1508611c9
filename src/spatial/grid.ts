/**
 * A uniform grid over points, rebuilt by counting sort each tick. For thousands of same-size discs
 * it answers "who is near this box" far faster than planck's dynamic tree, whose walk and
 * per-query closure dominated the controller's cost. The simulation's sense phase and the metrics
 * recorder both sort units into one.
 *
 * The grid covers the whole world, but stores only its occupied cells (spatial/cells.ts): memory
 * and the cost of a sort grow with the number of points, never with the world's empty area. A
 * cell is named by its number, row * columns + column; `occupiedCell` turns that into the dense
 * index under which the cell's points are found, or -1 for an empty cell.
 */
import { type CellTable, createCellTable, enterCell, findCell, resetCellTable } from './cells';

export interface CellGrid {
  /** metres per cell side */
  readonly cellSize: number;
  readonly columns: number;
  readonly rows: number;
  /** the occupied cells, numbered 0 .. occupied.size - 1 in the order the sort first met them */
  readonly occupied: CellTable;
  /** the points of occupied cell u are order[cellStart[u] .. cellStart[u + 1] - 1] (indices
   * into the point list, in point order within a cell) */
  cellStart: Int32Array;
  order: Int32Array;
  /** scratch: the occupied cell of each point, and the fill position of each occupied cell */
  itemCell: Int32Array;
  cursor: Int32Array;
}

/** A grid of `cellSize` cells over [0, width] x [0, height]; points outside go to the border cells. */
export function createCellGrid(width: number, height: number, cellSize: number): CellGrid {
  return {
    cellSize,
    columns: Math.max(1, Math.ceil(width / cellSize)),
    rows: Math.max(1, Math.ceil(height / cellSize)),
    occupied: createCellTable(),
    cellStart: new Int32Array(65),
    order: new Int32Array(64),
    itemCell: new Int32Array(64),
    cursor: new Int32Array(64),
  };
}

/** The column holding x, clamped into the grid. */
export function cellColumn(grid: CellGrid, x: number): number {
  const column = Math.floor(x / grid.cellSize);
  return column < 0 ? 0 : column >= grid.columns ? grid.columns - 1 : column;
}

/** The row holding y, clamped into the grid. */
export function cellRow(grid: CellGrid, y: number): number {
  const row = Math.floor(y / grid.cellSize);
  return row < 0 ? 0 : row >= grid.rows ? grid.rows - 1 : row;
}

/** The dense index of cell number `cell` (row * columns + column) this sort, or -1 when it is empty. */
export function occupiedCell(grid: CellGrid, cell: number): number {
  return findCell(grid.occupied, cell);
}

/**
 * Sorts `count` points, given as [x0, y0, x1, y1, ...], into cells, keeping their order within a
 * cell. Clamping into the border cells never pulls two nearby points into cells further apart.
 * O(count), whatever the grid's size.
 */
export function sortIntoCells(grid: CellGrid, positions: ArrayLike<number>, count: number): void {
  if (grid.order.length < count) {
    const size = Math.max(count, grid.order.length * 2);
    grid.order = new Int32Array(size);
    grid.itemCell = new Int32Array(size);
    grid.cursor = new Int32Array(size);
    grid.cellStart = new Int32Array(size + 1);
  }
  const table = grid.occupied;
  resetCellTable(table, count, grid.columns * grid.rows);
  const { cellStart, cursor, itemCell, order } = grid;
  cellStart.fill(0, 0, count + 1);
  for (let i = 0; i < count; i++) {
    const cell = cellRow(grid, positions[2 * i + 1]!) * grid.columns + cellColumn(grid, positions[2 * i]!);
    const index = enterCell(table, cell);
    itemCell[i] = index;
    cellStart[index + 1]!++;
  }
  for (let u = 0; u < table.size; u++) {
    cellStart[u + 1]! += cellStart[u]!;
    cursor[u] = cellStart[u]!;
  }
  for (let i = 0; i < count; i++) order[cursor[itemCell[i]!]!++] = i;
}
