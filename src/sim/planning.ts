/**
 * Order planning: queued orders become unit tasks at the start of a tick. A group move gives each
 * unit its own slot around the target (orders/formation.ts) and one route for the whole group
 * (nav/route.ts), and says so with an `unreachable` event when the target cannot be reached (or
 * when an obstacle added later cuts units off from it: checkRoutesInFlight).
 * Routes are searched within a budget of navigation work per tick (PLAN_BUDGET): an order waits
 * its turn, its units walking straight at the target meanwhile.
 */
import { hypot } from '../math/exact';
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
import { signedDistance } from '../math/shapes';
import { bestRoomMap } from '../nav/best-rooms';
import { MAX_CLEARANCE, NAV_CELL, type NavMap, TILE_SIZE, bestFreeCell, columnOf, fillRoomsAround, obstaclesNear, rowOf, tileOf } from '../nav/navmap';
import { NEAR_COST, type Route, cellCost, createRoute, isExhausted, isKnownReached, isOnFreeGround, isUsable, limitLooks, navLayer, prepareCell, preparePoint, prepareTile, routeCost, takeRefusedTiles, unlimitLooks } from '../nav/route';
import { arrangeSlots, slotReach } from '../orders/formation';
import { type MoveOrder, groupArrivalRadiusOf } from '../orders/orders';
import { nowMs } from './clock';
import { surroundFor } from './order-follow';
import { holdGround } from './order-queue';
import { emit } from './events';
import { restartUnit } from './progress';
import { IDLE, type PlanJob, type SimulationState, type Unit, moveTask, simulatedTime } from './state';

/** metres: formation slots keep at least this much space from obstacles */
const SLOT_OBSTACLE_CLEARANCE = 0.1;

/**
 * Phase 1: queued orders become unit tasks. A stop ends tasks at once. A move is planned within
 * the tick's planning budget (`advancePlanning`): until its route is ready its units walk
 * straight at the order's target, without arriving; then each gets its slot and the route.
 * Then the rest of the tick's questions about routes are held to LOOK_BUDGET.
 */
export function applyPendingOrders(sim: SimulationState): void {
  sim.timing.planMs = 0;
  sim.timing.planWork = 0;
  unlimitLooks(sim.navMap);
  // tiles the last tick's looks down routes were refused come first among the tiles ahead
  takeRefusedTiles(sim.navMap, sim.tilesAhead);
  if (sim.pendingOrders.length > 0 || sim.planning.length > 0 || sim.routesStale || sim.tilesAhead.length > 0) plan(sim);
  limitLooks(sim.navMap, LOOK_BUDGET);
}

/** Applies the queued orders and plans within the budget (see applyPendingOrders). */
function plan(sim: SimulationState): void {
  const start = nowMs();
  const work = sim.navMap.work;
  for (const { order, orderId } of sim.pendingOrders) {
    const units = unitsOf(sim, order.unitIds);
    if (order.kind !== 'move') {
      for (const unit of units) {
        standDown(unit);
        holdGround(unit, order.kind === 'hold');
      }
      continue;
    }
    // no unit left to move (an empty list, or all removed since the order was issued)
    if (units.length === 0) continue;
    for (const unit of units) {
      holdGround(unit, false);
      unit.engagedWith = 0;
    }
    if (order.engage !== undefined) sim.engagements.set(orderId, order.engage);
    queueJob(sim, order, orderId, units);
  }
  sim.pendingOrders.length = 0;
  advancePlanning(sim);
  sim.timing.planMs = nowMs() - start;
  sim.timing.planWork = sim.navMap.work - work;
}

/**
 * Puts the order's units on it and its planning in the queue: until it is planned they walk
 * straight at its target, without arriving. Jobs wait in the order their orders were issued (an
 * order planned again after a change goes back to its own place, ahead of those issued later).
 */
function queueJob(sim: SimulationState, order: MoveOrder, orderId: number, units: readonly Unit[]): void {
  const largest = Math.max(...units.map((unit) => unit.radius));
  const target = clampIntoWorld(sim, order.target, largest);
  const stopRadius = sim.config.arrivalTolerance;
  const group = { target, radius: groupArrivalRadiusOf(units.map((unit) => unit.radius)) };
  let centroidX = 0;
  let centroidY = 0;
  for (const unit of units) {
    centroidX += unit.position.x / units.length;
    centroidY += unit.position.y / units.length;
  }
  const headingLength = hypot(target.x - centroidX, target.y - centroidY);
  for (const unit of units) {
    unit.orderHeading.x = headingLength > 1e-9 ? (target.x - centroidX) / headingLength : 0;
    unit.orderHeading.y = headingLength > 1e-9 ? (target.y - centroidY) / headingLength : 0;
    unit.orderSize = units.length;
    unit.orderFacing = order.facing ?? null;
    unit.task = moveTask(orderId, target, stopRadius, group, null, true);
    unit.waypointTick = -1;
    unit.ownRoute = null;
    restartUnit(sim, unit);
    aimAtTarget(unit);
  }
  const job: PlanJob = {
    order,
    orderId,
    target,
    clearance: navClearance(largest),
    tightClearance: navTightClearance(largest),
    route: null,
    tightRoute: null,
    fromUnit: null,
  };
  const later = sim.planning.findIndex((queued) => queued.orderId > orderId);
  if (later < 0) sim.planning.push(job);
  else sim.planning.splice(later, 0, job);
}

/** The units of `unitIds` that still exist. */
function unitsOf(sim: SimulationState, unitIds: readonly number[]): Unit[] {
  return unitIds.map((unitId) => sim.unitsById.get(unitId)).filter((unit): unit is Unit => unit !== undefined);
}

/** The units still waiting for this order's plan (a later order or a removal takes them out). */
function waitingUnits(sim: SimulationState, job: PlanJob): Unit[] {
  return unitsOf(sim, job.order.unitIds).filter((unit) => unit.task.kind === 'move' && unit.task.orderId === job.orderId);
}

/**
 * Works the routes of orders in flight again after obstacles changed, then plans queued orders in
 * turn, then makes the tiles units will soon read, until the tick's budget of navigation work is
 * spent; with what it leaves, checks that the units walking the routes worked again can still
 * reach their goals.
 */
function advancePlanning(sim: SimulationState): void {
  const deadline = sim.navMap.work + PLAN_BUDGET;
  if (sim.routesStale && !refreshRoutesInFlight(sim, deadline)) return;
  while (sim.planning.length > 0) {
    if (!advanceJob(sim, sim.planning[0]!, deadline)) return;
    sim.planning.shift();
  }
  prepareTilesAhead(sim, deadline);
  if (sim.routesStale && checkRoutesInFlight(sim, deadline)) sim.routesStale = false;
}

/**
 * With what the budget leaves, the tiles units walking their routes will soon read, in the order
 * asked (a route the planner is working again after a change is passed over: its units' tiles are
 * made then).
 */
function prepareTilesAhead(sim: SimulationState, deadline: number): void {
  const queue = sim.tilesAhead;
  let done = 0;
  while (done < queue.length) {
    const { route, tile } = queue[done]!;
    if (isUsable(route) && route.ahead.has(tile) && !prepareTile(route, tile, deadline)) break;
    route.ahead.delete(tile);
    done++;
  }
  if (done > 0) queue.splice(0, done);
}

/**
 * The routes units are walking, searched again on the map as it is now and prepared for the tiles
 * their units stand in; their units then work out their waypoints at once (routes of their own to
 * their slots are dropped, to be made again if needed), and the planner is to check that they can
 * still reach the goal (checkRoutesInFlight). Returns false when the budget ran out.
 */
function refreshRoutesInFlight(sim: SimulationState, deadline: number): boolean {
  const map = sim.navMap;
  // (asked every tick until the units are checked: made only when a route is stale)
  let stale: Map<Route, Unit[]> | null = null;
  for (const unit of sim.units) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting || task.route === null || isUsable(task.route)) continue;
    stale ??= new Map();
    const units = stale.get(task.route);
    if (units === undefined) stale.set(task.route, [unit]);
    else units.push(unit);
  }
  if (stale === null) return true;
  for (const [route, units] of stale) {
    for (const unit of units) {
      if (!prepareTile(route, tileOf(map, columnOf(map, unit.position.x), rowOf(map, unit.position.y)), deadline)) return false;
    }
    route.ready = true;
    route.recheck = true;
    for (const unit of units) {
      unit.waypointTick = -1;
      unit.ownRoute = null;
    }
  }
  return true;
}

/**
 * After obstacles changed, whether each unit walking a route worked again can still reach its
 * goal from where it stands, by the route or, as for a new order, by the narrow route the order
 * would fall back to (navTightClearance). A unit the route already knows a way from costs nothing
 * to ask; for the others the routes search as far as it takes (for a unit cut off, all the ground
 * the goal's side holds), within the budget. A unit the change left no way (its gap sealed, say)
 * is planned again: its order goes back in the queue for the units cut off alone, so they get what
 * a new order into that dead end gets (the nearest point they can reach, and an `unreachable`
 * event naming them). Units that still reach the goal keep their tasks as they are. Returns false
 * when the budget ran out first (the next tick asks again: the units found reaching cost nothing
 * then).
 */
function checkRoutesInFlight(sim: SimulationState, deadline: number): boolean {
  let lost: Unit[] | null = null;
  let done = true;
  for (const unit of sim.units) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting || task.route === null || !task.route.recheck) continue;
    // a route stale again (an obstacle changed since) is worked again first, and asked next tick
    if (!isUsable(task.route)) {
      done = false;
      continue;
    }
    const cut = isCutOff(sim, unit, task.route, deadline);
    if (cut === undefined) {
      done = false;
      break;
    }
    if (cut) (lost ??= []).push(unit);
  }
  if (lost !== null) planAgain(sim, lost);
  if (!done) return false;
  for (const unit of sim.units) if (unit.task.kind === 'move' && unit.task.route !== null) unit.task.route.recheck = false;
  return true;
}

/**
 * Whether neither `route` nor the narrow route to its goal for the unit leads anywhere from where
 * the unit stands; undefined when the budget ran out first. A unit squeezed into a pocket too
 * narrow even for the narrow route (by the crowd, between two rocks) is not measured from where it
 * stands: it is not cut off.
 */
function isCutOff(sim: SimulationState, unit: Unit, route: Route, deadline: number): boolean | undefined {
  const { x, y } = unit.position;
  if (isKnownReached(route, x, y)) return false;
  if (!preparePoint(route, x, y, deadline)) return undefined;
  if (routeCost(route, x, y) !== Infinity) return false;
  let narrow = route;
  if (route.layer.map.measure !== 'best') {
    const best = bestRoomMap(sim.navMap);
    const goal = route.requested;
    if (!fillRoomsAround(best, goal.x, goal.y, TILE_SIZE, deadline)) return undefined;
    // (for the unit's own size: planning units of one size again asks this same route, kept)
    narrow = sharedRoute(sim, navTightClearance(unit.radius), goal, best);
    if (!prepareTile(narrow, tileOf(best, columnOf(best, x), rowOf(best, y)), deadline)) return undefined;
    narrow.ready = true;
    if (!preparePoint(narrow, x, y, deadline)) return undefined;
  }
  return routeCost(narrow, x, y) === Infinity && isOnFreeGround(narrow, x, y);
}

/**
 * Puts `lost` (units cut off from their route's goal) back in the planning queue, one job per
 * order, to the point their route was asked for (the order's target, or the point it was sent to
 * instead when that was out of reach), their slots facing as the order asked.
 */
function planAgain(sim: SimulationState, lost: readonly Unit[]): void {
  const byOrder = new Map<number, Unit[]>();
  for (const unit of lost) {
    if (unit.task.kind !== 'move') continue;
    const units = byOrder.get(unit.task.orderId);
    if (units === undefined) byOrder.set(unit.task.orderId, [unit]);
    else units.push(unit);
  }
  for (const [orderId, units] of byOrder) {
    const task = units[0]!.task;
    if (task.kind !== 'move' || task.route === null) continue;
    const target = { x: task.route.requested.x, y: task.route.requested.y };
    const facing = units[0]!.orderFacing;
    queueJob(sim, { kind: 'move', unitIds: units.map((unit) => unit.id), target, ...(facing === null ? {} : { facing }) }, orderId, units);
  }
}

/**
 * One order's planning, resumed where it stopped: the route, made ready for the tiles its units
 * stand in. Returns false when the budget ran out first.
 */
function advanceJob(sim: SimulationState, job: PlanJob, deadline: number): boolean {
  const units = waitingUnits(sim, job);
  if (units.length === 0) return true;
  if (!sim.settings.navigation || sim.obstacles.length === 0) {
    assignMoveTasks(sim, units, job, null, Infinity);
    return true;
  }
  if (sim.navMap.work >= deadline) return false;
  job.route ??= sharedRoute(sim, job.clearance, job.target);
  let route = job.route;
  // whether any unit can reach the target, the nearest point they can reach when none can, and
  // the slots: each asks the route about cells it may not have searched yet, so they are searched
  // within the budget first, and the whole step is taken again next tick when the budget runs out
  let reached = reachesTarget(sim, route, units, deadline);
  if (reached === undefined) return false;
  // a way through too narrow for the margin but wide enough for the units (a door little wider
  // than they are): taken when there is no other. It is searched on the map's companion that
  // measures each cell's room at its best point (see navTightClearance).
  if (!reached) {
    const best = bestRoomMap(sim.navMap);
    // (a new route reads the tiles round its goal at once, which cost more to fill by that
    // measure: they are filled first, within the budget)
    if (job.tightRoute === null && !fillRoomsAround(best, job.target.x, job.target.y, TILE_SIZE, deadline)) return false;
    job.tightRoute ??= sharedRoute(sim, job.tightClearance, job.target, best);
    const tight = reachesTarget(sim, job.tightRoute, units, deadline);
    if (tight === undefined) return false;
    if (tight) {
      route = job.tightRoute;
      reached = true;
    }
  }
  if (!reached && route.hasGoal) {
    const goal = closestReachable(sim, units[0]!, job, deadline);
    if (goal === undefined) return false;
    if (goal !== null) {
      const rerouted = sharedRoute(sim, job.clearance, goal);
      if (!assignMoveTasks(sim, units, job, rerouted, deadline, true)) return false;
      emit(sim.events, {
        type: 'unreachable',
        orderId: job.orderId,
        unitIds: units.map((unit) => unit.id),
        requested: { x: job.target.x, y: job.target.y },
        target: { x: rerouted.goal.x, y: rerouted.goal.y },
        time: simulatedTime(sim),
      });
      return true;
    }
  }
  return assignMoveTasks(sim, units, job, route.hasGoal ? route : null, deadline);
}

/**
 * Makes `route` ready where the order's units will ask it first and says whether any of `units`
 * can reach its goal; undefined when the budget ran out first. First the ground round the target
 * where the slots are looked for (they are checked against the route; slots pushed further out by
 * rocks make their tiles ready when asked), then the tiles the units stand in. In this order the
 * coarse search puts its open sides in order for each tile round the target while it has few of
 * them, near the goal; the other way round each of those tiles put in order the whole front of a
 * search that had crossed the map.
 */
function reachesTarget(sim: SimulationState, route: Route, units: readonly Unit[], deadline: number): boolean | undefined {
  const map = sim.navMap;
  const { x, y } = route.requested;
  const reach = slotReach(units.map((unit) => unit.radius), sim.config.formationGap * Math.max(...units.map((unit) => unit.radius)));
  const corner = tileOf(map, columnOf(map, x - reach), rowOf(map, y - reach));
  const across = tileOf(map, columnOf(map, x + reach), rowOf(map, y + reach));
  for (let row = Math.floor(corner / map.tileColumns); row <= Math.floor(across / map.tileColumns); row++) {
    for (let column = corner % map.tileColumns; column <= across % map.tileColumns; column++) {
      // only the tiles the disc of that reach touches
      const dx = Math.max(column * TILE_SIZE - x, 0, x - (column + 1) * TILE_SIZE);
      const dy = Math.max(row * TILE_SIZE - y, 0, y - (row + 1) * TILE_SIZE);
      if (dx * dx + dy * dy > reach * reach) continue;
      if (!prepareTile(route, row * map.tileColumns + column, deadline)) return undefined;
    }
  }
  for (const unit of units) {
    if (!prepareTile(route, tileOf(map, columnOf(map, unit.position.x), rowOf(map, unit.position.y)), deadline)) return undefined;
  }
  route.ready = true;
  for (const unit of units) {
    if (!preparePoint(route, unit.position.x, unit.position.y, deadline)) return undefined;
    if (routeCost(route, unit.position.x, unit.position.y) !== Infinity) return true;
  }
  return false;
}

/**
 * The free point nearest the order's target that the unit can reach, of points about as near the
 * one nearer the unit along the way (searched out to UNREACHABLE_SEARCH metres from the target);
 * null when there is none that near; undefined when the budget ran out first (the search from
 * where the unit stood is kept on the job, and goes on next tick).
 */
function closestReachable(sim: SimulationState, unit: Unit, job: PlanJob, deadline: number): Vec2 | null | undefined {
  const map = sim.navMap;
  if (!fillRoomsAround(map, job.target.x, job.target.y, UNREACHABLE_SEARCH + NAV_CELL, deadline)) return undefined;
  job.fromUnit ??= createRoute(navLayer(map, job.clearance), unit.position.x, unit.position.y);
  const fromUnit = job.fromUnit;
  if (!fromUnit.hasGoal) return null;
  // When the search from the target has covered all the ground it can reach, that ground is
  // known out of the unit's reach, and the search from the unit need not cover all of its own
  // ground to find out (as it would for each such cell: a room walled in round the target would
  // have it search the whole map).
  const toTarget = job.route !== null && isExhausted(job.route) ? job.route : null;
  let short = false;
  const found = bestFreeCell(map, job.clearance, job.target.x, job.target.y, _plan_cell, UNREACHABLE_SEARCH, (column, row) => {
    if (short) return Infinity;
    if (toTarget !== null) {
      if (!prepareCell(toTarget, column, row, deadline)) short = true;
      else if (cellCost(toTarget, column, row) !== Infinity) return Infinity;
    }
    if (short || !prepareCell(fromUnit, column, row, deadline)) {
      short = true;
      return Infinity;
    }
    return UNREACHABLE_TIE_BREAK * cellCost(fromUnit, column, row);
  });
  if (short) return undefined;
  return found ? vec2((_plan_cell.column + 0.5) * NAV_CELL, (_plan_cell.row + 0.5) * NAV_CELL) : null;
}

const _plan_cell = { column: 0, row: 0 };

/** per metre of path: among points about as near an unreachable target, prefer the closer by path */
const UNREACHABLE_TIE_BREAK = 0.01;
/** metres from an unreachable target within which the closest reachable point is looked for */
const UNREACHABLE_SEARCH = 32;
/** cells of navigation work (tiles filled, cells searched) planning may spend per tick */
export const PLAN_BUDGET = 40_000;
/**
 * cells of navigation work the rest of a tick may spend making the tiles its questions about
 * routes need (units looking down their routes, their progress along them: nav/route.ts
 * limitLooks); past it, a tile not made reads as not reached until the planner makes it the next
 * tick. About 2 ms here. Of the built-ins over seeds 1 to 5 only one rock-field run asks more in a
 * tick (347,000); a group's first look from the corner of a 200 m rock map asked 1.9 million.
 */
export const LOOK_BUDGET = 200_000;
/** routes kept for reuse by later orders to the same place */
const ROUTE_CACHE = 64;

/**
 * The route to `target` for `clearance`: an earlier order's to the same cell when it is still
 * kept (it starts its search again by itself if obstacles changed since), else a new one.
 */
function sharedRoute(sim: SimulationState, clearance: number, target: ReadonlyVec2, map: NavMap = sim.navMap): Route {
  const key = `${map.measure}:${Math.round(clearance * 1000)}:${columnOf(map, target.x)}:${rowOf(map, target.y)}`;
  const known = sim.routes.get(key);
  if (known !== undefined && known.requested.x === target.x && known.requested.y === target.y) {
    sim.routes.delete(key);
    sim.routes.set(key, known);
    return known;
  }
  const route = createRoute(navLayer(map, clearance), target.x, target.y);
  sim.routes.set(key, route);
  if (sim.routes.size > ROUTE_CACHE) sim.routes.delete(sim.routes.keys().next().value!);
  return route;
}

/**
 * Gives a route to the units walking an order that has none (planned while the world had no
 * obstacles, or with routes off then on): one per order, to the group's point, for its largest
 * unit. Called when an obstacle is added; the planner prepares the route on the next tick.
 */
export function routeOrdersInFlight(sim: SimulationState): void {
  if (!sim.settings.navigation) return;
  const byOrder = new Map<number, Unit[]>();
  for (const unit of sim.units) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting || task.route !== null) continue;
    const units = byOrder.get(task.orderId);
    if (units === undefined) byOrder.set(task.orderId, [unit]);
    else units.push(unit);
  }
  for (const units of byOrder.values()) {
    const first = units[0]!.task;
    if (first.kind !== 'move') continue;
    const target = first.group?.target ?? first.target;
    const route = sharedRoute(sim, navClearance(Math.max(...units.map((unit) => unit.radius))), target);
    // prepared by the planner within its budget, like any route after a change
    route.ready = false;
    for (const unit of units) {
      const task = unit.task;
      if (task.kind !== 'move') continue;
      unit.task = moveTask(task.orderId, task.target, task.stopRadius, task.group, route, task.waiting);
      unit.waypointTick = -1;
    }
  }
}

/** metres: the clearance a route keeps for units up to `radius` */
export function navClearance(radius: number): number {
  return Math.min(MAX_CLEARANCE, radius + NAV_MARGIN);
}

/**
 * Metres: the clearance of the narrow route an order falls back to when no way keeping
 * `navClearance` reaches the target. It is searched on the navigation map's companion that
 * measures each cell's room at its best point (nav/navmap.ts bestRoomMap): every cell it crosses
 * has a point keeping TIGHT_MARGIN beyond the radius, so a gap wider than the unit by twice
 * TIGHT_MARGIN and the sampling's few centimetres is open wherever the grid's lines fall across it.
 * By the map's own measure (what every point of a cell keeps: the middle's room less half the
 * cell's diagonal) a door 1.2 m wide for units 1 m across was open only when a cell's middle lay
 * within 5 cm of the door's middle, and one up to 1.35 m wide not always.
 */
export function navTightClearance(radius: number): number {
  return Math.min(MAX_CLEARANCE, radius + TIGHT_MARGIN);
}

/**
 * Gives the units their tasks: a lone unit the target, a group its slots around it. Returns false,
 * giving nothing, when the slots' checks along the route ran out of budget first (taken again next
 * tick).
 */
function assignMoveTasks(sim: SimulationState, units: Unit[], job: PlanJob, route: Route | null, deadline: number, rerouted = false): boolean {
  const { orderId } = job;
  const stopRadius = sim.config.arrivalTolerance;
  const largest = Math.max(...units.map((unit) => unit.radius));
  let target = job.target;
  if (units.length === 1) {
    // a lone unit goes to the target, or where the route ends when the target is not free ground
    const unit = units[0]!;
    const blocked = route !== null && (rerouted || !isFreeGround(sim, target.x, target.y, unit.radius));
    const end = blocked ? vec2(route.goal.x, route.goal.y) : target;
    startWalking(unit);
    unit.task = moveTask(orderId, clampIntoWorld(sim, end, unit.radius), stopRadius, null, route, false);
    aimAtTarget(unit);
    return true;
  }
  // a group keeps its target (its slots are placed on free ground around it) unless the target
  // could not be reached at all
  if (route !== null && rerouted) target = vec2(route.goal.x, route.goal.y);
  const group = { target, radius: groupArrivalRadiusOf(units.map((unit) => unit.radius)) };
  let short = false;
  const gap = sim.config.formationGap * largest;
  const slots = arrangeSlots({
    units,
    target,
    gap,
    ...surroundFor(sim, job.order.engage, gap),
    area: { minX: 0, minY: 0, maxX: sim.settings.width, maxY: sim.settings.height },
    // free ground that the route reaches from the target's side, not from behind a wall
    isFree: (x, y, radius) => {
      // once the budget is spent every point passes, so the arrangement ends at once (it is
      // thrown away, and made again next tick)
      if (short) return true;
      if (!isFreeGround(sim, x, y, radius)) return false;
      if (route === null) return true;
      const near = nearAlongRoute(route, target, x, y);
      if (!preparePoint(route, x, y, deadline, near)) {
        short = true;
        return true;
      }
      return routeCost(route, x, y, near) <= near;
    },
    ...(job.order.facing === undefined ? {} : { facing: job.order.facing }),
  });
  if (short) return false;
  units.forEach((unit, index) => {
    startWalking(unit);
    unit.task = moveTask(orderId, clampIntoWorld(sim, slots[index]!, unit.radius), stopRadius, group, route, false);
    aimAtTarget(unit);
  });
  return true;
}

/** The unit works out its waypoint afresh, on the order's route (a route of its own is dropped). */
function startWalking(unit: Unit): void {
  unit.waypointTick = -1;
  unit.ownRoute = null;
}

/** metres of margin routes keep beyond the largest unit's radius */
const NAV_MARGIN = 0.15;
/** metres beyond the largest unit's radius a point of each of a fallback route's cells keeps
 * (navTightClearance) */
const TIGHT_MARGIN = 0.05;

/**
 * Metres: the longest way along the route from (x, y) that is about as direct as a straight line
 * from the order's target (a slot on the far side of a wall is near the target in a straight line,
 * not along the route). The route's search goes no further than this for the point: a pocket of
 * free ground walled in near the target would otherwise have it search all the ground it reaches.
 */
function nearAlongRoute(route: Route, target: ReadonlyVec2, x: number, y: number): number {
  const straight = hypot(x - target.x, y - target.y) + hypot(route.goal.x - target.x, route.goal.y - target.y);
  return NEAR_COST * straight + 2 * NEAR_COST * NAV_CELL;
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
  for (const geometry of obstaclesNear(sim.navMap, x, y, reach)) {
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
