/**
 * A uniform grid over points, rebuilt by counting sort (O(n), no allocation once sized). For
 * thousands of same-size discs it answers "who is near this box" far faster than planck's dynamic
 * tree, whose walk and per-query closure dominated the controller's cost. The simulation's sense
 * phase and the metrics recorder both sort units into one.
 */

export interface CellGrid {
  /** metres per cell side */
  readonly cellSize: number;
  readonly columns: number;
  readonly rows: number;
  /** items of cell c are order[cellStart[c] .. cellStart[c + 1] - 1] (indices into the item list,
   * in item order within a cell) */
  readonly cellStart: Int32Array;
  order: Int32Array;
  /** scratch: the cell of each item, and the fill position of each cell */
  itemCell: Int32Array;
  readonly cursor: Int32Array;
}

/** A grid of `cellSize` cells over [0, width] x [0, height]; points outside go to the border cells. */
export function createCellGrid(width: number, height: number, cellSize: number): CellGrid {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  return {
    cellSize,
    columns,
    rows,
    cellStart: new Int32Array(columns * rows + 1),
    order: new Int32Array(64),
    itemCell: new Int32Array(64),
    cursor: new Int32Array(columns * rows),
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

/**
 * Sorts `count` points, given as [x0, y0, x1, y1, ...], into cells, keeping their order within a
 * cell. Clamping into the border cells never pulls two nearby points into cells further apart.
 */
export function sortIntoCells(grid: CellGrid, positions: ArrayLike<number>, count: number): void {
  if (grid.order.length < count) {
    const size = Math.max(count, grid.order.length * 2);
    grid.order = new Int32Array(size);
    grid.itemCell = new Int32Array(size);
  }
  const cells = grid.columns * grid.rows;
  const { cellStart, cursor, itemCell, order } = grid;
  cellStart.fill(0);
  for (let i = 0; i < count; i++) {
    const cell = cellRow(grid, positions[2 * i + 1]!) * grid.columns + cellColumn(grid, positions[2 * i]!);
    itemCell[i] = cell;
    cellStart[cell + 1]!++;
  }
  for (let c = 0; c < cells; c++) {
    cellStart[c + 1]! += cellStart[c]!;
    cursor[c] = cellStart[c]!;
  }
  for (let i = 0; i < count; i++) order[cursor[itemCell[i]!]!++] = i;
}
