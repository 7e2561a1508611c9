/**
 * What the page's simulation worker sends the page after it has run some ticks: every unit's state
 * in one flat array, and the debug overlays that are switched on as ready-made line and dot
 * lists, so the page draws without ever touching the simulation. Plain typed arrays whose buffers
 * are transferred, not copied. No pixi.js and no DOM: Node tests build snapshots too.
 */
import type { ObstacleShape } from '../math/shapes';
import { getUnit, lastTickTiming, listObstacles, listUnits, situationOverlay, simulationTick, simulationTime, traceRoute } from '../sim/simulation';
import type { Simulation } from '../sim/simulation';
import { simulationWorkers, workerShare } from '../sim/threads';
import { NO_SIDE } from '../steering/agent';
import { RAY_RELATIVE } from '../steering/sensing';

/** numbers per unit in `Snapshot.units` */
export const UNIT_STRIDE = 12;
/** offsets within a unit's numbers */
export const U_X = 0;
export const U_Y = 1;
export const U_HEADING = 2;
export const U_RADIUS = 3;
export const U_VX = 4;
export const U_VY = 5;
export const U_TEAM = 6;
/** 1 when it has a move order, else 0 */
export const U_MOVING = 7;
/** its own slot while moving (else its position) */
export const U_TARGET_X = 8;
export const U_TARGET_Y = 9;
export const U_WAYPOINT_X = 10;
export const U_WAYPOINT_Y = 11;

/** the situations' overlay segments, gathered before they are copied into the snapshot */
const _snapshot_segments: number[] = [];

/** Which overlays to build, and for which units the per-selection ones. */
export interface OverlayRequest {
  routes: boolean;
  rays: boolean;
  forces: boolean;
  sides: boolean;
  velocity: boolean;
  /** the orders walking as blocks: their boxes, and the step aside each takes; and the doors
   * where orders take turns */
  blocks: boolean;
  selected: readonly number[];
}

/**
 * The overlays, in metres: `segments` lists are [x0, y0, x1, y1, ...] per segment, `dots` lists
 * [x, y, radius, ...], `routes` polylines [x0, y0, x1, y1, ...] each, ends in `routeEnds`
 * (exclusive indices into `routes`).
 */
export interface OverlayData {
  waypoints: Float64Array;
  routes: Float64Array;
  routeEnds: Int32Array;
  raysClear: Float64Array;
  raysHit: Float64Array;
  threatDots: Float64Array;
  forces: Float64Array;
  leftDots: Float64Array;
  rightDots: Float64Array;
  velocity: Float64Array;
  /** segments: each order's box (four edges) and its step aside (centre to where one second of
   * it leads); each door where an order holds back for another's turn (a square 2 m across round
   * its centre, and DOOR_WAY_MARK metres of the way the order with the turn goes through) */
  blocks: Float64Array;
}

/** No overlay at all (for snapshots that are not the simulation's: a replay, the editor's draft). */
export const EMPTY_OVERLAYS: OverlayData = {
  waypoints: new Float64Array(0),
  routes: new Float64Array(0),
  routeEnds: new Int32Array(0),
  raysClear: new Float64Array(0),
  raysHit: new Float64Array(0),
  threatDots: new Float64Array(0),
  forces: new Float64Array(0),
  leftDots: new Float64Array(0),
  rightDots: new Float64Array(0),
  velocity: new Float64Array(0),
  blocks: new Float64Array(0),
};

export interface Snapshot {
  tick: number;
  /** simulated seconds */
  time: number;
  /** wall-clock milliseconds of the last tick, and of its sense, decide and physics phases
   * (lastTickTiming) */
  tickMs: number;
  senseMs: number;
  decideMs: number;
  physicsMs: number;
  /** threads the sense phase and the avoidance choice run on, and the share of the units sensed since they started that
   * a sense thread sensed (sim/threads.ts; 1 and 0 without threads) */
  workers: number;
  threadShare: number;
  paused: boolean;
  speed: number;
  /** unit ids, in creation order */
  ids: Int32Array;
  /** UNIT_STRIDE numbers per unit, in the order of `ids` */
  units: Float64Array;
  /** the obstacles now standing, or null when they are the same as in the last snapshot sent */
  obstacles: ObstacleShape[] | null;
  overlays: OverlayData;
  /** live metrics */
  collisions: number;
  arrived: number;
}

/** A growing list of numbers, handed out as a right-sized Float64Array. */
class NumberList {
  private values = new Float64Array(256);
  length = 0;
  push(a: number, b: number, c?: number, d?: number): void {
    const need = this.length + (d === undefined ? (c === undefined ? 2 : 3) : 4);
    if (need > this.values.length) {
      const grown = new Float64Array(Math.max(need, 2 * this.values.length));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    this.values[this.length++] = a;
    this.values[this.length++] = b;
    if (c !== undefined) this.values[this.length++] = c;
    if (d !== undefined) this.values[this.length++] = d;
  }
  take(): Float64Array {
    const out = this.values.slice(0, this.length);
    this.length = 0;
    return out;
  }
}

/** cells traced along a route for drawing, at most */
const MAX_ROUTE_POINTS = 2000;

/**
 * Builds the overlays asked for. Rays, forces, sides and velocity are drawn for every unit;
 * routes and waypoints for the selected units, one route per order.
 */
export function buildOverlays(sim: Simulation, request: OverlayRequest): OverlayData {
  const lists = {
    waypoints: new NumberList(),
    routes: new NumberList(),
    raysClear: new NumberList(),
    raysHit: new NumberList(),
    threatDots: new NumberList(),
    forces: new NumberList(),
    leftDots: new NumberList(),
    rightDots: new NumberList(),
    velocity: new NumberList(),
    blocks: new NumberList(),
  };
  const routeEnds: number[] = [];
  if (request.routes) {
    const traced = new Set<number>();
    for (const id of request.selected) {
      const unit = getUnit(sim, id);
      if (unit === undefined || unit.task.kind !== 'move') continue;
      const { waypoint, task } = unit;
      if (waypoint.x !== task.target.x || waypoint.y !== task.target.y) lists.waypoints.push(unit.position.x, unit.position.y, waypoint.x, waypoint.y);
      if (traced.has(task.orderId)) continue;
      const { points } = traceRoute(sim, id, MAX_ROUTE_POINTS);
      // a unit pressed into a wall's margin has no path to trace: another of the order may
      if (points.length < 4) continue;
      traced.add(task.orderId);
      for (let i = 0; i < points.length; i += 2) lists.routes.push(points[i]!, points[i + 1]!);
      routeEnds.push(lists.routes.length);
    }
  }
  const units = listUnits(sim);
  if (request.rays) {
    for (const unit of units) {
      if (!unit.sensing.raysCast) continue;
      for (const ray of unit.sensing.rays) {
        if (ray.hitFraction >= 1) lists.raysClear.push(ray.origin.x, ray.origin.y, ray.end.x, ray.end.y);
        else lists.raysHit.push(ray.origin.x, ray.origin.y, ray.origin.x + (ray.end.x - ray.origin.x) * ray.hitFraction, ray.origin.y + (ray.end.y - ray.origin.y) * ray.hitFraction);
      }
      const threat = unit.sensing.threat;
      if (threat.kind !== 'none' && threat.ray === RAY_RELATIVE) {
        // a unit threat: where this unit will be when it touches it
        lists.raysHit.push(unit.position.x, unit.position.y, threat.point.x, threat.point.y);
        lists.threatDots.push(threat.point.x, threat.point.y, 0.08);
      }
    }
  }
  if (request.forces) {
    for (const unit of units) {
      const force = unit.avoidance.force;
      if (force.x === 0 && force.y === 0) continue;
      // 1 m per max force
      const scale = 1 / unit.maxForce;
      lists.forces.push(unit.position.x, unit.position.y, unit.position.x + force.x * scale, unit.position.y + force.y * scale);
    }
  }
  if (request.sides) {
    for (const unit of units) {
      if (unit.avoidSide === NO_SIDE) continue;
      // a dot on the unit's left (side 1) or right (side -1) of its heading
      const angle = unit.heading + (unit.avoidSide * Math.PI) / 2;
      const list = unit.avoidSide === 1 ? lists.leftDots : lists.rightDots;
      list.push(unit.position.x + Math.cos(angle) * unit.radius * 0.6, unit.position.y + Math.sin(angle) * unit.radius * 0.6, unit.radius * 0.22);
    }
  }
  if (request.velocity) {
    for (const unit of units) {
      const { x, y } = unit.velocity;
      // the distance covered in 0.5 s
      if (x * x + y * y >= 1e-4) lists.velocity.push(unit.position.x, unit.position.y, unit.position.x + x * 0.5, unit.position.y + y * 0.5);
    }
  }
  if (request.blocks) {
    situationOverlay(sim, _snapshot_segments);
    for (let i = 0; i < _snapshot_segments.length; i += 4) lists.blocks.push(_snapshot_segments[i]!, _snapshot_segments[i + 1]!, _snapshot_segments[i + 2]!, _snapshot_segments[i + 3]!);
    _snapshot_segments.length = 0;
  }
  return {
    waypoints: lists.waypoints.take(),
    routes: lists.routes.take(),
    routeEnds: Int32Array.from(routeEnds),
    raysClear: lists.raysClear.take(),
    raysHit: lists.raysHit.take(),
    threatDots: lists.threatDots.take(),
    forces: lists.forces.take(),
    leftDots: lists.leftDots.take(),
    rightDots: lists.rightDots.take(),
    velocity: lists.velocity.take(),
    blocks: lists.blocks.take(),
  };
}

/** Every unit's numbers (UNIT_STRIDE each) and ids, in creation order. */
export function packUnitStates(sim: Simulation): { ids: Int32Array; units: Float64Array } {
  const list = listUnits(sim);
  const ids = new Int32Array(list.length);
  const units = new Float64Array(list.length * UNIT_STRIDE);
  list.forEach((unit, index) => {
    const at = index * UNIT_STRIDE;
    ids[index] = unit.id;
    units[at + U_X] = unit.position.x;
    units[at + U_Y] = unit.position.y;
    units[at + U_HEADING] = unit.heading;
    units[at + U_RADIUS] = unit.radius;
    units[at + U_VX] = unit.velocity.x;
    units[at + U_VY] = unit.velocity.y;
    units[at + U_TEAM] = unit.team;
    const moving = unit.task.kind === 'move';
    units[at + U_MOVING] = moving ? 1 : 0;
    units[at + U_TARGET_X] = unit.task.kind === 'move' ? unit.task.target.x : unit.position.x;
    units[at + U_TARGET_Y] = unit.task.kind === 'move' ? unit.task.target.y : unit.position.y;
    units[at + U_WAYPOINT_X] = unit.waypoint.x;
    units[at + U_WAYPOINT_Y] = unit.waypoint.y;
  });
  return { ids, units };
}

/**
 * The snapshot of a simulation now. `obstaclesSent` is the obstacle list last sent (by identity
 * of its ids); the obstacles are included only when they changed since.
 */
export function takeSnapshot(
  sim: Simulation,
  clock: { paused: boolean; speed: number },
  metrics: { collisions: number; arrived: number },
  request: OverlayRequest,
  obstaclesSent: readonly number[] | null,
): { snapshot: Snapshot; obstacleIds: number[] } {
  const obstacleList = listObstacles(sim);
  const obstacleIds = obstacleList.map((obstacle) => obstacle.id);
  const same = obstaclesSent !== null && obstaclesSent.length === obstacleIds.length && obstacleIds.every((id, index) => id === obstaclesSent[index]);
  const { ids, units } = packUnitStates(sim);
  const timing = lastTickTiming(sim);
  const share = workerShare(sim);
  const snapshot: Snapshot = {
    tick: simulationTick(sim),
    time: simulationTime(sim),
    tickMs: timing.tickMs,
    senseMs: timing.senseMs,
    decideMs: timing.decideMs,
    physicsMs: timing.physicsMs,
    workers: simulationWorkers(sim),
    threadShare: share.sensed === 0 ? 0 : share.onThreads / share.sensed,
    paused: clock.paused,
    speed: clock.speed,
    ids,
    units,
    obstacles: same ? null : obstacleList.map((obstacle) => structuredClone(obstacle.shape) as ObstacleShape),
    overlays: buildOverlays(sim, request),
    collisions: metrics.collisions,
    arrived: metrics.arrived,
  };
  return { snapshot, obstacleIds };
}

/** The buffers of a snapshot, to transfer rather than copy. */
export function snapshotBuffers(snapshot: Snapshot): ArrayBuffer[] {
  const o = snapshot.overlays;
  return [snapshot.ids, snapshot.units, o.waypoints, o.routes, o.routeEnds, o.raysClear, o.raysHit, o.threatDots, o.forces, o.leftDots, o.rightDots, o.velocity, o.blocks].map((array) => array.buffer as ArrayBuffer);
}

