/**
 * Per-unit columns: typed arrays indexed by a unit's slot (its place in creation order, Unit.slot),
 * which grow together as units are added and close up together when one is removed, so every
 * column keeps lining up with `SimulationState.units`. The situations (src/situations/) keep their
 * per-unit state in columns of their own rather than in fields of `Unit`.
 */

type NumberArray = Float64Array | Int32Array | Uint8Array;

/** One column: `stride` numbers per unit, `initial` in every number of a new unit's entry. */
export interface Column<T extends NumberArray = NumberArray> {
  /** the numbers, unit by unit: unit `slot`'s are [slot * stride, (slot + 1) * stride); replaced
   * by a longer array as units are added, so read it through the column, never keep it */
  data: T;
  readonly stride: number;
  readonly initial: number;
}

export interface UnitColumns {
  /** units held (every column has at least this many entries) */
  count: number;
  /** units every column has room for */
  capacity: number;
  readonly all: Column[];
  /** whether the columns lie in shared memory (SharedArrayBuffer), so the sense phase's threads
   * read them where they are (sim/threads.ts); columns made or grown later are shared too */
  shared: boolean;
}

const FIRST_CAPACITY = 64;
const FLOATS = new Float64Array(0);
const INTS = new Int32Array(0);
const BYTES = new Uint8Array(0);

export function createUnitColumns(): UnitColumns {
  return { count: 0, capacity: FIRST_CAPACITY, all: [], shared: false };
}

type ArrayType = new (buffer: ArrayBufferLike) => NumberArray;

/** A zeroed array of `length` numbers of the column's type, in shared memory when `shared`. */
function allocate<T extends NumberArray>(like: T, length: number, shared: boolean): T {
  const type = like.constructor as ArrayType & { BYTES_PER_ELEMENT: number } & (new (length: number) => NumberArray);
  if (!shared) return new type(length) as T;
  return new type(new SharedArrayBuffer(length * type.BYTES_PER_ELEMENT)) as T;
}

/**
 * Moves every column into shared memory (their numbers unchanged), and every column made or grown
 * from now on. Only where SharedArrayBuffer exists (sim/threads.ts checks).
 */
export function shareColumns(columns: UnitColumns): void {
  columns.shared = true;
  for (const column of columns.all) {
    if (column.data.buffer instanceof SharedArrayBuffer) continue;
    const copy = allocate(column.data, column.data.length, true);
    copy.set(column.data);
    column.data = copy;
  }
}

/** A new column of Float64 numbers (`stride` per unit, each `initial` for a new unit). */
export function floatColumn(columns: UnitColumns, stride = 1, initial = 0): Column<Float64Array> {
  return addColumn(columns, allocate(FLOATS, columns.capacity * stride, columns.shared), stride, initial);
}

/** A new column of 32-bit integers. */
export function intColumn(columns: UnitColumns, stride = 1, initial = 0): Column<Int32Array> {
  return addColumn(columns, allocate(INTS, columns.capacity * stride, columns.shared), stride, initial);
}

/** A new column of bytes (flags). */
export function byteColumn(columns: UnitColumns, stride = 1, initial = 0): Column<Uint8Array> {
  return addColumn(columns, allocate(BYTES, columns.capacity * stride, columns.shared), stride, initial);
}

function addColumn<T extends NumberArray>(columns: UnitColumns, data: T, stride: number, initial: number): Column<T> {
  const column: Column<T> = { data, stride, initial };
  data.fill(initial);
  columns.all.push(column);
  return column;
}

/** Makes room for one more unit, at slot `columns.count`, its entries set to their initial values. */
export function addSlot(columns: UnitColumns): number {
  const slot = columns.count;
  if (slot === columns.capacity) {
    const capacity = 2 * columns.capacity;
    for (const column of columns.all) {
      const longer = allocate(column.data, capacity * column.stride, columns.shared);
      longer.set(column.data);
      longer.fill(column.initial, slot * column.stride);
      column.data = longer;
    }
    columns.capacity = capacity;
  }
  for (const column of columns.all) column.data.fill(column.initial, slot * column.stride, (slot + 1) * column.stride);
  columns.count = slot + 1;
  return slot;
}

/** Removes the entries of `slot`: the units after it move down one, as in `units`. */
export function removeSlot(columns: UnitColumns, slot: number): void {
  for (const column of columns.all) {
    const { data, stride } = column;
    data.copyWithin(slot * stride, (slot + 1) * stride, columns.count * stride);
    data.fill(column.initial, (columns.count - 1) * stride, columns.count * stride);
  }
  columns.count--;
}
