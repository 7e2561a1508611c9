/**
 * A simulation's whole state, as the phases and the API see it, and the views users get of it.
 *
 * Users hold a `Simulation`: an opaque handle that only the functions of simulation.ts open
 * (`stateOf`). They read units and obstacles through `UnitView` and `ObstacleView`, which are the
 * live objects typed read-only (no copy is made per query), and change them only through the API.
 */
import { type ObstacleShape, type ShapeGeometry, copyShape } from '../math/shapes';
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { NavMap } from '../nav/navmap';
import type { Route, RouteTile } from '../nav/route';
import type { MoveOrder, Order } from '../orders/orders';
import type { ObstacleSensor, PhysicsWorld, UnitBody } from '../physics/world';
import type { CellGrid } from '../spatial/grid';
import type { Side } from '../steering/agent';
import type { SteeringConfig } from '../steering/config';
import type { SenseWorld } from '../steering/sense';
import type { Sensing } from '../steering/sensing';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceDecision, AvoidanceStrategy } from '../steering/strategy';
import type { EventLog } from './events';

/** What one unit is doing now. */
export type UnitTask =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'move';
      /** the order this task came from (ids count up from 1 per simulation) */
      readonly orderId: number;
      /** metres: where this unit goes (its own slot when it moves with a group) */
      readonly target: Vec2;
      /** metres: the unit has arrived once its centre is this close to the target */
      readonly stopRadius: number;
      /**
       * The group's shared point and arrival radius (`groupArrivalRadius`), or null for a unit
       * ordered alone. A group member held off its slot by others also stops once it stands
       * still inside this circle.
       */
      readonly group: { readonly target: Vec2; readonly radius: number } | null;
      /** the route toward the order's target when the world has obstacles, else null (a
       * straight walk) */
      readonly route: Route | null;
      /** true while the order is still being planned: the unit walks straight at the order's
       * target and does not arrive (see planning.ts) */
      readonly waiting: boolean;
    };

export const IDLE: UnitTask = Object.freeze({ kind: 'idle' });

/** A unit's task while it moves. */
export type MoveTask = Extract<UnitTask, { kind: 'move' }>;

/**
 * Every move task is made here, fields in one order, so all share one V8 hidden class: the
 * task is read by every phase for every unit, and tasks copied with a spread (`{ ...task, route }`)
 * each took a shape of their own, which turned those reads polymorphic and made the optimised
 * phases bail out.
 */
export function moveTask(
  orderId: number,
  target: Vec2,
  stopRadius: number,
  group: MoveTask['group'],
  route: Route | null,
  waiting: boolean,
): MoveTask {
  return { kind: 'move', orderId, target, stopRadius, group, route, waiting };
}

/** A unit's progress toward its target, for stuck recovery (see progress.ts). */
export interface Progress {
  /** metres: the least remaining distance seen */
  best: number;
  /** simulated seconds when `best` last improved enough to count */
  since: number;
  /** the recovery under way, until `until` (simulated seconds) */
  recovery: 'none' | 'other-side' | 'wait';
  until: number;
  /** recoveries tried since the last progress */
  attempts: number;
  /** whether this order's `stuck` event has been raised */
  reported: boolean;
}

export function newProgress(): Progress {
  return { best: Infinity, since: -1, recovery: 'none', until: 0, attempts: 0, reported: false };
}

/** A move order being planned (see planning.ts). */
export interface PlanJob {
  readonly order: MoveOrder;
  readonly orderId: number;
  /** metres: the order's target, moved inside the walls */
  readonly target: Vec2;
  /** metres: the clearance its route keeps (largest unit's radius plus a margin) */
  readonly clearance: number;
  /** metres: the clearance it falls back to when no unit can reach the target keeping
   * `clearance`, on the map measuring rooms at the cells' best points (see navTightClearance) */
  readonly tightClearance: number;
  /** the route, once its search has begun */
  route: Route | null;
  /** the route keeping `tightClearance` by that measure, once the route could not reach the target */
  tightRoute: Route | null;
  /** when no unit can reach the target: the search from where its first unit stood, for the
   * nearest point it can reach (kept while it takes several ticks) */
  fromUnit: Route | null;
}

/** A unit's whole state. */
export interface Unit {
  readonly id: number;
  /** what JSON.stringify writes (UnitView.toJSON) */
  readonly toJSON: (this: Unit) => UnitJson;
  team: number;
  /** metres */
  radius: number;
  /** kilograms */
  mass: number;
  /** m/s */
  maxSpeed: number;
  /** newtons */
  maxForce: number;
  /** metres, world frame, after the last tick */
  position: Vec2;
  /** m/s, after the last tick */
  velocity: Vec2;
  /** radians: direction of travel, kept while the unit stands still */
  heading: number;
  /** the avoidance side committed on the last tick (NO_SIDE when not avoiding) */
  avoidSide: Side;
  /** m/s: the velocity it wanted on the last tick, committed with the side */
  wanted: Vec2;
  /** m/s: the velocity it wants this tick (seek / arrive along its route), before avoiding */
  wanting: Vec2;
  task: UnitTask;
  /** sum of this tick's requests from held-up movers to step out of their way, while idle
   * (see steering/giveway.ts) */
  wayRequest: Vec2;
  /** metres: where the unit holds its ground while idle (where it was made, arrived or
   * stopped); it steps aside at most MAX_YIELD from here */
  home: Vec2;
  /** whether the unit, idle, is only braking this tick (so its body may sleep) */
  resting: boolean;
  /** seconds the unit, idle, has been walking back toward its home without closing on it */
  heldFromHome: number;
  /** seconds the unit, idle, has been asked to step aside and held from doing so (it passes the
   * request on to the units in its way: see phases.ts) */
  heldAside: number;
  /** whether the unit sleeps this tick: idle, resting, its body asleep in planck and no unit on
   * the move close to it; a sleeping unit is neither sensed nor steered (see phases.ts) */
  asleep: boolean;
  /** metres: where the unit heads to follow its route (its target when in clear line) */
  waypoint: Vec2;
  /** unit vector: the way its last move order heads, from where the order's units stood to its
   * target, set when the order is applied (Agent.orderHeading); zero before any */
  orderHeading: Vec2;
  /** how many units its last move order moved (Agent.orderSize); 0 before any */
  orderSize: number;
  /** a route to the unit's own target, built when its group's route ends short of it; null
   * until then (see routes.ts) */
  ownRoute: Route | null;
  /** metres along the way to the waypoint to the first passage (a door, a gap) on it, Infinity
   * when there is none, as of the last waypoint; close, the unit queues (routes.ts isQueueing) */
  passageDistance: number;
  /** the same for passages up to DOOR_WIDTH wide (nav/route.ts), where orders take turns (doors.ts) */
  doorDistance: number;
  /** the door (see doors.ts) its way last came into, while it is kept; null before any */
  door: DoorTurn | null;
  /** whether it held back this tick for another order's turn at a door (see doors.ts) */
  heldAtDoor: boolean;
  /** metres (Agent.obstacleSpace), set as the unit decides */
  obstacleSpace: number;
  /** the tick the unit came into the passage one unit wide it stands in; -1 when it stands in
   * none (see single-file.ts, trackPassageTurn) */
  passageEntered: number;
  /** the last tick the unit stood in such a passage (-1 before it ever did), and its queueRank then */
  passageSeen: number;
  passageSeenRank: number;
  /** the tick at which `waypoint` was last worked out; -1 to work it out now */
  waypointTick: number;
  progress: Progress;
  /** rays, threat and crowding from the unit's last sense turn */
  sensing: Sensing;
  /** whether it sensed in this tick's sense phase (its turn, SteeringConfig.avoidEvery): only
   * then does it choose its avoidance afresh */
  sensedNow: boolean;
  /** the move order being walked (see Agent.groupId); 0 when idle */
  groupId: number;
  /** metres to the task's target; Infinity when idle */
  distanceToTarget: number;
  /** metres of route left while queueing at a passage, else Infinity (Agent.queueRank) */
  queueRank: number;
  /** whether the passage on its way (passageDistance) takes one unit at a time (Agent.queueSingleFile) */
  queueSingleFile: boolean;
  /** how strongly it leaned right on the last tick (Agent.lean), committed with the side */
  lean: number;
  /** seconds the unit has spent slower than HELD_OFF_SPEED while on a move order */
  slowTime: number;
  /** this tick's avoidance decision: side, force (newtons) and lean */
  avoidance: AvoidanceDecision;
  /** newtons: the total steering force decided this tick, after truncation to maxForce */
  steeringForce: Vec2;
  body: UnitBody;
}

export interface ObstacleRecord {
  readonly id: number;
  readonly shape: ObstacleShape;
  /** what JSON.stringify writes: the id and shape (see obstacleJson) */
  readonly toJSON: (this: ObstacleRecord) => ObstacleJson;
  readonly body: UnitBody;
  readonly sensor: ObstacleSensor;
  /** the shape prepared for distance queries (where formation slots may go) */
  readonly geometry: ShapeGeometry;
}

/** One order's walking units seen as a box along and across the way they walk (sim/passing.ts). */
export interface OrderBox {
  orderId: number;
  count: number;
  /** metres: the centre of its units */
  cx: number;
  cy: number;
  /** unit vector of the way to their slots (their directions summed, then normalised) */
  dx: number;
  dy: number;
  /** metres from the centre, radii included: back and front along d, right and left across it */
  back: number;
  front: number;
  right: number;
  left: number;
  /** m/s: its units' velocities, summed */
  vx: number;
  vy: number;
  /** m/s: its units' mean max speed */
  speed: number;
  /** m/s: the sideways velocity its units add to their way, world frame */
  shiftX: number;
  shiftY: number;
  /** metres: the mean of its units' targets (where its way ends) */
  tx: number;
  ty: number;
  /** the share of their speed its units keep: below 1 while it lets another order cross ahead */
  pace: number;
  /** metres: the largest radius among its units */
  radius: number;
}

/** A door two orders walking at each other pass side by side, each keeping to its right half
 * (sim/passing.ts), for as long as both still have units coming to it. */
export interface DoorLanes {
  /** the order whose way through the door is (dx, dy), and the order coming the other way */
  readonly first: number;
  readonly second: number;
  /** metres: the door's middle */
  readonly x: number;
  readonly y: number;
  /** unit vector of the first order's way through it */
  readonly dx: number;
  readonly dy: number;
}

/** The orders' boxes of the last decide phase (sim/passing.ts): the first `count` of `boxes`
 * (the rest are kept for reuse), and the same boxes by order id. */
export interface PassingState {
  readonly boxes: OrderBox[];
  count: number;
  readonly byOrder: Map<number, OrderBox>;
  /** the doors orders pass in lanes, kept from tick to tick */
  readonly lanes: DoorLanes[];
  /** the wide doors orders take turns at, kept from tick to tick */
  readonly wideDoors: WideDoorTurn[];
}

/** A door wider than the doors where orders always take turns (sim/doors.ts), which two orders
 * come to along ways meeting at an angle: one goes through while the other holds back, then the
 * other goes (sim/passing.ts). */
export interface WideDoorTurn {
  /** the order going through, and the other one */
  goes: number;
  waits: number;
  /** whether `waits` holds back (until `goes` is through, or gets nobody through for a while) */
  holding: boolean;
  /** metres: the door's middle */
  readonly x: number;
  readonly y: number;
  /** unit vectors of the two orders' ways to the door */
  goesX: number;
  goesY: number;
  waitsX: number;
  waitsY: number;
  /** how many units of each still have to go through, as of the last tick */
  goesPending: number;
  waitsPending: number;
  /** the last tick `goes` got a unit through */
  progressTick: number;
}

/** One order coming to a door (sim/doors.ts). */
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

/** A passage two orders may come to from opposite sides, and whose turn it is (sim/doors.ts). */
export interface DoorTurn {
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
   * when it has not fallen for a while (see doors.ts) */
  holderId: number;
  holderPending: number;
  progressTick: number;
}

export interface DoorTurnState {
  readonly doors: DoorTurn[];
  /** per order at some door: the tick it first came to one (orders rank by it at every door) */
  readonly arrivals: Map<number, number>;
}

export interface SimulationState {
  readonly physics: PhysicsWorld<Unit>;
  /** the settings the simulation was made with (frozen) */
  readonly settings: SimulationSettings;
  config: SteeringConfig;
  strategy: AvoidanceStrategy;
  response: CollisionResponse;
  /** ticks run so far */
  tick: number;
  /** units in creation order (the order every phase visits them in) */
  readonly units: Unit[];
  readonly unitsById: Map<number, Unit>;
  /** this tick's units that are not asleep, in creation order (units woken later in the tick are
   * added at its end): the phases after sensing visit only these, so a sleeping army costs its
   * sort into the grid and little else (made by the sense phase each tick) */
  readonly awake: Unit[];
  readonly obstacles: ObstacleRecord[];
  /** units, their grid and the obstacles' sensors, as the sense phase reads them */
  readonly senseWorld: SenseWorld & { readonly grid: CellGrid; readonly obstacles: ObstacleSensor[] };
  /** scratch: unit centres [x0, y0, x1, y1, ...] in `units` order, sorted into the sense grid */
  centres: Float64Array;
  /** scratch: unit velocities and radii [vx0, vy0, r0, vx1, ...] in `units` order, read with
   * `centres` to pack the units in grid order */
  motion: Float64Array;
  /** per unit index: 1 when the unit slept as its entries of `centres` and `motion` were last
   * written (they still hold while it sleeps on: its body has not moved since) */
  packedAsleep: Uint8Array;
  /** orders issued since the last tick, applied at the start of the next */
  readonly pendingOrders: Array<{ order: Order; orderId: number }>;
  readonly events: EventLog;
  /** wall-clock milliseconds of the last tick: the whole tick, planck's step inside it, and
   * the planning of the orders it applied (routes and slots) */
  readonly timing: TickTiming;
  nextUnitId: number;
  nextObstacleId: number;
  nextOrderId: number;
  /** where units of every size may go, filled as routes ask (see nav/navmap.ts) */
  readonly navMap: NavMap;
  /** move orders being planned, oldest first (planning.ts works through them within a budget per tick) */
  readonly planning: PlanJob[];
  /** routes kept for later orders to the same place, by clearance and goal cell, oldest first */
  readonly routes: Map<string, Route>;
  /** whether obstacles changed since the routes of orders in flight were last worked again */
  routesStale: boolean;
  /** tiles of routes that units will soon read, oldest first: those their looks down their routes
   * found not made when this tick's budget for looks was spent (nav/route.ts, limitLooks), then
   * those a look-ahead beyond their waypoints. The planner makes them with what its budget leaves,
   * the first kind first */
  readonly tilesAhead: RouteTile[];
  /** whether every unit searches for neighbours on the next tick: a unit was added or removed,
   * or the strategy or its settings changed, so the neighbours found earlier may be gone, miss
   * one, or have been chosen by other rules */
  searchAll: boolean;
  /** the orders' boxes and steps aside of the last tick (see passing.ts) */
  readonly passing: PassingState;
  /** the doors orders come to and whose turn it is, as of the last tick (see doors.ts) */
  readonly doorTurns: DoorTurnState;
}

/** Simulated seconds so far. */
export function simulatedTime(sim: SimulationState): number {
  return sim.tick * sim.settings.dt;
}

/** What a simulation was made with. */
export interface SimulationSettings {
  /** metres; the world spans [0, width] x [0, height], y up */
  readonly width: number;
  readonly height: number;
  /** seconds per tick */
  readonly dt: number;
  /** whether move orders are routed round obstacles */
  readonly navigation: boolean;
  /** whether idle units at rest sleep (see phases.ts) */
  readonly sleeping: boolean;
}

/** Wall-clock milliseconds of the last tick. */
export interface TickTiming {
  /** the whole tick */
  tickMs: number;
  /** the sense phase inside it: which units sleep, the neighbour grid, each unit's neighbours,
   * threat and crowding */
  senseMs: number;
  /** the decide phase inside it: the plans of orders passing as blocks and taking turns at doors,
   * and every unit's force (its avoidance included) */
  decideMs: number;
  /** planck's step inside it */
  physicsMs: number;
  /** the planning of the orders it applied (routes and slots) */
  planMs: number;
  /** the navigation work the planning phase did (see planning.ts: at most its budget per tick,
   * plus the step under way when the budget ran out); a count, the same on every machine */
  planWork: number;
}

// ---------------------------------------------------------------------------------------------
// What users see

/** A simulation as users hold it: pass it to the API's functions; its inside is not theirs. */
export interface Simulation {
  readonly [simulationBrand]: true;
}
declare const simulationBrand: unique symbol;

const states = new WeakMap<Simulation, SimulationState>();

/** A new handle for a state. */
export function handleFor(state: SimulationState): Simulation {
  const sim = Object.freeze({}) as Simulation;
  states.set(sim, state);
  return sim;
}

/** The state behind a handle; throws, naming the argument, for anything else. */
export function stateOf(sim: Simulation): SimulationState {
  const state = typeof sim === 'object' && sim !== null ? states.get(sim) : undefined;
  if (state === undefined) throw new Error(`sim: expected a simulation made by createSimulation, got ${sim === null ? 'null' : typeof sim}`);
  return state;
}

/** What a unit is doing, as users see it. */
export type TaskView =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'move';
      readonly orderId: number;
      /** metres: the unit's own target (its slot in a group) */
      readonly target: ReadonlyVec2;
      /** the group's shared point and arrival radius, or null for a unit ordered alone */
      readonly group: { readonly target: ReadonlyVec2; readonly radius: number } | null;
    };

type DeepReadonly<T> = T extends (infer E)[]
  ? ReadonlyArray<DeepReadonly<E>>
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** What users, renderers and tests may read about a unit (live: it changes as ticks run). */
export interface UnitView {
  readonly id: number;
  readonly team: number;
  /** metres, kilograms, m/s, newtons */
  readonly radius: number;
  readonly mass: number;
  readonly maxSpeed: number;
  readonly maxForce: number;
  /** metres and m/s, after the last tick */
  readonly position: ReadonlyVec2;
  readonly velocity: ReadonlyVec2;
  /** radians: direction of travel, kept while the unit stands still */
  readonly heading: number;
  /** the avoidance side it committed to on the last tick: 1 left, -1 right, 0 none */
  readonly avoidSide: Side;
  readonly task: TaskView;
  /** metres: where it heads to follow its route (its target when in clear line) */
  readonly waypoint: ReadonlyVec2;
  /** the last sense phase: rays, threat, crowding (for debug drawing) */
  readonly sensing: DeepReadonly<Sensing>;
  /** the last tick's avoidance decision: side, force (newtons) and lean */
  readonly avoidance: DeepReadonly<AvoidanceDecision>;
  /** newtons: the whole steering force of the last tick */
  readonly steeringForce: ReadonlyVec2;
  /** whether it slept through the last tick (idle and at rest, nobody on the move near): its
   * sensing and decision are then those of the tick it fell asleep */
  readonly asleep: boolean;
  /**
   * A copy as plain data, what `JSON.stringify` writes: every field above but `sensing` (which
   * refers to other units). The view itself holds the physics body and the route, which neither
   * JSON nor `postMessage` can carry; send this instead.
   */
  toJSON(): UnitJson;
}

/** A unit as plain data (UnitView.toJSON). */
export type UnitJson = Omit<UnitView, 'sensing' | 'toJSON'>;

/** An obstacle as plain data (what JSON.stringify writes for an ObstacleView). */
export interface ObstacleJson {
  readonly id: number;
  readonly shape: ObstacleShape;
}

/** UnitView.toJSON, shared by every unit. */
export function unitJson(this: Unit): UnitJson {
  const task = this.task;
  return {
    id: this.id,
    team: this.team,
    radius: this.radius,
    mass: this.mass,
    maxSpeed: this.maxSpeed,
    maxForce: this.maxForce,
    position: { x: this.position.x, y: this.position.y },
    velocity: { x: this.velocity.x, y: this.velocity.y },
    heading: this.heading,
    avoidSide: this.avoidSide,
    task:
      task.kind === 'idle'
        ? { kind: 'idle' }
        : {
            kind: 'move',
            orderId: task.orderId,
            target: { x: task.target.x, y: task.target.y },
            group: task.group === null ? null : { target: { x: task.group.target.x, y: task.group.target.y }, radius: task.group.radius },
          },
    waypoint: { x: this.waypoint.x, y: this.waypoint.y },
    avoidance: { side: this.avoidance.side, force: { x: this.avoidance.force.x, y: this.avoidance.force.y }, lean: this.avoidance.lean },
    steeringForce: { x: this.steeringForce.x, y: this.steeringForce.y },
    asleep: this.asleep,
  };
}

/** What JSON.stringify writes for an obstacle: its id and a copy of its shape. */
export function obstacleJson(this: ObstacleRecord): ObstacleJson {
  return { id: this.id, shape: copyShape(this.shape) };
}

/** What users may read about an obstacle. */
export interface ObstacleView {
  readonly id: number;
  readonly shape: DeepReadonly<ObstacleShape>;
  /** A copy as plain data (id and shape), what `JSON.stringify` writes. */
  toJSON(): ObstacleJson;
}
