/**
 * Route following: a unit on a routed order heads for the furthest point down its order's route
 * that it can see in a straight line (its waypoint, looked up every WAYPOINT_INTERVAL ticks, and
 * at once after an obstacle changed), and walks straight to its own slot once that is clear.
 */
import { hypot } from '../math/exact';
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import { NAV_CELL, columnOf, isClearLine, isFreeCell, nearestFreeCell, rowOf } from '../nav/navmap';
import { isNarrowPassageAt, passagesAhead } from '../nav/passages';
import { NEAR_COST, type Route, askAhead, cellCost, createRoute, isUsable, passagesDown, routeCost, steerPoint } from '../nav/route';
import type { SimulationState, Unit } from './state';

const WAYPOINT_INTERVAL = 15;
/** Whether a passage is close ahead on the unit's way: it queues there with its order (Unit.queueRank). */
export function isQueueing(unit: Unit): boolean {
  return unit.passageDistance < QUEUE_RANGE;
}

/**
 * Where the line to the unit's waypoint comes into the passage `passageDistance` metres down it
 * (into `out.x`, `out.y`): whether that passage takes one unit at a time is asked there
 * (isNarrowPassageAt, its wall margin counted).
 */
function entryPoint(unit: Unit, out: { passage: number; x: number; y: number }): void {
  const dx = unit.waypoint.x - unit.position.x;
  const dy = unit.waypoint.y - unit.position.y;
  const length = Math.sqrt(dx * dx + dy * dy);
  const along = length > 1e-9 && out.passage < Infinity ? out.passage / length : 0;
  out.x = unit.position.x + dx * along;
  out.y = unit.position.y + dy * along;
}

/** metres of path a unit looks down its route for the furthest point in clear line */
const ROUTE_LOOK_AHEAD = 12;
/** metres: a unit this close to a passage on its way queues there (see Unit.queueRank) */
const QUEUE_RANGE = 4;

/**
 * Looks down the unit's route (in the sense phase, so the situations deciding this tick read what
 * it finds now): its waypoint, the furthest point of the route in clear line (its target when
 * that is in clear line), and the passages and doors on its way there (`passageDistance`,
 * `doorDistance`, `queueSingleFile`). Worked out again every WAYPOINT_INTERVAL ticks, or at once
 * when the unit is within a metre of its waypoint.
 */
export function lookDownRoute(sim: SimulationState, unit: Unit, route: Route, target: ReadonlyVec2): void {
  const dx = unit.waypoint.x - unit.position.x;
  const dy = unit.waypoint.y - unit.position.y;
  // while the planner works a route again after an obstacle changed, the unit keeps its waypoint
  const usable = isUsable(route) && (unit.ownRoute === null || isUsable(unit.ownRoute));
  const due = usable && (unit.waypointTick < 0 || (sim.tick + unit.id) % WAYPOINT_INTERVAL === 0 || dx * dx + dy * dy < 1);
  if (due) {
    unit.waypointTick = sim.tick;
    const field = unit.ownRoute ?? route;
    if (isStraightToTarget(unit, route, target) || !steerPoint(field, unit.position.x, unit.position.y, ROUTE_LOOK_AHEAD, unit.waypoint)) {
      unit.waypoint.x = target.x;
      unit.waypoint.y = target.y;
    } else if (unit.ownRoute === null && isAtBottom(unit)) {
      // the group's route ends here, its slot is round an obstacle the route does not go round:
      // a route of its own to its slot (built once, for this unit only)
      unit.ownRoute = createRoute(route.layer, target.x, target.y);
      if (!steerPoint(unit.ownRoute, unit.position.x, unit.position.y, ROUTE_LOOK_AHEAD, unit.waypoint)) {
        unit.waypoint.x = target.x;
        unit.waypoint.y = target.y;
      }
    }
    if (unit.waypoint.x !== target.x || unit.waypoint.y !== target.y) askBeyond(sim, field, unit);
    const { map, clearance } = field.layer;
    // the passages on its way to its waypoint; on a route measured at the cells' best points, whose
    // waypoints stop short of a gap the unit cannot see through, down the route as far
    if (map.measure === 'best') {
      passagesDown(field, unit.position.x, unit.position.y, ROUTE_LOOK_AHEAD, _route_passages);
    } else {
      passagesAhead(map, clearance, unit.position.x, unit.position.y, unit.waypoint.x, unit.waypoint.y, _route_passages);
      entryPoint(unit, _route_passages);
    }
    unit.passageDistance = _route_passages.passage;
    unit.doorDistance = _route_passages.door;
    unit.queueSingleFile = unit.passageDistance < Infinity && isNarrowPassageAt(map, clearance, _route_passages.x, _route_passages.y, true);
  }
}

/**
 * Turns the preferred velocity toward the unit's waypoint (lookDownRoute) when its target is not
 * in clear line: same speed, the route's direction.
 */
export function followRoute(unit: Unit, target: ReadonlyVec2, preferred: Vec2): void {
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
 * Asks the planner for the tiles a look-ahead beyond the unit's waypoint (straight on, and half a
 * look-ahead to either side, where the route may bend or the way down it read across a tile's
 * border), those not made yet: the unit will look down the route there in a few seconds, and
 * the planner makes them with what its budget leaves instead of the look making them then.
 */
function askBeyond(sim: SimulationState, route: Route, unit: Unit): void {
  const dx = unit.waypoint.x - unit.position.x;
  const dy = unit.waypoint.y - unit.position.y;
  const length = Math.sqrt(dx * dx + dy * dy);
  if (length < 1e-9) return;
  const ux = dx / length;
  const uy = dy / length;
  const x = unit.waypoint.x + ux * ROUTE_LOOK_AHEAD;
  const y = unit.waypoint.y + uy * ROUTE_LOOK_AHEAD;
  for (let side = -1; side <= 1; side++) {
    const tile = askAhead(route, x - uy * side * ROUTE_LOOK_AHEAD * 0.5, y + ux * side * ROUTE_LOOK_AHEAD * 0.5);
    if (tile >= 0) sim.tilesAhead.push({ route, tile });
  }
}

/** metres: a waypoint this close means the route has nowhere further to lead the unit */
const ROUTE_END = 0.75;

/** Whether the route's next point is (about) where the unit already stands. */
function isAtBottom(unit: Unit): boolean {
  const dx = unit.waypoint.x - unit.position.x;
  const dy = unit.waypoint.y - unit.position.y;
  return dx * dx + dy * dy < ROUTE_END * ROUTE_END;
}

/**
 * Whether the unit may walk straight to its target (its slot): the line is clear on the grid;
 * or, for a slot in a wall's margin (which the grid keeps clear of, though a unit's disc fits
 * there), the unit is about as far along the route as its slot (a group's route leads to the
 * group's target, not to each slot) and the line to the free ground next to the slot is clear.
 * Measured along the route, so a slot just behind a thin wall is not "near".
 */
function isStraightToTarget(unit: Unit, route: Route, target: ReadonlyVec2): boolean {
  const map = route.layer.map;
  const clearance = route.layer.clearance;
  // lines as the route sees them (nav/route.ts steerPoint)
  if (isClearLine(map.base, clearance, unit.position.x, unit.position.y, target.x, target.y)) return true;
  const near = NEAR_COST * (clearance + 3 * NAV_CELL);
  if (routeCost(route, unit.position.x, unit.position.y) > routeCost(route, target.x, target.y) + near) return false;
  // already in the margin beside its slot (a unit's disc fits there): the last step
  const close = clearance + 2 * NAV_CELL;
  const inMargin = !isFreeCell(map, clearance, columnOf(map, unit.position.x), rowOf(map, unit.position.y));
  if ((target.x - unit.position.x) * (target.x - unit.position.x) + (target.y - unit.position.y) * (target.y - unit.position.y) < close * close && inMargin) return true;
  if (!nearestFreeCell(map, clearance, target.x, target.y, _route_beside, close, (column, row) => cellCost(route, column, row) !== Infinity)) return false;
  const besideX = (_route_beside.column + 0.5) * NAV_CELL;
  const besideY = (_route_beside.row + 0.5) * NAV_CELL;
  if (hypot(besideX - target.x, besideY - target.y) > close) return false;
  return isClearLine(map.base, clearance, unit.position.x, unit.position.y, besideX, besideY);
}

const _route_beside = { column: 0, row: 0 };
const _route_passages = { passage: Infinity, door: Infinity, x: 0, y: 0 };
