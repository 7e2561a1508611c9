/**
 * Progress toward a unit's target. A unit on a move order that has not come STUCK_PROGRESS metres
 * nearer its target (along its route when it has one) counts as stalled, unless a situation holds
 * it back (Unit.held: waiting is not being stuck) or it is a group member slowing to a stand near
 * its slot; after STUCK_REPORT_TIME seconds stalled a `stuck` event reports it, once per order.
 * What a stalled unit does about it is the stuck-recovery situation's (situations/stuck-recovery.ts).
 */
import { hypot } from '../math/exact';
import { distanceSquared } from '../math/vec2';
import { routeCost } from '../nav/route';
import { emit } from './events';
import { type MoveTask, type SimulationState, type Unit, newProgress, simulatedTime } from './state';

/** metres a unit must come nearer its target to count as progress */
const STUCK_PROGRESS = 1;
/** seconds without progress before a recovery (situations/stuck-recovery.ts) */
export const STUCK_TIME = 5;
/** seconds without progress before a `stuck` event */
const STUCK_REPORT_TIME = 20;
/** metres further from its target than its best at which a unit's progress is measured afresh
 * from where it stands: carried back by a crowd, it is not stuck once free, and walking home it
 * comes nearer from there, not from the best it had before */
const CARRIED_BACK = 3;

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

/** Tracks the unit's progress after the physics step (Progress.status), raising `stuck` once per order. */
export function trackProgress(sim: SimulationState, unit: Unit, task: MoveTask): void {
  const progress = unit.progress;
  const time = simulatedTime(sim);
  if (progress.since < 0) progress.since = time;
  const remaining = remainingDistance(unit, task);
  // held back by a situation (its turn at a door, say): waiting, not stuck; carried back by a
  // crowd: measured afresh from here
  if (remaining <= progress.best - STUCK_PROGRESS || progress.best === Infinity || unit.held || remaining > progress.best + CARRIED_BACK) {
    progress.best = remaining;
    progress.since = time;
    progress.status = 'moving';
    return;
  }
  // a group member slowing to a stand near its slot is not stuck: it is about to count as arrived
  if (task.group !== null && unit.slowTime > 0 && distanceSquared(unit.position, task.group.target) <= task.group.radius * task.group.radius) {
    progress.status = 'settling';
    return;
  }
  progress.status = 'stalled';
  const waited = time - progress.since;
  if (!progress.reported && waited >= STUCK_REPORT_TIME) {
    progress.reported = true;
    const straight = hypot(task.target.x - unit.position.x, task.target.y - unit.position.y);
    emit(sim.events, { type: 'stuck', unitId: unit.id, orderId: task.orderId, position: { x: unit.position.x, y: unit.position.y }, remaining: straight, time });
  }
}

/** A unit's task was replaced (a new order, a traded slot): progress is measured afresh, and the
 * situations drop what they kept of its last task. */
export function restartUnit(sim: SimulationState, unit: Unit): void {
  unit.progress = newProgress();
  for (const situation of sim.situations.restarts) situation.restart!(sim, unit);
}
