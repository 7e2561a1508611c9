/**
 * `projection`: the forward projection of "Steering Behaviors: Obstacle Avoidance" (see
 * docs/seed-articles.md).
 */
import { LEFT, RIGHT, type Side } from '../agent';
import { velocityChangeForce } from '../arrive';
import type { AvoidanceStrategy } from '../strategy';
import { clearUnlessThreatened, heading, recordCircleThreat } from './classic';

/**
 * The post: project each circle on the heading; it is in the path when the projection is ahead,
 * shorter than the ray (lookAheadTime x maxSpeed, the post's fixed `checkLength`), and the
 * centre lies closer to the line than the circle's radius plus the unit's width. Only the
 * closest one is avoided (as the post's text says; its code applies every one in turn). The post
 * adds to the velocity a max-speed vector along the heading turned 90 degrees away from the
 * circle, scaled by 1 - projection / ray, then scales the velocity by projection / ray; here that
 * new velocity is what the force steers toward, over one response time.
 */
export const projectionAvoidance: AvoidanceStrategy = {
  name: 'projection',
  senses: 'circles',
  idleUnitsAvoid: false,
  passesGroups: false,
  isThreat: () => false,
  reach: (units, slot, config) => config.lookAheadTime * units.maxSpeed.data[slot]!,
  consider(sensing, units, slot, centre, radius, other, obstacleId, config) {
    const dir = heading(units, slot, config);
    if (dir === null) return;
    const ray = config.lookAheadTime * units.maxSpeed.data[slot]!;
    const dx = centre.x - units.position.data[2 * slot]!;
    const dy = centre.y - units.position.data[2 * slot + 1]!;
    const projection = dx * dir.x + dy * dir.y;
    if (projection <= 0 || projection >= ray) return;
    const across = Math.abs(dx * -dir.y + dy * dir.x);
    if (across >= radius + 2 * units.radius.data[slot]!) return;
    recordCircleThreat(sensing, units, slot, centre, radius, other, obstacleId, projection / ray);
  },
  decide(out, units, slot, sensing, _preferred, config) {
    const dir = clearUnlessThreatened(out, units, slot, sensing, config);
    if (dir === null) return;
    const threat = sensing.threat;
    const toCentreX = threat.centre.x - units.position.data[2 * slot]!;
    const toCentreY = threat.centre.y - units.position.data[2 * slot + 1]!;
    // turn away from the side the circle is on (straight ahead: turn right)
    const side: Side = dir.x * toCentreY - dir.y * toCentreX > 0 ? RIGHT : LEFT;
    const push = units.maxSpeed.data[slot]! * (1 - threat.fraction);
    // the heading turned 90 degrees to `side` (left = counter-clockwise)
    const newX = (units.velocity.data[2 * slot]! + -dir.y * side * push) * threat.fraction;
    const newY = (units.velocity.data[2 * slot + 1]! + dir.x * side * push) * threat.fraction;
    velocityChangeForce(out.force, units, slot, newX, newY, config);
    out.side = side;
  },
};
