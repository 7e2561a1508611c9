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
 * Seed 004's rule for ignoring a unit: both go the same way (|v_self + v_other|^2 > |v_self|^2)
 * and the other is not avoiding anything. A unit standing still is never "the same way".
 */
export function isSameWayAndCalm(agent: Agent, other: Agent): boolean {
  const sx = agent.velocity.x + other.velocity.x;
  const sy = agent.velocity.y + other.velocity.y;
  const own = agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y;
  return sx * sx + sy * sy > own && other.avoidSide === NO_SIDE;
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
 * from the side the threat is on.
 */
export function chooseSide(agent: Agent, threat: Threat): Side {
  if (threat.kind === 'unit' && threat.unit !== null && threat.unit.avoidSide !== NO_SIDE) {
    return threat.unit.avoidSide;
  }
  _avoid_toOther.x = threat.centre.x - agent.position.x;
  _avoid_toOther.y = threat.centre.y - agent.position.y;
  return sideAwayFrom(agent.velocity, _avoid_toOther);
}

const _avoid_toOther = vec2();
const _avoid_target = vec2();

/**
 * Where to steer to get past the threat on `side` (seed 004): a point beside the unit itself,
 * perpendicular to the line toward the other body's centre, at the sum of the two radii plus
 * `avoidClearance`. Steering toward it is a sidestep away from the collision course; combined with
 * seek it gives the diagonal pass the seed shows.
 */
export function avoidanceTarget(
  out: Vec2,
  agent: Agent,
  threat: Threat,
  side: Side,
  config: SteeringConfig,
): Vec2 {
  let tx = threat.centre.x - agent.position.x;
  let ty = threat.centre.y - agent.position.y;
  let len = Math.sqrt(tx * tx + ty * ty);
  if (len < 1e-9) {
    // centres coincide: fall back on the direction of travel
    tx = agent.velocity.x;
    ty = agent.velocity.y;
    len = Math.sqrt(tx * tx + ty * ty);
    if (len < 1e-9) return set(out, agent.position.x, agent.position.y);
  }
  const offset = (agent.radius + threat.radius + config.avoidClearance) * side;
  // left perpendicular of the unit vector toward the other, times the signed offset
  return set(out, agent.position.x + (-ty / len) * offset, agent.position.y + (tx / len) * offset);
}

/** Seed 004: three rays, closest threat, reciprocal turn, force growing as the hit nears. */
export const raysAvoidance: AvoidanceStrategy = {
  name: 'rays',
  castsRays: true,
  isThreat: (agent, other) => !isSameWayAndCalm(agent, other),
  decide(out, agent, sensing, config) {
    const threat = sensing.threat;
    if (!sensing.raysCast || threat.kind === 'none') {
      out.side = NO_SIDE;
      set(out.force, 0, 0);
      return;
    }
    const side = chooseSide(agent, threat);
    const target = avoidanceTarget(_avoid_target, agent, threat, side, config);
    const dx = target.x - agent.position.x;
    const dy = target.y - agent.position.y;
    const len = Math.sqrt(dx * dx + dy * dy);
    const speedScale = len > 1e-9 ? agent.maxSpeed / len : 0;
    velocityChangeForce(out.force, agent, dx * speedScale, dy * speedScale, config);
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
