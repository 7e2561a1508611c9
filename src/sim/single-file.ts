/**
 * Passages one unit wide (a door, a gap between rocks that takes one unit at a time): which unit
 * has its turn in one, and how the others wait for it. Orders take it one side at a time, first
 * come, first through: a unit queueing for such a passage waits while a unit of another order
 * that came in first comes through it its way, stepping back from the mouth and out of the way of
 * those coming out; one that came in after it anyway backs out where the two cannot pass. The
 * sense phase marks the turns (`trackPassageTurn`), the decide phase waits (`waitForOncoming`).
 * No pixi.js, no DOM.
 */
import { type Vec2, vec2 } from '../math/vec2';
import { HALF_DIAGONAL, type NavMap, columnOf, roomAt, rowOf } from '../nav/navmap';
import { isNarrowPassageAt } from '../nav/passages';
import type { Route } from '../nav/route';
import { requestWayAlong, standsInTheWay } from '../steering/giveway';
import type { SimulationState, Unit } from './state';

/**
 * Since when the unit stands in a passage one unit wide (`passageEntered`; -1: it does not). Its
 * turn starts when it comes into the passage's free cells, and is kept while it stands in the
 * wall's margin there (a unit pressed aside in a door is still in it) and for PASSAGE_GRACE after
 * it steps out on the side it came in by; it ends when the unit no longer queues, has been out
 * longer, or has come out on the far side (PASSAGE_THROUGH nearer its goal than when last in).
 */
export function trackPassageTurn(sim: SimulationState, unit: Unit, route: Route | null): void {
  if (unit.queueRank === Infinity) {
    unit.passageEntered = -1;
    return;
  }
  const { map, clearance } = route!.layer;
  const { x, y } = unit.position;
  // the margin counts only for a unit that has its turn (one against the wall beside a door's
  // mouth would take one there)
  if (isNarrowPassageAt(map, clearance, x, y, unit.passageEntered >= 0)) {
    if (unit.passageEntered < 0) unit.passageEntered = sim.tick;
    unit.passageSeen = sim.tick;
    unit.passageSeenRank = unit.queueRank;
  } else if ((sim.tick - unit.passageSeen) * sim.settings.dt > PASSAGE_GRACE || unit.queueRank < unit.passageSeenRank - PASSAGE_THROUGH) {
    unit.passageEntered = -1;
  }
}

/** seconds a unit may stand out of a passage one unit wide, on the side it came in by, and keep
 * the turn it came in at: at the mouth the cells that count as the passage's come and go as it
 * shuffles a few centimetres, and losing its turn each time, it gave way to the other side's next
 * unit and came in again behind it (narrow door, seed 4: the first units in stepped back twice,
 * 22.6 s) */
const PASSAGE_GRACE = 0.5;
/** metres of route: out of the passage this much nearer its goal than when last in it, a unit has
 * come through */
const PASSAGE_THROUGH = 0.5;

/**
 * Holds back a unit queueing at a passage one unit wide while a unit of another order comes
 * through it its way (see waitsForOncoming): `preferred` becomes a stand, or, close to the mouth,
 * a step back from it so those coming out have the room; in the passage, a step back out of it.
 * Waiting outside it, the unit also steps out of the way of those coming out at it.
 */
export function waitForOncoming(unit: Unit, map: NavMap, preferred: Vec2): void {
  if (!waitsForOncoming(unit, map)) return;
  const scale = unit.passageDistance < WAIT_CLEAR ? -WAIT_BACK_SPEED : 0;
  preferred.x *= scale;
  preferred.y *= scale;
  if (unit.passageEntered < 0) clearTheWayOut(unit, preferred);
}

/** metres: a unit waiting at a passage closer than this to it steps back */
const WAIT_CLEAR = 1;
/** the fraction of its wanted speed it steps back at */
const WAIT_BACK_SPEED = 0.25;

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
function waitsForOncoming(unit: Unit, map: NavMap): boolean {
  const sensing = unit.sensing;
  const inside = unit.passageEntered >= 0;
  // about half the passage's width where the unit is (looked up when first needed)
  let room = -1;
  let oncoming = Infinity;
  let own = inside ? unit.passageEntered : Infinity;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index] as Unit;
    if (other.passageEntered < 0 || other.groupId === 0) continue;
    if (other.groupId === unit.groupId) {
      own = Math.min(own, other.passageEntered);
      continue;
    }
    const toUnitX = unit.position.x - other.position.x;
    const toUnitY = unit.position.y - other.position.y;
    if (other.wanted.x * toUnitX + other.wanted.y * toUnitY <= 0) continue;
    if (inside) {
      if (room < 0) room = widestRoomNear(map.base, unit.position.x, unit.position.y);
      if (room >= unit.radius + other.radius) continue;
    }
    // came in at the same tick as the unit's own: the order issued first goes first
    oncoming = Math.min(oncoming, other.passageEntered - (other.groupId < unit.groupId ? 0.5 : 0));
  }
  return oncoming < own;
}

/**
 * A unit waiting at a passage (not in it: there it backs out) steps across the way of units of
 * other orders coming out of it at it, within WAIT_ASIDE_GAP, to the side of their way it stands
 * on: the crowd waiting at a door's mouth stood in the way of those coming through, who pushed
 * through it one by one.
 */
function clearTheWayOut(unit: Unit, preferred: Vec2): void {
  const sensing = unit.sensing;
  _single_aside.x = 0;
  _single_aside.y = 0;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (other.groupId === unit.groupId || other.groupId === 0) continue;
    if (standsInTheWay(other, unit, other.wanted.x, other.wanted.y, WAIT_ASIDE_GAP)) requestWayAlong(_single_aside, other, unit, other.wanted.x, other.wanted.y);
  }
  const length = Math.sqrt(_single_aside.x * _single_aside.x + _single_aside.y * _single_aside.y);
  if (length < 1e-9) return;
  preferred.x += (_single_aside.x / length) * WAIT_ASIDE_SPEED * unit.maxSpeed;
  preferred.y += (_single_aside.y / length) * WAIT_ASIDE_SPEED * unit.maxSpeed;
}

/** metres (edge to edge) within which a unit waiting at a passage steps out of the way of one coming out */
const WAIT_ASIDE_GAP = 1.5;
const _single_aside = vec2();
/** the fraction of its max speed a unit waiting at a passage steps aside at (clearTheWayOut) */
const WAIT_ASIDE_SPEED = 0.5;

/** cells either way round a unit in a passage over which the passage's middle is looked for */
const PASSAGE_MIDDLE_CELLS = 2;

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
