import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { FlowField } from '../nav/grid';

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

/** What one unit is doing now. */
export type UnitTask =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'move';
      /** the order this task came from (ids count up from 1 per simulation) */
      readonly orderId: number;
      /** metres: where this unit goes (its own slot when it moves with a group) */
      readonly target: Vec2;
      /** metres: the unit has arrived once its centre is this close to the target */
      readonly stopRadius: number;
      /**
       * The group's shared point and arrival radius (`groupArrivalRadius`), or null for a unit
       * ordered alone. A group member held off its slot by others also stops once it stands
       * still inside this circle.
       */
      readonly group: { readonly target: Vec2; readonly radius: number } | null;
      /** the flow field toward the order's target when the world has obstacles, else null (a
       * straight walk) */
      readonly route: FlowField | null;
    };

export const IDLE: UnitTask = Object.freeze({ kind: 'idle' });

/**
 * The radius around a goal shared by `groupSize` units within which a unit counts as arrived:
 * max(1 m, 2 r sqrt(n)), large enough for the whole group to stand around the point.
 * The metrics use the same definition.
 */
export function groupArrivalRadius(unitRadius: number, groupSize: number): number {
  return Math.max(1, 2 * unitRadius * Math.sqrt(Math.max(1, groupSize)));
}
