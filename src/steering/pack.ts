/**
 * The world the sense phase reads (SenseWorld), and the units packed into it in grid order as
 * plain numbers (UnitPack), with the box each occupied cell's and block's positions and
 * velocities span, so the neighbour search reads contiguous numbers and rules whole cells and
 * blocks out at once (sense.ts).
 */
import type { ShapeGeometry } from '../math/shapes';
import type { ObstacleSensor } from '../physics/world';
import { type CellTable, createCellTable, enterCell, resetCellTable } from '../spatial/cells';
import type { CellGrid } from '../spatial/grid';
import type { UnitStore } from './store';

/**
 * The world as the sense phase sees it. The grid must hold the store's `count` units sorted this
 * tick (by position, in slot order), and `maxRadius` / `maxSpeed` must be the largest radius and
 * speed among them, so a search knows how far to look.
 */
export interface SenseWorld {
  /** the units, by slot */
  readonly units: UnitStore;
  /** how many units the store holds this tick */
  count: number;
  readonly grid: CellGrid;
  readonly obstacles: readonly ObstacleSensor[];
  /** the world's four walls as shapes just outside it, for the velocity choice */
  readonly walls: readonly ShapeGeometry[];
  /** casts a segment through the physics world: the slot of the nearest unit it hits other than
   * the one at slot `exclude`, and the fraction along the segment (owner -1 when none) */
  castUnitRay(x1: number, y1: number, x2: number, y2: number, exclude: number, out: { owner: number; fraction: number }): void;
  /** the units in grid order as plain numbers, filled by `packUnits` after each sort */
  readonly pack: UnitPack;
  /** goes up whenever `obstacles` changes (the index of obstacles by place is made again) */
  obstacleVersion: number;
  /** metres */
  maxRadius: number;
  /** metres per second */
  maxSpeed: number;
}

/**
 * The units copied out in grid order (entry k is slot `grid.order[k]`), so the neighbour search
 * reads contiguous numbers instead of chasing objects, and per cell the box their positions and
 * velocities span, so a whole cell can be ruled out at once: a cell of units walking alongside
 * the agent (its own group, most of a crowd) cannot be touched within the look-ahead and is never
 * opened.
 */
export interface UnitPack {
  x: Float64Array;
  y: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  radius: Float64Array;
  /** per occupied cell of the grid (its dense index u): min x, max x, min y, max y, min vx,
   * max vx, min vy, max vy of its units */
  cellBounds: Float64Array;
  /** the occupied blocks of BLOCK x BLOCK cells (a block is numbered row-major over the
   * blockColumns x blockRows blocks), and the same bounds per occupied block */
  readonly blocks: CellTable;
  blockBounds: Float64Array;
  blockColumns: number;
  blockRows: number;
}

/** cells per side of a block (see `UnitPack.blockBounds`) */
export const BLOCK = 4;

export function createUnitPack(): UnitPack {
  const none = new Float64Array(0);
  return { x: none, y: none, vx: none, vy: none, radius: none, cellBounds: none, blocks: createCellTable(), blockBounds: none, blockColumns: 0, blockRows: 0 };
}

/**
 * Copies the store's positions, velocities and radii into `world.pack` in the order of
 * `world.grid`, which must be sorted this tick: numbers read in grid order, not slot order.
 */
export function packUnits(world: SenseWorld): void {
  const { units, grid, pack, count } = world;
  const centres = units.position.data;
  const velocities = units.velocity.data;
  const radii = units.radius.data;
  if (pack.x.length < count) {
    const size = Math.max(count, 2 * pack.x.length, 64);
    pack.x = new Float64Array(size);
    pack.y = new Float64Array(size);
    pack.vx = new Float64Array(size);
    pack.vy = new Float64Array(size);
    pack.radius = new Float64Array(size);
    pack.cellBounds = new Float64Array(8 * size);
    pack.blockBounds = new Float64Array(8 * size);
  }
  const cells = grid.occupied.size;
  const { x, y, vx, vy, radius, cellBounds } = pack;
  for (let k = 0; k < count; k++) {
    const i = grid.order[k]!;
    x[k] = centres[2 * i]!;
    y[k] = centres[2 * i + 1]!;
    vx[k] = velocities[2 * i]!;
    vy[k] = velocities[2 * i + 1]!;
    radius[k] = radii[i]!;
  }
  for (let cell = 0; cell < cells; cell++) {
    const start = grid.cellStart[cell]!;
    const end = grid.cellStart[cell + 1]!;
    spanOf(x, start, end, cellBounds, 8 * cell);
    spanOf(y, start, end, cellBounds, 8 * cell + 2);
    spanOf(vx, start, end, cellBounds, 8 * cell + 4);
    spanOf(vy, start, end, cellBounds, 8 * cell + 6);
  }
  packBlocks(grid, pack);
}

/** Writes the least and the greatest of values[start .. end - 1] to out[offset], out[offset + 1]. */
function spanOf(values: Float64Array, start: number, end: number, out: Float64Array, offset: number): void {
  let min = Infinity;
  let max = -Infinity;
  for (let k = start; k < end; k++) {
    if (values[k]! < min) min = values[k]!;
    if (values[k]! > max) max = values[k]!;
  }
  out[offset] = min;
  out[offset + 1] = max;
}

/** Merges the bounds of each occupied block's cells into `pack.blockBounds`. */
function packBlocks(grid: CellGrid, pack: UnitPack): void {
  pack.blockColumns = Math.ceil(grid.columns / BLOCK);
  pack.blockRows = Math.ceil(grid.rows / BLOCK);
  const cells = grid.occupied.size;
  const blocks = pack.blocks;
  resetCellTable(blocks, cells, pack.blockColumns * pack.blockRows);
  const out = pack.blockBounds;
  const cellBounds = pack.cellBounds;
  for (let u = 0; u < cells; u++) {
    const cell = grid.occupied.cellOf[u]!;
    const row = Math.floor(cell / grid.columns);
    const column = cell - row * grid.columns;
    const known = blocks.size;
    const o = 8 * enterCell(blocks, Math.floor(row / BLOCK) * pack.blockColumns + Math.floor(column / BLOCK));
    const c = 8 * u;
    if (blocks.size > known) {
      for (let k = 0; k < 8; k++) out[o + k] = cellBounds[c + k]!;
      continue;
    }
    for (let k = 0; k < 8; k += 2) {
      if (cellBounds[c + k]! < out[o + k]!) out[o + k] = cellBounds[c + k]!;
      if (cellBounds[c + k + 1]! > out[o + k + 1]!) out[o + k + 1] = cellBounds[c + k + 1]!;
    }
  }
}
