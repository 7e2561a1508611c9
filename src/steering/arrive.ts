import { type ReadonlyVec2, type Vec2, length, scale, set, subtract, vec2 } from '../math/vec2';
import type { Agent } from './agent';
import type { SteeringConfig } from './config';

const _arrive_toTarget = vec2();

/**
 * Force that brings the agent to `target` and lets it stop there: full speed while far, then
 * the speed from which it can still brake (v = sqrt(2 a d), with a = arrivalBraking * maxForce /
 * mass) so it neither overshoots nor orbits. `stopRadius` is how close counts as arrived; the
 * profile keeps a little speed at that radius so the unit always crosses it.
 */
export function arriveForce(
  out: Vec2,
  agent: Agent,
  target: ReadonlyVec2,
  stopRadius: number,
  config: SteeringConfig,
): Vec2 {
  arriveVelocity(out, agent, target, stopRadius, config);
  return velocityChangeForce(out, agent, out.x, out.y, config);
}

/**
 * The velocity `arriveForce` steers toward: full speed toward the target while far, then the
 * speed from which the unit can still brake to a stop (zero at the target itself).
 */
export function arriveVelocity(
  out: Vec2,
  agent: Agent,
  target: ReadonlyVec2,
  stopRadius: number,
  config: SteeringConfig,
): Vec2 {
  const toTarget = subtract(_arrive_toTarget, target, agent.position);
  const distance = length(toTarget);
  if (distance < 1e-9) return set(out, 0, 0);
  const braking = (config.arrivalBraking * agent.maxForce) / agent.mass;
  const remaining = Math.max(0, distance - stopRadius) + config.arrivalTolerance;
  const speed = Math.min(agent.maxSpeed, Math.sqrt(2 * braking * remaining));
  return scale(out, toTarget, speed / distance);
}

/**
 * Force that brings the agent to rest within the tick `dt` if it can; the caller's truncation to
 * maxForce makes that a full-strength stop, so a unit that has arrived halts within
 * v^2 / (2 maxForce / mass) instead of coasting on.
 */
export function brakeForce(out: Vec2, agent: Agent, dt: number): Vec2 {
  return scale(out, agent.velocity, -agent.mass / dt);
}

/**
 * Force that would change the agent's velocity to (desiredX, desiredY) over one response time:
 * F = m (v_desired - v) / responseTime. The caller truncates the sum of forces to maxForce.
 */
export function velocityChangeForce(
  out: Vec2,
  agent: Agent,
  desiredX: number,
  desiredY: number,
  config: SteeringConfig,
): Vec2 {
  set(out, desiredX - agent.velocity.x, desiredY - agent.velocity.y);
  return scale(out, out, agent.mass / config.responseTime);
}
