/** Orders as plain data: clicks on the page, scenario files and tests all produce these. */
import type { ReadonlyVec2, Vec2 } from '../math/vec2';

/** Move the units to a point as one group. Clicks, scenarios and tests all produce this. */
export interface MoveOrder {
  readonly kind: 'move';
  readonly unitIds: readonly number[];
  /** metres, world frame; clamped into the world (see `issueOrder`) */
  readonly target: ReadonlyVec2;
  /** the direction a group's arrangement faces at the target (any length but zero); default the
   * direction of travel */
  readonly facing?: ReadonlyVec2;
  /** true: after the units' orders already given (their queue), not in place of them */
  readonly queue?: boolean;
  /** an attack-move: a unit stops while a unit of another team (of `teams`, when given) is within
   * `range` metres of it (disc to disc), and walks on once none is */
  readonly engage?: Engage;
}

/** What stops a unit on an attack-move (MoveOrder.engage). */
export interface Engage {
  /** metres between the discs' edges: 0 to MAX_ENGAGE_RANGE */
  readonly range: number;
  /** the teams it stops for (default: every team but its own) */
  readonly teams?: readonly number[];
  /** (the engine's, for a follow) this unit only, and no events */
  readonly targetId?: number;
}

/**
 * Follow a unit: keep within `range` metres of it (disc to disc) as it moves, the units walking
 * to it as a group (so they spread round it) and stopping once within range; the way is planned
 * again as it moves on. When it is removed, a `target-lost` event, and the units stop.
 */
export interface FollowOrder {
  readonly kind: 'follow';
  readonly unitIds: readonly number[];
  readonly targetId: number;
  /** metres between the discs' edges: 0 to MAX_ENGAGE_RANGE */
  readonly range: number;
}

/** A follow order under way (sim/order-follow.ts). */
export interface Following {
  readonly orderId: number;
  readonly unitIds: number[];
  readonly targetId: number;
  readonly range: number;
  /** metres: where its units were last sent (the target's place then); null before the first */
  aim: { x: number; y: number } | null;
  /** whether the target stood when they were last sent (they were sent round it, a surround) */
  aimStanding: boolean;
}

/** metres: the largest engage range */
export const MAX_ENGAGE_RANGE = 1000;

/**
 * Walk the points in a loop as one group: to the first, the next, ..., the last, the first again,
 * until given another order. One point: between where the group stands and the point.
 */
export interface PatrolOrder {
  readonly kind: 'patrol';
  readonly unitIds: readonly number[];
  /** metres, world frame: 1 to MAX_PATROL_POINTS points */
  readonly points: readonly ReadonlyVec2[];
  /** as a move's, at every point */
  readonly facing?: ReadonlyVec2;
  /** true: after the units' orders already given (their queue) */
  readonly queue?: boolean;
}

/** points a patrol may have */
export const MAX_PATROL_POINTS = 64;

/**
 * A move waiting in its units' queues (sim/order-queue.ts): it starts, as one group move of the units
 * still waiting for it, once it is next for every one of them and every one of them stands idle.
 */
export interface QueuedStep {
  /** the id its order was given (a patrol's legs all run under the patrol's) */
  readonly orderId: number;
  /** the units waiting for it (removed as they are given other orders or removed) */
  readonly unitIds: number[];
  readonly target: Vec2;
  readonly facing: ReadonlyVec2 | null;
  /** a queued hold (the units hold where they stand when it starts; `target` is not used) */
  readonly hold: boolean;
  /** a queued attack-move's engage */
  readonly engage: Engage | null;
  /** for a patrol's leg: the patrol's points and which of them this leg walks to */
  readonly patrol: { readonly points: readonly ReadonlyVec2[]; readonly index: number } | null;
}

/**
 * Hold position: the units stop where they are and stand their ground: they make no way for
 * friends, are hard to shove (see docs/api.md), and walk back to where they stand if pushed off.
 * Enemies still collide with them. Until their next order.
 */
export interface HoldOrder {
  readonly kind: 'hold';
  readonly unitIds: readonly number[];
  /** true: once the units' orders so far are done (their queue) */
  readonly queue?: boolean;
}

/** What the simulation keeps to raise the `replaced` and `done` events (sim/order-events.ts). */
export interface OrderBook {
  /** open move orders, by id in the order issued: the units that arrived so far */
  readonly open: Map<number, number[]>;
  /** scratch: units walking each open order this tick */
  readonly walking: Map<number, number>;
}

/** Stop the units where they are. */
export interface StopOrder {
  readonly kind: 'stop';
  readonly unitIds: readonly number[];
}

export type Order = MoveOrder | PatrolOrder | HoldOrder | FollowOrder | StopOrder;

/**
 * The radius around a goal shared by `groupSize` units of radius `unitRadius` within which a
 * unit counts as arrived: max(1 m, 2 r sqrt(n)), large enough for the whole group to stand around
 * the point. The metrics use the same definition (see `groupArrivalRadiusOf` for mixed sizes).
 */
export function groupArrivalRadius(unitRadius: number, groupSize: number): number {
  return Math.max(1, 2 * unitRadius * Math.sqrt(Math.max(1, groupSize)));
}

/**
 * The same radius for a group of units of any sizes (their radii): max(1 m, 2 sqrt(sum of
 * r^2)), the circle with room for a square 2 r on a side per unit, as for n units of one size
 * (then it equals `groupArrivalRadius(r, n)`).
 */
export function groupArrivalRadiusOf(radii: Iterable<number>): number {
  let sum = 0;
  let count = 0;
  let first = NaN;
  let uniform = true;
  for (const radius of radii) {
    sum += radius * radius;
    if (count++ === 0) first = radius;
    else if (radius !== first) uniform = false;
  }
  // one size: exactly groupArrivalRadius's figure (the two differ by rounding only)
  if (uniform) return groupArrivalRadius(count === 0 ? 0 : first, count);
  return Math.max(1, 2 * Math.sqrt(sum));
}
