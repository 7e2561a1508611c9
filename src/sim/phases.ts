/**
 * The phases of one tick after the orders are applied (planning.ts), in the order
 * `stepSimulation` runs them. Each phase visits the units in creation order. Every unit decides
 * from the same sensed state before any force is applied (decide, then apply).
 */
import { atan2, hypot } from '../math/exact';
import { type ReadonlyVec2, type Vec2, distanceSquared, length, set, truncate, vec2 } from '../math/vec2';
import { pointRoom } from '../nav/navmap';
import { routeCost } from '../nav/route';
import { type UnitBody, applyImpulse, applySteeringForce, bodyMass, isBodyAwake, limitSpeed, readBodyState, stepWorld } from '../physics/world';
import { MAKE_WAY_GAP } from '../situations/give-way';
import { planSituations, shapeIntent } from '../situations/index';
import { sortIntoCells } from '../spatial/grid';
import { NO_SIDE } from '../steering/agent';
import { arriveVelocity, brakeForce, velocityChangeForce } from '../steering/arrive';
import { packUnits } from '../steering/pack';
import { separationForce } from '../steering/separation';
import { type ContactUnit, sidewaysImpulses } from '../steering/sideways';
import { decideNothing } from '../steering/strategy';
import { nowMs } from './clock';
import { HOLD_MASS_SCALE, HOLD_RETURN_TIME } from './defaults';
import { emit } from './events';
import { stopForEnemies } from './order-engage';
import { standDown } from './planning';
import { trackProgress } from './progress';
import { followRoute, isQueueing, lookDownRoute } from './routes';
import { type MoveTask, REST, STEER, type SimulationState, type Unit, simulatedTime } from './state';
import { type DecisionSharing, decisionSharing, deferDecision, finishDecisions, senseAll } from './threads';
import { wake } from './waking';

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
 * Phase 2: sense. Works out which units sleep this tick; writes each unit's entries in the unit
 * store (steering/store.ts: what the strategies and the situations' hot hooks read of every unit)
 * with its order id and distance to its target, after looking down its route (its waypoint, and
 * the passages and doors on its way there: routes.ts lookDownRoute) and working out its place in
 * a queue at a passage; sorts the units into the neighbour grid; then rays and neighbours for
 * every unit awake whose turn it is (SteeringConfig.avoidEvery: units on the move take turns by
 * id; a standing unit awake and one that knows no neighbour yet sense every tick; each searches its
 * look-ahead once in 4 x avoidEvery ticks). Writes only the store, `asleep`, `sensing`,
 * `sensedNow`, `groupId`, `distanceToTarget`, the route's look (`waypoint`, `passageDistance`,
 * `doorDistance`, `queueSingleFile`, `ownRoute`) and `queueRank`.
 */
export function sense(sim: SimulationState): void {
  const { units, senseWorld, store } = sim;
  findSleepers(sim);
  const position = store.position.data;
  const velocity = store.velocity.data;
  const radius = store.radius.data;
  const asleep = store.asleep.data;
  let maxRadius = 0;
  let maxSpeedSq = 0;
  for (let slot = 0; slot < units.length; slot++) {
    const unit = units[slot]!;
    // a unit asleep since its entries were written has not moved, nor has its order changed: a
    // standing army costs a flag per unit here
    if (!(unit.asleep && asleep[slot] === 1 && !sim.searchAll)) fillStore(sim, unit, slot);
    const vx = velocity[2 * slot]!;
    const vy = velocity[2 * slot + 1]!;
    if (vx * vx + vy * vy > maxSpeedSq) maxSpeedSq = vx * vx + vy * vy;
    if (radius[slot]! > maxRadius) maxRadius = radius[slot]!;
  }
  senseWorld.count = units.length;
  sortIntoCells(senseWorld.grid, position, units.length);
  packUnits(senseWorld);
  senseWorld.maxRadius = maxRadius;
  senseWorld.maxSpeed = Math.sqrt(maxSpeedSq);
  const every = sim.config.avoidEvery;
  const sensed = _sense_units;
  const searching = _sense_searches;
  // (the lists are written over, never emptied: an array emptied gives its room back, and filled
  // again it allocates)
  let count = 0;
  for (const unit of sim.awake) {
    // a unit that knows no neighbour yet senses and searches every tick, so nothing entering its
    // reach waits for its turn; everyone does after a unit was added or removed
    const fresh = sim.searchAll || unit.sensing.neighbourCount === 0;
    // units on the move take turns; a standing unit awake senses every tick: it is awake because a
    // mover comes at it, and making way late, it was pressed into the units beside it
    unit.sensedNow = fresh || unit.task.kind === 'idle' || (unit.id + sim.tick) % every === 0;
    if (!unit.sensedNow) continue;
    sensed[count] = unit;
    searching[count++] = fresh || (unit.id + sim.tick) % (every * SEARCH_EVERY_TURN) === 0;
  }
  // (on the sense threads too, where the simulation has any: threads.ts)
  senseAll(sim, sensed, searching, count);
  // (no unit is kept past its tick: a removed one would be held on to)
  sensed.fill(NO_UNIT, 0, count);
  sim.searchAll = false;
}

/** the units the sense phase senses this tick, and whether each searches its look-ahead (the first
 * `count` entries; NO_UNIT past them) */
const _sense_units: Array<Unit | null> = [];
const _sense_searches: boolean[] = [];
const NO_UNIT = null;

/**
 * Writes a unit's entries in the store (steering/store.ts) as the tick starts: where it is and how
 * it moves (read back after the last tick), its limits and its order; then looks down its route
 * and writes its place in a queue. The unit record gets the same order fields (the situations'
 * plans read them there).
 */
function fillStore(sim: SimulationState, unit: Unit, slot: number): void {
  const store = sim.store;
  store.asleep.data[slot] = unit.asleep ? 1 : 0;
  store.holding.data[slot] = unit.holding ? 1 : 0;
  store.id.data[slot] = unit.id;
  store.position.data[2 * slot] = unit.position.x;
  store.position.data[2 * slot + 1] = unit.position.y;
  store.velocity.data[2 * slot] = unit.velocity.x;
  store.velocity.data[2 * slot + 1] = unit.velocity.y;
  store.radius.data[slot] = unit.radius;
  // (a unit holding its ground weighs more: the others take more of the way round it)
  store.mass.data[slot] = bodyMassOf(unit);
  store.maxSpeed.data[slot] = unit.maxSpeed;
  store.maxForce.data[slot] = unit.maxForce;
  store.orderHeading.data[2 * slot] = unit.orderHeading.x;
  store.orderHeading.data[2 * slot + 1] = unit.orderHeading.y;
  store.orderSize.data[slot] = unit.orderSize;
  const task = unit.task;
  unit.groupId = task.kind === 'move' ? task.orderId : 0;
  unit.distanceToTarget = task.kind === 'move' ? hypot(task.target.x - unit.position.x, task.target.y - unit.position.y) : Infinity;
  const route = task.kind === 'move' && !task.waiting ? task.route : null;
  if (route !== null) lookDownRoute(sim, unit, route, (task as MoveTask).target);
  unit.queueRank = route !== null && isQueueing(unit) ? routeCost(route, unit.position.x, unit.position.y) : Infinity;
  store.group.data[slot] = unit.groupId;
  writeArrival(store.arrival.data, slot, task);
  store.toTarget.data[slot] = unit.distanceToTarget;
  store.queueRank.data[slot] = unit.queueRank;
  store.doorDistance.data[slot] = unit.doorDistance;
  store.singleFile.data[slot] = unit.queueSingleFile ? 1 : 0;
}

/** Writes where the unit's move order arranges its units (UnitStore.arrival). */
function writeArrival(arrival: Float64Array, slot: number, task: Unit['task']): void {
  const area = task.kind !== 'move' ? null : task.group;
  const centre = task.kind !== 'move' ? null : area === null ? task.target : area.target;
  arrival[3 * slot] = centre === null ? 0 : centre.x;
  arrival[3 * slot + 1] = centre === null ? 0 : centre.y;
  arrival[3 * slot + 2] = area === null ? 0 : area.radius;
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
    // one falling asleep is left with no force, as it stays while it sleeps (the phases after
    // this one pass it over; woken again below, it is decided as usual)
    if (sleeps && !unit.asleep) set(unit.steeringForce, 0, 0);
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
      const other = sim.units[sensing.neighbours[index]!]!;
      if (!other.asleep) continue;
      const reach = unit.radius + other.radius + MAKE_WAY_GAP + WAKE_MARGIN;
      if (sensing.neighbourKeys[index]! < 1 + WAKE_MARGIN || distanceSquared(unit.position, other.position) < reach * reach) wake(other);
    }
  }
}

/** metres, and fraction of the look-ahead: a mover wakes standing units this much earlier than
 * they would make way for it, so they sense it for a tick or more before they have to act */
const WAKE_MARGIN = 0.5;

const _decide_preferred = vec2();
const _decide_seek = vec2();
const _decide_separation = vec2();
/** this tick's threads the avoidance choices may be left to (threads.ts), or null */
let _decide_sharing: DecisionSharing | null = null;

/**
 * Phase 3: decide. First the situations' plans (situations/index.ts: the requests to step aside,
 * the orders' boxes and steps, the turns at doors, ...); then every unit's steering force and
 * avoidance decision, from the same sensed state: a standing unit does what the give-way situation
 * says (brake to rest, step aside, or steer); a moving unit seeks its target (down its route),
 * the situations shape that (the first to hold it ends the chain), then avoidance and separation,
 * truncated to its max force. Writes `steeringForce`, `avoidance`, `resting`, `held`,
 * `obstacleSpace`, `wanting` and the route's waypoint.
 */
export function decide(sim: SimulationState): void {
  const config = sim.config;
  planSituations(sim);
  _decide_sharing = decisionSharing(sim);
  const standing = sim.situations.standing;
  const store = sim.store;
  for (const unit of sim.awake) {
    const force = unit.steeringForce;
    // personal space from obstacles: no more than its route keeps beyond its radius
    const route = unit.task.kind === 'move' ? unit.task.route : null;
    unit.obstacleSpace = route === null ? config.avoidClearance : Math.min(config.avoidClearance, Math.max(0, pointRoom(route.layer.map, route.layer.clearance) - unit.radius));
    store.obstacleSpace.data[unit.slot] = unit.obstacleSpace;
    set(unit.wanting, 0, 0);
    if (unit.task.kind === 'idle' && unit.holding) {
      // its ground, whatever presses on it: no way made, no limit of its legs on the push back
      decideNothing(unit.avoidance);
      unit.resting = holdForce(force, unit, sim.settings.dt);
      continue;
    }
    if (unit.task.kind === 'idle') {
      const intent = standing === null ? REST : standing.standing!(sim, unit, _decide_preferred);
      if (intent === STEER) {
        unit.resting = false;
        steerFor(sim, unit, _decide_preferred);
      } else {
        decideNothing(unit.avoidance);
        unit.resting = intent === REST;
        if (unit.resting) brakeForce(force, store, unit.slot, sim.settings.dt);
        else {
          // stepping aside among other standing units: keep clear of them
          velocityChangeForce(force, store, unit.slot, _decide_preferred.x, _decide_preferred.y, config);
          separationForce(_decide_separation, store, unit.slot, unit.sensing.crowding, config);
          force.x += _decide_separation.x;
          force.y += _decide_separation.y;
        }
      }
    } else {
      unit.resting = false;
      const preferred = arriveVelocity(_decide_preferred, store, unit.slot, unit.task.target, unit.task.stopRadius, config);
      if (unit.task.route !== null && !unit.task.waiting) followRoute(unit, unit.task.target, preferred);
      unit.held = shapeIntent(sim, unit, preferred);
      if (sim.engagements.size > 0 && stopForEnemies(sim, unit, unit.task, preferred)) unit.held = true;
      set(unit.wanting, preferred.x, preferred.y);
      steerFor(sim, unit, preferred);
    }
    truncate(force, force, unit.maxForce);
  }
  finishDecisions(sim, finishSteering);
  _decide_sharing = null;
}

/**
 * The force on a unit holding its ground (a hold order): the change, within the tick, to the
 * velocity heading back home in HOLD_RETURN_TIME (at most its max speed), for its held mass.
 * Returns whether it is at rest there (so its body may sleep).
 */
function holdForce(out: Vec2, unit: Unit, dt: number): boolean {
  const dx = unit.home.x - unit.position.x;
  const dy = unit.home.y - unit.position.y;
  const away = hypot(dx, dy);
  const speed = Math.min(unit.maxSpeed, away / HOLD_RETURN_TIME);
  const wantX = away > 0 ? (dx / away) * speed : 0;
  const wantY = away > 0 ? (dy / away) * speed : 0;
  const mass = unit.mass * HOLD_MASS_SCALE;
  out.x = ((wantX - unit.velocity.x) * mass) / dt;
  out.y = ((wantY - unit.velocity.y) * mass) / dt;
  return away < HOLD_AT_HOME && hypot(unit.velocity.x, unit.velocity.y) < HOLD_AT_HOME;
}

/** metres, and m/s: a holding unit this close to home and this slow is at rest there */
const HOLD_AT_HOME = 0.01;

/** kilograms: what a unit's body weighs now (more while it holds its ground) */
function bodyMassOf(unit: Unit): number {
  return unit.holding ? unit.mass * HOLD_MASS_SCALE : unit.mass;
}

/**
 * The steering force toward the `preferred` velocity: the change to reach it, the strategy's
 * avoidance, separation. A choice the sense threads make (threads.ts: a unit sensed there this
 * tick) is made once every unit has its preferred velocity, and its force then (`finishSteering`).
 */
function steerFor(sim: SimulationState, unit: Unit, preferred: Vec2): void {
  // between its sense turns a unit keeps the avoidance it chose, added to the force toward the
  // velocity it wants now
  if (unit.sensedNow) {
    if (_decide_sharing !== null && deferDecision(_decide_sharing, unit, preferred)) return;
    unit.avoidance.lean = 0;
    sim.strategy.decide(unit.avoidance, sim.store, unit.slot, unit.sensing, preferred, sim.config, sim.situations.rules);
  }
  steeringSum(sim, unit, preferred);
}

/** The force of a unit whose avoidance was chosen with the others' (deferDecision), truncated. */
function finishSteering(sim: SimulationState, unit: Unit, preferred: Vec2): void {
  steeringSum(sim, unit, preferred);
  truncate(unit.steeringForce, unit.steeringForce, unit.maxForce);
}

/** The change to reach `preferred`, plus the avoidance chosen, plus separation, as the unit's force. */
function steeringSum(sim: SimulationState, unit: Unit, preferred: Vec2): void {
  const config = sim.config;
  velocityChangeForce(_decide_seek, sim.store, unit.slot, preferred.x, preferred.y, config);
  separationForce(_decide_separation, sim.store, unit.slot, unit.sensing.crowding, config);
  unit.steeringForce.x = _decide_seek.x + unit.avoidance.force.x + _decide_separation.x;
  unit.steeringForce.y = _decide_seek.y + unit.avoidance.force.y + _decide_separation.y;
}

/** Phase 4: commit avoidance sides (what the others read next tick) and apply the forces to the bodies. */
export function applyForces(sim: SimulationState): void {
  // a sleeping unit has no force to apply, and its side and wanted velocity are those it fell
  // asleep with
  const { side, wanted, lean } = sim.store;
  for (const unit of sim.awake) {
    const slot = unit.slot;
    unit.avoidSide = unit.avoidance.side;
    unit.wanted.x = unit.wanting.x;
    unit.wanted.y = unit.wanting.y;
    unit.lean = unit.avoidance.lean;
    side.data[slot] = unit.avoidSide;
    wanted.data[2 * slot] = unit.wanted.x;
    wanted.data[2 * slot + 1] = unit.wanted.y;
    lean.data[slot] = unit.lean;
    // a resting unit only brakes, so a sleeping body is not woken to push it by nothing
    const wake = !unit.resting;
    applySteeringForce(unit.body, unit.steeringForce, bodyMassOf(unit), unit.maxSpeed, sim.settings.dt, wake);
  }
}

/** Phase 5: planck integrates; the collision response acts inside it (`respondToContact`). */
export function stepPhysics(sim: SimulationState): void {
  const start = nowMs();
  stepWorld(sim.physics, sim.settings.dt);
  sim.timing.physicsMs = nowMs() - start;
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
 * Phase 6: read back. Caps speeds (by an impulse on the body: contacts may have pushed a unit
 * past its max speed), copies body state into the units, updates headings, and tracks progress
 * (which may raise `stuck` events).
 */
export function readBack(sim: SimulationState): void {
  const dt = sim.settings.dt;
  for (const unit of sim.units) {
    // a sleeping unit's body stayed where it was, unless a touch woke it in the step
    if (unit.asleep && !isBodyAwake(unit.body)) continue;
    limitSpeed(unit.body, bodyMassOf(unit), unit.maxSpeed);
    readBodyState(unit.body, unit.position, unit.velocity);
    const speed = length(unit.velocity);
    if (speed > HEADING_MIN_SPEED) unit.heading = atan2(unit.velocity.y, unit.velocity.x);
    unit.slowTime = unit.task.kind === 'move' && speed < HELD_OFF_SPEED ? unit.slowTime + dt : 0;
    if (unit.task.kind === 'move' && !unit.task.waiting) {
      trackProgress(sim, unit, unit.task);
      for (const situation of sim.situations.afterSteps) situation.afterStep!(sim, unit, unit.task);
    }
  }
}

/** Phase 7: arrivals end move tasks, raising `arrived` events. */
export function settleArrivals(sim: SimulationState): void {
  const time = simulatedTime(sim);
  for (const unit of sim.awake) {
    if (unit.task.kind !== 'move' || unit.task.waiting || !hasArrived(sim.units, unit)) continue;
    emit(sim.events, { type: 'arrived', unitId: unit.id, orderId: unit.task.orderId, time });
    standDown(unit);
  }
}

/** At its target, or (in a group) inside the group's arrival circle and standing still or come up to a standing unit on its slot. */
function hasArrived(units: readonly Unit[], unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move') return false;
  if (distanceSquared(unit.position, task.target) <= task.stopRadius * task.stopRadius) return true;
  if (task.group === null) return false;
  const { radius } = task.group;
  if (distanceSquared(unit.position, task.group.target) > radius * radius) return false;
  return unit.slowTime >= HELD_OFF_TIME || slotTaken(units, unit, task.target);
}

/**
 * Whether a standing unit covers the unit's slot (its centre within its radius of it) and the unit
 * has come up to it: the slot is taken, and walking round the one on it only shoves the others.
 */
function slotTaken(units: readonly Unit[], unit: Unit, slot: ReadonlyVec2): boolean {
  const sensing = unit.sensing;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = units[sensing.neighbours[index]!]!;
    if (other.groupId !== 0 || distanceSquared(other.position, slot) >= other.radius * other.radius) continue;
    const reach = unit.radius + other.radius + SLOT_TAKEN_GAP;
    if (distanceSquared(unit.position, other.position) < reach * reach) return true;
  }
  return false;
}
