/**
 * `ahead`: the look-ahead points of "Understanding Steering Behaviors: Collision Avoidance"
 * (see docs/seed-articles.md).
 */
import { hypot } from '../../math/exact';
import type { ReadonlyVec2 } from '../../math/vec2';
import { type UnitValues, readUnit, unitValues } from '../store';
import type { AvoidanceStrategy } from '../strategy';
import { clearUnlessThreatened, heading, recordCircleThreat, sideOf } from './classic';

/** Whether the point `along` metres ahead of the agent lies in the circle (on its edge counts). */
function isAheadInside(agent: UnitValues, dir: { x: number; y: number }, along: number, centre: ReadonlyVec2, radius: number): boolean {
  const dx = agent.x + dir.x * along - centre.x;
  const dy = agent.y + dir.y * along - centre.y;
  return dx * dx + dy * dy <= radius * radius;
}

/**
 * The article: two points ahead of the unit, `ahead` at the full look-ahead and `ahead2` at
 * half of it, plus the unit's own position (the article's first fix); an obstacle whose circle
 * contains any of the three blocks the way, and the closest such is the most threatening; the
 * force is normalize(ahead - centre) at the full avoidance force (here the unit's max force).
 * The look-ahead is MAX_SEE_AHEAD x speed / maxSpeed (the article's second fix), MAX_SEE_AHEAD being
 * lookAheadTime x maxSpeed, so lookAheadTime x speed.
 *
 * Article bug fixed: its scaled version computes `position + normalize(velocity) *
 * dynamic_length`, dropping MAX_SEE_AHEAD, so the look-ahead would never exceed one unit of
 * length; the scale is meant to multiply MAX_SEE_AHEAD, as its own text says.
 */
export const aheadAvoidance: AvoidanceStrategy = {
  name: 'ahead',
  senses: 'circles',
  idleUnitsAvoid: false,
  passesGroups: false,
  isThreat: () => false,
  reach: (units, slot, config) => {
    const vx = units.velocity.data[2 * slot]!;
    const vy = units.velocity.data[2 * slot + 1]!;
    return config.lookAheadTime * Math.sqrt(vx * vx + vy * vy);
  },
  consider(sensing, units, slot, centre, radius, other, obstacleId, config) {
    const dir = heading(units, slot, config);
    if (dir === null) return;
    const agent = readUnit(units, slot, _ahead_agent);
    const seeAhead = config.lookAheadTime * dir.speed;
    const blocked =
      isAheadInside(agent, dir, seeAhead, centre, radius) ||
      isAheadInside(agent, dir, seeAhead / 2, centre, radius) ||
      isAheadInside(agent, dir, 0, centre, radius);
    if (!blocked) return;
    const distance = hypot(centre.x - agent.x, centre.y - agent.y);
    // most threatening = closest to the unit; the score keeps "lower is worse" in [0, 1]
    recordCircleThreat(sensing, units, slot, centre, radius, other, obstacleId, Math.min(1, distance / (seeAhead + radius)));
  },
  decide(out, units, slot, sensing, _preferred, config) {
    const dir = clearUnlessThreatened(out, units, slot, sensing, config);
    if (dir === null) return;
    const agent = readUnit(units, slot, _ahead_agent);
    const threat = sensing.threat;
    const seeAhead = config.lookAheadTime * dir.speed;
    const awayX = agent.x + dir.x * seeAhead - threat.centre.x;
    const awayY = agent.y + dir.y * seeAhead - threat.centre.y;
    const length = Math.sqrt(awayX * awayX + awayY * awayY);
    // `ahead` exactly on the centre: the article's normalize would divide by zero; no force
    if (length < 1e-9) return;
    out.force.x = (awayX / length) * agent.maxForce;
    out.force.y = (awayY / length) * agent.maxForce;
    out.side = sideOf(units, slot, out.force.x, out.force.y);
  },
};

const _ahead_agent = unitValues();

