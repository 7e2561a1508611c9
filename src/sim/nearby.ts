/**
 * Spatial queries for games: which units are within a radius of a point, which one is nearest,
 * which stand in a box. They answer from grids of the units as they stand between ticks, sorted
 * when the first query after a change asks (a tick, a unit added, removed or moved out from under
 * an obstacle), so a game asking thousands of questions a tick pays one O(units) sort and then a
 * few cells per question.
 *
 * A unit counts where its disc is: it is within a radius when its disc reaches into the circle,
 * in a box when its disc overlaps the box, and its distance is from the point to the disc's edge
 * (0 for a point inside the disc). Answers come in a fixed order (nearest first, then by id; or by
 * id), the same on every machine, so a lockstep game may act on them.
 *
 * Re-exported by simulation.ts with the rest of the API.
 */
import type { ReadonlyVec2 } from '../math/vec2';
import { type NearbyIndex, columnOn, forEachKey, forEachRingKey, rowOn, sortLevel } from '../spatial/team-grid';
import { type Simulation, type SimulationState, type Unit, stateOf } from './state';
import { checkNumber, checkObject, describeValue } from './validate';

/** Which units a query may answer with. */
export interface UnitFilter {
  /** only units of these teams (default: every team) */
  readonly teams?: readonly number[];
  /** never this unit (the asking unit itself, say) */
  readonly exclude?: number;
}

/** A box in world metres, min corner to max corner. */
export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** rings of fine cells the nearest-unit search reads before it goes on in coarse cells */
const FINE_RINGS = 4;

/** The index sorted for the units as they stand now. */
function indexOf(state: SimulationState): NearbyIndex {
  const index = state.nearby;
  if (index.sortedFor === state.layout) return index;
  index.teamSlots.clear();
  index.teams.length = 0;
  let maxRadius = 0;
  for (const unit of state.units) {
    if (!index.teamSlots.has(unit.team)) {
      index.teamSlots.set(unit.team, index.teams.length);
      index.teams.push(unit.team);
    }
    if (unit.radius > maxRadius) maxRadius = unit.radius;
  }
  sortLevel(index.fine, state.units, index.teamSlots, index.teams.length);
  sortLevel(index.coarse, state.units, index.teamSlots, index.teams.length);
  index.maxRadius = maxRadius;
  index.sortedFor = state.layout;
  return index;
}

// ---------------------------------------------------------------------------------------------
// Checking the questions

function checkPoint(point: unknown, field: string): ReadonlyVec2 {
  const given = checkObject(point, field) as Partial<ReadonlyVec2>;
  return { x: checkNumber(given.x, `${field}.x`), y: checkNumber(given.y, `${field}.y`) };
}

function checkOut(out: unknown): number[] {
  if (!Array.isArray(out)) throw new Error(`out: expected an array to write the unit ids into, got ${describeValue(out)}`);
  return out;
}

interface CheckedFilter {
  /** the team slots (NearbyIndex.teams) asked about, ascending */
  slots: number[];
  /** the slot of the unit left out, or -1 */
  exclude: number;
}

/** The filter checked, its teams turned into the slots of those present and its unit into its slot. */
function checkFilter(state: SimulationState, index: NearbyIndex, filter: unknown): CheckedFilter {
  const slots: number[] = [];
  const given = filter === undefined ? {} : (checkObject(filter, 'filter') as { teams?: unknown; exclude?: unknown });
  if (given.teams === undefined) {
    for (let slot = 0; slot < index.teams.length; slot++) slots.push(slot);
  } else {
    if (!Array.isArray(given.teams)) throw new Error(`filter.teams: expected an array of teams, got ${describeValue(given.teams)}`);
    given.teams.forEach((team, k) => {
      const slot = index.teamSlots.get(checkNumber(team, `filter.teams[${k}]`, { min: 0, integer: true }));
      if (slot !== undefined && !slots.includes(slot)) slots.push(slot);
    });
    slots.sort(byNumber);
  }
  const excluded = given.exclude === undefined ? undefined : state.unitsById.get(checkNumber(given.exclude, 'filter.exclude', { integer: true }));
  return { slots, exclude: excluded === undefined ? -1 : excluded.slot };
}

// ---------------------------------------------------------------------------------------------
// The queries

/**
 * The units whose discs reach within `radius` metres of `point`, written into `out` as ids (its
 * length set to their count, which is returned), nearest first (by distance to the disc's edge),
 * ties by id. Throws, writing nothing, on a point or radius that is not finite, a negative radius
 * or a bad filter.
 */
export function unitsInRadius(sim: Simulation, point: ReadonlyVec2, radius: number, out: number[], filter?: UnitFilter): number {
  const state = stateOf(sim);
  const { x, y } = checkPoint(point, 'point');
  const reach = checkNumber(radius, 'radius', { min: 0 });
  const into = checkOut(out);
  const index = indexOf(state);
  const { slots, exclude } = checkFilter(state, index, filter);
  const level = index.fine;
  const grow = reach + index.maxRadius;
  const found = growFound(state.units.length);
  let count = 0;
  forEachKey(level, slots, x - grow, y - grow, x + grow, y + grow, (from, to) => {
    for (let k = from; k < to; k++) {
      const dx = level.x[k]! - x;
      const dy = level.y[k]! - y;
      const gap = Math.sqrt(dx * dx + dy * dy) - level.radius[k]!;
      if (gap > reach || level.slot[k] === exclude) continue;
      found.gap[count] = gap > 0 ? gap : 0;
      found.slot[count++] = level.slot[k]!;
    }
  });
  sortFound(found, count);
  into.length = count;
  for (let k = 0; k < count; k++) into[k] = state.units[found.slot[k]!]!.id;
  return count;
}

/**
 * The units whose discs overlap `box`, written into `out` as ids in ascending order (its length
 * set to their count, which is returned). A box given with its corners the wrong way round is
 * refused.
 */
export function unitsInBox(sim: Simulation, box: Box, out: number[], filter?: UnitFilter): number {
  const state = stateOf(sim);
  const given = checkObject(box, 'box') as Partial<Box>;
  const minX = checkNumber(given.minX, 'box.minX');
  const minY = checkNumber(given.minY, 'box.minY');
  const maxX = checkNumber(given.maxX, 'box.maxX', { min: minX });
  const maxY = checkNumber(given.maxY, 'box.maxY', { min: minY });
  const into = checkOut(out);
  const index = indexOf(state);
  const { slots, exclude } = checkFilter(state, index, filter);
  const level = index.fine;
  const grow = index.maxRadius;
  const found = growFound(state.units.length);
  let count = 0;
  forEachKey(level, slots, minX - grow, minY - grow, maxX + grow, maxY + grow, (from, to) => {
    for (let k = from; k < to; k++) {
      // the disc overlaps the box when the box's nearest point to its centre lies inside it
      const ux = level.x[k]!;
      const uy = level.y[k]!;
      const dx = ux < minX ? minX - ux : ux > maxX ? ux - maxX : 0;
      const dy = uy < minY ? minY - uy : uy > maxY ? uy - maxY : 0;
      if (dx * dx + dy * dy > level.radius[k]! * level.radius[k]! || level.slot[k] === exclude) continue;
      found.slot[count++] = level.slot[k]!;
    }
  });
  // slots run in id order
  found.slot.subarray(0, count).sort();
  into.length = count;
  for (let k = 0; k < count; k++) into[k] = state.units[found.slot[k]!]!.id;
  return count;
}

/**
 * The id of the unit nearest `point` (by distance to its disc's edge, ties to the smaller id)
 * among those passing the filter and within `maxDistance` metres (default: anywhere), or
 * undefined when there is none.
 */
export function nearestUnit(sim: Simulation, point: ReadonlyVec2, filter?: UnitFilter & { readonly maxDistance?: number }): number | undefined {
  const state = stateOf(sim);
  const { x, y } = checkPoint(point, 'point');
  const index = indexOf(state);
  const { slots, exclude } = checkFilter(state, index, filter);
  const limit = filter?.maxDistance === undefined ? Infinity : checkNumber(filter.maxDistance, 'filter.maxDistance', { min: 0 });
  const best = nearestSlot(state, index, x, y, slots, exclude, limit);
  return best < 0 ? undefined : state.units[best]!.id;
}

/**
 * For the engine (an attack-move, order-engage.ts): the slot of the nearest unit whose disc comes
 * within `range` metres of `unit`'s disc, of the given teams or (null) of any team but its own;
 * -1 when there is none.
 */
export function nearestEnemySlot(state: SimulationState, unit: Unit, range: number, teams: readonly number[] | null): number {
  const index = indexOf(state);
  // (asked for every unit on an attack-move every tick: one list, reused)
  const slots = _enemy_slots;
  slots.length = 0;
  for (let slot = 0; slot < index.teams.length; slot++) {
    const team = index.teams[slot]!;
    if (teams === null ? team !== unit.team : teams.includes(team)) slots.push(slot);
  }
  return nearestSlot(state, index, unit.position.x, unit.position.y, slots, unit.slot, range + unit.radius);
}

const _enemy_slots: number[] = [];

/** The slot of the unit nearest (x, y) by its disc's edge, within `limit`, of the team slots
 * `slots`, not `exclude`; -1 when there is none. Ties go to the smaller slot (the smaller id). */
function nearestSlot(state: SimulationState, index: NearbyIndex, x: number, y: number, slots: readonly number[], exclude: number, limit: number): number {
  let best = -1;
  let bestGap = Infinity;
  let level = index.fine;
  // (slots run in id order: the smaller slot is the smaller id)
  const consider = (from: number, to: number): void => {
    for (let k = from; k < to; k++) {
      const dx = level.x[k]! - x;
      const dy = level.y[k]! - y;
      const distance = Math.sqrt(dx * dx + dy * dy) - level.radius[k]!;
      const gap = distance > 0 ? distance : 0;
      const slot = level.slot[k]!;
      if (gap > limit || slot === exclude) continue;
      if (gap < bestGap || (gap === bestGap && slot < best)) {
        bestGap = gap;
        best = slot;
      }
    }
  };
  // Outward ring by ring from the point's cell: a few rings of fine cells, then coarse ones
  // (which read the fine rings' units again: harmless, each unit gives the same answer twice).
  // A unit centred in ring k is at least (k - 1) cells from the point, its disc's edge that less
  // the largest radius: past the ring where that exceeds the best so far, nothing nearer remains.
  // On a map far larger than its crowd, once the rings have read more cells than there are
  // units, the rest is read unit by unit instead, to the same answer.
  const cellBudget = 4 * state.units.length + 64;
  let cellsSeen = 0;
  for (let pass = 0; pass < 2 && slots.length > 0; pass++) {
    level = pass === 0 ? index.fine : index.coarse;
    const column = columnOn(level, x);
    const row = rowOn(level, y);
    const lastRing = Math.max(column, level.columns - 1 - column, row, level.rows - 1 - row);
    const rings = pass === 0 ? Math.min(FINE_RINGS, lastRing) : lastRing;
    let done = false;
    for (let ring = 0; ring <= rings; ring++) {
      const least = (ring - 1) * level.cellSize - index.maxRadius;
      if (least > bestGap || least > limit) {
        done = true;
        break;
      }
      cellsSeen += slots.length * Math.max(1, 8 * ring);
      if (cellsSeen > cellBudget) {
        forEachKey(level, slots, -Infinity, -Infinity, Infinity, Infinity, consider);
        done = true;
        break;
      }
      forEachRingKey(level, slots, column, row, ring, consider);
    }
    // (the ring after the last read may already be out of reach)
    if (done || rings === lastRing || rings * level.cellSize - index.maxRadius > Math.min(bestGap, limit)) break;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The units found, nearest first

interface Found {
  slot: Int32Array;
  gap: Float64Array;
}

const _found: Found = { slot: new Int32Array(64), gap: new Float64Array(64) };

function growFound(units: number): Found {
  if (_found.slot.length < units) {
    _found.slot = new Int32Array(Math.max(units, 2 * _found.slot.length));
    _found.gap = new Float64Array(_found.slot.length);
  }
  return _found;
}

/** Whether found entry i comes before entry j: the smaller gap, then the smaller slot (id). */
function before(found: Found, i: number, j: number): boolean {
  const a = found.gap[i]!;
  const b = found.gap[j]!;
  return a < b || (a === b && found.slot[i]! < found.slot[j]!);
}

function swap(found: Found, i: number, j: number): void {
  const slot = found.slot[i]!;
  found.slot[i] = found.slot[j]!;
  found.slot[j] = slot;
  const gap = found.gap[i]!;
  found.gap[i] = found.gap[j]!;
  found.gap[j] = gap;
}

/** Sorts the first `count` entries, nearest first: a quicksort on the middle of three, insertion
 * sort for short runs (no entries are equal: slots differ). */
function sortFound(found: Found, count: number, from = 0, to = count - 1): void {
  while (to - from > 12) {
    const middle = (from + to) >>> 1;
    if (before(found, middle, from)) swap(found, middle, from);
    if (before(found, to, from)) swap(found, to, from);
    if (before(found, to, middle)) swap(found, to, middle);
    // the median of the three is now at `middle`; it goes to to - 1 as the pivot
    swap(found, middle, to - 1);
    const pivot = to - 1;
    let i = from;
    let j = to - 1;
    for (;;) {
      while (before(found, ++i, pivot));
      while (before(found, pivot, --j));
      if (i >= j) break;
      swap(found, i, j);
    }
    swap(found, i, to - 1);
    // the shorter side by recursion, the longer by the loop
    if (i - from < to - i) {
      sortFound(found, count, from, i - 1);
      from = i + 1;
    } else {
      sortFound(found, count, i + 1, to);
      to = i - 1;
    }
  }
  for (let i = from + 1; i <= to; i++) {
    for (let j = i; j > from && before(found, j, j - 1); j--) swap(found, j, j - 1);
  }
}

function byNumber(a: number, b: number): number {
  return a - b;
}
