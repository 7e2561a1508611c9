/**
 * What the classic obstacle-avoidance methods share (`ahead`, `feeler` and `projection`, each in
 * its own file, each as faithful to its article as a physics-driven unit allows; see
 * docs/seed-articles.md). All three see every obstacle as a circle (its bounding circle) and other
 * units as circles of their radius, as the articles do; none of them knows about the others'
 * motion. Where an article has an evident bug it is fixed, and the fix is named where it is made.
 */
import type { ReadonlyVec2 } from '../../math/vec2';
import { type Agent, LEFT, NO_SIDE, RIGHT, type Side } from '../agent';
import type { SteeringConfig } from '../config';
import { NO_NORMAL, type Sensing, recordObstacleThreat, recordUnitThreat } from '../sensing';
import { type AvoidanceDecision, decideNothing } from '../strategy';

/** Direction of travel of `agent`: unit vector and speed, or null below minAvoidSpeed. */
export function heading(agent: Agent, config: SteeringConfig): { x: number; y: number; speed: number } | null {
  const speed = Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y);
  if (speed < config.minAvoidSpeed || speed < 1e-9) return null;
  _heading.x = agent.velocity.x / speed;
  _heading.y = agent.velocity.y / speed;
  _heading.speed = speed;
  return _heading;
}

const _heading = { x: 0, y: 0, speed: 0 };

/**
 * Records a body as the threat, `score` being how threatening it is (lower is worse), in [0, 1]:
 * a unit (`unit` set, its circle at its position) or an obstacle's bounding circle.
 */
export function recordCircleThreat(
  sensing: Sensing,
  agent: Agent,
  centre: ReadonlyVec2,
  radius: number,
  unit: Agent | null,
  obstacleId: number,
  score: number,
): void {
  const threat = sensing.threat;
  if (threat.kind !== 'none' && score >= threat.fraction) return;
  if (unit !== null) recordUnitThreat(threat, unit, score, -1, agent.position.x, agent.position.y);
  else recordObstacleThreat(threat, obstacleId, centre, radius, NO_NORMAL, score, -1, agent.position.x, agent.position.y);
}

/**
 * Starts a decision: clears `out` and returns the agent's heading when it has a threat and is
 * moving, else null (nothing to avoid).
 */
export function clearUnlessThreatened(out: AvoidanceDecision, agent: Agent, sensing: Sensing, config: SteeringConfig): ReturnType<typeof heading> {
  decideNothing(out);
  return sensing.threat.kind === 'none' ? null : heading(agent, config);
}

/** The side a lateral push along `x, y` takes the agent to, seen along its velocity. */
export function sideOf(agent: Agent, x: number, y: number): Side {
  const across = agent.velocity.x * y - agent.velocity.y * x;
  return across > 0 ? LEFT : across < 0 ? RIGHT : NO_SIDE;
}

