/**
 * `feeler`: the single feeler of "AI for Game Developers" (see docs/seed-articles.md).
 */
import type { AvoidanceStrategy } from '../strategy';
import { heading, recordCircleThreat, sideOf } from './classic';

/** the feeler's length in unit lengths (diameters): the book's _COLLISION_VISIBILITY_FACTOR */
export const FEELER_LENGTH_FACTOR = 4;

/**
 * The book: one feeler along the heading, FEELER_LENGTH_FACTOR unit lengths long. For an
 * obstacle at `a` from the unit, `p` is `a` projected on the heading and `b = p - a`; a
 * collision is impending when |b| < the obstacle's radius and |p| < the feeler's length. Each
 * such obstacle adds a lateral force of maxForce x |feeler| / |a|, away from the side the
 * obstacle is on in the unit's own frame. The forces of all obstacles in the way are summed, as
 * in the book.
 *
 * Book bug fixed: its code tests |p| < |v| without checking that `p` points forward, so an
 * obstacle just behind the unit steers it as hard as one ahead; here only obstacles ahead count.
 */
export const feelerAvoidance: AvoidanceStrategy = {
  name: 'feeler',
  senses: 'circles',
  idleUnitsAvoid: false,
  passesGroups: false,
  isThreat: () => false,
  reach: (units, slot) => FEELER_LENGTH_FACTOR * 2 * units.radius.data[slot]!,
  consider(sensing, units, slot, centre, radius, other, obstacleId, config) {
    const dir = heading(units, slot, config);
    if (dir === null) return;
    const feeler = FEELER_LENGTH_FACTOR * 2 * units.radius.data[slot]!;
    const ax = centre.x - units.position.data[2 * slot]!;
    const ay = centre.y - units.position.data[2 * slot + 1]!;
    const along = ax * dir.x + ay * dir.y; // signed |p|
    if (along <= 0 || along >= feeler) return;
    const across = ax * -dir.y + ay * dir.x; // b's length, signed: > 0 when the obstacle is on the left
    if (Math.abs(across) >= radius) return;
    const distance = Math.sqrt(ax * ax + ay * ay);
    const strength = (units.maxForce.data[slot]! * feeler) / Math.max(distance, 1e-9);
    // push to the right of the heading (-left) when the obstacle is on the left, and the other way
    const away = across > 0 ? -1 : 1;
    sensing.push.x += -dir.y * away * strength;
    sensing.push.y += dir.x * away * strength;
    recordCircleThreat(sensing, units, slot, centre, radius, other, obstacleId, along / feeler);
  },
  decide(out, units, slot, sensing) {
    out.force.x = sensing.push.x;
    out.force.y = sensing.push.y;
    out.side = sideOf(units, slot, out.force.x, out.force.y);
  },
};

