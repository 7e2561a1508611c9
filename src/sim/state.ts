/**
 * A simulation's whole state, as the phases and the API see it, and the views users get of it.
 *
 * Users hold a `Simulation`: an opaque handle that only the functions of simulation.ts open
 * (`stateOf`). They read units and obstacles through `UnitView` and `ObstacleView`, which are the
 * live objects typed read-only (no copy is made per query), and change them only through the API.
 */
import type { ObstacleShape, ShapeGeometry } from '../math/shapes';
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { NavMap } from '../nav/navmap';
import type { Route, RouteTile } from '../nav/route';
import type { Engage, Following, HoldOrder, MoveOrder, OrderBook, QueuedStep, StopOrder } from '../orders/orders';
import type { ObstacleSensor, PhysicsWorld, UnitBody } from '../physics/world';
import type { CellGrid } from '../spatial/grid';
import type { Side } from '../steering/agent';
import type { SenseWorld } from '../steering/pack';
import type { Sensing } from '../steering/sensing';
import type { UnitStore } from '../steering/store';
import type { CollisionResponse } from '../steering/sideways';
import type { SituationName, SteeringConfig } from '../steering/config';
import type { AvoidanceDecision, AvoidanceRules, AvoidanceStrategy, PlaneTerms } from '../steering/strategy';
import type { UnitColumns } from '../steering/columns';
import type { EventLog } from './events';
import type { NearbyIndex } from '../spatial/team-grid';

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
 * A move task as the engine keeps it. What users see of it (`TaskView`: kind, order, target and
 * group) are its own fields, so `JSON.stringify(unit.task)` and `structuredClone` give exactly
 * that; the engine's own part (the route, whether the order is still planned, the arrival radius)
 * is kept in private fields read through getters, which neither of them sees.
 *
 * Every move task is made by `moveTask`, as one class, so all share one V8 hidden class: the task
 * is read by every phase for every unit, and tasks copied with a spread (`{ ...task, route }`)
 * each took a shape of their own, which turned those reads polymorphic and made the optimised
 * phases bail out.
 */
class MoveTaskRecord {
  readonly kind: 'move';
  readonly orderId: number;
  readonly target: Vec2;
  readonly group: MoveTask['group'];
  readonly #stopRadius: number;
  readonly #route: Route | null;
  readonly #waiting: boolean;

  constructor(orderId: number, target: Vec2, group: MoveTask['group'], stopRadius: number, route: Route | null, waiting: boolean) {
    this.kind = 'move';
    this.orderId = orderId;
    this.target = target;
    this.group = group;
    this.#stopRadius = stopRadius;
    this.#route = route;
    this.#waiting = waiting;
  }

  get stopRadius(): number {
    return this.#stopRadius;
  }

  get route(): Route | null {
    return this.#route;
  }

  get waiting(): boolean {
    return this.#waiting;
  }
}

/** A new move task (see MoveTaskRecord). */
export function moveTask(
  orderId: number,
  target: Vec2,
  stopRadius: number,
  group: MoveTask['group'],
  route: Route | null,
  waiting: boolean,
): MoveTask {
  return new MoveTaskRecord(orderId, target, group, stopRadius, route, waiting);
}

/** A unit's progress toward its target (see progress.ts). */
export interface Progress {
  /** metres: the least remaining distance seen */
  best: number;
  /** simulated seconds when `best` last improved enough to count */
  since: number;
  /** as of the last tick: coming nearer (or held back by a situation: waiting), slowing to a
   * stand near its slot, or stalled since `since` */
  status: 'moving' | 'settling' | 'stalled';
  /** whether this order's `stuck` event has been raised */
  reported: boolean;
}

export function newProgress(): Progress {
  return { best: Infinity, since: -1, status: 'moving', reported: false };
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
  /** its place in `SimulationState.units` (creation order), which indexes the per-unit columns
   * (`SimulationState.columns`); a removal moves the units after it down one */
  slot: number;
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
  /** metres: where the unit holds its ground while idle (where it was made, arrived or
   * stopped); it steps aside at most MAX_YIELD from here */
  home: Vec2;
  /** whether the unit, idle, is only braking this tick (so its body may sleep) */
  resting: boolean;
  /** whether it holds its position (a hold order: order-queue.ts holdGround) */
  holding: boolean;
  /** the enemy its attack-move stopped it for, 0 while none does (order-engage.ts) */
  engagedWith: number;
  /** whether the unit sleeps this tick: idle, resting, its body asleep in planck and no unit on
   * the move close to it; a sleeping unit is neither sensed nor steered (see phases.ts) */
  asleep: boolean;
  /** metres: where the unit heads to follow its route (its target when in clear line) */
  waypoint: Vec2;
  /** unit vector: the way its last move order heads, from where the order's units stood to its
   * target, set when the order is applied; zero before any (read only while it has one) */
  orderHeading: Vec2;
  /** the way its last move order's arrangement faces (the order's `facing`), or null when the
   * order gave none: kept for the order's units planned again (a route lost mid-move) */
  orderFacing: ReadonlyVec2 | null;
  /** how many units its last move order moved (1: a lone unit); 0 before any */
  orderSize: number;
  /** a route to the unit's own target, built when its group's route ends short of it; null
   * until then (see routes.ts) */
  ownRoute: Route | null;
  /** metres along the way to the waypoint to the first passage (a door, a gap) on it, Infinity
   * when there is none, as of the last waypoint; close, the unit queues (routes.ts isQueueing) */
  passageDistance: number;
  /** the same for doors (nav/passages.ts keepPassage: passages up to LANE_WIDTH in a row of
   * obstacles, wider ones up to DOOR_WIDTH that are the one way through their line), where orders
   * take turns (situations/door-turns.ts) */
  doorDistance: number;
  /** whether a situation held it back this tick (its turn at a door, say: src/situations/): it
   * is waiting, not stuck */
  held: boolean;
  /** metres (the store's obstacleSpace), set as the unit decides */
  obstacleSpace: number;
  /** the tick at which `waypoint` was last worked out; -1 to work it out now */
  waypointTick: number;
  progress: Progress;
  /** rays, threat and crowding from the unit's last sense turn */
  sensing: Sensing;
  /** whether it sensed in this tick's sense phase (its turn, SteeringConfig.avoidEvery): only
   * then does it choose its avoidance afresh */
  sensedNow: boolean;
  /** the move order being walked (the store's group); 0 when idle */
  groupId: number;
  /** metres to the task's target; Infinity when idle */
  distanceToTarget: number;
  /** metres of its order's route still to walk, while a passage (a door, a gap) is within
   * QUEUE_RANGE on its way (routes.ts isQueueing); Infinity otherwise. Units of one order go
   * through nearest first (situations/queue-order.ts) */
  queueRank: number;
  /** whether the passage on its way (passageDistance) takes one unit at a time, as measured where
   * its way comes into it */
  queueSingleFile: boolean;
  /** how strongly it leaned right on the last tick (the store's lean), committed with the side */
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
  /** orders issued since the last tick, applied at the start of the next (a patrol as moves) */
  readonly pendingOrders: Array<{ order: MoveOrder | HoldOrder | StopOrder; orderId: number }>;
  /** orders waiting their turn in their units' queues, in the order they were given (order-queue.ts) */
  readonly queued: QueuedStep[];
  /** the engage of every attack-move walked, by order id (order-engage.ts) */
  readonly engagements: Map<number, Engage>;
  /** follow orders under way (order-follow.ts) */
  readonly follows: Following[];
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
  /** whether obstacles changed since the routes of orders in flight were last worked again and
   * their units checked for a way to their goals (planning.ts checkRoutesInFlight) */
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
  /** the per-unit columns (typed arrays indexed by Unit.slot): the unit store's, and those the
   * situations keep their state in */
  readonly columns: UnitColumns;
  /** what the sense and decide phases read of every unit, by slot (steering/store.ts) */
  readonly store: UnitStore;
  /** the rules over the avoidance core, and the hooks of those switched on (src/situations/) */
  readonly situations: SituationSet;
  /** counts changes to where units stand: a tick, a unit added, removed or moved out from under
   * an obstacle (what tells the spatial queries their grid is out of date) */
  layout: number;
  /** the grid the spatial queries read (nearby.ts) */
  readonly nearby: NearbyIndex;
  /** the move orders still walked, for the `replaced` and `done` events (order-events.ts) */
  readonly orderBook: OrderBook;
  /** the navigation map the API's route queries search (queries.ts traceRoute), made when first
   * asked, with the same obstacles, and routes on it by goal; null until then */
  queryNav: QueryNav | null;
}

/**
 * A navigation map of the API's own, for questions about routes. The simulation's map is never
 * searched for them: a tile a question made there would be one the planner need not make later,
 * and routes would be ready on other ticks, so asking would change the run's bits.
 */
export interface QueryNav {
  readonly map: NavMap;
  /** routes searched for questions, by measure, clearance and goal, oldest first */
  readonly routes: Map<string, Route>;
}

/** What a standing unit does this tick (Situation.standing): brake to rest; step along the
 * velocity it was given, changing velocity only; or steer toward it, avoiding as a unit on the
 * move does. */
export const REST = 0;
export const STEP = 1;
export const STEER = 2;
export type StandingIntent = typeof REST | typeof STEP | typeof STEER;

/**
 * A situation: one rule layered over the avoidance core, in a file of its own (src/situations/).
 * It states the premise it checks (a property of the map and the crowd), keeps its per-unit state
 * in columns of its own, and acts only through these hooks, each called at one fixed point of the
 * tick for the situations switched on, in ascending `order`:
 *
 * - `plan`: once a tick, after the sense phase and before any unit decides;
 * - `standing`: for a unit without an order (only one situation may decide it);
 * - `intent`: for a unit on the move, after its seek and route: may change the velocity it
 *   wants, or hold it back (returns true), which ends the chain: no later situation sees it, and
 *   a held unit is waiting, not stuck;
 * - `pair`: the terms of the half-plane a unit keeps against one neighbour (its share of the way,
 *   the side, the reach), inside the avoidance core; the two come as their slots in the unit store
 *   (steering/store.ts), which is all the hook reads of them;
 * - `lean`: how strongly a unit leans its aim to its right (0 to 1), given the lean so far;
 * - `afterStep`: for a unit on the move, after the physics step and its progress is tracked;
 * - `restart`: a unit's task was replaced (a new order, a traded slot);
 * - `overlay`: line segments the page draws for it ([x0, y0, x1, y1, ...]).
 */
export interface Situation {
  readonly name: SituationName;
  /** where its hooks run among the others' (lower first) */
  readonly order: number;
  /** the premise it checks, in a sentence (docs/situations.md says more) */
  readonly premise: string;
  /** whether it can take part with the simulation's strategy and settings (it must also be
   * switched on, SteeringConfig.situations) */
  applies(sim: SimulationState): boolean;
  /** drops what it kept from tick to tick, when it stops taking part */
  reset?(sim: SimulationState): void;
  plan?(sim: SimulationState): void;
  standing?(sim: SimulationState, unit: Unit, preferred: Vec2): StandingIntent;
  intent?(sim: SimulationState, unit: Unit, preferred: Vec2): boolean;
  pair?(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void;
  lean?(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, lean: number): number;
  afterStep?(sim: SimulationState, unit: Unit, task: MoveTask): void;
  restart?(sim: SimulationState, unit: Unit): void;
  overlay?(sim: SimulationState, segments: number[]): void;
}

/** Every situation of a simulation, and the hooks of those taking part, gathered in order when
 * the strategy or the settings change (situations/index.ts). */
export interface SituationSet {
  readonly all: readonly Situation[];
  /** the situations taking part */
  readonly on: Situation[];
  readonly plans: Situation[];
  /** the situation standing units ask (at most one), or null: they brake to rest */
  standing: Situation | null;
  readonly intents: Situation[];
  readonly pairs: Situation[];
  readonly leans: Situation[];
  readonly afterSteps: Situation[];
  readonly restarts: Situation[];
  /** the intent hooks of those taking part, in order (situations/index.ts): each may change the
   * velocity a unit on the move wants; the first that holds it ends the chain (returns true) */
  readonly shapeIntent: (sim: SimulationState, unit: Unit, preferred: Vec2) => boolean;
  /** the pair and lean hooks as the avoidance core calls them */
  readonly rules: AvoidanceRules;
  /** reads the lists above into the hooks called for every unit and pair (after they change) */
  readonly gather: () => void;
  /** what the block situations share (situations/blocks.ts; typed by what save.ts reads of it) */
  readonly blocks: { readonly keepers: ReadonlyArray<(sim: SimulationState) => void> };
  /** the config and strategy the lists were gathered for */
  gatheredFor: { config: SteeringConfig; strategy: AvoidanceStrategy } | null;
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

/** What a unit is doing, as users see it: exactly the fields `unit.task` has (plain data, which
 * `JSON.stringify` and `structuredClone` copy whole). */
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

// (typed arrays pass as they are: TypeScript has no read-only kind of them)
type DeepReadonly<T> = T extends Int32Array | Float64Array
  ? T
  : T extends (infer E)[]
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
  /** whether it holds its position (a hold order, until its next order) */
  readonly holding: boolean;
  /** the enemy an attack-move (or the target a follow) stopped it for; 0 while it walks */
  readonly engagedWith: number;
  /** metres: where it heads to follow its route (its target when in clear line) */
  readonly waypoint: ReadonlyVec2;
  /** the last sense phase: rays, threat, crowding (for debug drawing); its neighbours and its
   * threat's unit are slots: places in `listUnits` (creation order) as that tick ran */
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

/** What users may read about an obstacle. */
export interface ObstacleView {
  readonly id: number;
  readonly shape: DeepReadonly<ObstacleShape>;
  /** A copy as plain data (id and shape), what `JSON.stringify` writes. */
  toJSON(): ObstacleJson;
}
