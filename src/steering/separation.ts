import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { SteeringConfig } from './config';
import type { UnitStore } from './store';

/**
 * Adds one neighbour's push to `crowding`: a vector away from the neighbour (the unit at slot
 * `other`) whose length grows from 0 (edges `separationGap` apart) to 1 (edges touching or
 * overlapping). Coincident centres push along a direction derived from the two ids so that the
 * pair separates instead of producing NaN, and the two push opposite ways.
 */
export function accumulateCrowding(crowding: Vec2, units: UnitStore, agent: number, other: number, config: SteeringConfig): void {
  const range = config.separationGap;
  if (range <= 0) return;
  const position = units.position.data;
  const dx = position[2 * agent]! - position[2 * other]!;
  const dy = position[2 * agent + 1]! - position[2 * other + 1]!;
  const centreDistance = Math.sqrt(dx * dx + dy * dy);
  const gap = centreDistance - units.radius.data[agent]! - units.radius.data[other]!;
  if (gap >= range) return;
  const strength = Math.min(1, 1 - gap / range);
  if (centreDistance > 1e-9) {
    crowding.x += (dx / centreDistance) * strength;
    crowding.y += (dy / centreDistance) * strength;
  } else {
    crowding.x += units.id.data[agent]! < units.id.data[other]! ? strength : -strength;
  }
}

/** Separation force from an accumulated crowding vector: weight * maxForce per unit of crowding. */
export function separationForce(out: Vec2, units: UnitStore, agent: number, crowding: ReadonlyVec2, config: SteeringConfig): Vec2 {
  const factor = config.separationWeight * units.maxForce.data[agent]!;
  out.x = crowding.x * factor;
  out.y = crowding.y * factor;
  return out;
}
