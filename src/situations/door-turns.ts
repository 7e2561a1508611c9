/**
 * Door turns. Two orders whose routes take them through the same door (a gap in a wall, a
 * bridge, a narrow gap) from opposite sides do not both push into it: the order that came to a door
 * first (every door ranks orders alike) goes through, and the other holds back on its side until
 * the first has passed, keeping clear the ground in front of the mouth, where the units coming out
 * fan out to their slots.
 *
 * Premise: units of two orders walk routes whose ways to their waypoints come into the same
 * door (Unit.doorDistance, measured on the navigation map, nav/passages.ts keepPassage: a passage
 * up to LANE_WIDTH wide, one unit wide included, that is a gap in a row of obstacles, a wall, a
 * river bank, a colonnade; and a wider one up to DOOR_WIDTH only where nothing is free within
 * CUT_REACH past either post along its line), from sides more than 120 degrees apart, and both
 * still have units to go through. A lone order at a door, or orders at it going the same way,
 * take no turns; nor do orders meeting in a gap between rocks in open ground, which is no door
 * (taking turns there, each waited while the other went through a gap it could have walked round:
 * two armies meeting among scattered rocks left up to 132 of 610 units out after 90 s).
 *
 * Without turns, both crowds pressed on the mouth at once. A door 4 m wide took the first units
 * of one side at about three a second, then, with both crowds in the mouth and each stream
 * coming out into the other crowd, about one a second for both together.
 *
 * Hooks: `plan` (the doors orders come to, and whose turn it is at each: planDoorTurns), `intent`
 * (holding back: holdAtDoor), `overlay`. Per-unit state: the door its way last came into. Points
 * of one door lie on both sides of it, a few metres apart; units queue only in the narrower
 * passages (Unit.passageDistance).
 */
import type { Vec2 } from '../math/vec2';
import { type Column, type UnitColumns, intColumn } from '../steering/columns';
import type { SimulationState, Situation, Unit } from '../sim/state';

/** One order coming to a door. */
export interface DoorOrder {
  readonly orderId: number;
  /** ticks: when the order first came to the door, and when it was last seen coming */
  readonly firstSeen: number;
  lastSeen: number;
  /** unit vector of its way through the door (the last one seen) */
  dirX: number;
  dirY: number;
  /** this tick's units' ways through the door, summed */
  sumX: number;
  sumY: number;
  /** how many of its units still have to go through */
  pending: number;
}

/** The doors orders come to, and when each order first came to one. */
interface DoorTurnState {
  readonly doors: DoorTurn[];
  /** the same doors by id */
  readonly byId: Map<number, DoorTurn>;
  /** per order at some door: the tick it first came to one (orders rank by it at every door) */
  readonly arrivals: Map<number, number>;
  nextId: number;
}

/** A passage two orders may come to from opposite sides, and whose turn it is. */
export interface DoorTurn {
  /** counts up from 1 per simulation (a unit keeps the id of the door its way last came into) */
  readonly id: number;
  /** metres: the middle of the points where the units' ways come into it */
  x: number;
  y: number;
  sumX: number;
  sumY: number;
  points: number;
  readonly orders: DoorOrder[];
  /** the order whose turn it is; 0 when nobody waits */
  holder: number;
  /** the order ranked first at the door when last ranked, how many of its units still had to go
   * through then, and the tick that number last fell (or it was first ranked): the turn lapses
   * when it has not fallen for a while (DOOR_STALL) */
  holderId: number;
  holderPending: number;
  progressTick: number;
}


/** metres: passage points this close to a door's centre belong to that door (a door up to
 * DOOR_WIDTH wide: its two streams' points lie up to about 5 m apart; with 3 m a 5 m door was two
 * doors, each with a turn of its own) */
const DOOR_MERGE = 5;
/** metres: a unit whose way comes into a passage within this registers at its door */
const DOOR_SIGHT = 12;
/** ticks: an order not seen at a door for this long, with nobody left to go through, leaves it */
const DOOR_FORGET = 30;
/** cosine of the angle between two orders' ways through a door below which they come at it
 * from opposite sides (120 degrees) */
const OPPOSITE = -0.5;
/** metres: units of an order within this of a door, before it and with their slots beyond it,
 * still have to go through (the order keeps its turn while any does) */
export const PENDING_RANGE = 20;
/** metres: units of an order waiting its turn hold within this of the door (further back they
 * walk on up to it) */
export const HOLD_RANGE = 12;
/** metres: a unit this close to the door's centre along its way is in it, and goes on through */
const IN_DOOR = 1;
/** metres: the ground kept clear in front of the mouth for the units coming out: this deep from
 * the door's centre, and this far to either side of its line */
const CLEAR_DEPTH = 10;
const CLEAR_HALF_WIDTH = 5;
/** ticks: a door whose order with the turn has had none of its units go through for this long
 * takes no turns until one does (both sides go as they can, as without turns), so a holder held
 * up by something else cannot keep the others waiting for ever */
export const DOOR_STALL = 300;
/** of the speed a unit stepping out of the clear ground walks, the share that backs it away from
 * the door (the rest takes it aside) */
const CLEAR_BACK = 0.3;

/** Whether the unit walks a route and has a door close on its way to its waypoint (one unit wide
 * too: single file keeps the turns unit by unit within the order's turn). */
function seesPassage(unit: Unit): boolean {
  const task = unit.task;
  return task.kind === 'move' && !task.waiting && task.route !== null && unit.doorDistance < DOOR_SIGHT;
}

/** The door whose centre lies within DOOR_MERGE of (x, y), or a new one there. */
function doorAt(state: DoorTurnState, x: number, y: number): DoorTurn {
  let nearest: DoorTurn | null = null;
  let nearestSq = DOOR_MERGE * DOOR_MERGE;
  for (const door of state.doors) {
    const dx = door.x - x;
    const dy = door.y - y;
    const distanceSq = dx * dx + dy * dy;
    if (distanceSq <= nearestSq) {
      nearest = door;
      nearestSq = distanceSq;
    }
  }
  if (nearest !== null) return nearest;
  const door: DoorTurn = { id: state.nextId++, x, y, sumX: 0, sumY: 0, points: 0, orders: [], holder: 0, holderId: 0, holderPending: 0, progressTick: 0 };
  state.doors.push(door);
  state.byId.set(door.id, door);
  return door;
}

function orderOf(door: DoorTurn, orderId: number): DoorOrder | undefined {
  for (const order of door.orders) if (order.orderId === orderId) return order;
  return undefined;
}

function isAtAnyDoor(state: DoorTurnState, orderId: number): boolean {
  for (const door of state.doors) if (orderOf(door, orderId) !== undefined) return true;
  return false;
}

function orderAt(door: DoorTurn, orderId: number, tick: number): DoorOrder {
  const known = orderOf(door, orderId);
  if (known !== undefined) return known;
  const order: DoorOrder = { orderId, firstSeen: tick, lastSeen: tick, dirX: 0, dirY: 0, sumX: 0, sumY: 0, pending: 0 };
  door.orders.push(order);
  return order;
}

function isBefore(door: DoorTurn, order: DoorOrder, unit: Unit, range: number): boolean {
  return standsBefore(unit, door.x, door.y, order.dirX, order.dirY, range);
}

/** Whether the unit, of an order going through the door at (x, y) along (dirX, dirY), still has
 * to go through it: it stands before it, within `range`, and its slot lies beyond it. */
export function standsBefore(unit: Unit, x: number, y: number, dirX: number, dirY: number, range: number): boolean {
  const task = unit.task;
  if (task.kind !== 'move') return false;
  const px = unit.position.x - x;
  const py = unit.position.y - y;
  if (px * px + py * py > range * range) return false;
  return px * dirX + py * dirY < -IN_DOOR && (task.target.x - x) * dirX + (task.target.y - y) * dirY > 0;
}

/** Whether some order at the door comes at it from the side opposite `order`'s. */
function hasOncoming(door: DoorTurn, order: DoorOrder): boolean {
  for (const other of door.orders) {
    if (other !== order && other.pending > 0 && other.dirX * order.dirX + other.dirY * order.dirY < OPPOSITE) return true;
  }
  return false;
}

/**
 * Finds the doors orders are coming to this tick and whose turn it is at each: the order holding
 * the turn keeps it while any of its units still has to go through; then it passes to the order
 * that came to the door first (the lower order id on the same tick).
 */
function planDoorTurns(sim: SimulationState, state: DoorTurnState, doorOf: Int32Array): void {
  const tick = sim.tick;
  for (const door of state.doors) {
    door.sumX = 0;
    door.sumY = 0;
    door.points = 0;
    for (const order of door.orders) {
      order.sumX = 0;
      order.sumY = 0;
      order.pending = 0;
    }
  }
  // where each unit's way comes into a passage, and which way it goes through
  for (const unit of sim.awake) {
    if (!seesPassage(unit)) continue;
    const wx = unit.waypoint.x - unit.position.x;
    const wy = unit.waypoint.y - unit.position.y;
    const length = Math.sqrt(wx * wx + wy * wy);
    if (length < 1e-9) continue;
    const along = Math.min(unit.doorDistance, length);
    const x = unit.position.x + (wx / length) * along;
    const y = unit.position.y + (wy / length) * along;
    const door = doorAt(state, x, y);
    doorOf[unit.slot] = door.id;
    door.sumX += x;
    door.sumY += y;
    door.points++;
    const order = orderAt(door, unit.groupId, tick);
    order.lastSeen = tick;
    order.sumX += wx / length;
    order.sumY += wy / length;
  }
  // doors move to the middle of this tick's points; ways are normalised
  for (const door of state.doors) {
    if (door.points > 0) {
      door.x = door.sumX / door.points;
      door.y = door.sumY / door.points;
    }
  }
  // an order not seen at a door this tick keeps the way through it it had
  for (const door of state.doors) {
    for (const order of door.orders) {
      const length = Math.sqrt(order.sumX * order.sumX + order.sumY * order.sumY);
      if (length < 1e-9) continue;
      order.dirX = order.sumX / length;
      order.dirY = order.sumY / length;
    }
  }
  // who still has to go through: units whose way came into the door, still before it
  for (const unit of sim.awake) {
    // (a door dropped since the unit's way came into it counts nobody)
    const door = state.byId.get(doorOf[unit.slot]!);
    if (door === undefined || unit.task.kind !== 'move' || unit.task.route === null) continue;
    for (const order of door.orders) {
      if (order.orderId === unit.groupId && isBefore(door, order, unit, PENDING_RANGE)) order.pending++;
    }
  }
  // orders done with a door leave it; doors nobody comes to are forgotten (kept in place, in order)
  let doors = 0;
  for (const door of state.doors) {
    let orders = 0;
    for (const order of door.orders) {
      if (order.pending > 0 || tick - order.lastSeen < DOOR_FORGET) door.orders[orders++] = order;
    }
    door.orders.length = orders;
    if (orders > 0) state.doors[doors++] = door;
    else state.byId.delete(door.id);
  }
  state.doors.length = doors;
  // every door ranks the orders alike, by when each first came to any door (then by id), so no
  // two orders can each wait for the other at two doors: the first never waits anywhere
  for (const orderId of state.arrivals.keys()) {
    if (!isAtAnyDoor(state, orderId)) state.arrivals.delete(orderId);
  }
  for (const door of state.doors) {
    for (const order of door.orders) if (!state.arrivals.has(order.orderId)) state.arrivals.set(order.orderId, order.firstSeen);
  }
  for (const door of state.doors) {
    door.holder = 0;
    let first: DoorOrder | null = null;
    let firstArrival = Infinity;
    for (const order of door.orders) {
      if (order.pending === 0) continue;
      const arrival = state.arrivals.get(order.orderId)!;
      if (first === null || arrival < firstArrival || (arrival === firstArrival && order.orderId < first.orderId)) {
        first = order;
        firstArrival = arrival;
      }
    }
    if (first === null || !hasOncoming(door, first)) continue;
    // the turn stays while the order with it gets units through
    if (first.orderId !== door.holderId || first.pending < door.holderPending) door.progressTick = tick;
    door.holderId = first.orderId;
    door.holderPending = first.pending;
    if (tick - door.progressTick <= DOOR_STALL) door.holder = first.orderId;
  }
}

/**
 * Holds the unit back when its order waits for another's turn at a door it still has to go
 * through: out of the ground in front of the mouth (aside, away from the door's line, and a little
 * back), else standing where it is. Returns whether it holds.
 */
function holdAtDoor(state: DoorTurnState, unit: Unit, preferred: Vec2): boolean {
  for (const door of state.doors) {
    if (door.holder === 0 || door.holder === unit.groupId) continue;
    for (const order of door.orders) {
      if (order.orderId !== unit.groupId) continue;
      const holder = orderOf(door, door.holder)!;
      if (holder.dirX * order.dirX + holder.dirY * order.dirY >= OPPOSITE) continue;
      if (!isBefore(door, order, unit, HOLD_RANGE)) continue;
      holdBack(unit, door.x, door.y, order.dirX, order.dirY, preferred);
      return true;
    }
  }
  return false;
}

/**
 * The wanted velocity of a unit holding back before the door at (x, y), its order's way through
 * which is (dirX, dirY): out of the ground in front of the mouth (aside, away from the door's
 * line, and a little back), else standing where it is.
 */
export function holdBack(unit: Unit, x: number, y: number, dirX: number, dirY: number, preferred: Vec2): void {
  const px = unit.position.x - x;
  const py = unit.position.y - y;
  const before = -(px * dirX + py * dirY);
  // to the left of the order's way through the door: positive
  const across = dirX * py - dirY * px;
  if (before < CLEAR_DEPTH && Math.abs(across) < CLEAR_HALF_WIDTH) {
    // aside, away from the door's line (to the right when on it), and a little back
    const side = across > 0 ? 1 : -1;
    const awayX = -dirY * side - dirX * CLEAR_BACK;
    const awayY = dirX * side - dirY * CLEAR_BACK;
    const scale = unit.maxSpeed / Math.sqrt(awayX * awayX + awayY * awayY);
    preferred.x = awayX * scale;
    preferred.y = awayY * scale;
  } else {
    preferred.x = 0;
    preferred.y = 0;
  }
}

/** metres either side of a door's centre the overlay draws of the way the order with the turn goes */
export const DOOR_WAY_MARK = 3;

/** Draws a door where an order holds the turn: a square 2 m a side, and the holder's way through it. */
export function drawDoor(segments: number[], x: number, y: number, wayX: number, wayY: number): void {
  segments.push(x - 1, y - 1, x + 1, y - 1, x + 1, y - 1, x + 1, y + 1, x + 1, y + 1, x - 1, y + 1, x - 1, y + 1, x - 1, y - 1);
  segments.push(x - wayX * DOOR_WAY_MARK, y - wayY * DOOR_WAY_MARK, x + wayX * DOOR_WAY_MARK, y + wayY * DOOR_WAY_MARK);
}

class DoorTurns implements Situation {
  readonly name = 'door-turns';
  readonly order = 20;
  readonly premise = 'orders coming to one door (a passage up to LANE_WIDTH wide, or up to DOOR_WIDTH and the one way through its line) from opposite sides, both with units to go through';
  readonly state: DoorTurnState = { doors: [], byId: new Map(), arrivals: new Map(), nextId: 1 };
  /** per unit: the id of the door its way last came into (0 before any) */
  private readonly doorOf: Column<Int32Array>;

  constructor(columns: UnitColumns) {
    this.doorOf = intColumn(columns);
  }

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups;
  }

  reset(): void {
    this.state.doors.length = 0;
    this.state.byId.clear();
  }

  plan(sim: SimulationState): void {
    planDoorTurns(sim, this.state, this.doorOf.data);
  }

  intent(_sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    return holdAtDoor(this.state, unit, preferred);
  }

  overlay(_sim: SimulationState, segments: number[]): void {
    for (const door of this.state.doors) {
      const holder = door.holder === 0 ? undefined : orderOf(door, door.holder);
      if (holder !== undefined) drawDoor(segments, door.x, door.y, holder.dirX, holder.dirY);
    }
  }
}

export function createDoorTurns(columns: UnitColumns): Situation & { readonly state: DoorTurnState } {
  return new DoorTurns(columns);
}
