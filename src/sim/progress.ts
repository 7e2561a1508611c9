/**
 * Progress and stuck recovery. A unit on a move order that has not come STUCK_PROGRESS metres
 * nearer its target (along its route when it has one) for STUCK_TIME seconds, and is not held up
 * by other units (no unit threat, no neighbour crowding it), tries to recover, in turn: it waits
 * (stands, still avoiding) for RECOVERY_TIME, then takes the other side, walking off at an angle
 * to its way for RECOVERY_TIME, and so on, alternating the side. After STUCK_REPORT_TIME seconds
 * without progress a `stuck` event reports it, once per order; it keeps trying.
 */
import { cos, hypot, sin } from '../math/exact';
import { type Vec2, distanceSquared, lengthSquared } from '../math/vec2';
import { routeCost } from '../nav/route';
import { emit } from './events';
import { type MoveTask, type SimulationState, type Unit, simulatedTime } from './state';

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

/**
 * How far the unit still has to go, for measuring progress: the route's cost when it has a route
 * (metres, steps along walls counted double; from the nearest free cell when pressed into a
 * wall's margin), else the straight distance. One measure per order, so progress compares like
 * with like.
 */
function remainingDistance(unit: Unit, task: MoveTask): number {
  const straight = hypot(task.target.x - unit.position.x, task.target.y - unit.position.y);
  if (task.route === null) return straight;
  const cost = routeCost(task.route, unit.position.x, unit.position.y);
  return Number.isFinite(cost) ? cost : straight;
}

export function trackProgress(sim: SimulationState, unit: Unit, task: MoveTask): void {
  const progress = unit.progress;
  const time = simulatedTime(sim);
  if (progress.since < 0) progress.since = time;
  if (progress.recovery !== 'none' && time >= progress.until) progress.recovery = 'none';
  const remaining = remainingDistance(unit, task);
  // holding back for another order's turn at a door (doors.ts) is waiting, not being stuck
  if (remaining <= progress.best - STUCK_PROGRESS || progress.best === Infinity || unit.heldAtDoor) {
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
    const straight = hypot(task.target.x - unit.position.x, task.target.y - unit.position.y);
    emit(sim.events, { type: 'stuck', unitId: unit.id, orderId: task.orderId, position: { x: unit.position.x, y: unit.position.y }, remaining: straight, time });
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
export function applyRecovery(unit: Unit, preferred: Vec2): void {
  const progress = unit.progress;
  if (progress.recovery === 'wait') {
    preferred.x = 0;
    preferred.y = 0;
  } else if (progress.recovery === 'other-side') {
    // odd attempts wait; the even ones take a side, alternating: 2 -> left, 4 -> right, 6 -> left, ...
    const angle = (progress.attempts / 2) % 2 === 1 ? OTHER_SIDE_ANGLE : -OTHER_SIDE_ANGLE;
    const c = cos(angle);
    const s = sin(angle);
    const x = preferred.x * c - preferred.y * s;
    preferred.y = preferred.x * s + preferred.y * c;
    preferred.x = x;
  }
}

