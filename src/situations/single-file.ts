/**
 * Single file: passages one unit wide (a door, a gap between rocks that takes one unit at a time).
 * Orders take such a passage one side at a time, first come, first through: a unit queueing for it
 * waits while a unit of another order that came in first comes through it its way, stepping back
 * from the mouth and out of the way of those coming out; one that came in after it anyway backs
 * out where the two cannot pass.
 *
 * Premise: the unit queues at a passage on its route (Unit.queueRank) that takes one unit at a
 * time (measured on the navigation map where its way comes into it: isNarrowPassageAt), and a
 * unit of another order stands in such a passage near it, coming its way.
 *
 * Hooks: `plan` (since when each unit stands in a passage one unit wide), `intent` (waiting).
 * Per-unit state: the tick it came into the passage, and when it was last seen in one.
 */
import { type Vec2, vec2 } from '../math/vec2';
import { HALF_DIAGONAL, type NavMap, columnOf, roomAt, rowOf } from '../nav/navmap';
import { isNarrowPassageAt } from '../nav/passages';
import { type Column, type UnitColumns, floatColumn } from '../steering/columns';
import { isQueueing } from '../sim/routes';
import type { UnitStore } from '../steering/store';
import type { MoveTask, SimulationState, Situation, Unit } from '../sim/state';
import { requestWayAlong, standsInTheWay } from './give-way';

/** seconds a unit may stand out of a passage one unit wide, on the side it came in by, and keep
 * the turn it came in at: at the mouth the cells that count as the passage's come and go as it
 * shuffles a few centimetres, and losing its turn each time, it gave way to the other side's next
 * unit and came in again behind it (narrow door, seed 4: the first units in stepped back twice,
 * 22.6 s) */
const PASSAGE_GRACE = 0.5;
/** metres of route: out of the passage this much nearer its goal than when last in it, a unit has
 * come through */
const PASSAGE_THROUGH = 0.5;
/** metres: a unit waiting at a passage closer than this to it steps back */
const WAIT_CLEAR = 1;
/** the fraction of its wanted speed it steps back at */
const WAIT_BACK_SPEED = 0.25;
/** metres (edge to edge) within which a unit waiting at a passage steps out of the way of one coming out */
const WAIT_ASIDE_GAP = 1.5;
/** the fraction of its max speed a unit waiting at a passage steps aside at (clearTheWayOut) */
const WAIT_ASIDE_SPEED = 0.5;
/** cells either way round a unit in a passage over which the passage's middle is looked for */
const PASSAGE_MIDDLE_CELLS = 2;

const _single_aside = vec2();

/**
 * Metres: the most room a centre has within PASSAGE_MIDDLE_CELLS cells of (x, y), measured from
 * the cells' middles (on `map`, which measures what every point of a cell keeps: measured at the
 * cells' best points, the window reached out of a door's mouth to where two units could pass).
 * In a passage, about half its width, wherever in it the unit stands.
 */
function widestRoomNear(map: NavMap, x: number, y: number): number {
  const column = columnOf(map, x);
  const row = rowOf(map, y);
  let widest = 0;
  for (let dy = -PASSAGE_MIDDLE_CELLS; dy <= PASSAGE_MIDDLE_CELLS; dy++) {
    for (let dx = -PASSAGE_MIDDLE_CELLS; dx <= PASSAGE_MIDDLE_CELLS; dx++) widest = Math.max(widest, roomAt(map, column + dx, row + dy));
  }
  return widest + HALF_DIAGONAL;
}

class SingleFile implements Situation {
  readonly name = 'single-file';
  readonly order = 10;
  readonly premise = 'a unit of another order is in a passage one unit wide on the way, coming at the unit';
  /** per unit: the tick it came into the passage one unit wide it stands in; -1 when it stands in none */
  readonly entered: Column<Float64Array>;
  /** per unit: the last tick it stood in such a passage (-1 before it ever did), and its queueRank then */
  private readonly seen: Column<Float64Array>;
  private readonly seenRank: Column<Float64Array>;

  constructor(columns: UnitColumns) {
    this.entered = floatColumn(columns, 1, -1);
    this.seen = floatColumn(columns, 1, -1);
    this.seenRank = floatColumn(columns, 1, Infinity);
  }

  /** (every strategy: it is part of walking a route) */
  applies(): boolean {
    return true;
  }

  reset(): void {
    this.entered.data.fill(-1);
  }

  /** Since when each unit awake stands in a passage one unit wide (trackPassageTurn). */
  plan(sim: SimulationState): void {
    for (const unit of sim.awake) this.trackPassageTurn(sim, unit);
  }

  /**
   * Since when the unit stands in a passage one unit wide. Its turn starts when it comes into the
   * passage's free cells, and is kept while it stands in the wall's margin there (a unit pressed
   * aside in a door is still in it) and for PASSAGE_GRACE after it steps out on the side it came
   * in by; it ends when the unit no longer queues, has been out longer, or has come out on the far
   * side (PASSAGE_THROUGH nearer its goal than when last in).
   */
  private trackPassageTurn(sim: SimulationState, unit: Unit): void {
    const slot = unit.slot;
    const entered = this.entered.data;
    if (unit.queueRank === Infinity) {
      entered[slot] = -1;
      return;
    }
    // (a unit queues only on a route: see the sense phase)
    const { map, clearance } = (unit.task as MoveTask).route!.layer;
    const { x, y } = unit.position;
    // the margin counts only for a unit that has its turn (one against the wall beside a door's
    // mouth would take one there)
    if (isNarrowPassageAt(map, clearance, x, y, entered[slot]! >= 0)) {
      if (entered[slot]! < 0) entered[slot] = sim.tick;
      this.seen.data[slot] = sim.tick;
      this.seenRank.data[slot] = unit.queueRank;
    } else if ((sim.tick - this.seen.data[slot]!) * sim.settings.dt > PASSAGE_GRACE || unit.queueRank < this.seenRank.data[slot]! - PASSAGE_THROUGH) {
      entered[slot] = -1;
    }
  }

  /**
   * Holds back a unit queueing at a passage one unit wide while a unit of another order comes
   * through it its way (see waitsForOncoming): `preferred` becomes a stand, or, close to the mouth,
   * a step back from it so those coming out have the room; in the passage, a step back out of it.
   * Waiting outside it, the unit also steps out of the way of those coming out at it.
   */
  intent(sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    const task = unit.task;
    if (task.kind !== 'move' || task.route === null || task.waiting || !isQueueing(unit)) return false;
    if (!this.waitsForOncoming(sim.store, unit, task.route.layer.map)) return false;
    const scale = unit.passageDistance < WAIT_CLEAR ? -WAIT_BACK_SPEED : 0;
    preferred.x *= scale;
    preferred.y *= scale;
    if (this.entered.data[unit.slot]! < 0) clearTheWayOut(sim.store, unit, preferred);
    return false;
  }

  /**
   * Whether a unit queueing at a passage one unit wide waits: a unit of another order is in such a
   * passage near it, coming its way, and neither the unit nor any of its own order near it came
   * into one before that unit (on the same tick: the order issued first). So a door one unit wide
   * passes one side at a time (first come, first through) instead of two queues meeting face to
   * face inside it. A unit that came in after the other anyway (it was not queueing yet, or did not
   * see it) backs out where the two cannot pass each other (in a door 1.5 units wide two met face
   * to face and stood there); where they can squeeze by (between the rocks of a field, two units
   * wide), it goes on: backing out there cost a block crossing a pillar field 11 s on one layout.
   */
  private waitsForOncoming(units: UnitStore, unit: Unit, map: NavMap): boolean {
    const entered = this.entered.data;
    const group = units.group.data;
    const position = units.position.data;
    const wanted = units.wanted.data;
    const sensing = unit.sensing;
    const inside = entered[unit.slot]! >= 0;
    // about half the passage's width where the unit is (looked up when first needed)
    let room = -1;
    let oncoming = Infinity;
    let own = inside ? entered[unit.slot]! : Infinity;
    for (let index = 0; index < sensing.neighbourCount; index++) {
      const other = sensing.neighbours[index]!;
      const otherEntered = entered[other]!;
      if (otherEntered < 0 || group[other] === 0) continue;
      if (group[other] === unit.groupId) {
        own = Math.min(own, otherEntered);
        continue;
      }
      const toUnitX = unit.position.x - position[2 * other]!;
      const toUnitY = unit.position.y - position[2 * other + 1]!;
      if (wanted[2 * other]! * toUnitX + wanted[2 * other + 1]! * toUnitY <= 0) continue;
      if (inside) {
        if (room < 0) room = widestRoomNear(map.base, unit.position.x, unit.position.y);
        if (room >= unit.radius + units.radius.data[other]!) continue;
      }
      // came in at the same tick as the unit's own: the order issued first goes first
      oncoming = Math.min(oncoming, otherEntered - (group[other]! < unit.groupId ? 0.5 : 0));
    }
    return oncoming < own;
  }
}

/**
 * A unit waiting at a passage (not in it: there it backs out) steps across the way of units of
 * other orders coming out of it at it, within WAIT_ASIDE_GAP, to the side of their way it stands
 * on: the crowd waiting at a door's mouth stood in the way of those coming through, who pushed
 * through it one by one.
 */
function clearTheWayOut(units: UnitStore, unit: Unit, preferred: Vec2): void {
  const sensing = unit.sensing;
  const group = units.group.data;
  const wanted = units.wanted.data;
  _single_aside.x = 0;
  _single_aside.y = 0;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (group[other] === unit.groupId || group[other] === 0) continue;
    const wayX = wanted[2 * other]!;
    const wayY = wanted[2 * other + 1]!;
    if (standsInTheWay(units, other, unit.slot, wayX, wayY, WAIT_ASIDE_GAP)) requestWayAlong(_single_aside, units, other, unit.slot, wayX, wayY);
  }
  const length = Math.sqrt(_single_aside.x * _single_aside.x + _single_aside.y * _single_aside.y);
  if (length < 1e-9) return;
  preferred.x += (_single_aside.x / length) * WAIT_ASIDE_SPEED * unit.maxSpeed;
  preferred.y += (_single_aside.y / length) * WAIT_ASIDE_SPEED * unit.maxSpeed;
}

export function createSingleFile(columns: UnitColumns): Situation & { readonly entered: Column<Float64Array> } {
  return new SingleFile(columns);
}
