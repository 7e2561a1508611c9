/**
 * The simulation's public API: make one, add units and obstacles, give orders, run ticks, and
 * read what happened. A `Simulation` is an opaque handle; everything it holds is read through the
 * queries at the end of this file and changed only through the functions here, each of which
 * checks its input first and throws, changing nothing, naming the bad field and value.
 *
 * One tick (`stepSimulation`) is a fixed list of phases: planning.ts turns orders into tasks;
 * phases.ts holds the rest.
 */
import { type ObstacleDef, type ShapeGeometry, prepareShape, signedDistance } from '../math/shapes';
import { type Vec2, vec2 } from '../math/vec2';
import { NAV_CELL, addNavObstacle, columnOf, createNavMap, isFreeCell, nearestFreeCell, removeNavObstacle, rowOf } from '../nav/navmap';
import { unlimitLooks } from '../nav/route';
import type { Order } from '../orders/orders';
import { type PhysicsWorld, castUnitRay, createObstacleBody, createPhysicsWorld, createUnitBody, destroyBody, onUnitContact, placeBody } from '../physics/world';
import { createCellGrid } from '../spatial/grid';
import { NO_SIDE } from '../steering/agent';
import { type SteeringOverrides, resolveSteeringConfig } from '../steering/config';
import { createSensing, forgetSlot } from '../steering/sensing';
import { createUnitStore } from '../steering/store';
import { createUnitPack } from '../steering/pack';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES, AVOIDANCE_STRATEGIES } from '../steering/strategies/index';
import { type AvoidanceName, createAvoidanceDecision } from '../steering/strategy';
import { DEFAULT_SIMULATION, DEFAULT_UNIT } from './defaults';
import { checkWorkers, setWorkers } from './threads';
import { nowMs } from './clock';
import { hashState } from './hash';
import { type ListenerErrorHandler, type SimulationListener, createEventLog, deliver, emit } from './events';
import { applyForces, decide, readBack, respondToContact, sense, settleArrivals, stepPhysics } from './phases';
import { applyPendingOrders, routeOrdersInFlight } from './planning';
import { tradeSlots } from './slots';
import { createNearbyIndex } from '../spatial/team-grid';
import { createOrderBook, noteOrdersDone, noteReplacements, openOrder } from './order-events';
import { addSlot, createUnitColumns, removeSlot } from '../steering/columns';
import { createSituations, gatherSituations } from '../situations/index';
import { forgetQueuedUnit, leaveQueues, queueOrder, startQueuedSteps } from './order-queue';
import { forgetFollower, startFollowing, steerFollowers, stopFollowing } from './order-follow';
import {
  IDLE,
  type Simulation,
  type SimulationState,
  type Unit,
  handleFor,
  newProgress,
  simulatedTime,
  stateOf,
} from './state';
import { obstacleJson, unitJson } from './json-views';
import { MAX_UNITS, MAX_WORLD_SIZE, checkNumber, checkObject, checkOneOf, checkOrder, describeValue, obstacleOutOfReach, validateObstacle } from './validate';

export type { ObstacleJson, ObstacleView, Simulation, SimulationSettings, TaskView, TickTiming, UnitJson, UnitView } from './state';
export {
  getAvoidance,
  getCollisionResponse,
  getSteeringConfig,
  getUnit,
  hasPendingOrders,
  lastTickTiming,
  listObstacles,
  listUnits,
  physicsBodyCount,
  queuedOrders,
  simulationSettings,
  simulationTick,
  simulationTime,
  situationOverlay,
  traceRoute,
  type QueuedOrderView,
  type RouteTrace,
} from './queries';
export type { ListenerErrorHandler, SimulationEvent, SimulationListener } from './events';
export { type Box, type UnitFilter, nearestUnit, unitsInBox, unitsInRadius } from './nearby';

/** Settings of a new simulation. Lengths in metres, times in seconds; defaults in DEFAULT_SIMULATION. */
export interface SimulationDef {
  /** metres; the world spans [0, width] x [0, height], y up, and its bounds are walls */
  width: number;
  height: number;
  /** seconds per tick, in (0, 1]; default 1/60 */
  dt?: number;
  /** avoidance strategy; default 'rays' */
  avoidance?: AvoidanceName;
  /** collision response between units; default 'sideways' */
  response?: CollisionResponse;
  /** controller tuning merged over DEFAULT_STEERING_CONFIG */
  steering?: SteeringOverrides;
  /** whether move orders are routed round obstacles (src/nav); default true. Off, units walk
   * straight at their targets and only the avoidance strategy keeps them off obstacles (as in
   * the articles). */
  navigation?: boolean;
  /** called when an event listener throws, with the error and the event; the other listeners
   * still get every event and the tick stands. Default: reported with console.error */
  onListenerError?: ListenerErrorHandler;
  /** whether idle units at rest sleep (neither sensed nor steered until something comes near);
   * default true. False keeps every unit awake: the same behaviour at a higher cost */
  sleeping?: boolean;
  /** threads the sense phase and the avoidance choice run on, 1 to 16 (sim/threads.ts); default
   * 1. More start sense threads where the host can (`useNodeThreads` in Node; a cross-origin
   * isolated page), with the same results as one; `setSimulationWorkers(sim, 1)` ends them */
  workers?: number;
}

/** A new unit. Lengths in metres, mass in kilograms, speed in m/s, force in newtons; defaults in DEFAULT_UNIT. */
export interface UnitDef {
  x: number;
  y: number;
  /** default 0.5 m */
  radius?: number;
  /** default DEFAULT_UNIT.density x pi x radius^2 (15.7 kg for the default radius) */
  mass?: number;
  /** default 4 m/s */
  maxSpeed?: number;
  /** default mass x DEFAULT_UNIT.maxAcceleration */
  maxForce?: number;
  /** any integer >= 0; default 0 */
  team?: number;
  /** radians, direction the unit faces before it first moves; default 0 (+x) */
  heading?: number;
}

/** metres: side of the grid cells the sense phase finds neighbours in */
const GRID_CELL_SIZE = 2;

export function createSimulation(def: SimulationDef): Simulation {
  checkObject(def, 'simulation');
  const width = checkNumber(def.width, 'simulation.width', { min: 0, minInclusive: false, max: MAX_WORLD_SIZE });
  const height = checkNumber(def.height, 'simulation.height', { min: 0, minInclusive: false, max: MAX_WORLD_SIZE });
  const dt = def.dt === undefined ? DEFAULT_SIMULATION.dt : checkNumber(def.dt, 'simulation.dt', { min: 0, minInclusive: false, max: 1 });
  const avoidance = checkOneOf(def.avoidance ?? DEFAULT_SIMULATION.avoidance, 'simulation.avoidance', AVOIDANCE_NAMES);
  const response = checkOneOf(def.response ?? DEFAULT_SIMULATION.response, 'simulation.response', COLLISION_RESPONSES);
  const config = resolveSteeringConfig(def.steering);
  const navigation = def.navigation ?? DEFAULT_SIMULATION.navigation;
  if (typeof navigation !== 'boolean') throw new Error(`simulation.navigation: expected true or false, got ${describeValue(navigation)}`);
  const sleeping = def.sleeping ?? DEFAULT_SIMULATION.sleeping;
  if (typeof sleeping !== 'boolean') throw new Error(`simulation.sleeping: expected true or false, got ${describeValue(sleeping)}`);
  const workers = def.workers === undefined ? 1 : checkWorkers(def.workers, 'simulation.workers');
  if (def.onListenerError !== undefined && typeof def.onListenerError !== 'function') {
    throw new Error(`simulation.onListenerError: expected a function, got ${describeValue(def.onListenerError)}`);
  }

  const physics = createPhysicsWorld<Unit>(width, height);
  const units: Unit[] = [];
  const columns = createUnitColumns();
  const store = createUnitStore(columns);
  const state: SimulationState = {
    physics,
    settings: Object.freeze({ width, height, dt, navigation, sleeping }),
    config,
    strategy: AVOIDANCE_STRATEGIES[avoidance],
    response,
    tick: 0,
    units,
    unitsById: new Map(),
    awake: [],
    obstacles: [],
    senseWorld: {
      units: store,
      count: 0,
      grid: createCellGrid(width, height, GRID_CELL_SIZE),
      pack: createUnitPack(),
      obstacleVersion: 0,
      obstacles: [],
      walls: wallShapes(width, height),
      maxRadius: 0,
      maxSpeed: 0,
      castUnitRay: (x1, y1, x2, y2, exclude, out) => castRayBetweenSlots(physics, units, x1, y1, x2, y2, exclude, out),
    },
    pendingOrders: [],
    queued: [],
    engagements: new Map(),
    follows: [],
    events: createEventLog(def.onListenerError),
    timing: { tickMs: 0, senseMs: 0, decideMs: 0, physicsMs: 0, planMs: 0, planWork: 0 },
    nextUnitId: 1,
    nextObstacleId: 1,
    nextOrderId: 1,
    navMap: createNavMap(width, height),
    planning: [],
    routes: new Map(),
    routesStale: false,
    tilesAhead: [],
    searchAll: false,
    columns,
    store,
    situations: createSituations(columns),
    layout: 0,
    nearby: createNearbyIndex(width, height),
    orderBook: createOrderBook(),
    queryNav: null,
  };
  onUnitContact(physics, (a, b, bodyA, bodyB) => respondToContact(state, a, b, bodyA, bodyB));
  if (workers > 1) setWorkers(state, workers);
  return handleFor(state);
}

const _ray_hit: { owner: Unit | null; fraction: number } = { owner: null, fraction: 1 };

/** castUnitRay (physics/world.ts) for the sense phase, which names units by their slots. */
function castRayBetweenSlots(physics: PhysicsWorld<Unit>, units: readonly Unit[], x1: number, y1: number, x2: number, y2: number, exclude: number, out: { owner: number; fraction: number }): void {
  castUnitRay(physics, x1, y1, x2, y2, (units[exclude] ?? null) as Unit, _ray_hit);
  out.owner = _ray_hit.owner === null ? -1 : _ray_hit.owner.slot;
  out.fraction = _ray_hit.fraction;
  _ray_hit.owner = null;
}

/** metres: how thick the walls are taken to be, outside the world, by the velocity choice */
const WALL_THICKNESS = 1;

/** The world's four walls as boxes just outside it (left, right, bottom, top). */
function wallShapes(width: number, height: number): ShapeGeometry[] {
  const t = WALL_THICKNESS;
  return [
    prepareShape({ type: 'box', x: -t / 2, y: height / 2, width: t, height: height + 2 * t, angle: 0 }),
    prepareShape({ type: 'box', x: width + t / 2, y: height / 2, width: t, height: height + 2 * t, angle: 0 }),
    prepareShape({ type: 'box', x: width / 2, y: -t / 2, width: width + 2 * t, height: t, angle: 0 }),
    prepareShape({ type: 'box', x: width / 2, y: height + t / 2, width: width + 2 * t, height: t, angle: 0 }),
  ];
}

// ---------------------------------------------------------------------------------------------
// One tick

/** Runs one fixed tick. */
export function stepSimulation(sim: Simulation): void {
  const state = stateOf(sim);
  const start = nowMs();
  gatherSituations(state);
  startQueuedSteps(state);
  steerFollowers(state);
  noteReplacements(state);
  applyPendingOrders(state);
  let phaseStart = nowMs();
  sense(state);
  state.timing.senseMs = nowMs() - phaseStart;
  phaseStart = nowMs();
  decide(state);
  state.timing.decideMs = nowMs() - phaseStart;
  applyForces(state);
  stepPhysics(state);
  // the clock moves on with the bodies: what is read back and settled from here is the new state
  state.tick++;
  readBack(state);
  state.layout++;
  settleArrivals(state);
  tradeSlots(state);
  // questions about routes between ticks (the API's) make what tiles they need
  unlimitLooks(state.navMap);
  noteOrdersDone(state);
  // with the events raised between ticks too (a unit moved out from under a new obstacle)
  deliver(state.events);
  state.events.raised.length = 0;
  state.timing.tickMs = nowMs() - start;
}

// ---------------------------------------------------------------------------------------------
// Units and obstacles

/** Adds a unit and returns its id. Throws, changing nothing, on a bad definition. */
export function addUnit(sim: Simulation, def: UnitDef): number {
  const state = stateOf(sim);
  checkObject(def, 'unit');
  if (state.units.length >= MAX_UNITS) throw new Error(`unit: expected at most ${MAX_UNITS} units in one simulation, and it holds ${state.units.length}`);
  const radius = def.radius === undefined ? DEFAULT_UNIT.radius : checkNumber(def.radius, 'unit.radius', { min: 0, minInclusive: false });
  const { width, height } = state.settings;
  if (2 * radius > Math.min(width, height)) {
    throw new Error(`unit.radius: expected a unit that fits in the ${width} x ${height} m world, got ${radius}`);
  }
  let x = checkNumber(def.x, 'unit.x', { min: radius, max: width - radius });
  let y = checkNumber(def.y, 'unit.y', { min: radius, max: height - radius });
  const mass = def.mass === undefined ? DEFAULT_UNIT.density * Math.PI * radius * radius : checkNumber(def.mass, 'unit.mass', { min: 0, minInclusive: false });
  const maxSpeed = def.maxSpeed === undefined ? DEFAULT_UNIT.maxSpeed : checkNumber(def.maxSpeed, 'unit.maxSpeed', { min: 0, minInclusive: false });
  const maxForce = def.maxForce === undefined ? mass * DEFAULT_UNIT.maxAcceleration : checkNumber(def.maxForce, 'unit.maxForce', { min: 0, minInclusive: false });
  const team = def.team === undefined ? DEFAULT_UNIT.team : checkNumber(def.team, 'unit.team', { min: 0, integer: true });
  const heading = def.heading === undefined ? DEFAULT_UNIT.heading : checkNumber(def.heading, 'unit.heading');
  // a unit placed on an obstacle stands on the nearest free ground instead (planck would shove it
  // out the nearest way, through the world's walls if need be); with none anywhere it is refused
  let displacedFrom: Vec2 | null = null;
  if (state.obstacles.some((obstacle) => signedDistance(obstacle.geometry, x, y) < radius)) {
    const ground = freeGroundNear(state, radius, x, y);
    if (ground === null) {
      throw new Error(`unit: expected a place clear of obstacles, got (${x}, ${y}) on an obstacle, with no free ground for a unit of radius ${radius} anywhere`);
    }
    displacedFrom = vec2(x, y);
    x = ground.x;
    y = ground.y;
  }

  const id = state.nextUnitId++;
  const unit = {
    id,
    slot: addSlot(state.columns),
    team,
    radius,
    mass,
    maxSpeed,
    maxForce,
    position: vec2(x, y),
    velocity: vec2(),
    heading,
    avoidSide: NO_SIDE,
    wanted: vec2(),
    wanting: vec2(),
    task: IDLE,
    home: vec2(x, y),
    resting: true,
    holding: false,
    engagedWith: 0,
    asleep: false,
    waypoint: vec2(x, y),
    orderHeading: vec2(),
    orderFacing: null,
    orderSize: 0,
    ownRoute: null,
    waypointTick: -1,
    passageDistance: Infinity,
    doorDistance: Infinity,
    held: false,
    obstacleSpace: 0,
    progress: newProgress(),
    slowTime: 0,
    groupId: 0,
    distanceToTarget: Infinity,
    queueRank: Infinity,
    queueSingleFile: false,
    lean: 0,
    sensing: createSensing(),
    sensedNow: false,
    avoidance: createAvoidanceDecision(),
    steeringForce: vec2(),
    toJSON: unitJson,
  } as Omit<Unit, 'body'> as Unit;
  unit.body = createUnitBody(state.physics, { owner: unit, position: unit.position, radius, mass });
  state.units.push(unit);
  state.layout++;
  state.searchAll = true;
  state.unitsById.set(id, unit);
  if (displacedFrom !== null) emit(state.events, { type: 'displaced', unitId: id, from: displacedFrom, to: { x, y }, time: simulatedTime(state) });
  return id;
}

/** Removes a unit; returns false when there is no unit with that id. */
export function removeUnit(sim: Simulation, unitId: number): boolean {
  const state = stateOf(sim);
  const unit = state.unitsById.get(unitId);
  if (unit === undefined) return false;
  destroyBody(state.physics, unit.body);
  forgetQueuedUnit(state, unitId);
  forgetFollower(state, unitId);
  state.unitsById.delete(unitId);
  state.units.splice(unit.slot, 1);
  removeSlot(state.columns, unit.slot);
  for (let slot = unit.slot; slot < state.units.length; slot++) state.units[slot]!.slot = slot;
  for (const other of state.units) forgetSlot(other.sensing, unit.slot);
  state.layout++;
  state.searchAll = true;
  return true;
}

/**
 * Adds a static obstacle (circle, box or convex polygon) and returns its id. Throws, changing
 * nothing, on a bad shape. Routes of orders in flight go round it from the next tick; a unit
 * standing where it is placed is moved out to the nearest free ground (a `displaced` event), and
 * a unit whose target lies under it gets the nearest free point instead.
 */
export function addObstacle(sim: Simulation, def: ObstacleDef): number {
  const state = stateOf(sim);
  const shape = validateObstacle(def);
  const outOfReach = obstacleOutOfReach(shape, state.settings);
  if (outOfReach !== null) throw new Error(`obstacle: ${outOfReach}`);
  const id = state.nextObstacleId++;
  const { body, sensor } = createObstacleBody(state.physics, id, shape);
  const geometry = prepareShape(shape);
  state.obstacles.push({ id, shape, body, sensor, geometry, toJSON: obstacleJson });
  state.senseWorld.obstacles.push(sensor);
  state.senseWorld.obstacleVersion++;
  addNavObstacle(state.navMap, id, geometry);
  if (state.queryNav !== null) addNavObstacle(state.queryNav.map, id, geometry);
  clearFootprint(state, geometry);
  routeOrdersInFlight(state);
  state.routesStale = true;
  return id;
}

/** metres units moved out from under a new obstacle keep from it, beyond their radius */
const DISPLACED_GAP = 0.05;

/**
 * The centre of the nearest navigation cell where a unit of `radius` stands clear of every
 * obstacle (with DISPLACED_GAP to spare), searching the whole map; null when there is none.
 */
function freeGroundNear(state: SimulationState, radius: number, x: number, y: number): Vec2 | null {
  const map = state.navMap;
  const free = { column: 0, row: 0 };
  if (!nearestFreeCell(map, radius + DISPLACED_GAP, x, y, free, Math.max(map.width, map.height))) return null;
  return vec2((free.column + 0.5) * NAV_CELL, (free.row + 0.5) * NAV_CELL);
}

/** Moves units standing on the new obstacle (or heading to a point under it) onto free ground. */
function clearFootprint(state: SimulationState, geometry: ShapeGeometry): void {
  const map = state.navMap;
  const free = { column: 0, row: 0 };
  for (const unit of state.units) {
    const reach = unit.radius + DISPLACED_GAP;
    if (signedDistance(geometry, unit.position.x, unit.position.y) < reach) {
      const ground = freeGroundNear(state, unit.radius, unit.position.x, unit.position.y);
      if (ground === null) continue;
      const from = { x: unit.position.x, y: unit.position.y };
      unit.position.x = ground.x;
      unit.position.y = ground.y;
      unit.velocity.x = 0;
      unit.velocity.y = 0;
      placeBody(unit.body, unit.position);
      state.layout++;
      emit(state.events, { type: 'displaced', unitId: unit.id, from, to: { x: unit.position.x, y: unit.position.y }, time: simulatedTime(state) });
    }
    const task = unit.task;
    if (task.kind === 'move' && signedDistance(geometry, task.target.x, task.target.y) < reach && !isFreeCell(map, reach, columnOf(map, task.target.x), rowOf(map, task.target.y))) {
      if (!nearestFreeCell(map, reach, task.target.x, task.target.y, free)) continue;
      task.target.x = (free.column + 0.5) * NAV_CELL;
      task.target.y = (free.row + 0.5) * NAV_CELL;
    }
  }
  state.searchAll = true;
}

/** Removes an obstacle; returns false when there is no obstacle with that id. Routes of orders in flight take the opening from the next tick. */
export function removeObstacle(sim: Simulation, obstacleId: number): boolean {
  const state = stateOf(sim);
  const index = state.obstacles.findIndex((obstacle) => obstacle.id === obstacleId);
  if (index < 0) return false;
  const obstacle = state.obstacles[index]!;
  destroyBody(state.physics, obstacle.body);
  state.obstacles.splice(index, 1);
  state.senseWorld.obstacles.splice(state.senseWorld.obstacles.indexOf(obstacle.sensor), 1);
  state.senseWorld.obstacleVersion++;
  removeNavObstacle(state.navMap, obstacleId);
  if (state.queryNav !== null) removeNavObstacle(state.queryNav.map, obstacleId);
  state.routesStale = true;
  return true;
}

/**
 * A fingerprint of the state (clock, and every unit's id, team, position, velocity and heading, to
 * the bit). Equal runs give equal hashes; the tick path uses only operations ECMAScript fixes to
 * the bit, so that holds across engines too. Lockstep games compare it across machines; the tests
 * compare it across Node, a Web Worker and a browser's main thread.
 */
export function stateHash(sim: Simulation): string {
  return hashState(stateOf(sim));
}

/**
 * Changes a unit's speed or force limits (m/s, newtons). Throws, changing nothing, on an unknown
 * id or a value that is not a finite number > 0.
 */
export function updateUnit(sim: Simulation, unitId: number, changes: { maxSpeed?: number; maxForce?: number }): void {
  const state = stateOf(sim);
  const unit = state.unitsById.get(unitId);
  if (unit === undefined) throw new Error(`unitId: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
  checkObject(changes, 'changes');
  for (const key of Object.keys(changes)) {
    if (key !== 'maxSpeed' && key !== 'maxForce') throw new Error(`changes.${key}: not a setting updateUnit changes (it changes maxSpeed and maxForce; a unit's radius and team are fixed when it is added)`);
  }
  const maxSpeed = changes.maxSpeed === undefined ? unit.maxSpeed : checkNumber(changes.maxSpeed, 'unit.maxSpeed', { min: 0, minInclusive: false });
  const maxForce = changes.maxForce === undefined ? unit.maxForce : checkNumber(changes.maxForce, 'unit.maxForce', { min: 0, minInclusive: false });
  unit.maxSpeed = maxSpeed;
  unit.maxForce = maxForce;
  // a sleeping unit's entries in the store are not written again until it wakes
  state.store.maxSpeed.data[unit.slot] = maxSpeed;
  state.store.maxForce.data[unit.slot] = maxForce;
}

// ---------------------------------------------------------------------------------------------
// Orders and settings

/**
 * Queues an order for the start of the next tick and returns its id. Throws, queuing nothing,
 * when `unitIds` is empty, names a unit twice or an unknown unit, or the target is not finite. A target outside the world is clamped
 * into it, per unit, so the unit's whole disc stays inside the walls.
 */
export function issueOrder(sim: Simulation, order: Order): number {
  const state = stateOf(sim);
  const copy = checkOrder(order, (unitId) => state.unitsById.has(unitId));
  const orderId = state.nextOrderId++;
  const queued = copy.kind !== 'stop' && copy.kind !== 'follow' && copy.queue === true;
  if (!queued) {
    leaveQueues(state, copy.unitIds, orderId);
    stopFollowing(state, copy.unitIds);
  }
  if (copy.kind === 'follow') startFollowing(state, copy, orderId);
  else if (copy.kind === 'stop' || ((copy.kind === 'move' || copy.kind === 'hold') && !queued)) {
    state.pendingOrders.push({ order: copy, orderId });
    if (copy.kind === 'move') openOrder(state, orderId);
  } else queueOrder(state, copy, orderId);
  return orderId;
}

/** Switches the avoidance strategy, from the next tick on. */
export function setAvoidance(sim: Simulation, name: AvoidanceName): void {
  const state = stateOf(sim);
  state.strategy = AVOIDANCE_STRATEGIES[checkOneOf(name, 'avoidance', AVOIDANCE_NAMES)];
  state.searchAll = true;
}

/** Switches the collision response between units, from the next tick on. */
export function setCollisionResponse(sim: Simulation, response: CollisionResponse): void {
  const state = stateOf(sim);
  state.response = checkOneOf(response, 'response', COLLISION_RESPONSES);
}

/** Re-tunes the controller live: `changes` are merged over the current config. */
export function updateSteeringConfig(sim: Simulation, changes: SteeringOverrides): void {
  const state = stateOf(sim);
  state.config = resolveSteeringConfig(changes, state.config);
  state.searchAll = true;
}

/**
 * Subscribes to simulation events (delivered at the end of each tick, in the order they were
 * raised); returns the function that unsubscribes.
 */
export function onSimulationEvent(sim: Simulation, listener: SimulationListener): () => void {
  const state = stateOf(sim);
  if (typeof listener !== 'function') throw new Error(`listener: expected a function, got ${describeValue(listener)}`);
  state.events.listeners.add(listener);
  return () => state.events.listeners.delete(listener);
}
