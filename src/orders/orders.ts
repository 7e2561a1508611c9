/** Orders as plain data: clicks on the page, scenario files and tests all produce these. */
import type { ReadonlyVec2 } from '../math/vec2';

/** Move the units to a point as one group. Clicks, scenarios and tests all produce this. */
export interface MoveOrder {
  readonly kind: 'move';
  readonly unitIds: readonly number[];
  /** metres, world frame; clamped into the world (see `issueOrder`) */
  readonly target: ReadonlyVec2;
  /** the direction a group's arrangement faces at the target (any length but zero); default the
   * direction of travel */
  readonly facing?: ReadonlyVec2;
}

/** Stop the units where they are. */
export interface StopOrder {
  readonly kind: 'stop';
  readonly unitIds: readonly number[];
}

export type Order = MoveOrder | StopOrder;

/**
 * The radius around a goal shared by `groupSize` units within which a unit counts as arrived:
 * max(1 m, 2 r sqrt(n)), large enough for the whole group to stand around the point.
 * The metrics use the same definition.
 */
export function groupArrivalRadius(unitRadius: number, groupSize: number): number {
  return Math.max(1, 2 * unitRadius * Math.sqrt(Math.max(1, groupSize)));
}
