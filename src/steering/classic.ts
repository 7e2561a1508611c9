/**
 * The classic obstacle-avoidance methods of seeds 000-003, each as faithful to its seed as a
 * physics-driven unit allows, so they can be compared with the ray controller on the same
 * scenarios. All three see every obstacle as a circle (an obstacle's bounding circle) and other
 * units as circles of their radius, as the seeds do; none of them knows about the others' motion.
 *
 * Where a seed has an evident bug it is fixed here, and the fix is named where it is made.
 */
import type { ReadonlyVec2 } from '../math/vec2';
import { type Agent, LEFT, NO_SIDE, RIGHT, type Side } from './agent';
import { velocityChangeForce } from './arrive';
import type { AvoidanceDecision, AvoidanceStrategy } from './avoidance';
import type { SteeringConfig } from './config';
import type { Sensing } from './sensing';

/** Direction of travel of `agent`: unit vector and speed, or null below minAvoidSpeed. */
function heading(agent: Agent, config: SteeringConfig): { x: number; y: number; speed: number } | null {
  const speed = Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y);
  if (speed < config.minAvoidSpeed || speed < 1e-9) return null;
  _heading.x = agent.velocity.x / speed;
  _heading.y = agent.velocity.y / speed;
  _heading.speed = speed;
  return _heading;
}

const _heading = { x: 0, y: 0, speed: 0 };

/** Records a body as the threat, `score` being how threatening it is (lower is worse), in [0, 1]. */
function recordThreat(
  sensing: Sensing,
  agent: Agent,
  centre: ReadonlyVec2,
  radius: number,
  unit: Agent | null,
  obstacleId: number,
  score: number,
): void {
  const threat = sensing.threat;
  if (threat.kind !== 'none' && score >= threat.fraction) return;
  threat.kind = unit !== null ? 'unit' : 'obstacle';
  threat.unit = unit;
  threat.obstacleId = obstacleId;
  threat.centre.x = centre.x;
  threat.centre.y = centre.y;
  threat.radius = radius;
  threat.velocity.x = unit !== null ? unit.velocity.x : 0;
  threat.velocity.y = unit !== null ? unit.velocity.y : 0;
  threat.normal.x = 0;
  threat.normal.y = 0;
  threat.fraction = score;
  threat.ray = -1;
  threat.point.x = agent.position.x;
  threat.point.y = agent.position.y;
}

/**
 * Starts a decision: clears `out` and returns the agent's heading when it has a threat and is
 * moving, else null (nothing to avoid).
 */
function clearUnlessThreatened(out: AvoidanceDecision, agent: Agent, sensing: Sensing, config: SteeringConfig): ReturnType<typeof heading> {
  out.side = NO_SIDE;
  out.force.x = 0;
  out.force.y = 0;
  return sensing.threat.kind === 'none' ? null : heading(agent, config);
}

/** The side a lateral push along `x, y` takes the agent to, seen along its velocity. */
function sideOf(agent: Agent, x: number, y: number): Side {
  const across = agent.velocity.x * y - agent.velocity.y * x;
  return across > 0 ? LEFT : across < 0 ? RIGHT : NO_SIDE;
}

// ---------------------------------------------------------------------------------------------
// ahead (seeds 000 and 003)

/**
 * Seeds 000/003: two points ahead of the unit, `ahead` at the full look-ahead and `ahead2` at
 * half of it, plus the unit's own position (the seed's first fix); an obstacle whose circle
 * contains any of the three blocks the way, and the closest such is the most threatening; the
 * force is normalize(ahead - centre) at the full avoidance force (here the unit's max force).
 * The look-ahead is MAX_SEE_AHEAD x speed / maxSpeed (the seed's second fix), MAX_SEE_AHEAD being
 * lookAheadTime x maxSpeed, so lookAheadTime x speed.
 *
 * Seed bug fixed: the seed's scaled version computes `position + normalize(velocity) *
 * dynamic_length`, dropping MAX_SEE_AHEAD, so the look-ahead would never exceed one unit of
 * length; the scale is meant to multiply MAX_SEE_AHEAD, as its own text says.
 */
/** Whether the point `along` metres ahead of the agent lies in the circle (on its edge counts). */
function isAheadInside(agent: Agent, dir: { x: number; y: number }, along: number, centre: ReadonlyVec2, radius: number): boolean {
  const dx = agent.position.x + dir.x * along - centre.x;
  const dy = agent.position.y + dir.y * along - centre.y;
  return dx * dx + dy * dy <= radius * radius;
}

export const aheadAvoidance: AvoidanceStrategy = {
  name: 'ahead',
  senses: 'circles',
  isThreat: () => false,
  reach: (agent, config) => {
    const speed = Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y);
    return config.lookAheadTime * speed;
  },
  consider(sensing, agent, centre, radius, unit, obstacleId, config) {
    const dir = heading(agent, config);
    if (dir === null) return;
    const seeAhead = config.lookAheadTime * dir.speed;
    const blocked =
      isAheadInside(agent, dir, seeAhead, centre, radius) ||
      isAheadInside(agent, dir, seeAhead / 2, centre, radius) ||
      isAheadInside(agent, dir, 0, centre, radius);
    if (!blocked) return;
    const distance = Math.hypot(centre.x - agent.position.x, centre.y - agent.position.y);
    // most threatening = closest to the unit; the score keeps "lower is worse" in [0, 1]
    recordThreat(sensing, agent, centre, radius, unit, obstacleId, Math.min(1, distance / (seeAhead + radius)));
  },
  decide(out, agent, sensing, _preferred, config) {
    const dir = clearUnlessThreatened(out, agent, sensing, config);
    if (dir === null) return;
    const threat = sensing.threat;
    const seeAhead = config.lookAheadTime * dir.speed;
    const awayX = agent.position.x + dir.x * seeAhead - threat.centre.x;
    const awayY = agent.position.y + dir.y * seeAhead - threat.centre.y;
    const length = Math.sqrt(awayX * awayX + awayY * awayY);
    // `ahead` exactly on the centre: the seed's normalize would divide by zero; no force
    if (length < 1e-9) return;
    out.force.x = (awayX / length) * agent.maxForce;
    out.force.y = (awayY / length) * agent.maxForce;
    out.side = sideOf(agent, out.force.x, out.force.y);
  },
};

// ---------------------------------------------------------------------------------------------
// feeler (seed 001)

/** the feeler's length in unit lengths (diameters): the seed's _COLLISION_VISIBILITY_FACTOR */
export const FEELER_LENGTH_FACTOR = 4;

/**
 * Seed 001: one feeler along the heading, FEELER_LENGTH_FACTOR unit lengths long. For an
 * obstacle at `a` from the unit, `p` is `a` projected on the heading and `b = p - a`; a
 * collision is impending when |b| < the obstacle's radius and |p| < the feeler's length. Each
 * such obstacle adds a lateral force of maxForce x |feeler| / |a|, away from the side the
 * obstacle is on in the unit's own frame. The forces of all obstacles in the way are summed, as
 * in the seed.
 *
 * Seed bug fixed: the seed tests |p| < |v| without checking that `p` points forward, so an
 * obstacle just behind the unit steers it as hard as one ahead; here only obstacles ahead count.
 */
export const feelerAvoidance: AvoidanceStrategy = {
  name: 'feeler',
  senses: 'circles',
  isThreat: () => false,
  reach: (agent) => FEELER_LENGTH_FACTOR * 2 * agent.radius,
  consider(sensing, agent, centre, radius, unit, obstacleId, config) {
    const dir = heading(agent, config);
    if (dir === null) return;
    const feeler = FEELER_LENGTH_FACTOR * 2 * agent.radius;
    const ax = centre.x - agent.position.x;
    const ay = centre.y - agent.position.y;
    const along = ax * dir.x + ay * dir.y; // signed |p|
    if (along <= 0 || along >= feeler) return;
    const across = ax * -dir.y + ay * dir.x; // b's length, signed: > 0 when the obstacle is on the left
    if (Math.abs(across) >= radius) return;
    const distance = Math.sqrt(ax * ax + ay * ay);
    const strength = (agent.maxForce * feeler) / Math.max(distance, 1e-9);
    // push to the right of the heading (-left) when the obstacle is on the left, and the other way
    const away = across > 0 ? -1 : 1;
    sensing.push.x += -dir.y * away * strength;
    sensing.push.y += dir.x * away * strength;
    recordThreat(sensing, agent, centre, radius, unit, obstacleId, along / feeler);
  },
  decide(out, agent, sensing) {
    out.force.x = sensing.push.x;
    out.force.y = sensing.push.y;
    out.side = sideOf(agent, out.force.x, out.force.y);
  },
};

// ---------------------------------------------------------------------------------------------
// projection (seed 002)

/**
 * Seed 002: project each circle on the heading; it is in the path when the projection is ahead,
 * shorter than the ray (lookAheadTime x maxSpeed, the seed's fixed `checkLength`), and the
 * centre lies closer to the line than the circle's radius plus the unit's width. Only the
 * closest one is avoided (as the seed's text says; its code applies every one in turn). The seed
 * adds to the velocity a max-speed vector along the heading turned 90 degrees away from the
 * circle, scaled by 1 - projection / ray, then scales the velocity by projection / ray; here that
 * new velocity is what the force steers toward, over one response time.
 */
export const projectionAvoidance: AvoidanceStrategy = {
  name: 'projection',
  senses: 'circles',
  isThreat: () => false,
  reach: (agent, config) => config.lookAheadTime * agent.maxSpeed,
  consider(sensing, agent, centre, radius, unit, obstacleId, config) {
    const dir = heading(agent, config);
    if (dir === null) return;
    const ray = config.lookAheadTime * agent.maxSpeed;
    const dx = centre.x - agent.position.x;
    const dy = centre.y - agent.position.y;
    const projection = dx * dir.x + dy * dir.y;
    if (projection <= 0 || projection >= ray) return;
    const across = Math.abs(dx * -dir.y + dy * dir.x);
    if (across >= radius + 2 * agent.radius) return;
    recordThreat(sensing, agent, centre, radius, unit, obstacleId, projection / ray);
  },
  decide(out, agent, sensing, _preferred, config) {
    const dir = clearUnlessThreatened(out, agent, sensing, config);
    if (dir === null) return;
    const threat = sensing.threat;
    const toCentreX = threat.centre.x - agent.position.x;
    const toCentreY = threat.centre.y - agent.position.y;
    // turn away from the side the circle is on (straight ahead: turn right)
    const side: Side = dir.x * toCentreY - dir.y * toCentreX > 0 ? RIGHT : LEFT;
    const push = agent.maxSpeed * (1 - threat.fraction);
    // the heading turned 90 degrees to `side` (left = counter-clockwise)
    const newX = (agent.velocity.x + -dir.y * side * push) * threat.fraction;
    const newY = (agent.velocity.y + dir.x * side * push) * threat.fraction;
    velocityChangeForce(out.force, agent, newX, newY, config);
    out.side = side;
  },
};
