/**
 * The read side of the simulation's API: queries that never change a simulation. Views are the
 * live objects typed read-only, not copies. Re-exported by simulation.ts, where the rest of the API is.
 */
import { bestRoomMap } from '../nav/best-rooms';
import { addNavObstacle, createNavMap } from '../nav/navmap';
import { type Route, createRoute, navLayer, traceCorners } from '../nav/route';
import { bodyCount } from '../physics/world';
import { drawSituations } from '../situations/index';
import type { SteeringConfig } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';
import { checkNumber, describeValue } from './validate';
import { type ObstacleView, type QueryNav, type SimulationState, type Simulation, type SimulationSettings, type TickTiming, type UnitView, simulatedTime, stateOf } from './state';

/** The unit with that id, or undefined. */
export function getUnit(sim: Simulation, unitId: number): UnitView | undefined {
  return stateOf(sim).unitsById.get(unitId);
}

/** Every unit, in creation order (a live list: it changes as units are added and removed). */
export function listUnits(sim: Simulation): readonly UnitView[] {
  return stateOf(sim).units;
}

/** Every obstacle, in creation order (a live list). */
export function listObstacles(sim: Simulation): readonly ObstacleView[] {
  return stateOf(sim).obstacles;
}

/** The world's size, the tick length and whether orders are routed: what the simulation was made with. */
export function simulationSettings(sim: Simulation): SimulationSettings {
  return stateOf(sim).settings;
}

/** Ticks run so far. */
export function simulationTick(sim: Simulation): number {
  return stateOf(sim).tick;
}

/** Simulated seconds so far. */
export function simulationTime(sim: Simulation): number {
  return simulatedTime(stateOf(sim));
}

export function getAvoidance(sim: Simulation): AvoidanceName {
  return stateOf(sim).strategy.name;
}

export function getCollisionResponse(sim: Simulation): CollisionResponse {
  return stateOf(sim).response;
}

export function getSteeringConfig(sim: Simulation): Readonly<SteeringConfig> {
  return stateOf(sim).config;
}

/** Wall-clock milliseconds of the last tick: the whole tick, planck's step, and order planning. */
export function lastTickTiming(sim: Simulation): Readonly<TickTiming> {
  return stateOf(sim).timing;
}

/** Whether orders are queued for the next tick. */
export function hasPendingOrders(sim: Simulation): boolean {
  const state = stateOf(sim);
  return state.pendingOrders.length > 0 || state.planning.length > 0;
}

/** How many bodies the physics world holds (units, obstacles and one for the walls). */
export function physicsBodyCount(sim: Simulation): number {
  return bodyCount(stateOf(sim).physics);
}

/**
 * The line segments the situations taking part draw, as of the last tick ([x0, y0, x1, y1, ...],
 * appended to `segments`): each block's box and step aside, the doors where orders take turns and
 * the order whose turn it is, the doors passed in halves (situations/). For the page's overlay; not
 * part of the package's API.
 */
export function situationOverlay(sim: Simulation, segments: number[]): void {
  drawSituations(stateOf(sim), segments);
}

/** Where a unit's way stands, and the way as its corners (traceRoute). */
export interface RouteTrace {
  /**
   * - `idle`: the unit has no move order (points empty);
   * - `planning`: its order's route is still being searched (orders are planned within a budget
   *   of work per tick): meanwhile it walks straight at the order's target, which `points` shows;
   * - `walking`: it follows its route, or walks straight where nothing is in the way;
   * - `cut-off`: obstacles changed and no way leads from where it stands to its target (points
   *   empty; an `unreachable` event follows when the order is planned again).
   */
  readonly state: 'idle' | 'planning' | 'walking' | 'cut-off';
  /** metres: x0, y0, x1, y1, ... from where the unit stands, corner by corner, to its own target */
  readonly points: number[];
}

/**
 * The way a unit will walk: from where it stands, the corners of its order's route, to its own
 * target (its slot in a group), at most `maxPoints` points (default 256). Each straight stretch is
 * clear of obstacles for the route's clearance. Throws on an unknown unit id.
 */
export function traceRoute(sim: Simulation, unitId: number, maxPoints = 256): RouteTrace {
  const state = stateOf(sim);
  const unit = state.unitsById.get(unitId);
  if (unit === undefined) throw new Error(`unitId: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
  const most = checkNumber(maxPoints, 'maxPoints', { min: 2, integer: true });
  const task = unit.task;
  if (task.kind !== 'move') return { state: 'idle', points: [] };
  const { x, y } = unit.position;
  const straight = [x, y, task.target.x, task.target.y];
  if (task.waiting || (task.route !== null && !task.route.ready)) return { state: 'planning', points: straight };
  if (task.route === null) return { state: 'walking', points: straight };
  const points = traceCorners(queryRoute(state, task.route), x, y, task.target.x, task.target.y, most);
  return points.length === 0 ? { state: 'cut-off', points } : { state: 'walking', points };
}

/** An order waiting in a unit's queue (queuedOrders). */
export interface QueuedOrderView {
  /** the id `issueOrder` returned for it */
  readonly orderId: number;
  /** `move` (an attack-move when `engage` is set), `hold`, or `patrol` (its next leg) */
  readonly kind: 'move' | 'hold' | 'patrol';
  /** where the step walks (a patrol's next point); null for a hold, which stands where it is */
  readonly target: { readonly x: number; readonly y: number } | null;
  readonly engage: { readonly range: number; readonly teams?: readonly number[] } | null;
}

/**
 * The orders waiting for a unit, in the order they will start (shift-queued waypoints to draw, a
 * patrol's next leg): not the one it walks now (its `task`). Empty for a unit with nothing queued;
 * throws on an unknown unit id. Plain data, made on each call.
 */
export function queuedOrders(sim: Simulation, unitId: number): QueuedOrderView[] {
  const state = stateOf(sim);
  if (!state.unitsById.has(unitId)) throw new Error(`unitId: expected the id of a unit in the simulation, got ${describeValue(unitId)}`);
  const waiting: QueuedOrderView[] = [];
  for (const step of state.queued) {
    if (!step.unitIds.includes(unitId)) continue;
    const engage = step.engage === null ? null : { range: step.engage.range, ...(step.engage.teams === undefined ? {} : { teams: [...step.engage.teams] }) };
    const kind = step.hold ? 'hold' : step.patrol !== null ? 'patrol' : 'move';
    waiting.push({ orderId: step.orderId, kind, target: step.hold ? null : { x: step.target.x, y: step.target.y }, engage });
  }
  return waiting;
}

/** routes kept on the queries' map */
const QUERY_ROUTES = 16;

/**
 * The route on the queries' own map (SimulationState.queryNav) to the goal `route` leads to, for
 * its clearance and room measure: the same way, searched apart, as far as the question needs.
 */
function queryRoute(state: SimulationState, route: Route): Route {
  const nav = queryNavOf(state);
  const layer = route.layer;
  const key = `${layer.map.measure}:${layer.clearance}:${route.requested.x}:${route.requested.y}`;
  let found = nav.routes.get(key);
  if (found !== undefined) {
    nav.routes.delete(key);
  } else {
    const map = layer.map.measure === 'best' ? bestRoomMap(nav.map) : nav.map;
    found = createRoute(navLayer(map, layer.clearance), route.requested.x, route.requested.y);
    if (nav.routes.size >= QUERY_ROUTES) nav.routes.delete(nav.routes.keys().next().value!);
  }
  nav.routes.set(key, found);
  return found;
}

/** The queries' map, made with the simulation's obstacles when first asked for. */
function queryNavOf(state: SimulationState): QueryNav {
  if (state.queryNav === null) {
    const map = createNavMap(state.settings.width, state.settings.height);
    for (const obstacle of state.obstacles) addNavObstacle(map, obstacle.id, obstacle.geometry);
    state.queryNav = { map, routes: new Map() };
  }
  return state.queryNav;
}
