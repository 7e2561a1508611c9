/**
 * The phases of one tick after the orders are applied (planning.ts), in the order
 * `stepSimulation` runs them. Each phase visits the units in creation order. Every unit decides
 * from the same sensed state before any force is applied (decide, then apply).
 */
import { atan2, hypot } from '../math/exact';
import { type ReadonlyVec2, type Vec2, distanceSquared, length, lengthSquared, set, truncate, vec2 } from '../math/vec2';
import { pointRoom } from '../nav/navmap';
import { routeCost } from '../nav/route';
import { type UnitBody, applyImpulse, applySteeringForce, bodyMass, isBodyAwake, limitSpeed, readBodyState, stepWorld } from '../physics/world';
import { sortIntoCells } from '../spatial/grid';
import { type Agent, NO_SIDE } from '../steering/agent';
import { arriveVelocity, velocityChangeForce } from '../steering/arrive';
import type { SteeringConfig } from '../steering/config';
import { asksForWay, isHeldUp, requestWay, requestWayAlong, standingForce, standsInTheWay, stepAsideVelocity } from '../steering/giveway';
import { packUnits, senseUnit } from '../steering/sense';
import { separationForce } from '../steering/separation';
import { type ContactUnit, sidewaysImpulses } from '../steering/sideways';
import { decideNothing } from '../steering/strategy';
import { nowMs } from './clock';
import { emit } from './events';
import { standDown } from './planning';
import { applyPassing, planPassing } from './passing';
import { holdAtDoor, planDoorTurns } from './doors';
import { applyRecovery, trackProgress } from './progress';
import { followRoute, isQueueing } from './routes';
import { trackPassageTurn, waitForOncoming } from './single-file';
import { type SimulationState, type Unit, simulatedTime } from './state';

/** m/s: below this speed the heading keeps its last value */
const HEADING_MIN_SPEED = 0.05;
/** m/s and seconds: a group member that has moved slower than this for this long inside its
 * group's arrival circle is held off its slot by others; it stops where it is (it has arrived as
 * far as the group is concerned) instead of pushing on */
const HELD_OFF_SPEED = 0.25;
const HELD_OFF_TIME = 0.5;
/** metres (edge to edge): a unit this close to a standing unit on its slot has come up to it */
const SLOT_TAKEN_GAP = 0.3;

/** each unit searches its look-ahead for neighbours on one in this many of its sense turns (units
 * take turns), and in between tests again the ones it found: the set of neighbours worth
 * answering changes far more slowly than where they are, and the search is the sense phase's
 * main cost */
const SEARCH_EVERY_TURN = 4;

/**
 * Phase 2: sense. Works out which units sleep this tick; sorts the units into the neighbour grid;
 * works out each unit's order id, distance to its target and place in a queue at a passage (what
 * the strategies read of it as an Agent), and since when it stands in a passage one unit wide;
 * then rays and neighbours for every unit awake whose turn it is (SteeringConfig.avoidEvery: units
 * on the move take turns by id; a standing unit awake and one that knows no neighbour yet sense
 * every tick; each searches its look-ahead once in 4 x avoidEvery ticks). Writes only `asleep`,
 * `sensing`, `sensedNow`, `groupId`, `distanceToTarget`, `queueRank` and `passageEntered`.
 */
export function sense(sim: SimulationState): void {
  const { units, senseWorld } = sim;
  findSleepers(sim);
  if (sim.centres.length < 2 * units.length) {
    sim.centres = new Float64Array(Math.max(2 * units.length, 2 * sim.centres.length));
    sim.motion = new Float64Array(3 * (sim.centres.length / 2));
    sim.packedAsleep = new Uint8Array(sim.centres.length / 2);
  }
  const { centres, motion, packedAsleep } = sim;
  let maxRadius = 0;
  let maxSpeedSq = 0;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i]!;
    // a unit asleep since its entries were written (and no unit added or removed since, which
    // moves the indices) has not moved: a standing army costs a flag per unit here
    if (unit.asleep && packedAsleep[i] === 1 && !sim.searchAll) {
      const speedSq = motion[3 * i]! * motion[3 * i]! + motion[3 * i + 1]! * motion[3 * i + 1]!;
      if (speedSq > maxSpeedSq) maxSpeedSq = speedSq;
      if (motion[3 * i + 2]! > maxRadius) maxRadius = motion[3 * i + 2]!;
      continue;
    }
    packedAsleep[i] = unit.asleep ? 1 : 0;
    centres[2 * i] = unit.position.x;
    centres[2 * i + 1] = unit.position.y;
    motion[3 * i] = unit.velocity.x;
    motion[3 * i + 1] = unit.velocity.y;
    motion[3 * i + 2] = unit.radius;
    const speedSq = unit.velocity.x * unit.velocity.x + unit.velocity.y * unit.velocity.y;
    if (speedSq > maxSpeedSq) maxSpeedSq = speedSq;
    if (unit.radius > maxRadius) maxRadius = unit.radius;
    const task = unit.task;
    unit.groupId = task.kind === 'move' ? task.orderId : 0;
    unit.distanceToTarget = task.kind === 'move' ? hypot(task.target.x - unit.position.x, task.target.y - unit.position.y) : Infinity;
    const route = task.kind === 'move' && !task.waiting ? task.route : null;
    unit.queueRank = route !== null && isQueueing(unit) ? routeCost(route, unit.position.x, unit.position.y) : Infinity;
    // in a passage one unit wide: since when (units of other orders wait for it, see decide)
    trackPassageTurn(sim, unit, route);
  }
  sortIntoCells(senseWorld.grid, centres, units.length);
  packUnits(senseWorld, centres, motion);
  senseWorld.maxRadius = maxRadius;
  senseWorld.maxSpeed = Math.sqrt(maxSpeedSq);
  const every = sim.config.avoidEvery;
  for (const unit of sim.awake) {
    // a unit that knows no neighbour yet senses and searches every tick, so nothing entering its
    // reach waits for its turn; everyone does after a unit was added or removed
    const fresh = sim.searchAll || unit.sensing.neighbourCount === 0;
    // units on the move take turns; a standing unit awake senses every tick: it is awake because a
    // mover comes at it, and making way late, it was pressed into the units beside it
    unit.sensedNow = fresh || unit.task.kind === 'idle' || (unit.id + sim.tick) % every === 0;
    if (!unit.sensedNow) continue;
    const searches = fresh || (unit.id + sim.tick) % (every * SEARCH_EVERY_TURN) === 0;
    senseOne(sim, unit, searches);
  }
  sim.searchAll = false;
}

/** Senses one unit this tick (its turn, see SteeringConfig.avoidEvery): decide then chooses its
 * avoidance afresh. */
function senseOne(sim: SimulationState, unit: Unit, searches: boolean): void {
  const looksAhead = unit.task.kind !== 'idle' || sim.strategy.idleUnitsAvoid;
  senseUnit(sim.senseWorld, unit, unit.sensing, sim.strategy, sim.config, looksAhead, searches);
  unit.sensedNow = true;
}

/**
 * Which units sleep this tick. An idle unit that only braked last tick sleeps while planck keeps
 * its body asleep (at rest for half a second; a touch from a moving body wakes it inside the
 * step) and no unit on the move came close: every mover's neighbours from its last sense phase
 * (units, not copies) that it would meet within its look-ahead, or that stand within reach of
 * making way, are woken. Sleeping costs a standing army nothing but a few flag tests per tick.
 * Awake, such a unit would only have braked; what changes is when it first sees a mover (its
 * neighbour search starts afresh when it wakes), which moves contact timings a little (the
 * figures are in docs/architecture.md).
 */
function findSleepers(sim: SimulationState): void {
  const sleeping = sim.settings.sleeping;
  let sleepers = 0;
  for (const unit of sim.units) {
    const sleeps = sleeping && unit.task.kind === 'idle' && unit.resting && !isBodyAwake(unit.body);
    // a unit waking searches its neighbours at once (what it knew is from before it slept)
    if (unit.asleep && !sleeps) unit.sensing.neighbourCount = 0;
    // one falling asleep is left with no force and no request, as it stays while it sleeps (the
    // phases after this one pass it over; woken again below, it is decided as usual)
    if (sleeps && !unit.asleep) {
      set(unit.steeringForce, 0, 0);
      set(unit.wayRequest, 0, 0);
      unit.heldFromHome = 0;
    }
    unit.asleep = sleeps;
    if (sleeps) sleepers++;
  }
  if (sleepers > 0) wakeNearMovers(sim);
  const awake = sim.awake;
  awake.length = 0;
  for (const unit of sim.units) if (!unit.asleep) awake.push(unit);
}

/** Wakes the sleeping units near enough to a unit on the move (see findSleepers). */
function wakeNearMovers(sim: SimulationState): void {
  for (const unit of sim.units) {
    if (unit.task.kind !== 'move') continue;
    const sensing = unit.sensing;
    for (let index = 0; index < sensing.neighbourCount; index++) {
      // the sense phase lists the units themselves (its world's units are the simulation's)
      const other = sensing.neighbours[index] as Unit;
      if (!other.asleep) continue;
      const reach = unit.radius + other.radius + MAKE_WAY_GAP + WAKE_MARGIN;
      if (sensing.neighbourKeys[index]! < 1 + WAKE_MARGIN || distanceSquared(unit.position, other.position) < reach * reach) wake(other);
    }
  }
}

/** metres, and fraction of the look-ahead: a mover wakes standing units this much earlier than
 * they would make way for it, so they sense it for a tick or more before they have to act */
const WAKE_MARGIN = 0.5;

function wake(unit: Unit): void {
  unit.asleep = false;
  unit.sensing.neighbourCount = 0;
}

/**
 * Phase 3: held-up movers ask standing units in their way to step aside: the unit they are about
 * to walk into, and (with a strategy where standing units avoid too) every standing neighbour
 * close in the way they want to go. Writes only `wayRequest`.
 */
export function askForWay(sim: SimulationState): void {
  const awake = sim.awake;
  // units woken below are added to the list; they stand, so they ask nobody
  const count = awake.length;
  for (let index = 0; index < count; index++) set(awake[index]!.wayRequest, 0, 0);
  for (let index = 0; index < count; index++) {
    const unit = awake[index]!;
    if (unit.task.kind !== 'move') continue;
    const sensing = unit.sensing;
    const threat = sensing.threat;
    if (sensing.raysCast && threat.kind === 'unit' && asksForWay(unit, threat.fraction)) {
      const standing = sim.unitsById.get(threat.unit!.id);
      if (standing !== undefined && standing.task.kind === 'idle') {
        requestWay(standing.wayRequest, unit, standing);
        if (standing.asleep) wakeNow(sim, standing);
      }
    }
    if (!sim.strategy.idleUnitsAvoid || !isHeldUp(unit)) continue;
    const wayX = unit.waypoint.x - unit.position.x;
    const wayY = unit.waypoint.y - unit.position.y;
    for (let index = 0; index < sensing.neighbourCount; index++) {
      const other = sensing.neighbours[index]!;
      if (other.groupId !== 0 || !standsInTheWay(unit, other, wayX, wayY)) continue;
      const standing = sim.unitsById.get(other.id);
      if (standing === undefined) continue;
      requestWayAlong(standing.wayRequest, unit, standing, wayX, wayY);
      if (standing.asleep) wakeNow(sim, standing);
    }
  }
  if (sim.strategy.idleUnitsAvoid) passRequestsOn(sim);
}

/** seconds a standing unit asked to step aside must have been held before it asks the one in its way in turn */
const PASS_ON_DELAY = 0.05;
/** metres per second: a standing unit asked to step aside and slower than this is held */
const HELD_ASIDE_SPEED = 0.5;
/** metres: a unit asked to step aside this close to one in its way passes the request on at once */
const PRESSED_ON_GAP = 0.05;
/** at most this many units deep a request passes on within one tick */
const PASS_ON_HOPS = 8;
const _pass_from: Unit[] = [];
const _pass_to: Unit[] = [];

/** Whether `unit` stands within PRESSED_ON_GAP of `other` (edge to edge). */
function isPressedOn(unit: Unit, other: Agent): boolean {
  const reach = unit.radius + other.radius + PRESSED_ON_GAP;
  return distanceSquared(unit.position, other.position) < reach * reach;
}

/**
 * Standing units pass a request to step aside on. A standing unit asked to step aside that has
 * been held for PASS_ON_DELAY (it stands packed against others: an arrived group keeps 0.1 to 0.3
 * m between its units) asks the standing units close in the way it is asked to go to step that
 * way too, and so on while those are held, up to PASS_ON_HOPS deep. Without it a unit whose way
 * led into a packed standing group could not get through: the units it asked could not move until
 * the ones beside them did, and it stood among them for good (a unit walking through a standing
 * block 9 units wide with 0.2 m gaps stood there for a minute; now through in 15.5 s without a
 * touch). Only units that are held pass it on, so a line with room to spare does not wake end to
 * end. Then counts how long each standing unit has been asked and held (`heldAside`).
 */
function passRequestsOn(sim: SimulationState): void {
  const from = _pass_from;
  const to = _pass_to;
  from.length = 0;
  for (const unit of sim.awake) {
    if (unit.task.kind === 'idle' && (unit.wayRequest.x !== 0 || unit.wayRequest.y !== 0)) from.push(unit);
  }
  for (let hop = 0; hop < PASS_ON_HOPS && from.length > 0; hop++) {
    to.length = 0;
    for (const unit of from) {
      const rx = unit.wayRequest.x;
      const ry = unit.wayRequest.y;
      const length = Math.sqrt(rx * rx + ry * ry);
      if (length < 1e-9) continue;
      const sensing = unit.sensing;
      for (let index = 0; index < sensing.neighbourCount; index++) {
        const other = sensing.neighbours[index]!;
        if (other.groupId !== 0 || !standsInTheWay(unit, other, rx, ry)) continue;
        if (unit.heldAside < PASS_ON_DELAY && !isPressedOn(unit, other)) continue;
        const standing = sim.unitsById.get(other.id);
        if (standing === undefined || standing.task.kind !== 'idle') continue;
        const fresh = standing.wayRequest.x === 0 && standing.wayRequest.y === 0;
        standing.wayRequest.x += rx / length;
        standing.wayRequest.y += ry / length;
        if (standing.asleep) wakeNow(sim, standing);
        if (fresh) to.push(standing);
      }
    }
    from.length = 0;
    for (const unit of to) from.push(unit);
  }
  const dt = sim.settings.dt;
  for (const unit of sim.awake) {
    const asked = unit.task.kind === 'idle' && (unit.wayRequest.x !== 0 || unit.wayRequest.y !== 0);
    unit.heldAside = asked && lengthSquared(unit.velocity) < HELD_ASIDE_SPEED * HELD_ASIDE_SPEED ? unit.heldAside + dt : 0;
  }
}

/** Wakes a sleeping unit after the sense phase, sensing it then (it searches its neighbours anew). */
function wakeNow(sim: SimulationState, unit: Unit): void {
  wake(unit);
  sim.awake.push(unit);
  senseOne(sim, unit, true);
}

const _decide_preferred = vec2();
const _decide_seek = vec2();
const _decide_separation = vec2();

/**
 * Phase 4: decide. Every unit's steering force and avoidance decision, from the same sensed
 * state: a standing unit holds its ground or steps aside when asked; a moving unit seeks its
 * target (down its route, or recovering when stuck; holding back while another order has its
 * turn at a door, doors.ts, or at a wide door, passing.ts; turned by its order's step aside when
 * orders walk at each other, passing.ts), plus avoidance and separation, truncated to its max force. Writes
 * `steeringForce`, `avoidance`, `resting`, `heldAtDoor`, `obstacleSpace` and the route's waypoint.
 */
export function decide(sim: SimulationState): void {
  const config = sim.config;
  // orders walking at each other step aside as blocks, orders crossing at a shallow angle take
  // turns (passing.ts)
  const passing = sim.strategy.passesGroups && (config.passAside > 0 || config.crossingPace < 1);
  if (passing) planPassing(sim);
  else sim.passing.count = 0;
  // orders coming to a door from opposite sides take turns (doors.ts)
  const doorTurns = sim.strategy.passesGroups;
  if (doorTurns) planDoorTurns(sim);
  else sim.doorTurns.doors.length = 0;
  for (const unit of sim.awake) {
    const force = unit.steeringForce;
    // personal space from obstacles: no more than its route keeps beyond its radius
    const route = unit.task.kind === 'move' ? unit.task.route : null;
    unit.obstacleSpace = route === null ? config.avoidClearance : Math.min(config.avoidClearance, Math.max(0, pointRoom(route.layer.map, route.layer.clearance) - unit.radius));
    if (unit.task.kind === 'idle' && sim.strategy.idleUnitsAvoid && makesWay(unit)) {
      // a unit on the move is near, or it was pushed off its place: make way, walk back
      unit.resting = false;
      set(unit.wanting, 0, 0);
      if (stepAsideVelocity(_decide_preferred, unit, unit.wayRequest, unit.home)) unit.heldFromHome = 0;
      else walkHomeVelocity(_decide_preferred, unit, sim.settings.dt, config);
      steerFor(sim, unit, _decide_preferred);
    } else if (unit.task.kind === 'idle') {
      unit.heldFromHome = 0;
      set(unit.wanting, 0, 0);
      decideNothing(unit.avoidance);
      unit.resting = standingForce(force, unit, unit.wayRequest, unit.home, config, sim.settings.dt);
      if (!unit.resting) {
        // stepping aside among other standing units: keep clear of them
        separationForce(_decide_separation, unit, unit.sensing.crowding, config);
        force.x += _decide_separation.x;
        force.y += _decide_separation.y;
      }
    } else {
      unit.resting = false;
      unit.heldFromHome = 0;
      const preferred = arriveVelocity(_decide_preferred, unit, unit.task.target, unit.task.stopRadius, config);
      if (unit.task.route !== null && !unit.task.waiting) {
        followRoute(sim, unit, unit.task.route, unit.task.target, preferred);
        if (isQueueing(unit)) waitForOncoming(unit, unit.task.route.layer.map, preferred);
      }
      // waiting for another order's turn at a door: holding back is not being stuck
      unit.heldAtDoor = doorTurns && holdAtDoor(sim, unit, preferred);
      if (passing && applyPassing(sim, unit, preferred, config.passAside)) unit.heldAtDoor = true;
      if (unit.progress.recovery !== 'none' && !unit.heldAtDoor) applyRecovery(unit, preferred);
      set(unit.wanting, preferred.x, preferred.y);
      steerFor(sim, unit, preferred);
    }
    truncate(force, force, unit.maxForce);
  }
}

/** The steering force toward the `preferred` velocity: the change to reach it, the strategy's avoidance, separation. */
function steerFor(sim: SimulationState, unit: Unit, preferred: Vec2): void {
  const config = sim.config;
  velocityChangeForce(_decide_seek, unit, preferred.x, preferred.y, config);
  // between its sense turns a unit keeps the avoidance it chose, added to the force toward the
  // velocity it wants now
  if (unit.sensedNow) {
    unit.avoidance.lean = 0;
    sim.strategy.decide(unit.avoidance, unit, unit.sensing, preferred, config);
  }
  separationForce(_decide_separation, unit, unit.sensing.crowding, config);
  unit.steeringForce.x = _decide_seek.x + unit.avoidance.force.x + _decide_separation.x;
  unit.steeringForce.y = _decide_seek.y + unit.avoidance.force.y + _decide_separation.y;
}

/** metres: a standing unit makes way for a unit on the move this close (edge to edge), or one
 * that will touch it within the look-ahead */
const MAKE_WAY_GAP = 1;
/** metres a standing unit may be off its home before it walks back */
const HOME_SLACK = 0.25;
/** metres per second: an idle unit faster than this (running on past the slot it arrived at, or
 * shoved) steers back, looking where it goes, instead of braking blind into its neighbours */
const STANDING_SPEED = 0.5;

/**
 * Whether a standing unit steers this tick (rather than braking to rest): a unit on the move is
 * close or about to meet it, it still moves faster than STANDING_SPEED, or it stands more than
 * HOME_SLACK from its home.
 */
function makesWay(unit: Unit): boolean {
  const sensing = unit.sensing;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (other.groupId === 0) continue;
    if (sensing.neighbourKeys[index]! < 1) return true;
    const reach = unit.radius + other.radius + MAKE_WAY_GAP;
    if (distanceSquared(unit.position, other.position) < reach * reach) return true;
  }
  if (lengthSquared(unit.velocity) > STANDING_SPEED * STANDING_SPEED) return true;
  return distanceSquared(unit.position, unit.home) > HOME_SLACK * HOME_SLACK;
}

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

/** How fast the unit closes on its home (metres per second, negative when moving away). */
function homewardSpeed(unit: Unit): number {
  const dx = unit.home.x - unit.position.x;
  const dy = unit.home.y - unit.position.y;
  const distance = Math.sqrt(dx * dx + dy * dy);
  return distance < 1e-9 ? 0 : (unit.velocity.x * dx + unit.velocity.y * dy) / distance;
}

/**
 * The velocity back home for a standing unit off it; once the unit has been held from closing on
 * its home for HOME_PATIENCE, it stands and the home moves toward it (HOME_DRIFT) while it stays
 * held.
 */
function walkHomeVelocity(out: Vec2, unit: Unit, dt: number, config: Readonly<SteeringConfig>): Vec2 {
  unit.heldFromHome = homewardSpeed(unit) < HELD_HOMEWARD_SPEED ? unit.heldFromHome + dt : 0;
  if (unit.heldFromHome > HOME_PATIENCE) {
    // held: it stops pushing and its home comes to it (pushing on, two units held from their
    // homes by each other rocked back and forth a few centimetres for seconds)
    driftHome(unit, HOME_DRIFT * dt);
    return set(out, 0, 0);
  }
  return homeVelocity(out, unit, config);
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

/** fraction of its max speed a standing unit walks back to where it stood at */
const HOME_SPEED = 0.25;

/** The velocity that takes a standing unit back to its home and stops it there. */
function homeVelocity(out: Vec2, unit: Unit, config: Readonly<SteeringConfig>): Vec2 {
  arriveVelocity(out, unit, unit.home, config.arrivalTolerance, config);
  return truncate(out, out, HOME_SPEED * unit.maxSpeed);
}

/** Phase 5: commit avoidance sides (what the others read next tick) and apply the forces to the bodies. */
export function applyForces(sim: SimulationState): void {
  // a sleeping unit has no force to apply, and its side and wanted velocity are those it fell
  // asleep with
  for (const unit of sim.awake) {
    unit.avoidSide = unit.avoidance.side;
    unit.wanted.x = unit.wanting.x;
    unit.wanted.y = unit.wanting.y;
    unit.lean = unit.avoidance.lean;
    // a resting unit only brakes, so a sleeping body is not woken to push it by nothing
    const wake = !unit.resting;
    applySteeringForce(unit.body, unit.steeringForce, unit.mass, unit.maxSpeed, sim.settings.dt, wake);
  }
}

/** Phase 6: planck integrates; the collision response acts inside it (`respondToContact`). */
export function stepPhysics(sim: SimulationState): void {
  const start = nowMs();
  stepWorld(sim.physics, sim.settings.dt);
  sim.timing.physicsMs = nowMs() - start;
  sim.tick++;
}

const _contact_a = { position: vec2(), velocity: vec2(), mass: 0, side: NO_SIDE } satisfies ContactUnit;
const _contact_b = { position: vec2(), velocity: vec2(), mass: 0, side: NO_SIDE } satisfies ContactUnit;
const _contact_impulseA = vec2();
const _contact_impulseB = vec2();

/**
 * Two units touch, inside planck's step (its pre-solve hook): with the sideways response, their
 * closing velocities are turned along the contact (steering/sideways.ts), by impulses on the
 * bodies as they stand at that moment; with plain physics, nothing is done here.
 */
export function respondToContact(sim: SimulationState, a: Unit, b: Unit, bodyA: UnitBody, bodyB: UnitBody): void {
  if (sim.response !== 'sideways') return;
  readContact(_contact_a, a, bodyA);
  readContact(_contact_b, b, bodyB);
  if (!sidewaysImpulses(_contact_a, _contact_b, _contact_impulseA, _contact_impulseB)) return;
  applyImpulse(bodyA, _contact_impulseA);
  applyImpulse(bodyB, _contact_impulseB);
}

function readContact(out: { position: Vec2; velocity: Vec2; mass: number; side: Unit['avoidSide'] }, unit: Unit, body: UnitBody): void {
  readBodyState(body, out.position, out.velocity);
  out.mass = bodyMass(body);
  out.side = unit.avoidSide;
}

/**
 * Phase 7: read back. Caps speeds (by an impulse on the body: contacts may have pushed a unit
 * past its max speed), copies body state into the units, updates headings, and tracks progress
 * (which may raise `stuck` events).
 */
export function readBack(sim: SimulationState): void {
  const dt = sim.settings.dt;
  for (const unit of sim.units) {
    // a sleeping unit's body stayed where it was, unless a touch woke it in the step
    if (unit.asleep && !isBodyAwake(unit.body)) continue;
    limitSpeed(unit.body, unit.mass, unit.maxSpeed);
    readBodyState(unit.body, unit.position, unit.velocity);
    const speed = length(unit.velocity);
    if (speed > HEADING_MIN_SPEED) unit.heading = atan2(unit.velocity.y, unit.velocity.x);
    unit.slowTime = unit.task.kind === 'move' && speed < HELD_OFF_SPEED ? unit.slowTime + dt : 0;
    if (unit.task.kind === 'move' && !unit.task.waiting) trackProgress(sim, unit, unit.task);
  }
}

/** Phase 8: arrivals end move tasks, raising `arrived` events. */
export function settleArrivals(sim: SimulationState): void {
  const time = simulatedTime(sim);
  for (const unit of sim.awake) {
    if (unit.task.kind !== 'move' || unit.task.waiting || !hasArrived(unit)) continue;
    emit(sim.events, { type: 'arrived', unitId: unit.id, orderId: unit.task.orderId, time });
    standDown(unit);
  }
}

/** At its target, or (in a group) inside the group's arrival circle and standing still or come up to a standing unit on its slot. */
function hasArrived(unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move') return false;
  if (distanceSquared(unit.position, task.target) <= task.stopRadius * task.stopRadius) return true;
  if (task.group === null) return false;
  const { radius } = task.group;
  if (distanceSquared(unit.position, task.group.target) > radius * radius) return false;
  return unit.slowTime >= HELD_OFF_TIME || slotTaken(unit, task.target);
}

/**
 * Whether a standing unit covers the unit's slot (its centre within its radius of it) and the unit
 * has come up to it: the slot is taken, and walking round the one on it only shoves the others.
 */
function slotTaken(unit: Unit, slot: ReadonlyVec2): boolean {
  const sensing = unit.sensing;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (other.groupId !== 0 || distanceSquared(other.position, slot) >= other.radius * other.radius) continue;
    const reach = unit.radius + other.radius + SLOT_TAKEN_GAP;
    if (distanceSquared(unit.position, other.position) < reach * reach) return true;
  }
  return false;
}
