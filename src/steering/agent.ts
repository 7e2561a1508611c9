import { type ReadonlyVec2, cross } from '../math/vec2';

/**
 * Which way a unit turns to avoid something, relative to its own heading:
 * `1` = left (counter-clockwise, y up), `-1` = right, `0` = not avoiding.
 */
export type Side = 1 | -1 | 0;
export const LEFT: Side = 1;
export const RIGHT: Side = -1;
export const NO_SIDE: Side = 0;

/** What every steering behaviour may read about a unit. The simulation's units satisfy it. */
export interface Agent {
  readonly id: number;
  /** metres */
  readonly radius: number;
  /** kilograms */
  readonly mass: number;
  /** metres per second */
  readonly maxSpeed: number;
  /** newtons */
  readonly maxForce: number;
  /** metres, world frame, copied from the body at the start of the tick */
  readonly position: ReadonlyVec2;
  /** metres per second, copied from the body at the start of the tick */
  readonly velocity: ReadonlyVec2;
  /** the avoidance side this unit committed to on the previous tick */
  readonly avoidSide: Side;
  /** m/s: the velocity it wanted on the previous tick (seek / arrive along its route), before
   * avoiding; zero when it has no order */
  readonly wanted: ReadonlyVec2;
  /** the move order the unit is walking under (units sharing it move as one group); 0 when it
   * has no order */
  readonly groupId: number;
  /** metres from the unit to where it will stop; Infinity when it has no order */
  readonly distanceToTarget: number;
  /** how strongly it leaned its wanted velocity to its right on the last tick, from 0 to 1 (the
   * situations keep-right.ts and carried-lean.ts set and read it) */
  readonly lean: number;
  /** metres of personal space it keeps from obstacles and walls when choosing its velocity: the
   * steering's `avoidClearance`, or less on a route that keeps less beyond its radius (a door
   * little wider than the unit: see sim/planning.ts, navTightClearance) */
  readonly obstacleSpace: number;
}

/**
 * The side that turns away from something at `toOther` (relative to the agent): if it lies to
 * the left of the velocity, turn right, and the other way round. Exactly ahead turns right, the
 * tie-break the RTS article uses, so two units meeting exactly head-on both turn right (their
 * own right) and pass on opposite sides.
 */
export function sideAwayFrom(velocity: ReadonlyVec2, toOther: ReadonlyVec2): Side {
  return cross(velocity, toOther) < 0 ? LEFT : RIGHT;
}
