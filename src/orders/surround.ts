/**
 * Slots round a unit, for a group that follows it (a follow order): rings about the unit it
 * follows, the first `gap` from its edge, each filled all the way round before the next is used,
 * so melee units end up on every side of their target instead of piling up on the side they came
 * from. The units nearest the target take the inner ring; within a ring each unit takes the slot
 * on its own side (units and slots matched in order of angle round the target, starting from the
 * side the group comes from), so their paths cross as little as they can. A ring with more slots
 * than units spreads them evenly over it.
 */
import { atan2, cos, hypot, sin } from '../math/exact';
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';

/** The unit a group stands round: its radius, and the free space between its edge and the inner ring. */
export interface Around {
  readonly radius: number;
  readonly gap: number;
}

/** rings tried before the units still without a slot are given the target */
const MAX_RINGS = 12;

/**
 * One slot per unit, in the order of `units`, on rings round `target` (where the followed unit
 * stands). `spacing` is the distance between neighbouring slots, along a ring and from one ring
 * to the next; `isFree` says whether a unit of the largest radius may stand at a point.
 */
export function arrangeRings(
  units: ReadonlyArray<{ readonly position: ReadonlyVec2; readonly radius: number }>,
  target: ReadonlyVec2,
  around: Around,
  spacing: number,
  isFree: (x: number, y: number, radius: number) => boolean,
): Vec2[] {
  const count = units.length;
  let centroidX = 0;
  let centroidY = 0;
  let largest = 0;
  for (const unit of units) {
    centroidX += unit.position.x / count;
    centroidY += unit.position.y / count;
    largest = Math.max(largest, unit.radius);
  }
  // angles are measured from the side the group comes from (any side for a group on the target)
  const approach = hypot(centroidX - target.x, centroidY - target.y) > 1e-9 ? atan2(centroidY - target.y, centroidX - target.x) : 0;
  const relative = (x: number, y: number): number => wrap(atan2(y - target.y, x - target.x) - approach);
  const members = units
    .map((unit, index) => ({ index, distance: hypot(unit.position.x - target.x, unit.position.y - target.y), angle: relative(unit.position.x, unit.position.y) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index);
  const slots: Vec2[] = new Array(count);
  let next = 0;
  for (let ring = 0; ring < MAX_RINGS && next < count; ring++) {
    const distance = around.radius + around.gap + largest + ring * spacing;
    const places = Math.max(1, Math.floor((2 * Math.PI * distance) / spacing));
    const free: Array<{ x: number; y: number; angle: number }> = [];
    for (let k = 0; k < places; k++) {
      const angle = wrap((2 * Math.PI * k) / places);
      const x = target.x + distance * cos(approach + angle);
      const y = target.y + distance * sin(approach + angle);
      if (isFree(x, y, largest)) free.push({ x, y, angle });
    }
    if (free.length === 0) continue;
    free.sort((a, b) => a.angle - b.angle);
    const taking = Math.min(free.length, count - next);
    // evenly over the ring: with one unit, the place facing the group
    const chosen = Array.from({ length: taking }, (_, i) => free[Math.floor(((i + 0.5) * free.length) / taking)]!);
    const ringMembers = members.slice(next, next + taking).sort((a, b) => a.angle - b.angle || a.index - b.index);
    ringMembers.forEach((member, i) => {
      slots[member.index] = vec2(chosen[i]!.x, chosen[i]!.y);
    });
    next += taking;
  }
  for (; next < count; next++) slots[members[next]!.index] = vec2(target.x, target.y);
  return slots;
}

/** An angle brought into (-pi, pi]. */
function wrap(angle: number): number {
  let a = angle;
  while (a > Math.PI) a -= 2 * Math.PI;
  while (a <= -Math.PI) a += 2 * Math.PI;
  return a;
}
