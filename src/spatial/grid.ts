/**
 * A uniform grid over unit centres, rebuilt every tick by counting sort (O(n), no allocation
 * once sized). For thousands of same-size discs it answers "who is near this box" far faster
 * than planck's dynamic tree, whose walk and per-query closure dominated the controller's cost.
 */
import type { ReadonlyVec2 } from '../math/vec2';

export interface GridItem {
  readonly position: ReadonlyVec2;
  readonly velocity: ReadonlyVec2;
  readonly radius: number;
}

export interface UnitGrid {
  /** metres per cell side */
  readonly cellSize: number;
  readonly columns: number;
  readonly rows: number;
  /** largest radius among the items, so queries can grow their box by it */
  maxRadius: number;
  /** metres per second: the fastest item's speed at the rebuild, so a query for what can reach
   * a point within some time knows how far to look */
  maxSpeed: number;
  /** items of cell c are order[cellStart[c] .. cellStart[c + 1] - 1] (indices into the item list) */
  cellStart: Int32Array;
  order: Int32Array;
  /** scratch: the cell of each item, and the fill position of each cell */
  itemCell: Int32Array;
  readonly cursor: Int32Array;
}

export function createUnitGrid(width: number, height: number, cellSize: number): UnitGrid {
  const columns = Math.max(1, Math.ceil(width / cellSize));
  const rows = Math.max(1, Math.ceil(height / cellSize));
  return {
    cellSize,
    columns,
    rows,
    maxRadius: 0,
    maxSpeed: 0,
    cellStart: new Int32Array(columns * rows + 1),
    order: new Int32Array(64),
    itemCell: new Int32Array(64),
    cursor: new Int32Array(columns * rows),
  };
}

export function cellColumn(grid: UnitGrid, x: number): number {
  const column = Math.floor(x / grid.cellSize);
  return column < 0 ? 0 : column >= grid.columns ? grid.columns - 1 : column;
}

export function cellRow(grid: UnitGrid, y: number): number {
  const row = Math.floor(y / grid.cellSize);
  return row < 0 ? 0 : row >= grid.rows ? grid.rows - 1 : row;
}

/** Sorts the items into cells by their centres, keeping item order within a cell. */
export function rebuildGrid(grid: UnitGrid, items: readonly GridItem[]): void {
  const count = items.length;
  if (grid.order.length < count) {
    const size = Math.max(count, grid.order.length * 2);
    grid.order = new Int32Array(size);
    grid.itemCell = new Int32Array(size);
  }
  const cells = grid.columns * grid.rows;
  const cellStart = grid.cellStart;
  const cursor = grid.cursor;
  cellStart.fill(0);
  let maxRadius = 0;
  let maxSpeedSq = 0;
  for (let i = 0; i < count; i++) {
    const item = items[i]!;
    const speedSq = item.velocity.x * item.velocity.x + item.velocity.y * item.velocity.y;
    if (speedSq > maxSpeedSq) maxSpeedSq = speedSq;
    const cell = cellRow(grid, item.position.y) * grid.columns + cellColumn(grid, item.position.x);
    grid.itemCell[i] = cell;
    cellStart[cell + 1]!++;
    if (item.radius > maxRadius) maxRadius = item.radius;
  }
  for (let c = 0; c < cells; c++) {
    cellStart[c + 1]! += cellStart[c]!;
    cursor[c] = cellStart[c]!;
  }
  for (let i = 0; i < count; i++) grid.order[cursor[grid.itemCell[i]!]!++] = i;
  grid.maxRadius = maxRadius;
  grid.maxSpeed = Math.sqrt(maxSpeedSq);
}
