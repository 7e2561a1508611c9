import { type ReadonlyVec2, type Vec2, cross, set, vec2 } from '../math/vec2';
import { type Agent, LEFT, NO_SIDE, RIGHT, type Side } from './agent';
import { velocityChangeForce } from './arrive';
import type { SteeringConfig } from './config';
import type { Sensing, Threat } from './sensing';

/** What an avoidance strategy decided for one unit this tick. */
export interface AvoidanceDecision {
  /** the side this unit commits to (read by others next tick); NO_SIDE when not avoiding */
  side: Side;
  /** newtons, world frame; zero when not avoiding */
  force: Vec2;
}

export function createAvoidanceDecision(): AvoidanceDecision {
  return { side: NO_SIDE, force: vec2() };
}

/**
 * An avoidance method. The strategy is chosen once per simulation; the controller calls
 * `decide` for every moving unit after the sense phase.
 */
export interface AvoidanceStrategy {
  readonly name: AvoidanceName;
  /** whether the sense phase must cast the three rays for this strategy */
  readonly castsRays: boolean;
  /** whether `other`, hit by one of `agent`'s rays, is something to avoid */
  isThreat(agent: Agent, other: Agent): boolean;
  decide(out: AvoidanceDecision, agent: Agent, sensing: Sensing, config: SteeringConfig): void;
}

export type AvoidanceName = 'rays' | 'none';
export const AVOIDANCE_NAMES: readonly AvoidanceName[] = ['rays', 'none'];

/**
 * Seed 004's rule for ignoring a unit: both go the same way and the other is not avoiding.
 * The seed's test for "the same way", |v_self + v_other|^2 > |v_self|^2, holds for anything
 * within 120 degrees (at equal speeds), which makes a unit crossing at 90 degrees invisible (the
 * seed notes big angles fail). So the relative speed must also be below the unit's own speed,
 * |v_self - v_other| < |v_self| (within 60 degrees at equal speeds): a unit overtaking a slower
 * one going its way still ignores it, as in the seed, but crossers are seen. A unit standing
 * still is never "the same way".
 */
export function isSameWayAndCalm(agent: Agent, other: Agent): boolean {
  return other.avoidSide === NO_SIDE && isSameWay(agent, other);
}

/**
 * A unit of the agent's own group walking its way is ignored even while it avoids: the group
 * walks in formation toward parallel slots and separation keeps its members apart. Seed 004's
 * rule (a same-way unit that is avoiding is a threat) makes one front-row swerve ripple through
 * the whole group, every unit behind swerving around its own group-mates.
 */
export function isSameWayGroupMate(agent: Agent, other: Agent): boolean {
  return agent.groupId !== 0 && agent.groupId === other.groupId && isSameWay(agent, other);
}

/** Within 60 degrees at equal speeds: |v_self + v_other| > |v_self| and |v_self - v_other| < |v_self|. */
function isSameWay(agent: Agent, other: Agent): boolean {
  const vx = agent.velocity.x;
  const vy = agent.velocity.y;
  const own = vx * vx + vy * vy;
  const sumX = vx + other.velocity.x;
  const sumY = vy + other.velocity.y;
  const relativeX = vx - other.velocity.x;
  const relativeY = vy - other.velocity.y;
  return sumX * sumX + sumY * sumY > own && relativeX * relativeX + relativeY * relativeY < own;
}

/**
 * Whether the gap between the two is shrinking: (v_self - v_other) . (p_other - p_self) > 0.
 * The rays look along the unit's own velocity and cannot tell a friend walking ahead at the same
 * speed from a unit standing in the way. Seed 004 ignores the first only while it is not avoiding;
 * in a dense group that lets one front-row swerve make every unit behind swerve around its own
 * group-mates. A unit whose gap is not shrinking is never a threat (a standing unit in the way
 * always is).
 */
export function isClosingIn(agent: Agent, other: Agent): boolean {
  const rvx = agent.velocity.x - other.velocity.x;
  const rvy = agent.velocity.y - other.velocity.y;
  return rvx * (other.position.x - agent.position.x) + rvy * (other.position.y - agent.position.y) > 0;
}

/**
 * The side that turns away from something at `toOther` (relative to the agent): if it lies to
 * the left of the velocity, turn right, and the other way round. Exactly ahead turns right, the
 * same tie-break seed 004 uses, so two units meeting exactly head-on both turn right (their own
 * right) and pass on opposite sides.
 */
export function sideAwayFrom(velocity: ReadonlyVec2, toOther: ReadonlyVec2): Side {
  return cross(velocity, toOther) < 0 ? LEFT : RIGHT;
}

/**
 * The reciprocal turn: against a unit that is already avoiding, adopt its side (both turn, say,
 * left, and so pass each other on opposite sides); otherwise, and against obstacles, turn away
 * from the side the threat is on. When the two are already avoiding on different sides, both
 * adopting would swap them every tick; the unit with the lower id keeps its side and the other
 * adopts it.
 */
export function chooseSide(agent: Agent, threat: Threat): Side {
  const other = threat.kind === 'unit' ? threat.unit : null;
  if (other !== null && other.avoidSide !== NO_SIDE) {
    const keepOwn = agent.avoidSide !== NO_SIDE && agent.avoidSide !== other.avoidSide && agent.id < other.id;
    return keepOwn ? agent.avoidSide : other.avoidSide;
  }
  _avoid_toOther.x = threat.centre.x - agent.position.x;
  _avoid_toOther.y = threat.centre.y - agent.position.y;
  return sideAwayFrom(agent.velocity, _avoid_toOther);
}

const _avoid_toOther = vec2();

/**
 * The direction to steer in to get past the threat on `side`, as a unit vector in `out`.
 *
 * Seed 004 steers toward a point beside the other body, perpendicular to the line between the
 * centres, at the sum of the radii. Taken literally that point swings forward as the other comes
 * alongside and pulls the unit back into it; the tangent to the circle of radius
 * R = r_self + r_other + avoidClearance around the other body is the same point while the other
 * is far (the tangent touches the circle almost exactly beside its centre) and stays correct up
 * close: it turns by asin(R / d) away from the line of centres, harder as the gap closes, and
 * never toward the other. Inside that circle it is the seed's plain sidestep, perpendicular to the
 * line of centres.
 */
export function avoidanceDirection(out: Vec2, agent: Agent, threat: Threat, side: Side, config: SteeringConfig): Vec2 {
  let tx = threat.centre.x - agent.position.x;
  let ty = threat.centre.y - agent.position.y;
  let distance = Math.sqrt(tx * tx + ty * ty);
  if (distance < 1e-9) {
    // centres coincide: fall back on the direction of travel
    tx = agent.velocity.x;
    ty = agent.velocity.y;
    distance = Math.sqrt(tx * tx + ty * ty);
    if (distance < 1e-9) return set(out, 0, 0);
  }
  tx /= distance;
  ty /= distance;
  const clearRadius = agent.radius + threat.radius + config.avoidClearance;
  const sine = Math.min(1, clearRadius / distance);
  const cosine = Math.sqrt(1 - sine * sine);
  // rotate the unit vector toward the other by asin(R / d) to `side` (left = counter-clockwise)
  return set(out, tx * cosine - ty * sine * side, ty * cosine + tx * sine * side);
}

const _avoid_direction = vec2();

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

/** Seed 004: three rays, closest threat, reciprocal turn, force growing as the hit nears. */
export const raysAvoidance: AvoidanceStrategy = {
  name: 'rays',
  castsRays: true,
  isThreat: (agent, other) => isClosingIn(agent, other) && !isSameWayAndCalm(agent, other) && !isSameWayGroupMate(agent, other),
  decide(out, agent, sensing, config) {
    const threat = sensing.threat;
    if (!sensing.raysCast || threat.kind === 'none' || liesBeyondTarget(agent, threat)) {
      out.side = NO_SIDE;
      set(out.force, 0, 0);
      return;
    }
    const side = chooseSide(agent, threat);
    const direction = avoidanceDirection(_avoid_direction, agent, threat, side, config);
    velocityChangeForce(out.force, agent, direction.x * agent.maxSpeed, direction.y * agent.maxSpeed, config);
    const gain = config.avoidWeight / Math.max(threat.fraction, config.minHitFraction);
    out.force.x *= gain;
    out.force.y *= gain;
    out.side = side;
  },
};

/** No avoidance at all: seek / arrive and separation only, for comparison. */
export const noAvoidance: AvoidanceStrategy = {
  name: 'none',
  castsRays: false,
  isThreat: () => false,
  decide(out) {
    out.side = NO_SIDE;
    set(out.force, 0, 0);
  },
};

export const AVOIDANCE_STRATEGIES: Readonly<Record<AvoidanceName, AvoidanceStrategy>> = {
  rays: raysAvoidance,
  none: noAvoidance,
};
