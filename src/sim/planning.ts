/**
 * Order planning: queued orders become unit tasks at the start of a tick. A group move gives each
 * unit its own slot around the target (orders/formation.ts) and one route for the whole group
 * (a flow field on the navigation grid, nav/grid.ts), and says so with an `unreachable` event
 * when the target cannot be reached.
 */
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
import { signedDistance } from '../math/shapes';
import { type FlowField, type NavGrid, NEAR_COST, buildFlowField, buildNavGrid, cellCentre, nearestFreeCell, routeCost } from '../nav/grid';
import { arrangeSlots } from '../orders/formation';
import { type MoveOrder, groupArrivalRadius } from '../orders/orders';
import { DEFAULT_UNIT } from './defaults';
import { emit } from './events';
import { IDLE, type SimulationState, type Unit, newProgress, simulatedTime } from './state';

/** metres: formation slots keep at least this much space from obstacles */
const SLOT_OBSTACLE_CLEARANCE = 0.1;

/** Phase 1: turn queued orders into unit tasks; a group move gives each unit its own slot. */
export function applyPendingOrders(sim: SimulationState): void {
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

function assignMoveTasks(sim: SimulationState, units: Unit[], order: MoveOrder, orderId: number): void {
  const stopRadius = sim.config.arrivalTolerance;
  const largest = Math.max(...units.map((unit) => unit.radius));
  let target = clampIntoWorld(sim, order.target, largest);
  const route = planRoute(sim, units, target, orderId);
  for (const unit of units) {
    unit.waypointTick = -1;
    unit.ownRoute = null;
    unit.progress = newProgress();
  }
  if (units.length === 1) {
    // a lone unit goes to the target, or where the route ends when the target is not free ground
    const unit = units[0]!;
    const blocked = route !== null && (route.unreachable || !isFreeGround(sim, target.x, target.y, unit.radius));
    const end = blocked ? vec2(route.goal.x, route.goal.y) : target;
    unit.task = { kind: 'move', orderId, target: clampIntoWorld(sim, end, unit.radius), stopRadius, group: null, route };
    aimAtTarget(unit);
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
    aimAtTarget(unit);
  });
}

/**
 * The flow field for a move order, or null when the world has no obstacles (units walk
 * straight). A target on blocked ground moves to the nearest free point. When no unit of the
 * order can reach it (walled in), the target moves to the free point closest to it that the
 * first unit can reach (of points about as close, the one nearer the unit by path), and an
 * `unreachable` event says so.
 */
function planRoute(sim: SimulationState, units: readonly Unit[], target: Vec2, orderId: number): (FlowField & { unreachable: boolean }) | null {
  if (!sim.settings.navigation || sim.obstacles.length === 0) return null;
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
  emit(sim.events, {
    type: 'unreachable',
    orderId,
    unitIds: units.map((unit) => unit.id),
    requested: { x: target.x, y: target.y },
    target: { x: rerouted.goal.x, y: rerouted.goal.y },
    time: simulatedTime(sim),
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
function navGrid(sim: SimulationState): NavGrid {
  const clearance = Math.max(...sim.units.map((unit) => unit.radius), DEFAULT_UNIT.radius) + NAV_MARGIN;
  if (sim.nav !== null && sim.nav.clearance >= clearance) return sim.nav;
  const { width, height } = sim.settings;
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
function clampIntoWorld(sim: SimulationState, point: ReadonlyVec2, radius: number): Vec2 {
  const { width, height } = sim.settings;
  return vec2(Math.min(width - radius, Math.max(radius, point.x)), Math.min(height - radius, Math.max(radius, point.y)));
}

/** Whether a disc may stand at (x, y): inside the walls and clear of every obstacle. */
function isFreeGround(sim: SimulationState, x: number, y: number, radius: number): boolean {
  const { width, height } = sim.settings;
  if (x < radius || y < radius || x > width - radius || y > height - radius) return false;
  const reach = radius + SLOT_OBSTACLE_CLEARANCE;
  for (const { geometry } of sim.obstacles) {
    if (x < geometry.minX - reach || x > geometry.maxX + reach || y < geometry.minY - reach || y > geometry.maxY + reach) continue;
    if (signedDistance(geometry, x, y) < reach) return false;
  }
  return true;
}

/** Makes the unit's target its waypoint (a routed unit works out its own on the first tick). */
function aimAtTarget(unit: Unit): void {
  if (unit.task.kind !== 'move') return;
  unit.waypoint.x = unit.task.target.x;
  unit.waypoint.y = unit.task.target.y;
}

/** Ends the unit's task: it holds its ground where it is now. */
export function standDown(unit: Unit): void {
  unit.task = IDLE;
  unit.home.x = unit.position.x;
  unit.home.y = unit.position.y;
}
