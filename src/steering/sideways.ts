/**
 * The sideways-push collision response (the closing idea of the RTS article "Avoidance
 * Behaviours"; see docs/seed-articles.md): when two units touch while moving into each other, the
 * part of each one's velocity that drives it into the other is turned along the contact tangent,
 * toward that unit's avoidance side, instead of being cancelled by the contact (which shoves both
 * back and can pin two units together). They slide past.
 *
 * This file only decides; the simulation calls it from the physics layer's pre-solve hook (which
 * runs inside planck's step, before the velocity solver) and applies the impulses it returns.
 * With the `'physics'` response it is not called and planck's plain (frictionless, inelastic)
 * response applies.
 */
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
import { NO_SIDE, type Side, sideAwayFrom } from './agent';

/** How units that touch are resolved: the sideways push, or planck's own contact response. */
export type CollisionResponse = 'sideways' | 'physics';
export const COLLISION_RESPONSES: readonly CollisionResponse[] = ['sideways', 'physics'];

/** One of two touching units as the rule sees it, read from its body at contact time. */
export interface ContactUnit {
  /** metres, m/s */
  readonly position: ReadonlyVec2;
  readonly velocity: ReadonlyVec2;
  /** kilograms (the body's own mass) */
  readonly mass: number;
  /** the unit's committed avoidance side */
  readonly side: Side;
}

const _sideways_normal = vec2();

/**
 * The impulses (newton seconds) that redirect the closing velocity of two touching circles that
 * both move into each other: each unit turns the part of its velocity that drives it into the
 * other into motion along the tangent on its side; the pair then has no closing speed left for
 * the contact to cancel, so nothing is pushed backwards. A unit that is not avoiding uses the same
 * cross-product rule as the avoidance controller. Returns false, writing nothing, when the rule
 * does not apply: a unit bumped from the side or from behind, or one standing still, gets planck's
 * plain response (with no friction that already slides); coincident centres have no normal.
 */
export function sidewaysImpulses(a: ContactUnit, b: ContactUnit, impulseA: Vec2, impulseB: Vec2): boolean {
  let nx = b.position.x - a.position.x;
  let ny = b.position.y - a.position.y;
  const distance = Math.sqrt(nx * nx + ny * ny);
  if (distance < 1e-9) return false;
  nx /= distance;
  ny /= distance;
  const intoB = a.velocity.x * nx + a.velocity.y * ny;
  const intoA = -(b.velocity.x * nx + b.velocity.y * ny);
  if (intoB <= 0 || intoA <= 0) return false;
  redirect(impulseA, a, nx, ny, intoB);
  redirect(impulseB, b, -nx, -ny, intoA);
  return true;
}

/** The impulse that turns `share` m/s of the unit's velocity along `normal` (toward the other
 * unit) onto the tangent on its side. */
function redirect(out: Vec2, unit: ContactUnit, normalX: number, normalY: number, share: number): void {
  _sideways_normal.x = normalX;
  _sideways_normal.y = normalY;
  const turn = unit.side !== NO_SIDE ? unit.side : sideAwayFrom(unit.velocity, _sideways_normal);
  // tangent on the unit's side: left perpendicular of the normal, times the side; moving along it
  // keeps the other unit on the opposite hand, as the avoidance turn does
  const tangentX = -normalY * turn;
  const tangentY = normalX * turn;
  out.x = unit.mass * share * (tangentX - normalX);
  out.y = unit.mass * share * (tangentY - normalY);
}
