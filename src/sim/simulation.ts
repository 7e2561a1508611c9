/**
 * The simulation: owns the planck world, the units and obstacles, and runs one fixed tick as a
 * list of named phases. Every unit decides from the same state before any force is applied.
 */
import { type ReadonlyVec2, type Vec2, distanceSquared, length, lengthSquared, set, truncate, vec2 } from '../math/vec2';
import { type ShapeGeometry, prepareShape, signedDistance } from '../math/shapes';
import { arrangeSlots } from '../orders/formation';
import { type FlowField, type NavGrid, NEAR_COST, buildFlowField, buildNavGrid, cellAt, cellCentre, isClearLine, nearestFreeCell, routeCost, steerPoint } from '../nav/grid';
import { type MoveOrder, type Order, IDLE, type UnitTask, groupArrivalRadius } from '../orders/orders';
import { installCollisionResponse } from '../physics/response';
import { type SenseWorld, senseUnit } from '../physics/sensing';
import {
  COLLISION_RESPONSES,
  type CollisionResponse,
  type ObstacleSensor,
  type ObstacleShape,
  type PhysicsWorld,
  type UnitBody,
  applySteeringForce,
  createObstacleBody,
  createPhysicsWorld,
  createUnitBody,
  destroyBody,
  limitSpeed,
  readBodyState,
} from '../physics/world';
import { NO_SIDE, type Side } from '../steering/agent';
import { arriveVelocity, velocityChangeForce } from '../steering/arrive';
import { asksForWay, requestWay, standingForce } from '../steering/giveway';
import {
  AVOIDANCE_NAMES,
  AVOIDANCE_STRATEGIES,
  type AvoidanceDecision,
  type AvoidanceName,
  type AvoidanceStrategy,
  createAvoidanceDecision,
} from '../steering/avoidance';
import { type SteeringConfig, resolveSteeringConfig } from '../steering/config';
import { type Sensing, createSensing } from '../steering/sensing';
import { separationForce } from '../steering/separation';
import { createUnitGrid, rebuildGrid } from '../spatial/grid';
import { validateObstacle } from './obstacles';
import { checkNumber, checkOneOf, describeValue } from './validate';

/** Settings of a new simulation. Lengths in metres, times in seconds. */
export interface SimulationDef {
  /** metres; the world spans [0, width] x [0, height], y up, and its bounds are walls */
  width: number;
  height: number;
  /** seconds per tick; default 1/60 */
  dt?: number;
  /** avoidance strategy; default 'rays' */
  avoidance?: AvoidanceName;
  /** collision response between units; default 'sideways' */
  response?: CollisionResponse;
  /** controller tuning merged over DEFAULT_STEERING_CONFIG */
  steering?: Partial<SteeringConfig>;
  /** whether move orders are routed round obstacles (src/nav); default true. Off, units walk
   * straight at their targets and only the avoidance strategy keeps them off obstacles (as in
   * the seeds). */
  navigation?: boolean;
}

/** A new unit. Lengths in metres, mass in kilograms, speed in m/s, force in newtons. */
export interface UnitDef {
  x: number;
  y: number;
  /** default 0.5 m */
  radius?: number;
  /** default DEFAULT_UNIT_DENSITY * pi * radius^2 (15.7 kg for the default radius) */
  mass?: number;
  /** default 4 m/s */
  maxSpeed?: number;
  /** default mass * DEFAULT_MAX_ACCELERATION */
  maxForce?: number;
  /** any integer >= 0; default 0 */
  team?: number;
  /** radians, direction the unit faces before it first moves; default 0 (+x) */
  heading?: number;
}

export const DEFAULT_DT = 1 / 60;
export const DEFAULT_UNIT_RADIUS = 0.5;
export const DEFAULT_MAX_SPEED = 4;
/** kg per square metre of a unit's disc, as in seed 004's demos */
export const DEFAULT_UNIT_DENSITY = 20;
/** m/s^2: default max force per kilogram (seed 004's demos: about 15) */
export const DEFAULT_MAX_ACCELERATION = 16;
/** m/s: below this speed the heading keeps its last value */
const HEADING_MIN_SPEED = 0.05;
/** m/s and seconds: a group member that has moved slower than this for this long inside its
 * group's arrival circle is held off its slot by others; it stops where it is (it has arrived as
 * far as the group is concerned) instead of pushing on */
const HELD_OFF_SPEED = 0.25;
const HELD_OFF_TIME = 0.5;
/** metres: formation slots keep at least this much space from obstacles */
const SLOT_OBSTACLE_CLEARANCE = 0.1;

/** A unit's whole state. Read it through `UnitView`; change it only through the API. */
export interface Unit {
  readonly id: number;
  team: number;
  radius: number;
  mass: number;
  maxSpeed: number;
  maxForce: number;
  /** metres, world frame, after the last tick */
  position: Vec2;
  /** m/s, after the last tick */
  velocity: Vec2;
  /** radians: direction of travel, kept while the unit stands still */
  heading: number;
  /** the avoidance side committed this tick (NO_SIDE when not avoiding) */
  avoidSide: Side;
  task: UnitTask;
  /** sum of this tick's requests from held-up movers to step out of their way, while idle
   * (see steering/giveway.ts) */
  wayRequest: Vec2;
  /** metres: where the unit holds its ground while idle (where it was made, arrived or
   * stopped); it steps aside at most MAX_YIELD from here */
  home: Vec2;
  /** whether the unit, idle, is only braking this tick (so its body may sleep) */
  resting: boolean;
  /** metres: where the unit heads to follow its route (its target when in clear line) */
  waypoint: Vec2;
  /** the tick at which `waypoint` was last worked out; -1 to work it out now */
  waypointTick: number;
  /** progress toward the target (see `trackProgress`) */
  progress: Progress;
  /** rays, threat and crowding from this tick's sense phase */
  sensing: Sensing;
  /** the move order being walked (see Agent.groupId); 0 when idle */
  groupId: number;
  /** metres to the task's target; Infinity when idle */
  distanceToTarget: number;
  /** seconds the unit has spent slower than HELD_OFF_SPEED while on a move order */
  slowTime: number;
  /** this tick's avoidance decision: side and force (newtons) */
  avoidance: AvoidanceDecision;
  /** newtons: the total steering force decided this tick, after truncation to maxForce */
  steeringForce: Vec2;
  body: UnitBody;
}

type DeepReadonly<T> = T extends (infer E)[]
  ? ReadonlyArray<DeepReadonly<E>>
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** What renderers, metrics and tests may read about a unit. */
export type UnitView = DeepReadonly<Omit<Unit, 'body'>>;

export interface Obstacle {
  readonly id: number;
  readonly shape: ObstacleShape;
  readonly body: UnitBody;
  readonly sensor: ObstacleSensor;
  /** the shape prepared for distance queries (where formation slots may go) */
  readonly geometry: ShapeGeometry;
}

export type ObstacleView = DeepReadonly<Omit<Obstacle, 'body' | 'sensor' | 'geometry'>>;

/** metres: side of the grid cells the sense phase finds neighbours in */
const GRID_CELL_SIZE = 2;

export type SimulationEvent =
  | {
      readonly type: 'arrived';
      readonly unitId: number;
      readonly orderId: number;
      /** simulated seconds */
      readonly time: number;
    }
  | {
      /** a move order's target cannot be reached (walled in, or inside an obstacle with no way
       * to it); the units go to the closest point they can reach instead */
      readonly type: 'unreachable';
      readonly orderId: number;
      readonly unitIds: readonly number[];
      /** metres: the target asked for, and the one the units go to */
      readonly requested: Readonly<Vec2>;
      readonly target: Readonly<Vec2>;
      readonly time: number;
    }
  | {
      /** a unit has made no progress toward its target for STUCK_REPORT_TIME seconds (it keeps
       * trying; reported once per order) */
      readonly type: 'stuck';
      readonly unitId: number;
      readonly orderId: number;
      /** metres: where it is, and how far its target is in a straight line */
      readonly position: Readonly<Vec2>;
      readonly remaining: number;
      readonly time: number;
    };

export interface Simulation {
  readonly physics: PhysicsWorld;
  /** seconds per tick */
  readonly dt: number;
  config: SteeringConfig;
  strategy: AvoidanceStrategy;
  /** ticks run so far */
  tick: number;
  /** units in creation order (the order every phase visits them in) */
  readonly units: Unit[];
  readonly unitsById: Map<number, Unit>;
  readonly obstacles: Obstacle[];
  /** units, their grid and the obstacles' sensors, as the sense phase reads them */
  readonly senseWorld: SenseWorld & { obstacles: ObstacleSensor[] };
  /** orders issued since the last tick, applied at the start of the next */
  readonly pendingOrders: Array<{ order: Order; orderId: number }>;
  /** events of the last tick */
  readonly events: SimulationEvent[];
  readonly listeners: Set<(event: SimulationEvent) => void>;
  /** wall-clock milliseconds of the last tick: the whole tick, planck's step inside it, and
   * the planning of the orders it applied (routes and slots) */
  readonly timing: { tickMs: number; physicsMs: number; planMs: number };
  nextUnitId: number;
  nextObstacleId: number;
  nextOrderId: number;
  /** the navigation grid for the current obstacles and largest unit; null until an order
   * needs it, and again whenever obstacles change */
  nav: NavGrid | null;
  /** whether move orders are routed (SimulationDef.navigation) */
  readonly navigation: boolean;
}

export function createSimulation(def: SimulationDef): Simulation {
  if (typeof def !== 'object' || def === null) {
    throw new Error(`simulation: expected an object, got ${describeValue(def)}`);
  }
  const width = checkNumber(def.width, 'simulation.width', { min: 0, minInclusive: false });
  const height = checkNumber(def.height, 'simulation.height', { min: 0, minInclusive: false });
  const dt = def.dt === undefined ? DEFAULT_DT : checkNumber(def.dt, 'simulation.dt', { min: 0, minInclusive: false, max: 1 });
  const avoidance = checkOneOf(def.avoidance ?? 'rays', 'simulation.avoidance', AVOIDANCE_NAMES);
  const response = checkOneOf(def.response ?? 'sideways', 'simulation.response', COLLISION_RESPONSES);
  const config = resolveSteeringConfig(def.steering);
  const navigation = def.navigation ?? true;
  if (typeof navigation !== 'boolean') throw new Error(`simulation.navigation: expected true or false, got ${describeValue(navigation)}`);

  const physics = createPhysicsWorld({ width, height, response });
  installCollisionResponse(physics);
  const units: Unit[] = [];
  return {
    physics,
    dt,
    config,
    strategy: AVOIDANCE_STRATEGIES[avoidance],
    tick: 0,
    units,
    unitsById: new Map(),
    obstacles: [],
    senseWorld: { units, grid: createUnitGrid(width, height, GRID_CELL_SIZE), obstacles: [] },
    pendingOrders: [],
    events: [],
    listeners: new Set(),
    timing: { tickMs: 0, physicsMs: 0, planMs: 0 },
    nextUnitId: 1,
    nextObstacleId: 1,
    nextOrderId: 1,
    nav: null,
    navigation,
  };
}

/** Simulated seconds so far. */
export function simulationTime(sim: Simulation): number {
  return sim.tick * sim.dt;
}

// ---------------------------------------------------------------------------------------------
// Units and obstacles

/** Adds a unit and returns its id. Throws, changing nothing, on a bad definition. */
export function addUnit(sim: Simulation, def: UnitDef): number {
  if (typeof def !== 'object' || def === null) {
    throw new Error(`unit: expected an object, got ${describeValue(def)}`);
  }
  const radius = def.radius === undefined ? DEFAULT_UNIT_RADIUS : checkNumber(def.radius, 'unit.radius', { min: 0, minInclusive: false });
  const { width, height } = sim.physics;
  if (2 * radius > Math.min(width, height)) {
    throw new Error(`unit.radius: expected a unit that fits in the ${width} x ${height} m world, got ${radius}`);
  }
  const x = checkNumber(def.x, 'unit.x', { min: radius, max: width - radius });
  const y = checkNumber(def.y, 'unit.y', { min: radius, max: height - radius });
  const mass = def.mass === undefined ? DEFAULT_UNIT_DENSITY * Math.PI * radius * radius : checkNumber(def.mass, 'unit.mass', { min: 0, minInclusive: false });
  const maxSpeed = def.maxSpeed === undefined ? DEFAULT_MAX_SPEED : checkNumber(def.maxSpeed, 'unit.maxSpeed', { min: 0, minInclusive: false });
  const maxForce = def.maxForce === undefined ? mass * DEFAULT_MAX_ACCELERATION : checkNumber(def.maxForce, 'unit.maxForce', { min: 0, minInclusive: false });
  const team = def.team === undefined ? 0 : checkNumber(def.team, 'unit.team', { min: 0, integer: true });
  const heading = def.heading === undefined ? 0 : checkNumber(def.heading, 'unit.heading');

  const id = sim.nextUnitId++;
  const unit = {
    id,
    team,
    radius,
    mass,
    maxSpeed,
    maxForce,
    position: vec2(x, y),
    velocity: vec2(),
    heading,
    avoidSide: NO_SIDE,
    task: IDLE,
    wayRequest: vec2(),
    home: vec2(x, y),
    resting: true,
    waypoint: vec2(x, y),
    waypointTick: -1,
    progress: newProgress(),
    slowTime: 0,
    groupId: 0,
    distanceToTarget: Infinity,
    sensing: createSensing(),
    avoidance: createAvoidanceDecision(),
    steeringForce: vec2(),
  } as Omit<Unit, 'body'> as Unit;
  unit.body = createUnitBody(sim.physics, { unit, position: unit.position, radius, mass });
  sim.units.push(unit);
  sim.unitsById.set(id, unit);
  return id;
}

/** Removes a unit; returns false when there is no unit with that id. */
export function removeUnit(sim: Simulation, unitId: number): boolean {
  const unit = sim.unitsById.get(unitId);
  if (unit === undefined) return false;
  destroyBody(sim.physics, unit.body);
  sim.unitsById.delete(unitId);
  sim.units.splice(sim.units.indexOf(unit), 1);
  return true;
}

/** Adds a static obstacle (circle, box or convex polygon) and returns its id. */
export function addObstacle(sim: Simulation, def: ObstacleShape): number {
  const shape = validateObstacle(def);
  const id = sim.nextObstacleId++;
  const { body, sensor } = createObstacleBody(sim.physics, id, shape);
  sim.obstacles.push({ id, shape, body, sensor, geometry: prepareShape(shape) });
  sim.senseWorld.obstacles.push(sensor);
  sim.nav = null;
  return id;
}

export function removeObstacle(sim: Simulation, obstacleId: number): boolean {
  const index = sim.obstacles.findIndex((obstacle) => obstacle.id === obstacleId);
  if (index < 0) return false;
  const obstacle = sim.obstacles[index]!;
  destroyBody(sim.physics, obstacle.body);
  sim.obstacles.splice(index, 1);
  sim.senseWorld.obstacles.splice(sim.senseWorld.obstacles.indexOf(obstacle.sensor), 1);
  sim.nav = null;
  return true;
}

/**
 * Changes a unit's speed or force limits (m/s, newtons). Throws, changing nothing, on an unknown
 * id or a value that is not a finite number > 0.
 */
export function updateUnit(sim: Simulation, unitId: number, changes: { maxSpeed?: number; maxForce?: number }): void {
  const unit = sim.unitsById.get(unitId);
  if (unit === undefined) throw new Error(`unitId: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
  const maxSpeed = changes.maxSpeed === undefined ? unit.maxSpeed : checkNumber(changes.maxSpeed, 'unit.maxSpeed', { min: 0, minInclusive: false });
  const maxForce = changes.maxForce === undefined ? unit.maxForce : checkNumber(changes.maxForce, 'unit.maxForce', { min: 0, minInclusive: false });
  unit.maxSpeed = maxSpeed;
  unit.maxForce = maxForce;
}

export function getUnit(sim: Simulation, unitId: number): UnitView | undefined {
  return sim.unitsById.get(unitId);
}

// ---------------------------------------------------------------------------------------------
// Orders and settings

/**
 * Queues an order for the start of the next tick and returns its id. Throws, queuing nothing,
 * when a unit id is unknown or the target is not finite. A target outside the world is clamped
 * into it, per unit, so the unit's whole disc stays inside the walls.
 */
export function issueOrder(sim: Simulation, order: Order): number {
  if (typeof order !== 'object' || order === null) {
    throw new Error(`order: expected an object, got ${describeValue(order)}`);
  }
  const kind = checkOneOf(order.kind, 'order.kind', ['move', 'stop'] as const);
  if (!Array.isArray(order.unitIds)) {
    throw new Error(`order.unitIds: expected an array of unit ids, got ${describeValue(order.unitIds)}`);
  }
  order.unitIds.forEach((unitId, index) => {
    if (!sim.unitsById.has(unitId)) {
      throw new Error(`order.unitIds[${index}]: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
    }
  });
  let copy: Order;
  if (kind === 'move') {
    const target = (order as { target?: unknown }).target as ReadonlyVec2 | undefined;
    if (typeof target !== 'object' || target === null) {
      throw new Error(`order.target: expected {x, y}, got ${describeValue(target)}`);
    }
    const x = checkNumber(target.x, 'order.target.x');
    const y = checkNumber(target.y, 'order.target.y');
    const facing = (order as { facing?: unknown }).facing as ReadonlyVec2 | undefined;
    if (facing === undefined) {
      copy = { kind, unitIds: [...order.unitIds], target: { x, y } };
    } else {
      if (typeof facing !== 'object' || facing === null) {
        throw new Error(`order.facing: expected {x, y}, got ${describeValue(facing)}`);
      }
      const fx = checkNumber(facing.x, 'order.facing.x');
      const fy = checkNumber(facing.y, 'order.facing.y');
      // scaled first, so a huge vector does not overflow and a tiny one is judged by its shape
      const scale = Math.max(Math.abs(fx), Math.abs(fy));
      const length = scale === 0 ? 0 : scale * Math.hypot(fx / scale, fy / scale);
      if (!(length > 1e-9)) throw new Error(`order.facing: expected a direction, got {x: ${fx}, y: ${fy}}`);
      copy = { kind, unitIds: [...order.unitIds], target: { x, y }, facing: { x: fx / length, y: fy / length } };
    }
  } else {
    copy = { kind, unitIds: [...order.unitIds] };
  }
  const orderId = sim.nextOrderId++;
  sim.pendingOrders.push({ order: copy, orderId });
  return orderId;
}

export function setAvoidance(sim: Simulation, name: AvoidanceName): void {
  sim.strategy = AVOIDANCE_STRATEGIES[checkOneOf(name, 'avoidance', AVOIDANCE_NAMES)];
}

export function setCollisionResponse(sim: Simulation, response: CollisionResponse): void {
  sim.physics.response = checkOneOf(response, 'response', COLLISION_RESPONSES);
}

/** Re-tunes the controller live: `changes` are merged over the current config. */
export function updateSteeringConfig(sim: Simulation, changes: Partial<SteeringConfig>): void {
  sim.config = resolveSteeringConfig(changes, sim.config);
}

/** Subscribes to simulation events; returns the function that unsubscribes. */
export function onSimulationEvent(sim: Simulation, listener: (event: SimulationEvent) => void): () => void {
  sim.listeners.add(listener);
  return () => sim.listeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// One tick

/** Runs one fixed tick. */
export function stepSimulation(sim: Simulation): void {
  const start = performance.now();
  sim.events.length = 0;
  applyPendingOrders(sim);
  senseAll(sim);
  askForWay(sim);
  decideAll(sim);
  applyForces(sim);
  stepPhysics(sim);
  readBack(sim);
  emitEvents(sim);
  sim.timing.tickMs = performance.now() - start;
}

/** Phase 1: turn queued orders into unit tasks; a group move gives each unit its own slot. */
function applyPendingOrders(sim: Simulation): void {
  sim.timing.planMs = 0;
  if (sim.pendingOrders.length === 0) return;
  const start = performance.now();
  for (const { order, orderId } of sim.pendingOrders) {
    const units = order.unitIds
      .map((unitId) => sim.unitsById.get(unitId))
      .filter((unit): unit is Unit => unit !== undefined);
    if (order.kind === 'stop') {
      for (const unit of units) standDown(unit);
      continue;
    }
    // no unit left to move (an empty list, or all removed since the order was issued)
    if (units.length === 0) continue;
    assignMoveTasks(sim, units, order, orderId);
  }
  sim.pendingOrders.length = 0;
  sim.timing.planMs = performance.now() - start;
}

function assignMoveTasks(sim: Simulation, units: Unit[], order: MoveOrder, orderId: number): void {
  const stopRadius = sim.config.arrivalTolerance;
  const largest = Math.max(...units.map((unit) => unit.radius));
  let target = clampIntoWorld(sim, order.target, largest);
  const route = planRoute(sim, units, target, orderId);
  for (const unit of units) {
    unit.waypointTick = -1;
    unit.progress = newProgress();
  }
  if (units.length === 1) {
    // a lone unit goes to the target, or where the route ends when the target is not free ground
    const unit = units[0]!;
    const blocked = route !== null && (route.unreachable || !isFreeGround(sim, target.x, target.y, unit.radius));
    const end = blocked ? vec2(route.goal.x, route.goal.y) : target;
    unit.task = { kind: 'move', orderId, target: clampIntoWorld(sim, end, unit.radius), stopRadius, group: null, route };
    return;
  }
  // a group keeps its target (its slots are placed on free ground around it) unless the target
  // could not be reached at all
  if (route !== null && route.unreachable) target = vec2(route.goal.x, route.goal.y);
  const group = { target, radius: groupArrivalRadius(largest, units.length) };
  const slots = arrangeSlots({
    units,
    target,
    gap: sim.config.formationGap * largest,
    // free ground that the route reaches from the target's side, not from behind a wall
    isFree: (x, y, radius) => isFreeGround(sim, x, y, radius) && (route === null || isNearAlongRoute(route, target, x, y)),
    ...(order.facing === undefined ? {} : { facing: order.facing }),
  });
  units.forEach((unit, index) => {
    unit.task = { kind: 'move', orderId, target: clampIntoWorld(sim, slots[index]!, unit.radius), stopRadius, group, route };
  });
}

/**
 * The flow field for a move order, or null when the world has no obstacles (units walk
 * straight). A target on blocked ground moves to the nearest free point. When no unit of the
 * order can reach it (walled in), the target moves to the free point closest to it that the
 * first unit can reach (of points about as close, the one nearer the unit by path), and an
 * `unreachable` event says so.
 */
function planRoute(sim: Simulation, units: readonly Unit[], target: Vec2, orderId: number): (FlowField & { unreachable: boolean }) | null {
  if (!sim.navigation || sim.obstacles.length === 0) return null;
  const grid = navGrid(sim);
  const field = buildFlowField(grid, target.x, target.y);
  if (field === null) return null;
  const reached = units.some((unit) => {
    const cell = nearestFreeCell(grid, unit.position.x, unit.position.y);
    return cell >= 0 && field.distance[cell] !== Infinity;
  });
  if (reached) return { ...field, unreachable: false };
  const first = units[0]!;
  const fromUnit = buildFlowField(grid, first.position.x, first.position.y);
  if (fromUnit === null) return { ...field, unreachable: false };
  // the reachable cell nearest the target; of cells about as near, the one the unit reaches soonest
  let closest = -1;
  let bestScore = Infinity;
  const centre = vec2();
  for (let cell = 0; cell < fromUnit.distance.length; cell++) {
    const path = fromUnit.distance[cell]!;
    if (path === Infinity) continue;
    cellCentre(grid, cell, centre);
    const score = Math.hypot(centre.x - target.x, centre.y - target.y) + UNREACHABLE_TIE_BREAK * path;
    if (score < bestScore) {
      bestScore = score;
      closest = cell;
    }
  }
  if (closest < 0) return { ...field, unreachable: false };
  const goal = cellCentre(grid, closest, vec2());
  const rerouted = buildFlowField(grid, goal.x, goal.y);
  if (rerouted === null) return { ...field, unreachable: false };
  sim.events.push({
    type: 'unreachable',
    orderId,
    unitIds: units.map((unit) => unit.id),
    requested: { x: target.x, y: target.y },
    target: { x: rerouted.goal.x, y: rerouted.goal.y },
    time: simulationTime(sim),
  });
  return { ...rerouted, unreachable: true };
}

/** per metre of path: among points about as near an unreachable target, prefer the closer by path */
const UNREACHABLE_TIE_BREAK = 0.01;
/** metres of margin the navigation grid keeps beyond the largest unit's radius */
const NAV_MARGIN = 0.15;
/** the navigation grid has at most about this many cells (its cell size grows with the world) */
const NAV_MAX_CELLS = 60_000;
const NAV_MIN_CELL = 0.25;

/** The navigation grid, built on first use for the current obstacles and largest unit. */
function navGrid(sim: Simulation): NavGrid {
  const clearance = Math.max(...sim.units.map((unit) => unit.radius), DEFAULT_UNIT_RADIUS) + NAV_MARGIN;
  if (sim.nav !== null && sim.nav.clearance >= clearance) return sim.nav;
  const { width, height } = sim.physics;
  const cellSize = Math.max(NAV_MIN_CELL, Math.sqrt((width * height) / NAV_MAX_CELLS));
  sim.nav = buildNavGrid(width, height, sim.obstacles.map((obstacle) => obstacle.geometry), clearance, cellSize);
  return sim.nav;
}

/**
 * Whether the route reaches (x, y) about as directly as a straight line from the order's target:
 * a slot on the far side of a wall is near the target in a straight line, not along the route.
 */
function isNearAlongRoute(route: FlowField, target: ReadonlyVec2, x: number, y: number): boolean {
  const straight = Math.hypot(x - target.x, y - target.y) + Math.hypot(route.goal.x - target.x, route.goal.y - target.y);
  return routeCost(route, x, y) <= NEAR_COST * straight + 2 * NEAR_COST * route.grid.cellSize;
}

/** The point moved, if needed, so a disc of `radius` around it lies inside the walls. */
function clampIntoWorld(sim: Simulation, point: ReadonlyVec2, radius: number): Vec2 {
  const { width, height } = sim.physics;
  return vec2(Math.min(width - radius, Math.max(radius, point.x)), Math.min(height - radius, Math.max(radius, point.y)));
}

/** Whether a disc may stand at (x, y): inside the walls and clear of every obstacle. */
function isFreeGround(sim: Simulation, x: number, y: number, radius: number): boolean {
  const { width, height } = sim.physics;
  if (x < radius || y < radius || x > width - radius || y > height - radius) return false;
  const reach = radius + SLOT_OBSTACLE_CLEARANCE;
  for (const { geometry } of sim.obstacles) {
    if (x < geometry.minX - reach || x > geometry.maxX + reach || y < geometry.minY - reach || y > geometry.maxY + reach) continue;
    if (signedDistance(geometry, x, y) < reach) return false;
  }
  return true;
}

/** Phase 2: rays for every moving unit, neighbours for every unit (reads the world, writes only `sensing`). */
function senseAll(sim: Simulation): void {
  rebuildGrid(sim.senseWorld.grid, sim.units);
  for (const unit of sim.units) {
    const task = unit.task;
    unit.groupId = task.kind === 'move' ? task.orderId : 0;
    unit.distanceToTarget =
      task.kind === 'move' ? Math.hypot(task.target.x - unit.position.x, task.target.y - unit.position.y) : Infinity;
  }
  for (const unit of sim.units) {
    senseUnit(sim.senseWorld, unit, unit.sensing, sim.strategy, sim.config, unit.task.kind !== 'idle');
  }
}

/** Phase 3: held-up movers about to walk into a standing unit ask it to step aside. */
function askForWay(sim: Simulation): void {
  for (const unit of sim.units) set(unit.wayRequest, 0, 0);
  for (const unit of sim.units) {
    const threat = unit.sensing.threat;
    if (unit.task.kind !== 'move' || !unit.sensing.raysCast || threat.kind !== 'unit') continue;
    if (!asksForWay(unit, threat.fraction)) continue;
    const standing = sim.unitsById.get(threat.unit!.id);
    if (standing === undefined || standing.task.kind !== 'idle') continue;
    requestWay(standing.wayRequest, unit, standing);
  }
}

/** ticks between two look-ups of a unit's waypoint (units are staggered by id) */
const WAYPOINT_INTERVAL = 15;
/** metres of path a unit looks down its flow field for the furthest point in clear line */
const ROUTE_LOOK_AHEAD = 12;

/**
 * Turns the preferred velocity toward the unit's waypoint when its target is not in clear line:
 * same speed, the route's direction. The waypoint is worked out again every WAYPOINT_INTERVAL
 * ticks, or at once when the unit is within a metre of it.
 */
function followRoute(sim: Simulation, unit: Unit, route: FlowField, target: ReadonlyVec2, preferred: Vec2): void {
  const dx = unit.waypoint.x - unit.position.x;
  const dy = unit.waypoint.y - unit.position.y;
  const due = unit.waypointTick < 0 || (sim.tick + unit.id) % WAYPOINT_INTERVAL === 0 || dx * dx + dy * dy < 1;
  if (due) {
    unit.waypointTick = sim.tick;
    if (isStraightToTarget(unit, route, target) || !steerPoint(route, unit.position.x, unit.position.y, ROUTE_LOOK_AHEAD, unit.waypoint)) {
      unit.waypoint.x = target.x;
      unit.waypoint.y = target.y;
    }
  }
  if (unit.waypoint.x === target.x && unit.waypoint.y === target.y) return;
  const wx = unit.waypoint.x - unit.position.x;
  const wy = unit.waypoint.y - unit.position.y;
  const distance = Math.sqrt(wx * wx + wy * wy);
  if (distance < 1e-9) return;
  // on the way round, keep walking at full speed (braking is for the target itself)
  const speed = unit.maxSpeed;
  preferred.x = (wx / distance) * speed;
  preferred.y = (wy / distance) * speed;
}

/**
 * Whether the unit may walk straight to its target (its slot): the line is clear on the grid;
 * or, for a slot in a wall's margin (which the grid keeps clear of, though a unit's disc fits
 * there), the unit is about as far along the route as its slot (a group's route leads to the
 * group's target, not to each slot) and the line to the free ground next to the slot is clear.
 * Measured along the route, so a slot just behind a thin wall is not "near".
 */
function isStraightToTarget(unit: Unit, route: FlowField, target: ReadonlyVec2): boolean {
  const grid = route.grid;
  if (isClearLine(grid, unit.position.x, unit.position.y, target.x, target.y)) return true;
  const near = NEAR_COST * (grid.clearance + 3 * grid.cellSize);
  if (routeCost(route, unit.position.x, unit.position.y) > routeCost(route, target.x, target.y) + near) return false;
  // already in the margin beside its slot (a unit's disc fits there): the last step
  const close = grid.clearance + 2 * grid.cellSize;
  if ((target.x - unit.position.x) ** 2 + (target.y - unit.position.y) ** 2 < close * close && grid.blocked[cellAt(grid, unit.position.x, unit.position.y)] === 1) return true;
  const beside = nearestFreeCell(grid, target.x, target.y, (cell) => route.distance[cell] !== Infinity);
  if (beside < 0) return false;
  cellCentre(grid, beside, _route_beside);
  if (Math.hypot(_route_beside.x - target.x, _route_beside.y - target.y) > close) return false;
  return isClearLine(grid, unit.position.x, unit.position.y, _route_beside.x, _route_beside.y);
}

const _route_beside = vec2();

const _decide_preferred = vec2();
const _decide_seek = vec2();
const _decide_separation = vec2();

/** Phase 4: every unit's steering force and avoidance side, from the same sensed state. */
function decideAll(sim: Simulation): void {
  const config = sim.config;
  for (const unit of sim.units) {
    const force = unit.steeringForce;
    if (unit.task.kind === 'idle') {
      unit.avoidance.side = NO_SIDE;
      unit.avoidance.force.x = 0;
      unit.avoidance.force.y = 0;
      unit.resting = standingForce(force, unit, unit.wayRequest, unit.home, config, sim.dt);
      if (!unit.resting) {
        // stepping aside among other standing units: keep clear of them
        separationForce(_decide_separation, unit, unit.sensing.crowding, config);
        force.x += _decide_separation.x;
        force.y += _decide_separation.y;
      }
    } else {
      unit.resting = false;
      const preferred = arriveVelocity(_decide_preferred, unit, unit.task.target, unit.task.stopRadius, config);
      if (unit.task.route !== null) followRoute(sim, unit, unit.task.route, unit.task.target, preferred);
      if (unit.progress.recovery !== 'none') applyRecovery(unit, preferred);
      velocityChangeForce(_decide_seek, unit, preferred.x, preferred.y, config);
      sim.strategy.decide(unit.avoidance, unit, unit.sensing, preferred, config);
      separationForce(_decide_separation, unit, unit.sensing.crowding, config);
      force.x = _decide_seek.x + unit.avoidance.force.x + _decide_separation.x;
      force.y = _decide_seek.y + unit.avoidance.force.y + _decide_separation.y;
    }
    truncate(force, force, unit.maxForce);
  }
}

/** Phase 5: commit avoidance sides and apply forces; the only phase that writes to bodies. */
function applyForces(sim: Simulation): void {
  for (const unit of sim.units) {
    unit.avoidSide = unit.avoidance.side;
    // a resting unit only brakes, so a sleeping body is not woken to push it by nothing
    const wake = !unit.resting;
    applySteeringForce(unit.body, unit.steeringForce, unit.mass, unit.maxSpeed, sim.dt, wake);
  }
}

/** Phase 6: planck integrates; the sideways response acts inside it (pre-solve). */
function stepPhysics(sim: Simulation): void {
  const start = performance.now();
  sim.physics.world.step(sim.dt);
  sim.timing.physicsMs = performance.now() - start;
  sim.tick++;
}

/** Phase 7: cap speeds, copy body state into the units, update headings. */
function readBack(sim: Simulation): void {
  for (const unit of sim.units) {
    limitSpeed(unit.body, unit.mass, unit.maxSpeed);
    readBodyState(unit.body, unit.position, unit.velocity);
    const speed = length(unit.velocity);
    if (speed > HEADING_MIN_SPEED) unit.heading = Math.atan2(unit.velocity.y, unit.velocity.x);
    unit.slowTime = unit.task.kind === 'move' && speed < HELD_OFF_SPEED ? unit.slowTime + sim.dt : 0;
    if (unit.task.kind === 'move') trackProgress(sim, unit, unit.task);
  }
}

/**
 * Stuck units. A unit on a move order that has not come STUCK_PROGRESS metres nearer its target
 * (along its route when it has one) for STUCK_TIME seconds, and is not held up by other units
 * (no unit threat, no neighbour crowding it), tries to recover, in turn: it waits (stands, still
 * avoiding) for RECOVERY_TIME, then takes the other side, walking off at an angle to its way
 * for RECOVERY_TIME, and so on, alternating the side. After STUCK_REPORT_TIME
 * seconds without progress a `stuck` event reports it, once per order; it keeps trying.
 */
export interface Progress {
  /** metres: the least remaining distance seen */
  best: number;
  /** simulated seconds when `best` last improved by STUCK_PROGRESS */
  since: number;
  /** the recovery under way, until `until` (simulated seconds) */
  recovery: 'none' | 'other-side' | 'wait';
  until: number;
  /** recoveries tried since the last progress */
  attempts: number;
  reported: boolean;
}

/** metres a unit must come nearer its target to count as progress */
const STUCK_PROGRESS = 1;
/** seconds without progress before a recovery */
const STUCK_TIME = 5;
/** seconds a recovery lasts */
const RECOVERY_TIME = 1.5;
/** seconds without progress before a `stuck` event */
const STUCK_REPORT_TIME = 20;
/** radians off its way a unit walks when it takes the other side */
const OTHER_SIDE_ANGLE = 1.2;

function newProgress(): Progress {
  return { best: Infinity, since: -1, recovery: 'none', until: 0, attempts: 0, reported: false };
}

/**
 * How far the unit still has to go, for measuring progress: the route's cost when it has a route
 * (metres, steps along walls counted double; from the nearest free cell when pressed into a
 * wall's margin), else the straight distance. One measure per order, so progress compares like
 * with like.
 */
function remainingDistance(unit: Unit, task: Extract<UnitTask, { kind: 'move' }>): number {
  const straight = Math.hypot(task.target.x - unit.position.x, task.target.y - unit.position.y);
  if (task.route === null) return straight;
  const cost = routeCost(task.route, unit.position.x, unit.position.y);
  return Number.isFinite(cost) ? cost : straight;
}

function trackProgress(sim: Simulation, unit: Unit, task: Extract<UnitTask, { kind: 'move' }>): void {
  const progress = unit.progress;
  const time = simulationTime(sim);
  if (progress.since < 0) progress.since = time;
  if (progress.recovery !== 'none' && time >= progress.until) progress.recovery = 'none';
  const remaining = remainingDistance(unit, task);
  if (remaining <= progress.best - STUCK_PROGRESS || progress.best === Infinity) {
    progress.best = remaining;
    progress.since = time;
    progress.attempts = 0;
    return;
  }
  // a group member slowing to a stand near its slot is not stuck: it is about to count as arrived
  if (task.group !== null && unit.slowTime > 0 && distanceSquared(unit.position, task.group.target) <= task.group.radius * task.group.radius) return;
  const waited = time - progress.since;
  if (!progress.reported && waited >= STUCK_REPORT_TIME) {
    progress.reported = true;
    const straight = Math.hypot(task.target.x - unit.position.x, task.target.y - unit.position.y);
    sim.events.push({ type: 'stuck', unitId: unit.id, orderId: task.orderId, position: { x: unit.position.x, y: unit.position.y }, remaining: straight, time });
  }
  // held up by other units, a unit waits its turn: nudging it about in a crowd only jams it more
  // (in the doorway, 7 of 40 did not get through with it); recoveries are for what stands still
  const crowded = unit.sensing.threat.kind === 'unit' || lengthSquared(unit.sensing.crowding) > 0;
  if (!crowded && progress.recovery === 'none' && waited >= STUCK_TIME * (progress.attempts + 1)) {
    progress.attempts++;
    progress.recovery = progress.attempts % 2 === 1 ? 'wait' : 'other-side';
    progress.until = time + RECOVERY_TIME;
  }
}

/**
 * The preferred velocity of a recovering unit: turned OTHER_SIDE_ANGLE off its way (to its left
 * on the first, third, ... attempts with a fresh side, alternating), or zero while it waits.
 */
function applyRecovery(unit: Unit, preferred: Vec2): void {
  const progress = unit.progress;
  if (progress.recovery === 'wait') {
    preferred.x = 0;
    preferred.y = 0;
  } else if (progress.recovery === 'other-side') {
    // odd attempts wait; the even ones take a side, alternating: 2 -> left, 4 -> right, 6 -> left, ...
    const angle = (progress.attempts / 2) % 2 === 1 ? OTHER_SIDE_ANGLE : -OTHER_SIDE_ANGLE;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const x = preferred.x * cos - preferred.y * sin;
    preferred.y = preferred.x * sin + preferred.y * cos;
    preferred.x = x;
  }
}

/** Phase 8: arrivals end move tasks; events go to the listeners. */
function emitEvents(sim: Simulation): void {
  const time = simulationTime(sim);
  for (const unit of sim.units) {
    if (unit.task.kind !== 'move' || !hasArrived(unit)) continue;
    sim.events.push({ type: 'arrived', unitId: unit.id, orderId: unit.task.orderId, time });
    standDown(unit);
  }
  if (sim.listeners.size === 0) return;
  for (const event of sim.events) {
    for (const listener of sim.listeners) listener(event);
  }
}

/** Ends the unit's task: it holds its ground where it is now. */
function standDown(unit: Unit): void {
  unit.task = IDLE;
  unit.home.x = unit.position.x;
  unit.home.y = unit.position.y;
}

/** At its target, or (in a group) standing still inside the group's arrival circle. */
function hasArrived(unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move') return false;
  if (distanceSquared(unit.position, task.target) <= task.stopRadius * task.stopRadius) return true;
  if (task.group === null) return false;
  const { radius } = task.group;
  return unit.slowTime >= HELD_OFF_TIME && distanceSquared(unit.position, task.group.target) <= radius * radius;
}
