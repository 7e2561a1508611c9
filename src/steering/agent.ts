import { type ReadonlyVec2, cross } from '../math/vec2';

/**
 * Which way a unit turns to avoid something, relative to its own heading:
 * `1` = left (counter-clockwise, y up), `-1` = right, `0` = not avoiding.
 */
export type Side = 1 | -1 | 0;
export const LEFT: Side = 1;
export const RIGHT: Side = -1;
export const NO_SIDE: Side = 0;

/**
 * The side that turns away from something at `toOther` (relative to the agent): if it lies to
 * the left of the velocity, turn right, and the other way round. Exactly ahead turns right, the
 * tie-break the RTS article uses, so two units meeting exactly head-on both turn right (their
 * own right) and pass on opposite sides.
 */
export function sideAwayFrom(velocity: ReadonlyVec2, toOther: ReadonlyVec2): Side {
  return cross(velocity, toOther) < 0 ? LEFT : RIGHT;
}
