import { type ReadonlyVec2, type Vec2, length, scale, set, subtract, vec2 } from '../math/vec2';
import type { SteeringConfig } from './config';
import type { UnitStore } from './store';

const _arrive_toTarget = vec2();
const _arrive_position = vec2();

/**
 * The velocity that brings the agent (the unit at slot `agent`) to `target` and lets it stop
 * there: full speed while far, then the speed from which it can still brake (v = sqrt(2 a d), with
 * a = arrivalBraking * maxForce / mass) so it neither overshoots nor orbits; zero at the target
 * itself. `stopRadius` is how close counts as arrived; the profile keeps a little speed at that
 * radius so the unit always crosses it.
 */
export function arriveVelocity(out: Vec2, units: UnitStore, agent: number, target: ReadonlyVec2, stopRadius: number, config: SteeringConfig): Vec2 {
  set(_arrive_position, units.position.data[2 * agent]!, units.position.data[2 * agent + 1]!);
  const toTarget = subtract(_arrive_toTarget, target, _arrive_position);
  const distance = length(toTarget);
  if (distance < 1e-9) return set(out, 0, 0);
  const braking = (config.arrivalBraking * units.maxForce.data[agent]!) / units.mass.data[agent]!;
  const remaining = Math.max(0, distance - stopRadius) + config.arrivalTolerance;
  const speed = Math.min(units.maxSpeed.data[agent]!, Math.sqrt(2 * braking * remaining));
  return scale(out, toTarget, speed / distance);
}

/**
 * Force that brings the agent to rest within the tick `dt` if it can; the caller's truncation to
 * maxForce makes that a full-strength stop, so a unit that has arrived halts within
 * v^2 / (2 maxForce / mass) instead of coasting on.
 */
export function brakeForce(out: Vec2, units: UnitStore, agent: number, dt: number): Vec2 {
  const factor = -units.mass.data[agent]! / dt;
  return set(out, units.velocity.data[2 * agent]! * factor, units.velocity.data[2 * agent + 1]! * factor);
}

/**
 * Force that would change the agent's velocity to (desiredX, desiredY) over one response time:
 * F = m (v_desired - v) / responseTime. The caller truncates the sum of forces to maxForce.
 */
export function velocityChangeForce(out: Vec2, units: UnitStore, agent: number, desiredX: number, desiredY: number, config: SteeringConfig): Vec2 {
  set(out, desiredX - units.velocity.data[2 * agent]!, desiredY - units.velocity.data[2 * agent + 1]!);
  return scale(out, out, units.mass.data[agent]! / config.responseTime);
}
