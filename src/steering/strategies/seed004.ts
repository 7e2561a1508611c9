/**
 * `seed004`: the RTS article "Avoidance Behaviours" (Dave Leaver's HowToRTS blog, 2014) as
 * written, for comparison with the `rays` controller that grew out of it (docs/seed-articles.md).
 *
 * Sensing (sense.ts, 'world-rays'): three rays one second of travel long, through the physics
 * world, against units only; the nearest hit is the threat. The article's callback kept the first
 * hit planck reported, not the nearest: that bug is fixed, nothing else.
 *
 * Deciding, as the article does:
 * - a unit moving slower than sqrt(radius) (its test compares speed squared with the radius) does
 *   not avoid;
 * - a threat going the same way (|v_self + v_other| > |v_self|) that is not avoiding is ignored;
 * - against a threat that is avoiding, take its side (both turn, say, left, and pass); otherwise
 *   turn away from the side it is on (cross product of the velocity and the way to it);
 * - steer toward the point beside the threat, at right angles to the line between the two and
 *   the sum of the radii out, on that side, with a force divided by the hit fraction (the sooner
 *   the hit, the harder).
 */
import { LEFT, RIGHT, type Side } from '../agent';
import { velocityChangeForce } from '../arrive';
import { type UnitValues, readUnit, unitValues } from '../store';
import { type AvoidanceStrategy, NO_CIRCLES, decideNothing } from '../strategy';

/** the article's side rule: adopt the side of a threat that avoids, else turn away from it */
function articleSide(agent: UnitValues, other: UnitValues): Side {
  if (other.side !== 0) return other.side as Side;
  const toX = other.x - agent.x;
  const toY = other.y - agent.y;
  // the article's "dot": v . (-to.y, to.x) > 0 means the threat is on the right: turn left
  return agent.vx * -toY + agent.vy * toX > 0 ? LEFT : RIGHT;
}

const _seed_agent = unitValues();
const _seed_other = unitValues();

export const seed004Avoidance: AvoidanceStrategy = {
  name: 'seed004',
  senses: 'world-rays',
  idleUnitsAvoid: false,
  passesGroups: false,
  isThreat: () => false,
  ...NO_CIRCLES,
  decide(out, units, slot, sensing, _preferred, config) {
    const threat = sensing.threat;
    if (!sensing.raysCast || threat.kind !== 'unit' || threat.unit < 0) {
      decideNothing(out);
      return;
    }
    const agent = readUnit(units, slot, _seed_agent);
    const other = readUnit(units, threat.unit, _seed_other);
    const vx = agent.vx;
    const vy = agent.vy;
    const sumX = vx + other.vx;
    const sumY = vy + other.vy;
    if (sumX * sumX + sumY * sumY > vx * vx + vy * vy && other.side === 0) {
      decideNothing(out);
      return;
    }
    const side = articleSide(agent, other);
    let toX = other.x - agent.x;
    let toY = other.y - agent.y;
    const distance = Math.sqrt(toX * toX + toY * toY);
    if (distance < 1e-9) {
      decideNothing(out);
      return;
    }
    toX /= distance;
    toY /= distance;
    // the point beside the threat: the line between them turned a right angle to `side`
    const reach = agent.radius + other.radius;
    const pointX = other.x - side * toY * reach;
    const pointY = other.y + side * toX * reach;
    // steer toward it at full speed (seek), harder the sooner the hit
    let wantX = pointX - agent.x;
    let wantY = pointY - agent.y;
    const length = Math.sqrt(wantX * wantX + wantY * wantY);
    if (length < 1e-9) {
      decideNothing(out);
      return;
    }
    wantX = (wantX / length) * agent.maxSpeed;
    wantY = (wantY / length) * agent.maxSpeed;
    velocityChangeForce(out.force, units, slot, wantX, wantY, config);
    const strength = 1 / Math.max(threat.fraction, MIN_FRACTION);
    out.force.x *= strength;
    out.force.y *= strength;
    out.side = side;
  },
};

/** the hit fraction the force is divided by never goes below this (a hit at 0 would be infinite) */
const MIN_FRACTION = 0.05;
