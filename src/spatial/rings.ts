/**
 * Square rings of cells around a cell, for searches that go outward nearest first (the sense
 * phase's neighbour search, the navigation grid's nearest free cell). Ring k holds the cells at
 * Chebyshev distance k; a point in ring k lies at least (k - 1) cell sizes from any point of the
 * centre cell, which is what lets a search stop early. Cells come row by row, bottom to top, and
 * left to right within a row, so a search visits them in a fixed order.
 */

/** A reusable list of cell indices (row-major), grown as needed. */
export interface RingCells {
  cells: Int32Array;
  count: number;
}

export function createRingCells(): RingCells {
  return { cells: new Int32Array(64), count: 0 };
}

/**
 * Fills `into` with the cells of ring `ring` around (column, row) on a columns x rows grid,
 * leaving out those beyond the grid's edges.
 */
export function collectRing(columns: number, rows: number, column: number, row: number, ring: number, into: RingCells): void {
  const capacity = Math.max(1, 8 * ring);
  if (into.cells.length < capacity) into.cells = new Int32Array(Math.max(capacity, 2 * into.cells.length));
  const cells = into.cells;
  let count = 0;
  const row0 = row - ring;
  const row1 = row + ring;
  for (let r = Math.max(0, row0); r <= Math.min(rows - 1, row1); r++) {
    // the ring's bottom and top rows are whole; the rows between hold only its two end cells
    const step = r === row0 || r === row1 ? 1 : 2 * ring;
    for (let c = column - ring; c <= column + ring; c += step) {
      if (c < 0 || c >= columns) continue;
      cells[count++] = r * columns + c;
    }
  }
  into.count = count;
}
