/**
 * Standing units make way, but do not wander. An idle unit stands at its home (where it
 * arrived, stopped, or was made); when a moving unit that is held up (slower than half its max
 * speed) is about to walk into it, it steps aside, out of that unit's path, but never further
 * than MAX_YIELD from home, and stands where that leaves it. Without stepping aside, a unit whose
 * way leads through a group that has already arrived (standing half a metre apart, too close to
 * pass between) avoids each standing unit in turn and can stay trapped among them for good.
 *
 * With a strategy where standing units do not avoid, they stay where stepping aside left them:
 * walking back was tried twice and dropped there (units walking back jostled their neighbours
 * and the next late arrivals). With `rays`, standing units choose their velocity like everyone
 * else, so they walk back at half speed once no mover is near (src/sim/phases.ts).
 */
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
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

/** Whether `mover` is held up: slower than GIVE_WAY_BLOCKED_SPEED of its max speed. */
export function isHeldUp(mover: Agent): boolean {
  const limit = GIVE_WAY_BLOCKED_SPEED * mover.maxSpeed;
  return mover.velocity.x * mover.velocity.x + mover.velocity.y * mover.velocity.y < limit * limit;
}

/** Whether `mover`, whose soonest threat is a standing unit at `fraction`, asks it to make way. */
export function asksForWay(mover: Agent, fraction: number): boolean {
  return fraction < GIVE_WAY_FRACTION && isHeldUp(mover);
}

/**
 * Adds to `request` the direction in which `standing` should step out of `mover`'s way: across
 * the mover's velocity, to the side of the mover's path the standing unit already is on (its
 * left, seen by the mover, when exactly on the path). A mover at rest asks nothing.
 */
export function requestWay(request: Vec2, mover: Agent, standing: Agent): void {
  requestWayAlong(request, mover, standing, mover.velocity.x, mover.velocity.y);
}

/**
 * Like `requestWay` for a mover that wants to go along (wayX, wayY), whatever its velocity (a
 * mover held to a stand still knows where it wants to go). A zero way asks nothing.
 */
export function requestWayAlong(request: Vec2, mover: Agent, standing: Agent, wayX: number, wayY: number): void {
  const speed = Math.sqrt(wayX * wayX + wayY * wayY);
  if (speed < 1e-9) return;
  const across = wayX * (standing.position.y - mover.position.y) - wayY * (standing.position.x - mover.position.x);
  // the mover's left is (-wayY, wayX); step to the side the standing unit is on
  const side = across >= 0 ? 1 : -1;
  request.x += (-wayY / speed) * side;
  request.y += (wayX / speed) * side;
}

/**
 * Whether `standing`, a neighbour of `mover`, stands in the way the mover wants to go (wayX,
 * wayY): within `gap` metres of it (edge to edge), and no more than 60 degrees off that way.
 */
export function standsInTheWay(mover: Agent, standing: Agent, wayX: number, wayY: number, gap = BLOCKING_GAP): boolean {
  const dx = standing.position.x - mover.position.x;
  const dy = standing.position.y - mover.position.y;
  const distance = Math.sqrt(dx * dx + dy * dy);
  const way = Math.sqrt(wayX * wayX + wayY * wayY);
  if (distance < 1e-9 || way < 1e-9) return false;
  if (distance - mover.radius - standing.radius > gap) return false;
  return (dx * wayX + dy * wayY) / (distance * way) > IN_THE_WAY_COSINE;
}

/** metres: a standing unit closer than this to a held-up mover, in its way, is asked to move */
const BLOCKING_GAP = 0.6;
/** cosine of the widest angle off the mover's way at which a unit still stands in it */
const IN_THE_WAY_COSINE = 0.5;

/**
 * The velocity, into `out`, at which an idle unit steps aside along `request`, no further than
 * MAX_YIELD metres from `home` (the part of the request that would take it further is dropped).
 * Returns false, leaving `out` alone, when it is not asked (or the requests cancel out).
 */
export function stepAsideVelocity(out: Vec2, agent: Agent, request: ReadonlyVec2, home: ReadonlyVec2): boolean {
  let rx = request.x;
  let ry = request.y;
  const ax = agent.position.x - home.x;
  const ay = agent.position.y - home.y;
  const away = Math.sqrt(ax * ax + ay * ay);
  if (away >= MAX_YIELD) {
    const outward = (rx * ax + ry * ay) / away;
    if (outward > 0) {
      rx -= (outward * ax) / away;
      ry -= (outward * ay) / away;
    }
  }
  const length = Math.sqrt(rx * rx + ry * ry);
  if (length <= 1e-6) return false;
  const speed = (GIVE_WAY_SPEED * agent.maxSpeed) / length;
  out.x = rx * speed;
  out.y = ry * speed;
  return true;
}

/**
 * The force on an idle unit, into `out`: step aside along `request` when asked (see
 * `stepAsideVelocity`); else brake to rest. Returns true when it brakes (the unit means to stand
 * still).
 */
export function standingForce(out: Vec2, agent: Agent, request: ReadonlyVec2, home: ReadonlyVec2, config: SteeringConfig, dt: number): boolean {
  if (stepAsideVelocity(_giveway_velocity, agent, request, home)) {
    velocityChangeForce(out, agent, _giveway_velocity.x, _giveway_velocity.y, config);
    return false;
  }
  brakeForce(out, agent, dt);
  return true;
}

const _giveway_velocity = vec2();

/** metres from its home a standing unit steps aside at most */
export const MAX_YIELD = 1.5;
