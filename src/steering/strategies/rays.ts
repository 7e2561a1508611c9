/**
 * `rays`: the project's controller, after the RTS article "Avoidance Behaviours" (see
 * docs/seed-articles.md for where it departs from it and why). The threat the rays will meet
 * soonest (units in their own frame, see sensing.ts), the reciprocal turn (adopt the side of a
 * unit already avoiding), and a bounded force that grows as the hit gets closer.
 */
import { type Vec2, set, truncate, vec2 } from '../../math/vec2';
import { type Agent, LEFT, NO_SIDE, RIGHT, type Side } from '../agent';
import type { SteeringConfig } from '../config';
import type { Threat } from '../sensing';
import { type AvoidanceStrategy, NO_CIRCLES, decideNothing } from '../strategy';

/**
 * Whether the gap between the two is shrinking: (v_self - v_other) . (p_other - p_self) > 0.
 * Only such a unit can be hit by the relative ray; the test is a cheap filter before it.
 */
export function isClosingIn(agent: Agent, other: Agent): boolean {
  const rvx = agent.velocity.x - other.velocity.x;
  const rvy = agent.velocity.y - other.velocity.y;
  return rvx * (other.position.x - agent.position.x) + rvy * (other.position.y - agent.position.y) > 0;
}

/**
 * The reciprocal turn: against a unit that is already avoiding, adopt its side (both turn, say,
 * left, and so pass each other on opposite sides); otherwise turn away from the side the threat
 * is on, read along the relative velocity (the way the agent moves with respect to it). When the
 * two are already avoiding on different sides, both adopting would swap them every tick; the unit
 * with the lower id keeps its side and the other adopts it.
 *
 * A unit or round obstacle that is almost dead ahead (its centre within half the sum of the
 * radii of the relative path) is passed on the RIGHT: there the cross product's sign is noise, and neighbours in a
 * crowd that read it differently swerve into each other. Exactly ahead turns right too, as in
 * the article, so two units meeting head-on both turn to their own right.
 *
 * A wall (a box or polygon hit by a ray, with a surface normal) is not passed around its centre:
 * the unit turns the way its velocity already runs along the wall, and only when it meets the
 * wall square on does the side of the wall's centre decide.
 */
export function chooseSide(agent: Agent, threat: Threat): Side {
  const other = threat.kind === 'unit' ? threat.unit : null;
  if (other !== null && other.avoidSide !== NO_SIDE) {
    const keepOwn = agent.avoidSide !== NO_SIDE && agent.avoidSide !== other.avoidSide && agent.id < other.id;
    return keepOwn ? agent.avoidSide : other.avoidSide;
  }
  const relativeX = agent.velocity.x - threat.velocity.x;
  const relativeY = agent.velocity.y - threat.velocity.y;
  const speed = Math.sqrt(relativeX * relativeX + relativeY * relativeY);
  const toOtherX = threat.centre.x - agent.position.x;
  const toOtherY = threat.centre.y - agent.position.y;
  const across = relativeX * toOtherY - relativeY * toOtherX; // |v_rel| times the offset from the path
  const wall = threat.normal.x !== 0 || threat.normal.y !== 0;
  if (wall) {
    // the velocity's component along the wall: turning toward it is sliding along the wall
    const into = relativeX * threat.normal.x + relativeY * threat.normal.y;
    const alongX = relativeX - into * threat.normal.x;
    const alongY = relativeY - into * threat.normal.y;
    const turn = relativeX * alongY - relativeY * alongX;
    if (Math.abs(turn) > SQUARE_ON * speed * speed) return turn > 0 ? LEFT : RIGHT;
  } else if (Math.abs(across) <= DEAD_AHEAD * (agent.radius + threat.radius) * speed) {
    return RIGHT;
  }
  return across < 0 ? LEFT : RIGHT;
}

/** fraction of the sum of the radii within which a unit or a round obstacle counts as dead ahead */
const DEAD_AHEAD = 0.5;
/** below this sine of the angle between the velocity and a wall's normal the wall is met square on */
const SQUARE_ON = 0.05;

/**
 * The velocity that gets the agent past the threat on `side`, into `out`.
 *
 * The article steers toward a point beside the other body at the sum of the radii. Here the same
 * idea is taken in the threat's frame: the relative velocity is turned onto the tangent, on
 * `side`, of the circle of radius R = r_self + r_other + avoidClearance around the threat (the
 * line that just grazes it, at asin(R / d) from the line of centres), keeping its component
 * along that tangent; the agent's own velocity changes by the same amount, capped at its max
 * speed. Against an obstacle (velocity zero) that is the article's sidestep along the agent's own
 * heading; against a crosser it also slows down or speeds up as needed, which a turn of the
 * heading alone cannot. Inside R the tangent is perpendicular to the line of centres.
 * Coincident centres and zero relative velocity give the agent's own velocity back.
 */
export function avoidanceVelocity(out: Vec2, agent: Agent, threat: Threat, side: Side, config: SteeringConfig): Vec2 {
  if (threat.normal.x !== 0 || threat.normal.y !== 0) return alongWall(out, agent, threat, side);
  set(out, agent.velocity.x, agent.velocity.y);
  let tx = threat.centre.x - agent.position.x;
  let ty = threat.centre.y - agent.position.y;
  const distance = Math.sqrt(tx * tx + ty * ty);
  if (distance < 1e-9) return out;
  tx /= distance;
  ty /= distance;
  const clearRadius = agent.radius + threat.radius + config.avoidClearance;
  const sine = Math.min(1, clearRadius / distance);
  const cosine = Math.sqrt(1 - sine * sine);
  // rotate the unit vector toward the threat by asin(R / d) to `side` (left = counter-clockwise)
  const tangentX = tx * cosine - ty * sine * side;
  const tangentY = ty * cosine + tx * sine * side;
  const relativeX = agent.velocity.x - threat.velocity.x;
  const relativeY = agent.velocity.y - threat.velocity.y;
  const along = Math.max(0, relativeX * tangentX + relativeY * tangentY);
  out.x += tangentX * along - relativeX;
  out.y += tangentY * along - relativeY;
  return truncate(out, out, agent.maxSpeed);
}

/**
 * Against a wall: run along it on `side` at the agent's speed. The wall's bounding circle, which
 * the general rule steers around, can be metres wider than the wall is thick, and steering
 * round it brakes a unit that meets a long wall at a slant. (Tilting away from the wall as well
 * was tried: in the two-way corridor it pushed units into the oncoming lane and doubled the
 * collisions.)
 */
function alongWall(out: Vec2, agent: Agent, threat: Threat, side: Side): Vec2 {
  // the tangent on `side`: the normal turned a right angle, to the side of the velocity that
  // `side` names (or forward when the unit already runs exactly along the wall)
  let tx = -threat.normal.y;
  let ty = threat.normal.x;
  const turn = agent.velocity.x * ty - agent.velocity.y * tx; // > 0: the tangent is left of the velocity
  const forward = agent.velocity.x * tx + agent.velocity.y * ty;
  if (turn !== 0 ? (turn > 0 ? LEFT : RIGHT) !== side : forward < 0) {
    tx = -tx;
    ty = -ty;
  }
  const speed = Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y);
  return set(out, tx * speed, ty * speed);
}

const _avoid_velocity = vec2();

/**
 * Whether the threat is further away than the point the unit stops at (the closest threat is,
 * so every other is too): nothing there is in its way. Units arriving among group-mates that
 * already stand in the neighbouring slots would otherwise swerve around them at the last metre.
 */
export function liesBeyondTarget(agent: Agent, threat: Threat): boolean {
  const dx = threat.point.x - agent.position.x;
  const dy = threat.point.y - agent.position.y;
  return dx * dx + dy * dy > agent.distanceToTarget * agent.distanceToTarget;
}

/**
 * The controller: the threat the rays will meet soonest, the reciprocal turn, and a force
 * that grows as the hit gets closer. The force blends the velocity the unit wants (seek /
 * arrive) toward the avoidance velocity by urgency = min(1, avoidWeight * (1 - fraction)): none
 * at the end of the look-ahead, all of it from 1 - 1 / avoidWeight on. Being a change of desired
 * velocity, it is bounded, so separation still acts in a crowd (the article's gain, avoidWeight /
 * fraction times a velocity-change force, swamps everything else up close and throws units
 * into their neighbours).
 */
export const raysAvoidance: AvoidanceStrategy = {
  name: 'rays',
  senses: 'rays',
  isThreat: isClosingIn,
  ...NO_CIRCLES,
  decide(out, agent, sensing, preferred, config) {
    const threat = sensing.threat;
    if (!sensing.raysCast || threat.kind === 'none' || liesBeyondTarget(agent, threat)) {
      decideNothing(out);
      return;
    }
    const side = chooseSide(agent, threat);
    const avoid = avoidanceVelocity(_avoid_velocity, agent, threat, side, config);
    const urgency = Math.min(1, config.avoidWeight * (1 - threat.fraction));
    const gain = (urgency * agent.mass) / config.responseTime;
    set(out.force, (avoid.x - preferred.x) * gain, (avoid.y - preferred.y) * gain);
    out.side = side;
  },
};
