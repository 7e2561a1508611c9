/**
 * What the classic obstacle-avoidance methods share (`ahead`, `feeler` and `projection`, each in
 * its own file, each as faithful to its article as a physics-driven unit allows; see
 * docs/seed-articles.md). All three see every obstacle as a circle (its bounding circle) and other
 * units as circles of their radius, as the articles do; none of them knows about the others'
 * motion. Where an article has an evident bug it is fixed, and the fix is named where it is made.
 */
import type { ReadonlyVec2 } from '../../math/vec2';
import { LEFT, NO_SIDE, RIGHT, type Side } from '../agent';
import type { SteeringConfig } from '../config';
import { NO_NORMAL, type Sensing, recordObstacleThreat, recordUnitThreat } from '../sensing';
import type { UnitStore } from '../store';
import { type AvoidanceDecision, decideNothing } from '../strategy';

/** Direction of travel of the unit at slot `agent`: unit vector and speed, or null below minAvoidSpeed. */
export function heading(units: UnitStore, agent: number, config: SteeringConfig): { x: number; y: number; speed: number } | null {
  const vx = units.velocity.data[2 * agent]!;
  const vy = units.velocity.data[2 * agent + 1]!;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < config.minAvoidSpeed || speed < 1e-9) return null;
  _heading.x = vx / speed;
  _heading.y = vy / speed;
  _heading.speed = speed;
  return _heading;
}

const _heading = { x: 0, y: 0, speed: 0 };

/**
 * Records a body as the threat, `score` being how threatening it is (lower is worse), in [0, 1]:
 * a unit (its slot `other`, its circle at its position) or an obstacle's bounding circle (`other` -1).
 */
export function recordCircleThreat(
  sensing: Sensing,
  units: UnitStore,
  agent: number,
  centre: ReadonlyVec2,
  radius: number,
  other: number,
  obstacleId: number,
  score: number,
): void {
  const threat = sensing.threat;
  if (threat.kind !== 'none' && score >= threat.fraction) return;
  const x = units.position.data[2 * agent]!;
  const y = units.position.data[2 * agent + 1]!;
  if (other >= 0) recordUnitThreat(threat, units, other, score, -1, x, y);
  else recordObstacleThreat(threat, obstacleId, centre, radius, NO_NORMAL, score, -1, x, y);
}

/**
 * Starts a decision: clears `out` and returns the agent's heading when it has a threat and is
 * moving, else null (nothing to avoid).
 */
export function clearUnlessThreatened(out: AvoidanceDecision, units: UnitStore, agent: number, sensing: Sensing, config: SteeringConfig): ReturnType<typeof heading> {
  decideNothing(out);
  return sensing.threat.kind === 'none' ? null : heading(units, agent, config);
}

/** The side a lateral push along `x, y` takes the agent to, seen along its velocity. */
export function sideOf(units: UnitStore, agent: number, x: number, y: number): Side {
  const across = units.velocity.data[2 * agent]! * y - units.velocity.data[2 * agent + 1]! * x;
  return across > 0 ? LEFT : across < 0 ? RIGHT : NO_SIDE;
}

