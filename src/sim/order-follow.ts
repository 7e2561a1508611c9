/**
 * Follow orders (docs/api.md, "Orders"): keep within a range of a moving unit. Each is given to
 * the engine as a group move to where the target stands, under the follow's id, with an engage on
 * the target alone: a unit stops (held, not stuck) once within range of it. The move is given
 * again, the way planned anew, once the target has moved on by more than half the range (at least
 * a metre) and the last move's planning is done, and when it comes to a stand (then the units are
 * sent all the way round it: orders/surround.ts). A follow ends when its units get other orders;
 * when its target is removed, a `target-lost` event and its units stop.
 */
import { hypot } from '../math/exact';
import type { Around } from '../orders/surround';
import type { Engage, FollowOrder, Following } from '../orders/orders';
import { emit } from './events';
import { openOrder } from './order-events';
import { type SimulationState, simulatedTime } from './state';

/** metres: a target this far from where its followers were last sent sends them again (at least) */
const MIN_RE_AIM = 1;
/** m/s: a target slower than this stands: its followers are sent round it (planning.ts) */
const STANDING_SPEED = 0.3;

/** Whether a followed unit stands (its followers then take places all the way round it). */
function standsStill(unit: { readonly velocity: { readonly x: number; readonly y: number } }): boolean {
  return hypot(unit.velocity.x, unit.velocity.y) < STANDING_SPEED;
}

/**
 * For a follow's group move (planning.ts): once the unit followed stands, its units take places all
 * the way round it, the inner ring within half the range (and no further out than the formation's
 * `gap`); while it walks, the usual arrangement.
 */
export function surroundFor(state: SimulationState, engage: Engage | undefined, gap: number): { around?: Around } {
  const followed = engage?.targetId === undefined ? undefined : state.unitsById.get(engage.targetId);
  if (followed === undefined || !standsStill(followed)) return {};
  return { around: { radius: followed.radius, gap: Math.min(gap, engage!.range / 2) } };
}

export function startFollowing(state: SimulationState, order: FollowOrder, orderId: number): void {
  state.follows.push({ orderId, unitIds: [...order.unitIds], targetId: order.targetId, range: order.range, aim: null, aimStanding: false });
}

/** An order given to `unitIds` (not a queued one): they follow no more. */
export function stopFollowing(state: SimulationState, unitIds: readonly number[]): void {
  if (state.follows.length === 0) return;
  const leaving = new Set(unitIds);
  for (const follow of state.follows) {
    const staying = follow.unitIds.filter((unitId) => !leaving.has(unitId));
    follow.unitIds.length = 0;
    follow.unitIds.push(...staying);
  }
  dropEmpty(state);
}

/** A unit removed: it follows no more (a target removed is found at the next tick). */
export function forgetFollower(state: SimulationState, unitId: number): void {
  if (state.follows.length > 0) stopFollowing(state, [unitId]);
}

function dropEmpty(state: SimulationState): void {
  const kept = state.follows.filter((follow) => follow.unitIds.length > 0);
  state.follows.length = 0;
  state.follows.push(...kept);
}

/** At the start of a tick, before the orders given since the last are applied: every follow's
 * units are sent (again) to its target when it has moved on, or stopped when it is gone. */
export function steerFollowers(state: SimulationState): void {
  if (state.follows.length === 0) return;
  const ended: Following[] = [];
  for (const follow of state.follows) {
    const target = state.unitsById.get(follow.targetId);
    if (target === undefined) {
      ended.push(follow);
      emit(state.events, { type: 'target-lost', orderId: follow.orderId, targetId: follow.targetId, unitIds: [...follow.unitIds], time: simulatedTime(state) });
      state.pendingOrders.push({ order: { kind: 'stop', unitIds: [...follow.unitIds] }, orderId: follow.orderId });
      continue;
    }
    const { x, y } = target.position;
    const aim = follow.aim;
    const moved = aim === null ? Infinity : hypot(x - aim.x, y - aim.y);
    // sent again once it has moved on, or once it stands where they were sent as it walked (then
    // round it)
    const standing = standsStill(target);
    if (moved <= Math.max(MIN_RE_AIM, follow.range / 2) && (!standing || follow.aimStanding)) continue;
    if (state.planning.some((job) => job.orderId === follow.orderId)) continue;
    follow.aim = { x, y };
    follow.aimStanding = standing;
    state.pendingOrders.push({
      order: { kind: 'move', unitIds: [...follow.unitIds], target: { x, y }, engage: { range: follow.range, targetId: follow.targetId } },
      orderId: follow.orderId,
    });
    openOrder(state, follow.orderId);
  }
  if (ended.length > 0) {
    const left = state.follows.filter((follow) => !ended.includes(follow));
    state.follows.length = 0;
    state.follows.push(...left);
  }
}
