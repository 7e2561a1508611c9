/**
 * Give-way: standing units make way, but do not wander. A unit on the move that is held up asks
 * the standing units in its way to step aside; a standing unit asked steps across the mover's way,
 * never further than MAX_YIELD from its home (where it arrived, stopped or was made), and passes
 * the request on to the standing units in its own way when it is held; once nobody on the move is
 * near, it walks back home (and settles where it is if others hold its home for a while).
 *
 * Premise: a unit on the move is held up (below GIVE_WAY_BLOCKED_SPEED of its max speed) and a
 * standing unit (one with no order) is about to be walked into, or stands close in the way it
 * wants to go. Without it, a unit whose way leads through a group that has arrived (standing half
 * a metre apart, too close to pass between) avoids each standing unit in turn and can stay trapped
 * among them for good.
 *
 * With a strategy where standing units do not avoid, they stay where stepping aside left them:
 * walking back was tried twice and dropped there (units walking back jostled their neighbours and
 * the next late arrivals). With `rays`, standing units choose their velocity like everyone else,
 * so they walk back at a quarter of their speed once no mover is near.
 *
 * Hooks: `plan` (the requests, asked and passed on), `standing` (what a standing unit does),
 * `pair` (passing a standing unit, both ways), `restart`. Per-unit state: the request, and how
 * long the unit has been held from stepping aside and from walking home.
 */
import { type ReadonlyVec2, type Vec2, distanceSquared, lengthSquared, set, truncate, vec2 } from '../math/vec2';
import { arriveVelocity } from '../steering/arrive';
import type { UnitStore } from '../steering/store';
import type { SteeringConfig } from '../steering/config';
import { type Column, type UnitColumns, floatColumn, intColumn } from '../steering/columns';
import { REST, STEER, STEP, type SimulationState, type Situation, type StandingIntent, type Unit } from '../sim/state';
import { LEFT, RIGHT } from '../steering/agent';
import type { PlaneTerms } from '../steering/strategy';
import { wakeNow } from '../sim/waking';

/** a mover asks a standing unit to make way once it would touch it within this fraction of
 * the look-ahead time */
const GIVE_WAY_FRACTION = 0.5;
/** m/s: a unit slower than this is not passed as a mover (pair) */
const MOVER_SPEED = 0.5;
/** seconds: how far ahead a standing unit in open ground answers a unit passing it by (contact
 * imminent: the mover goes round it) */
const STANDING_LOOK = 0.15;
/** metres, edge to edge: a standing unit with another this close stands in a crowd (an arrived
 * group stands 0.1 to 0.3 m apart), which opens for a mover rather than being gone round */
const STANDING_CROWD_GAP = 1;
/** a mover asks only while slower than this fraction of its max speed (held up: a mover at
 * speed is still getting round by itself) */
const GIVE_WAY_BLOCKED_SPEED = 0.5;
/** fraction of its max speed a unit steps aside at */
const GIVE_WAY_SPEED = 0.5;
/** metres from its home a standing unit steps aside at most */
export const MAX_YIELD = 1.5;
/** metres: a standing unit closer than this to a held-up mover, in its way, is asked to move */
const BLOCKING_GAP = 0.6;
/** cosine of the widest angle off the mover's way at which a unit still stands in it */
const IN_THE_WAY_COSINE = 0.5;
/** metres: a standing unit makes way for a unit on the move this close (edge to edge), or one
 * that will touch it within the look-ahead */
export const MAKE_WAY_GAP = 1;
/** metres a standing unit may be off its home before it walks back */
const HOME_SLACK = 0.25;
/** metres per second: an idle unit faster than this (running on past the slot it arrived at, or
 * shoved) steers back, looking where it goes, instead of braking blind into its neighbours */
const STANDING_SPEED = 0.5;
/** fraction of its max speed a standing unit walks back to where it stood at */
const HOME_SPEED = 0.25;
/** metres per second: once a standing unit is held from walking back to its home, the home
 * moves this fast toward where the unit stands, so a unit whose old place others now hold settles
 * near it instead of pushing back forever (after a crossing, arrived units did that for tens of
 * seconds) */
const HOME_DRIFT = 0.25;
/** metres per second: a unit walking home that closes on it slower than this is held from it */
const HELD_HOMEWARD_SPEED = 0.25;
/** seconds a unit is held from its home before its home starts to move (a neighbour stepping back
 * into place frees the way within that) */
const HOME_PATIENCE = 2;
/** seconds a standing unit asked to step aside must have been held before it asks the one in its way in turn */
const PASS_ON_DELAY = 0.05;
/** metres per second: a standing unit asked to step aside and slower than this is held */
const HELD_ASIDE_SPEED = 0.5;
/** metres: a unit asked to step aside this close to one in its way passes the request on at once */
const PRESSED_ON_GAP = 0.05;
/** at most this many units deep a request passes on within one tick */
const PASS_ON_HOPS = 8;

/** Whether the unit at slot `mover` is held up: slower than GIVE_WAY_BLOCKED_SPEED of its max speed. */
export function isHeldUp(units: UnitStore, mover: number): boolean {
  const limit = GIVE_WAY_BLOCKED_SPEED * units.maxSpeed.data[mover]!;
  const vx = units.velocity.data[2 * mover]!;
  const vy = units.velocity.data[2 * mover + 1]!;
  return vx * vx + vy * vy < limit * limit;
}

/**
 * Adds to `request` the direction in which the unit at slot `standing` should step out of the way
 * of the one at `mover`, which wants to go along (wayX, wayY): across that way, to the side of it
 * the standing unit already is on (the mover's left when exactly on it). A zero way asks nothing.
 */
export function requestWayAlong(request: Vec2, units: UnitStore, mover: number, standing: number, wayX: number, wayY: number): void {
  const speed = Math.sqrt(wayX * wayX + wayY * wayY);
  if (speed < 1e-9) return;
  const position = units.position.data;
  const across = wayX * (position[2 * standing + 1]! - position[2 * mover + 1]!) - wayY * (position[2 * standing]! - position[2 * mover]!);
  // the mover's left is (-wayY, wayX); step to the side the standing unit is on
  const side = across >= 0 ? 1 : -1;
  request.x += (-wayY / speed) * side;
  request.y += (wayX / speed) * side;
}

/**
 * Whether the unit at slot `standing`, a neighbour of the one at `mover`, stands in the way the
 * mover wants to go (wayX, wayY): within `gap` metres of it (edge to edge), and no more than 60
 * degrees off that way.
 */
export function standsInTheWay(units: UnitStore, mover: number, standing: number, wayX: number, wayY: number, gap = BLOCKING_GAP): boolean {
  const position = units.position.data;
  const dx = position[2 * standing]! - position[2 * mover]!;
  const dy = position[2 * standing + 1]! - position[2 * mover + 1]!;
  const distance = Math.sqrt(dx * dx + dy * dy);
  const way = Math.sqrt(wayX * wayX + wayY * wayY);
  if (distance < 1e-9 || way < 1e-9) return false;
  if (distance - units.radius.data[mover]! - units.radius.data[standing]! > gap) return false;
  return (dx * wayX + dy * wayY) / (distance * way) > IN_THE_WAY_COSINE;
}

/**
 * The velocity, into `out`, at which a standing unit steps aside along `request`, no further than
 * MAX_YIELD metres from `home` (the part of the request that would take it further is dropped).
 * Returns false, leaving `out` alone, when it is not asked (or the requests cancel out).
 */
function stepAsideVelocity(out: Vec2, unit: Unit, rx: number, ry: number, home: ReadonlyVec2): boolean {
  const ax = unit.position.x - home.x;
  const ay = unit.position.y - home.y;
  const away = Math.sqrt(ax * ax + ay * ay);
  if (away >= MAX_YIELD) {
    const outward = (rx * ax + ry * ay) / away;
    if (outward > 0) {
      rx -= (outward * ax) / away;
      ry -= (outward * ay) / away;
    }
  }
  const length = Math.sqrt(rx * rx + ry * ry);
  if (length <= 1e-6) return false;
  const speed = (GIVE_WAY_SPEED * unit.maxSpeed) / length;
  out.x = rx * speed;
  out.y = ry * speed;
  return true;
}

/** How fast the unit closes on its home (metres per second, negative when moving away). */
function homewardSpeed(unit: Unit): number {
  const dx = unit.home.x - unit.position.x;
  const dy = unit.home.y - unit.position.y;
  const distance = Math.sqrt(dx * dx + dy * dy);
  return distance < 1e-9 ? 0 : (unit.velocity.x * dx + unit.velocity.y * dy) / distance;
}

/** Moves the unit's home up to `step` metres toward where it stands. */
function driftHome(unit: Unit, step: number): void {
  const dx = unit.position.x - unit.home.x;
  const dy = unit.position.y - unit.home.y;
  const distance = Math.sqrt(dx * dx + dy * dy);
  if (distance <= step) {
    set(unit.home, unit.position.x, unit.position.y);
    return;
  }
  unit.home.x += (dx * step) / distance;
  unit.home.y += (dy * step) / distance;
}

/** The velocity that takes a standing unit back to its home and stops it there. */
function homeVelocity(out: Vec2, units: UnitStore, unit: Unit, config: Readonly<SteeringConfig>): Vec2 {
  arriveVelocity(out, units, unit.slot, unit.home, config.arrivalTolerance, config);
  return truncate(out, out, HOME_SPEED * unit.maxSpeed);
}

/**
 * Whether a standing unit steers this tick (rather than braking to rest): a unit on the move is
 * close or about to meet it, it still moves faster than STANDING_SPEED, or it stands more than
 * HOME_SLACK from its home.
 */
function makesWay(units: UnitStore, unit: Unit): boolean {
  if (hasMoverNear(units, unit)) return true;
  if (lengthSquared(unit.velocity) > STANDING_SPEED * STANDING_SPEED) return true;
  return distanceSquared(unit.position, unit.home) > HOME_SLACK * HOME_SLACK;
}

/** Whether a unit on the move will touch the unit within its look-ahead, or stands within reach of making way for it. */
function hasMoverNear(units: UnitStore, unit: Unit): boolean {
  const sensing = unit.sensing;
  const position = units.position.data;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (units.group.data[other] === 0) continue;
    if (sensing.neighbourKeys[index]! < 1) return true;
    const reach = unit.radius + units.radius.data[other]! + MAKE_WAY_GAP;
    const dx = unit.position.x - position[2 * other]!;
    const dy = unit.position.y - position[2 * other + 1]!;
    if (dx * dx + dy * dy < reach * reach) return true;
  }
  return false;
}

/** Whether the unit on the move at slot `mover` passes the standing unit at `standing` by: it
 * stands outside the ground the mover's order arranges its units on (among which the mover
 * arrives, where its slot may lie). */
function passesBy(units: UnitStore, mover: number, standing: number): boolean {
  const arrival = units.arrival.data;
  const dx = units.position.data[2 * standing]! - arrival[3 * mover]!;
  const dy = units.position.data[2 * standing + 1]! - arrival[3 * mover + 1]!;
  const outside = arrival[3 * mover + 2]! + units.radius.data[mover]! + units.radius.data[standing]!;
  return dx * dx + dy * dy > outside * outside;
}

/** Whether `unit` stands without an order and no other unit standing without one is within
 * STANDING_CROWD_GAP of it (edge to edge). */
function standsAlone(units: UnitStore, unit: Unit): boolean {
  if (unit.task.kind !== 'idle') return false;
  const sensing = unit.sensing;
  const position = units.position.data;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (units.group.data[other] !== 0) continue;
    const reach = unit.radius + units.radius.data[other]! + STANDING_CROWD_GAP;
    const dx = unit.position.x - position[2 * other]!;
    const dy = unit.position.y - position[2 * other + 1]!;
    if (dx * dx + dy * dy < reach * reach) return false;
  }
  return true;
}

/** Whether the unit at slot `unit` stands within PRESSED_ON_GAP of the one at `other` (edge to edge). */
function isPressedOn(units: UnitStore, unit: number, other: number): boolean {
  const reach = units.radius.data[unit]! + units.radius.data[other]! + PRESSED_ON_GAP;
  const dx = units.position.data[2 * unit]! - units.position.data[2 * other]!;
  const dy = units.position.data[2 * unit + 1]! - units.position.data[2 * other + 1]!;
  return dx * dx + dy * dy < reach * reach;
}

const _giveway_way = vec2();

/**
 * Whether `mover` follows `standing` (a follow order): `standing` is then where it goes, not in
 * its way. It is not asked to step aside, and while nobody else asks it, it stands (it does not
 * steer round the units coming for it). Stepping aside and dodging, a followed unit that stood
 * was followed to where it went (the follow sends its units again once the target has moved a
 * metre), settled there and moved again: six units following one that stood pushed it 23 m in
 * 25 s.
 */
function follows(sim: SimulationState, mover: Unit, standing: Unit): boolean {
  return mover.task.kind === 'move' && sim.engagements.size > 0 && sim.engagements.get(mover.task.orderId)?.targetId === standing.id;
}

class GiveWay implements Situation {
  readonly name = 'give-way';
  readonly order = 0;
  readonly premise = 'a held-up unit on the move is about to walk into a standing unit, or one stands close in its way (not the unit it follows: that is where it goes)';
  /** per unit: the sum of this tick's requests to step aside (x, y), while it stands */
  private readonly request: Column<Float64Array>;
  /** per unit: seconds it has been asked to step aside and held from doing so */
  private readonly heldAside: Column<Float64Array>;
  /** per unit: seconds it has been walking back toward its home without closing on it */
  private readonly heldFromHome: Column<Float64Array>;
  /** per unit: 1 when it stands without an order and no other standing unit is within
   * STANDING_CROWD_GAP of it (written for the awake units as the plan starts; a sleeping unit
   * keeps what it was when it fell asleep, and a mover coming near wakes it) */
  private readonly alone: Column<Int32Array>;
  /** per unit: 1 when a follow order has it as its target (written as the plan starts) */
  private readonly followed: Column<Int32Array>;
  private readonly from: Unit[] = [];
  private readonly to: Unit[] = [];

  constructor(columns: UnitColumns) {
    this.request = floatColumn(columns, 2);
    this.heldAside = floatColumn(columns);
    this.heldFromHome = floatColumn(columns);
    this.alone = intColumn(columns);
    this.followed = intColumn(columns);
  }

  applies(): boolean {
    return true;
  }

  /**
   * Passing a standing unit. In open ground a unit on the move passes a unit standing alone
   * without an order (no other standing unit within STANDING_CROWD_GAP), outside the ground its
   * own order arrives on, as it would a rock, taking all of the way between them. By walls and in
   * doors it keeps its share (there the standing unit has nowhere to go, and a column stood at a
   * tight door); so it does among the units its order arrives with (its slot may be where one of
   * them stands), and in a standing crowd, which opens for it (a unit carried into the other
   * block's arrived crowd took 8 s longer to get out). The standing unit alone in open ground
   * answers such a mover only when contact is imminent (STANDING_LOOK), and then steps to its own
   * side of the mover's line. Answering from 2 s away, against a column coming at it, its way out
   * was ahead of the column: it was carried ahead of it to the column's goal, 30 m and more (a
   * standing unit within 1.5 m of a column's line: pushed 31 m at the median over 20 instances;
   * answering from 1 s away, 9 m; now 0.1 m, and never more than 1.5 m).
   */
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms): void {
    const group = units.group.data;
    const position = units.position.data;
    const alone = this.alone.data;
    if (group[agent] !== 0 && group[other] === 0) {
      if (terms.openGround && alone[other] === 1 && passesBy(units, agent, other)) terms.share = 1;
      return;
    }
    if (group[agent] !== 0 || group[other] === 0 || alone[agent] !== 1) return;
    const velocity = units.velocity.data;
    const vx = velocity[2 * other]!;
    const vy = velocity[2 * other + 1]!;
    if (vx * vx + vy * vy < MOVER_SPEED * MOVER_SPEED || !passesBy(units, other, agent)) return;
    // which side of the mover's line the standing unit is on; it passes keeping to that side
    const across = vx * (position[2 * agent + 1]! - position[2 * other + 1]!) - vy * (position[2 * agent]! - position[2 * other]!);
    terms.passOn = across >= 0 ? RIGHT : LEFT;
    // it answers the mover only once it is close: from afar the way out is ahead of it
    if (terms.openGround) terms.horizon = Math.min(terms.horizon, STANDING_LOOK);
  }

  /** This tick's requests to step aside (`x`, `y` of the unit's slot), for tests and drawing. */
  requestOf(unit: Unit, out: Vec2): Vec2 {
    return set(out, this.request.data[2 * unit.slot]!, this.request.data[2 * unit.slot + 1]!);
  }

  /**
   * Held-up movers ask standing units in their way to step aside: the unit they are about to walk
   * into, and (with a strategy where standing units avoid too) every standing neighbour close in
   * the way they want to go; then standing units pass the requests on (passRequestsOn).
   */
  plan(sim: SimulationState): void {
    // sleeping units were left with no request when they fell asleep: all start from none
    this.request.data.fill(0, 0, 2 * sim.units.length);
    const units = sim.store;
    const awake = sim.awake;
    // units woken below are added to the list; they stand, so they ask nobody
    const count = awake.length;
    const alone = this.alone.data;
    for (let index = 0; index < count; index++) alone[awake[index]!.slot] = standsAlone(units, awake[index]!) ? 1 : 0;
    const followed = this.followed.data;
    followed.fill(0, 0, sim.units.length);
    for (const follow of sim.follows) {
      const target = sim.unitsById.get(follow.targetId);
      if (target !== undefined) followed[target.slot] = 1;
    }
    for (let index = 0; index < count; index++) {
      const unit = awake[index]!;
      if (unit.task.kind !== 'move') continue;
      const sensing = unit.sensing;
      const threat = sensing.threat;
      if (sensing.raysCast && threat.kind === 'unit' && threat.fraction < GIVE_WAY_FRACTION && isHeldUp(units, unit.slot)) {
        const standing = sim.units[threat.unit]!;
        if (standing.task.kind === 'idle' && !follows(sim, unit, standing)) this.ask(sim, standing, unit, unit.velocity.x, unit.velocity.y);
      }
      if (!sim.strategy.idleUnitsAvoid || !isHeldUp(units, unit.slot)) continue;
      const wayX = unit.waypoint.x - unit.position.x;
      const wayY = unit.waypoint.y - unit.position.y;
      for (let index = 0; index < sensing.neighbourCount; index++) {
        const other = sensing.neighbours[index]!;
        if (units.group.data[other] !== 0 || !standsInTheWay(units, unit.slot, other, wayX, wayY) || follows(sim, unit, sim.units[other]!)) continue;
        this.ask(sim, sim.units[other]!, unit, wayX, wayY);
      }
    }
    if (sim.strategy.idleUnitsAvoid) this.passRequestsOn(sim);
  }

  /** `mover` asks `standing` to step out of its way (wayX, wayY), waking it if it sleeps. */
  private ask(sim: SimulationState, standing: Unit, mover: Unit, wayX: number, wayY: number): void {
    set(_giveway_way, 0, 0);
    requestWayAlong(_giveway_way, sim.store, mover.slot, standing.slot, wayX, wayY);
    const request = this.request.data;
    request[2 * standing.slot] = request[2 * standing.slot]! + _giveway_way.x;
    request[2 * standing.slot + 1] = request[2 * standing.slot + 1]! + _giveway_way.y;
    if (standing.asleep) wakeNow(sim, standing);
  }

  /**
   * Standing units pass a request to step aside on. A standing unit asked to step aside that has
   * been held for PASS_ON_DELAY (it stands packed against others: an arrived group keeps 0.1 to
   * 0.3 m between its units) asks the standing units close in the way it is asked to go to step
   * that way too, and so on while those are held, up to PASS_ON_HOPS deep. Without it a unit whose
   * way led into a packed standing group could not get through: the units it asked could not move
   * until the ones beside them did, and it stood among them for good (a unit walking through a
   * standing block 9 units wide with 0.2 m gaps stood there for a minute; now through in 15.5 s
   * without a touch). Only units that are held pass it on, so a line with room to spare does not
   * wake end to end. Then counts how long each standing unit has been asked and held.
   */
  private passRequestsOn(sim: SimulationState): void {
    const { from, to } = this;
    const units = sim.store;
    const request = this.request.data;
    const heldAside = this.heldAside.data;
    from.length = 0;
    for (const unit of sim.awake) {
      if (unit.task.kind === 'idle' && (request[2 * unit.slot] !== 0 || request[2 * unit.slot + 1] !== 0)) from.push(unit);
    }
    for (let hop = 0; hop < PASS_ON_HOPS && from.length > 0; hop++) {
      to.length = 0;
      for (const unit of from) {
        const rx = request[2 * unit.slot]!;
        const ry = request[2 * unit.slot + 1]!;
        const length = Math.sqrt(rx * rx + ry * ry);
        if (length < 1e-9) continue;
        const sensing = unit.sensing;
        for (let index = 0; index < sensing.neighbourCount; index++) {
          const other = sensing.neighbours[index]!;
          if (units.group.data[other] !== 0 || !standsInTheWay(units, unit.slot, other, rx, ry)) continue;
          if (heldAside[unit.slot]! < PASS_ON_DELAY && !isPressedOn(units, unit.slot, other)) continue;
          const standing = sim.units[other]!;
          if (standing.task.kind !== 'idle') continue;
          const fresh = request[2 * standing.slot] === 0 && request[2 * standing.slot + 1] === 0;
          request[2 * standing.slot] = request[2 * standing.slot]! + rx / length;
          request[2 * standing.slot + 1] = request[2 * standing.slot + 1]! + ry / length;
          if (standing.asleep) wakeNow(sim, standing);
          if (fresh) to.push(standing);
        }
      }
      from.length = 0;
      for (const unit of to) from.push(unit);
    }
    const dt = sim.settings.dt;
    for (const unit of sim.awake) {
      const asked = unit.task.kind === 'idle' && (request[2 * unit.slot] !== 0 || request[2 * unit.slot + 1] !== 0);
      heldAside[unit.slot] = asked && lengthSquared(unit.velocity) < HELD_ASIDE_SPEED * HELD_ASIDE_SPEED ? heldAside[unit.slot]! + dt : 0;
    }
  }

  /**
   * A standing unit steps aside when asked; with a strategy where standing units avoid, it also
   * steers while a unit on the move is near or it is off its home (it walks back, see
   * walkHomeVelocity); else it brakes to rest.
   */
  standing(sim: SimulationState, unit: Unit, preferred: Vec2): StandingIntent {
    const rx = this.request.data[2 * unit.slot]!;
    const ry = this.request.data[2 * unit.slot + 1]!;
    if (this.followed.data[unit.slot] === 1 && rx === 0 && ry === 0) {
      // followed, and asked by nobody else: those near are coming to it, and it stands for them
      this.heldFromHome.data[unit.slot] = 0;
      return REST;
    }
    if (sim.strategy.idleUnitsAvoid && makesWay(sim.store, unit)) {
      // a unit on the move is near, or it was pushed off its place: make way, walk back
      if (stepAsideVelocity(preferred, unit, rx, ry, unit.home)) this.heldFromHome.data[unit.slot] = 0;
      else this.walkHomeVelocity(preferred, sim.store, unit, sim.settings.dt, sim.config);
      return STEER;
    }
    this.heldFromHome.data[unit.slot] = 0;
    return stepAsideVelocity(preferred, unit, rx, ry, unit.home) ? STEP : REST;
  }

  /**
   * The velocity back home for a standing unit off it; once the unit has been held from closing
   * on its home for HOME_PATIENCE, it stands and the home moves toward it (HOME_DRIFT) while it
   * stays held.
   */
  private walkHomeVelocity(out: Vec2, units: UnitStore, unit: Unit, dt: number, config: Readonly<SteeringConfig>): void {
    const held = this.heldFromHome.data;
    // held by units on the move it waits for them to pass, its home where it is; held by
    // standing ones, the home comes to it in the end
    held[unit.slot] = homewardSpeed(unit) < HELD_HOMEWARD_SPEED && !hasMoverNear(units, unit) ? held[unit.slot]! + dt : 0;
    if (held[unit.slot]! > HOME_PATIENCE) {
      // held: it stops pushing and its home comes to it (pushing on, two units held from their
      // homes by each other rocked back and forth a few centimetres for seconds)
      driftHome(unit, HOME_DRIFT * dt);
      set(out, 0, 0);
      return;
    }
    homeVelocity(out, units, unit, config);
  }

  restart(_sim: SimulationState, unit: Unit): void {
    this.heldFromHome.data[unit.slot] = 0;
  }
}

export function createGiveWay(columns: UnitColumns): Situation & { requestOf(unit: Unit, out: Vec2): Vec2 } {
  return new GiveWay(columns);
}
