import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { Agent } from './agent';
import type { SteeringConfig } from './config';

/**
 * Adds one neighbour's push to `crowding`: a vector away from the neighbour whose length grows
 * from 0 (edges `separationGap` apart) to 1 (edges touching or overlapping). Coincident centres
 * push along a direction derived from the two ids so that the pair separates instead of
 * producing NaN, and the two push opposite ways. (The neighbour comes whole, not as its radius:
 * V8 puts a fractional number on the heap each time one is passed to a call it does not inline.)
 */
export function accumulateCrowding(crowding: Vec2, agent: Agent, other: Agent, config: SteeringConfig): void {
  const range = config.separationGap;
  if (range <= 0) return;
  const dx = agent.position.x - other.position.x;
  const dy = agent.position.y - other.position.y;
  const centreDistance = Math.sqrt(dx * dx + dy * dy);
  const gap = centreDistance - agent.radius - other.radius;
  if (gap >= range) return;
  const strength = Math.min(1, 1 - gap / range);
  if (centreDistance > 1e-9) {
    crowding.x += (dx / centreDistance) * strength;
    crowding.y += (dy / centreDistance) * strength;
  } else {
    crowding.x += agent.id < other.id ? strength : -strength;
  }
}

/** Separation force from an accumulated crowding vector: weight * maxForce per unit of crowding. */
export function separationForce(out: Vec2, agent: Agent, crowding: ReadonlyVec2, config: SteeringConfig): Vec2 {
  const factor = config.separationWeight * agent.maxForce;
  out.x = crowding.x * factor;
  out.y = crowding.y * factor;
  return out;
}
