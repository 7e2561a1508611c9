/**
 * The neighbour grid stores only the cells something occupies (issue 16: cost and memory must not
 * grow with a map's empty area). A small grid answers through an array by cell number, a big one
 * through a hash table; both must give what a plain list of cells gives.
 */
import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createRandom, createSimulation, issueOrder, stepSimulation } from '../../src/index';
import { createCellTable, enterCell, findCell, resetCellTable } from '../../src/spatial/cells';
import { type CellGrid, cellColumn, cellRow, createCellGrid, occupiedCell, sortIntoCells } from '../../src/spatial/grid';
import { stateOf } from '../../src/sim/state';

/** The cells of `grid` as a plain map from cell number to its points, in point order. */
function referenceCells(grid: CellGrid, positions: Float64Array, count: number): Map<number, number[]> {
  const cells = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const cell = cellRow(grid, positions[2 * i + 1]!) * grid.columns + cellColumn(grid, positions[2 * i]!);
    cells.set(cell, [...(cells.get(cell) ?? []), i]);
  }
  return cells;
}

/** The cells of `grid` as the sort left them. */
function sortedCells(grid: CellGrid): Map<number, number[]> {
  const cells = new Map<number, number[]>();
  for (let u = 0; u < grid.occupied.size; u++) {
    const cell = grid.occupied.cellOf[u]!;
    expect(occupiedCell(grid, cell)).toBe(u);
    cells.set(cell, Array.from(grid.order.subarray(grid.cellStart[u]!, grid.cellStart[u + 1]!)));
  }
  return cells;
}

describe('the cell table', () => {
  it.each([
    ['an array by cell number', 1_000],
    ['a hash table', 10_000_000],
  ])('numbers the cells entered in order and forgets them on reset (%s)', (_, cells) => {
    const table = createCellTable();
    const random = createRandom(7);
    for (let round = 0; round < 20; round++) {
      const capacity = 1 + Math.floor(random.next() * 300);
      resetCellTable(table, capacity, cells);
      expect(table.direct !== null).toBe(cells === 1_000);
      const entered = new Map<number, number>();
      const given: number[] = [];
      const expected: number[] = [];
      for (let k = 0; k < capacity; k++) {
        // cells met again and again, spread over the table's range
        const cell = (Math.floor(random.next() * Math.min(cells, 4 * capacity)) * (cells === 1_000 ? 1 : 2477)) % cells;
        given.push(enterCell(table, cell));
        if (!entered.has(cell)) entered.set(cell, entered.size);
        expected.push(entered.get(cell)!);
      }
      expect(given).toEqual(expected);
      expect(table.size).toBe(entered.size);
      const probes = [...entered.keys(), ...Array.from({ length: Math.min(cells, 2_000) }, (_, k) => k)];
      expect(probes.map((cell) => findCell(table, cell))).toEqual(probes.map((cell) => entered.get(cell) ?? -1));
    }
  });
});

describe('the grid', () => {
  it.each([
    ['a 60 m map, points everywhere', 60, 0, 60],
    ['a 2 km map, points in a 60 m patch', 2000, 1500, 60],
    ['a 2 km map, points everywhere and outside', 2000, -20, 2040],
  ])('sorts points into their cells, in point order (%s)', (_, size, from, span) => {
    const random = createRandom(3);
    const grid = createCellGrid(size, size, 2);
    for (const count of [1, 700, 3000, 50]) {
      const positions = Float64Array.from({ length: 2 * count }, () => from + random.next() * span);
      sortIntoCells(grid, positions, count);
      expect(sortedCells(grid)).toEqual(referenceCells(grid, positions, count));
      // an empty cell is empty whatever was in it last time
      const empty = grid.columns * grid.rows - 1;
      if (!referenceCells(grid, positions, count).has(empty)) expect(occupiedCell(grid, empty)).toBe(-1);
    }
  });

  it('a 2 km map with ten units stores what they occupy, not the map', () => {
    const sim = createSimulation({ width: 2000, height: 2000 });
    addObstacle(sim, { type: 'circle', x: 1000, y: 1005, radius: 2 });
    addObstacle(sim, { type: 'box', x: 1000, y: 1000, width: 1800, height: 1 });
    const ids = Array.from({ length: 10 }, (_, k) => addUnit(sim, { x: 990 + 2 * k, y: 990 }));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 1000, y: 1020 } });
    for (let tick = 0; tick < 120; tick++) stepSimulation(sim);
    const { grid, pack } = stateOf(sim).senseWorld;
    expect(grid.columns * grid.rows).toBe(1_000_000);
    // every array the sense phase keeps, added up: a dense grid held a million cells
    const stored = [grid.cellStart, grid.order, grid.itemCell, grid.cursor, grid.occupied.cellOf, grid.occupied.slotCell, grid.occupied.slotIndex, pack.x, pack.y, pack.vx, pack.vy, pack.radius, pack.cellBounds, pack.blockBounds, pack.blocks.cellOf, pack.blocks.slotCell, pack.blocks.slotIndex];
    const total = stored.reduce((sum, array) => sum + array.length, 0) + (grid.occupied.direct?.length ?? 0) + (pack.blocks.direct?.length ?? 0);
    expect(total).toBeLessThan(5_000);
  });
});
