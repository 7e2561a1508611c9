/**
 * Standing units make way. An idle unit stands still, but when a moving unit that is held up
 * (slower than half its max speed) is about to walk into it, it steps aside, out of that unit's
 * path, and stands again where that leaves it. Without this, a unit whose way leads through a
 * group that has already arrived (standing half a metre apart, too close to pass between)
 * avoids each standing unit in turn and can stay trapped among them for good.
 *
 * Walking back to where it stood was tried and dropped: in the crossing scenarios the units
 * walking back bumped into the next movers and into each other, and collisions rose by a third.
 */
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { Agent } from './agent';
import { brakeForce, velocityChangeForce } from './arrive';
import type { SteeringConfig } from './config';

/** a mover asks a standing unit to make way once it would touch it within this fraction of
 * the look-ahead time */
export const GIVE_WAY_FRACTION = 0.5;
/** a mover asks only while slower than this fraction of its max speed (held up: a mover at
 * speed is still getting round by itself) */
export const GIVE_WAY_BLOCKED_SPEED = 0.5;
/** fraction of its max speed a unit steps aside at */
const GIVE_WAY_SPEED = 0.5;

/** Whether `mover`, whose soonest threat is a standing unit at `fraction`, asks it to make way. */
export function asksForWay(mover: Agent, fraction: number): boolean {
  const limit = GIVE_WAY_BLOCKED_SPEED * mover.maxSpeed;
  const speedSq = mover.velocity.x * mover.velocity.x + mover.velocity.y * mover.velocity.y;
  return fraction < GIVE_WAY_FRACTION && speedSq < limit * limit;
}

/**
 * Adds to `request` the direction in which `standing` should step out of `mover`'s way: across
 * the mover's velocity, to the side of the mover's path the standing unit already is on (its
 * left, seen by the mover, when exactly on the path). A mover at rest asks nothing.
 */
export function requestWay(request: Vec2, mover: Agent, standing: Agent): void {
  const vx = mover.velocity.x;
  const vy = mover.velocity.y;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1e-9) return;
  const across = vx * (standing.position.y - mover.position.y) - vy * (standing.position.x - mover.position.x);
  // the mover's left is (-vy, vx); step to the side the standing unit is on
  const side = across >= 0 ? 1 : -1;
  request.x += (-vy / speed) * side;
  request.y += (vx / speed) * side;
}

/**
 * The force on an idle unit, into `out`: step aside along `request` when asked, else brake to
 * rest. Returns true when it brakes (the unit means to stand still). Requests that cancel out
 * leave it standing.
 */
export function standingForce(out: Vec2, agent: Agent, request: ReadonlyVec2, config: SteeringConfig, dt: number): boolean {
  const length = Math.sqrt(request.x * request.x + request.y * request.y);
  if (length > 1e-9) {
    const speed = (GIVE_WAY_SPEED * agent.maxSpeed) / length;
    velocityChangeForce(out, agent, request.x * speed, request.y * speed, config);
    return false;
  }
  brakeForce(out, agent, dt);
  return true;
}
