/**
 * A table from cell numbers to small dense indices, for the cells something occupies.
 *
 * A map's grid may have a million cells of which a few hundred hold anything. Storing per cell
 * would make memory and every per-tick pass grow with the map's empty area; this table holds only
 * the occupied cells, numbered 0, 1, 2... in the order they were first entered, so per-cell data
 * lives in arrays as long as the number of occupied cells.
 *
 * When the grid has few cells for the capacity asked (at most DIRECT_PER_ENTRY per entry, plus
 * DIRECT_SPARE), an array indexed by cell number answers directly: the usual case, a crowd filling
 * its map, pays one read per lookup. Otherwise lookups hash the cell number into a power-of-two
 * table at most half full and probe linearly. Either way the memory is bounded by the capacity,
 * not the map, and only integer operations are involved, the same on every JavaScript engine.
 */
export interface CellTable {
  /** how many cells are entered */
  size: number;
  /** per entered cell, its cell number */
  cellOf: Float64Array;
  /** per cell number, its dense index or -1, when the grid is small enough; otherwise null */
  direct: Int32Array | null;
  /** per slot, the cell number held there, or -1 (used when `direct` is null) */
  slotCell: Float64Array;
  /** per slot, the dense index of the cell held there */
  slotIndex: Int32Array;
  /** slots - 1 (slots is a power of two) */
  mask: number;
  /** 32 - log2(slots): the hash keeps the product's top bits */
  shift: number;
}

/** a direct array is used up to this many cells per entry of capacity, plus DIRECT_SPARE */
const DIRECT_PER_ENTRY = 32;
const DIRECT_SPARE = 4096;

export function createCellTable(): CellTable {
  return { size: 0, cellOf: new Float64Array(16), direct: null, slotCell: new Float64Array(0), slotIndex: new Int32Array(0), mask: 0, shift: 0 };
}

/**
 * Empties the table and makes room for `capacity` entries out of cells numbered 0 .. cells - 1.
 * O(capacity + entries of the last use); arrays grow but are never given back.
 */
export function resetCellTable(table: CellTable, capacity: number, cells: number): void {
  const direct = table.direct;
  if (cells <= DIRECT_PER_ENTRY * capacity + DIRECT_SPARE) {
    if (direct !== null && direct.length === cells) {
      for (let u = 0; u < table.size; u++) direct[table.cellOf[u]!] = -1;
    } else {
      table.direct = new Int32Array(cells).fill(-1);
    }
  } else {
    table.direct = null;
    let slots = 16;
    let bits = 4;
    while (slots < 2 * capacity) {
      slots *= 2;
      bits++;
    }
    if (table.slotCell.length < slots) {
      table.slotCell = new Float64Array(slots);
      table.slotIndex = new Int32Array(slots);
      table.mask = slots - 1;
      table.shift = 32 - bits;
    }
    table.slotCell.fill(-1);
  }
  if (table.cellOf.length < capacity) table.cellOf = new Float64Array(Math.max(capacity, 2 * table.cellOf.length));
  table.size = 0;
}

/** The first slot to probe for `cell` (Fibonacci hashing of its low 32 bits). */
function homeSlot(table: CellTable, cell: number): number {
  return Math.imul(cell | 0, 0x9e3779b1) >>> table.shift;
}

/** The dense index of `cell` (0 <= cell < the table's cells), or -1 when it is not entered. */
export function findCell(table: CellTable, cell: number): number {
  const direct = table.direct;
  if (direct !== null) return direct[cell]!;
  const { slotCell, mask } = table;
  for (let slot = homeSlot(table, cell); ; slot = (slot + 1) & mask) {
    const held = slotCell[slot]!;
    if (held === cell) return table.slotIndex[slot]!;
    if (held === -1) return -1;
  }
}

/** The dense index of `cell`, entering it first when it is new. The caller keeps the number of
 * entered cells within the capacity the table was last reset for. */
export function enterCell(table: CellTable, cell: number): number {
  const direct = table.direct;
  if (direct !== null) {
    const known = direct[cell]!;
    if (known >= 0) return known;
    direct[cell] = table.size;
  } else {
    const { slotCell, mask } = table;
    let slot = homeSlot(table, cell);
    for (;;) {
      const held = slotCell[slot]!;
      if (held === cell) return table.slotIndex[slot]!;
      if (held === -1) break;
      slot = (slot + 1) & mask;
    }
    slotCell[slot] = cell;
    table.slotIndex[slot] = table.size;
  }
  table.cellOf[table.size] = cell;
  return table.size++;
}
