/**
 * `rays`: the project's controller. It keeps the RTS article's ideas (look ahead along the
 * relative motion, pass on a side both units agree on) and answers every unit it can meet at
 * once, not only the first (see docs/controller.md; docs/seed-articles.md for the article).
 *
 * The sense phase casts the relative ray against every unit near enough to matter: the units the
 * agent will touch within the look-ahead, soonest first, and the nearest of the others. Each of
 * them forbids a set of velocities: those whose relative ray hits it within the look-ahead (a
 * velocity obstacle). The agent does not step out of it alone: it takes its share of the change
 * of relative velocity that gets the pair out of it (half, when the other also avoids), on the
 * side the two agree on, which leaves it a half-plane of allowed velocities. Obstacles and walls
 * each allow the velocities that cannot reach them within the look-ahead. The velocity kept is
 * the one nearest what seek / arrive wants, within max speed, that every half-plane allows
 * (halfplanes.ts); the force is what changes the wanted velocity into it.
 *
 * This is the core alone: the geometry of the planes, each pair's share by mass, and the solve.
 * The rules a simulation layers over it (queues at passages, the rule of the road, leaning to
 * the right, ...) come in through `rules` (AvoidanceRules: the terms of each pair, and where the
 * unit aims), each one a situation in src/situations/.
 */
import { nearestBoundaryPoint, tangentLegs } from '../../math/shapes';
import { type ReadonlyVec2, vec2 } from '../../math/vec2';
import { LEFT, NO_SIDE, RIGHT, type Side } from '../agent';
import { type HalfPlanes, addHalfPlane, clearHalfPlanes, createHalfPlanes, solveVelocity } from '../halfplanes';
import { MAX_NEIGHBOURS } from '../sensing';
import type { UnitStore } from '../store';
import { type AvoidanceStrategy, NO_CIRCLES, type PlaneTerms, decideNothing, planeTerms } from '../strategy';
import type { SteeringConfig } from '../config';

/**
 * Whether the gap between the two is shrinking: (v_self - v_other) . (p_other - p_self) > 0.
 * Only such a unit can be hit by the relative ray; the test is a cheap filter before it.
 */
export function isClosingIn(units: UnitStore, agent: number, other: number): boolean {
  const position = units.position.data;
  const velocity = units.velocity.data;
  const rvx = velocity[2 * agent]! - velocity[2 * other]!;
  const rvy = velocity[2 * agent + 1]! - velocity[2 * other + 1]!;
  return rvx * (position[2 * other]! - position[2 * agent]!) + rvy * (position[2 * other + 1]! - position[2 * agent + 1]!) > 0;
}

/** metres: two units pressed inside each other's personal space keep at least this much of the
 * gap they have, rather than being asked to restore all of it at once */
const PRESSED_GAP = 0.01;

/**
 * The share of a pair's avoidance a moving unit takes when the other avoids too: the other's part
 * of the pair's mass. Between equals that is half; a vehicle among infantry takes little of it and
 * the infantry makes way. Three vehicles of radius 0.9 m at 3 m/s crossing a column of 60 soldiers
 * of 0.35 m at 4 m/s, each taking half, were carried 38 to 42 m along the column and in two of
 * three timings had not arrived after 40 s; by mass, 13 to 38 m, all in after 19 to 39 s (and
 * giving way to the right as well, 4 to 8 m in 17 s: situations/rule-of-the-road.ts). With `part`,
 * the agent's side weighs `part` against the other's 1 - `part` before the masses. Both
 * units of a pair read the same masses and parts, so their shares add up to the whole.
 */
export function sharedBy(units: UnitStore, agent: number, other: number, part = 0.5): number {
  const own = units.mass.data[other]! * part;
  return own / (own + units.mass.data[agent]! * (1 - part));
}

/** the share a standing unit takes: all of it, against a unit on the move (it makes way) and
 * against another standing unit (a unit at rest does not make way for one drifting after a shove
 * or running on past its slot) */
const STANDING_SHARE = 1;
/** seconds: how far ahead a moving unit looks at standing ones (it may come close to a unit that
 * is not going anywhere, which makes way for it) */
const STANDING_HORIZON = 1;
/** seconds: the shortest time a unit keeps off obstacles over, a few ticks (a unit able to stop
 * at once would otherwise see a wall only within one tick's walk of it) */
const MIN_OBSTACLE_HORIZON = 0.1;

/**
 * Seconds over which a unit keeps off obstacles and walls: the `obstacleHorizon` setting, but
 * never less than the time the unit takes to stop from full speed with all its force (its max
 * speed over its max acceleration) nor than MIN_OBSTACLE_HORIZON, and never more than the
 * avoidance horizon.
 */
function obstacleHorizon(units: UnitStore, agent: number, config: Readonly<SteeringConfig>): number {
  const braking = (units.maxSpeed.data[agent]! * units.mass.data[agent]!) / units.maxForce.data[agent]!;
  return Math.min(config.avoidHorizon, Math.max(config.obstacleHorizon, braking, MIN_OBSTACLE_HORIZON));
}

/** at full speed the wanted velocity is scaled by this before the choice: among the allowed
 * velocities, the nearest to a point beyond the speed disc keeps speed and turns rather than
 * slowing down */
const AIM_BEYOND = 2;
/** fraction of max speed from which a unit counts as going at full speed */
const FULL_SPEED = 0.9;
/** the lateral offset of the relative path, as a fraction of the sum of the radii, within which a
 * unit counts as dead ahead and the pair's agreed side decides how to pass */
const DEAD_AHEAD = 0.5;


/**
 * The side on which the agent passes `other` when the relative path runs almost through its
 * centre, where the geometry gives no clear answer: the side one of them is already avoiding on
 * (both adopt it, so they pass on opposite sides: the reciprocal turn); when both avoid on
 * different sides, the side of the one with the lower id; else RIGHT (each to its own right).
 * Both units of a pair reach the same answer.
 */
export function agreedSide(units: UnitStore, agent: number, other: number): Side {
  const agentSide = units.side.data[agent]! as Side;
  const otherSide = units.side.data[other]! as Side;
  if (agentSide !== NO_SIDE && otherSide !== NO_SIDE && agentSide !== otherSide) {
    return units.id.data[agent]! < units.id.data[other]! ? agentSide : otherSide;
  }
  if (otherSide !== NO_SIDE) return otherSide;
  if (agentSide !== NO_SIDE) return agentSide;
  return RIGHT;
}


/**
 * Adds the half-plane of velocities `other` leaves the agent: the agent's `terms.share` of the
 * smallest change of relative velocity that takes it out of the velocity obstacle (the relative
 * velocities whose ray, over `terms.horizon` seconds, comes within `terms.reach` metres of
 * `other`), on the side the two agree on when `other` is dead ahead. Units already within reach
 * must part within `terms.settle` seconds. `terms.passOn`, when not NO_SIDE, is the side the pair
 * passes on whichever edge is nearer. Returns the side the agent passes on (LEFT: it turns left,
 * keeping `other` on its right).
 */
export function addReciprocalPlane(planes: HalfPlanes, units: UnitStore, agent: number, other: number, terms: Readonly<PlaneTerms>): Side {
  const { share, reach, horizon, settle, passOn } = terms;
  const position = units.position.data;
  const velocity = units.velocity.data;
  const px = position[2 * other]! - position[2 * agent]!;
  const py = position[2 * other + 1]! - position[2 * agent + 1]!;
  // (a rule may have the plane laid as if either stood still: situations/stand-in-stream.ts)
  const agentVx = terms.agentAtRest ? 0 : velocity[2 * agent]!;
  const agentVy = terms.agentAtRest ? 0 : velocity[2 * agent + 1]!;
  const vx = agentVx - (terms.otherAtRest ? 0 : velocity[2 * other]!);
  const vy = agentVy - (terms.otherAtRest ? 0 : velocity[2 * other + 1]!);
  const distanceSq = px * px + py * py;
  const reachSq = reach * reach;
  let nx: number;
  let ny: number;
  let change: number;
  let side: Side;
  if (distanceSq > reachSq) {
    // relative velocity measured from the centre of the disc the obstacle ends in at `horizon`
    const wx = vx - px / horizon;
    const wy = vy - py / horizon;
    const wSq = wx * wx + wy * wy;
    const wDotP = wx * px + wy * py;
    // (dead on the line of centres, the rounded end's way out is straight back: against a unit
    // holding its ground, which makes no way, the agent would press on for ever; the legs then,
    // on the side the two agree on)
    const pressedOnHolder = units.holding.data[other] === 1 && px * wy - py * wx === 0;
    if (!pressedOnHolder && wDotP < 0 && wDotP * wDotP > reachSq * wSq) {
      // nearest the rounded end of the obstacle: out along w
      const wLength = Math.sqrt(wSq);
      nx = wx / wLength;
      ny = wy / wLength;
      change = reach / horizon - wLength;
      side = px * wy - py * wx > 0 ? LEFT : RIGHT;
    } else {
      // nearest one of its two edges: the legs from the agent tangent to the disc
      const relativeSpeedSq = vx * vx + vy * vy;
      const across = px * vy - py * vx; // |p| times the relative path's offset, signed
      const deadAhead = across * across <= DEAD_AHEAD * DEAD_AHEAD * reachSq * relativeSpeedSq;
      side = passOn !== NO_SIDE ? passOn : deadAhead ? agreedSide(units, agent, other) : px * wy - py * wx > 0 ? LEFT : RIGHT;
      const leg = Math.sqrt(distanceSq - reachSq);
      // the leg's direction: the line of centres turned by asin(reach / distance) to `side`
      const dx = (px * leg - side * py * reach) / distanceSq;
      const dy = (side * px * reach + py * leg) / distanceSq;
      // outward normal: away from the obstacle's inside, i.e. further to `side`
      nx = -side * dy;
      ny = side * dx;
      // the relative velocity moved onto the leg: how far that is, along the normal
      change = -(vx * nx + vy * ny);
    }
  } else {
    // already within reach: part within `settle` seconds
    const wx = vx - px / settle;
    const wy = vy - py / settle;
    const wLength = Math.sqrt(wx * wx + wy * wy);
    if (wLength > 1e-9) {
      nx = wx / wLength;
      ny = wy / wLength;
    } else {
      // no motion and no offset to read a way out from: apart along the line of centres, or
      // (coincident) along a direction the two ids agree on
      const distance = Math.sqrt(distanceSq);
      nx = distance > 1e-9 ? -px / distance : units.id.data[agent]! < units.id.data[other]! ? -1 : 1;
      ny = distance > 1e-9 ? -py / distance : 0;
    }
    change = reach / settle - wLength;
    side = px * wy - py * wx > 0 ? LEFT : RIGHT;
  }
  // the agent's velocity must end up at least `share * change` further along n than now
  addHalfPlane(planes, nx, ny, nx * agentVx + ny * agentVy + share * change, false);
  return side;
}


const _rays_planes = createHalfPlanes(MAX_NEIGHBOURS + 32);
const _rays_terms = planeTerms();
/** the side each unit's half-plane passes on, by plane index */
const _rays_sides: Side[] = [];
/** m/s: a half-plane the chosen velocity lies within this of is one the choice is pressed against */
const BINDING_SLACK = 0.05;

/**
 * The side the agent avoids on: that of the unit whose half-plane the chosen velocity is pressed
 * against the hardest (what it is steering round); NO_SIDE when no unit holds it back.
 */
function bindingSide(planes: HalfPlanes, choice: { x: number; y: number }): Side {
  let side: Side = NO_SIDE;
  let tightest = BINDING_SLACK;
  for (let index = planes.hard; index < planes.count; index++) {
    const slack = planes.normalX[index]! * choice.x + planes.normalY[index]! * choice.y - planes.offset[index]!;
    if (slack < tightest) {
      tightest = slack;
      side = _rays_sides[index]!;
    }
  }
  return side;
}
const _rays_point = vec2();

/**
 * The numbers the obstacle planes of one unit share (metres, seconds). They and the other numbers
 * the choice hands to its helpers travel in objects: V8 puts a fractional number on the heap each
 * time one is passed to a call it does not inline, hundreds of thousands a tick in a big crowd.
 */
interface ObstacleTerms {
  clearance: number;
  horizon: number;
}
const _rays_obstacleTerms: ObstacleTerms = { clearance: 0.5, horizon: 0.5 };
/** the legs of the shape at hand: left x, y, right x, y (see tangentLegs) */
const _rays_legs = new Float64Array(4);
/** by plane index: 1 where an obstacle's plane is a leg, its nearest point's plane kept beside it
 * in _rays_fallbackPlanes (normal x, y, offset) */
const _rays_fallback = new Uint8Array(_rays_planes.offset.length);
const _rays_fallbackPlanes = new Float64Array(3 * _rays_planes.offset.length);
const _rays_choice = vec2();
/** the velocity the solve aims at (handed over in a vector: see addObstaclePlane) */
const _rays_want = vec2();

/**
 * Adds the half-plane an obstacle or wall leaves: velocities that cannot bring the agent within
 * `terms.clearance` of it in `terms.horizon` seconds (the shape is convex, so its distance cannot fall faster
 * than along the outward normal at its nearest point). Nothing when no velocity within max speed
 * could reach it.
 *
 * That plane is safe but narrow where the nearest point is a corner ahead and to one side: a unit
 * walking into a gap between two rocks comes nearer the corner it passes, and the plane slowed it
 * to about a metre a second (a third of what the gap would carry, the crowd behind waiting on it).
 * So when `want` passes the shape by (outside the two legs that graze the shape grown by the
 * agent's radius and `clearance`) and that plane would turn it away, the plane kept is the leg on
 * that side instead: every velocity on the outer side of it misses the shape, however long it is
 * held. The nearest point's plane is remembered (`_rays_fallback`) for when a leg leaves too little
 * room (see the solve).
 */
function addObstaclePlane(planes: HalfPlanes, units: UnitStore, agent: number, shape: Parameters<typeof nearestBoundaryPoint>[0], terms: Readonly<ObstacleTerms>, want: ReadonlyVec2): void {
  const { clearance, horizon } = terms;
  const x = units.position.data[2 * agent]!;
  const y = units.position.data[2 * agent + 1]!;
  const radius = units.radius.data[agent]!;
  const distance = nearestBoundaryPoint(shape, x, y, _rays_point);
  let nx = x - _rays_point.x;
  let ny = y - _rays_point.y;
  const length = Math.sqrt(nx * nx + ny * ny);
  if (length < 1e-9) return; // on the boundary exactly: the physics holds it out this tick
  // inside (pushed in by a crowd): the way out is toward the nearest boundary point
  const outward = distance < 0 ? -1 : 1;
  nx = (outward * nx) / length;
  ny = (outward * ny) / length;
  const gap = distance - radius - clearance;
  const offset = -gap / horizon;
  if (offset <= -units.maxSpeed.data[agent]!) return;
  const index = planes.count;
  _rays_fallback[index] = 0;
  if (gap > 0 && nx * want.x + ny * want.y < offset && tangentLegs(shape, x, y, radius + clearance, _rays_legs)) {
    // how far the wanted velocity lies outside each leg (positive: it passes on that side)
    const left = _rays_legs[0]! * want.y - _rays_legs[1]! * want.x;
    const right = _rays_legs[3]! * want.x - _rays_legs[2]! * want.y;
    if (left > 0 || right > 0) {
      _rays_fallback[index] = 1;
      _rays_fallbackPlanes[3 * index] = nx;
      _rays_fallbackPlanes[3 * index + 1] = ny;
      _rays_fallbackPlanes[3 * index + 2] = offset;
      if (left >= right) addHalfPlane(planes, -_rays_legs[1]!, _rays_legs[0]!, 0, true);
      else addHalfPlane(planes, _rays_legs[3]!, -_rays_legs[2]!, 0, true);
      return;
    }
  }
  addHalfPlane(planes, nx, ny, offset, true);
}

/**
 * The velocity nearest `want` that the planes allow, into _rays_choice. When they cannot
 * all be kept and an obstacle's plane is one of its legs, solved again with those legs' nearest
 * point planes: a leg allows no velocity into the shape's shadow, even a slow one backing along
 * its side, and in a door two legs leave a wedge through it only, which a unit coming the other
 * way closed (the doorway with legs alone: 1 unit of 200 arrived over seeds 1-5).
 */
function solveWithFallback(planes: HalfPlanes, maxSpeed: number, want: ReadonlyVec2): void {
  if (solveVelocity(planes, maxSpeed, want.x, want.y, _rays_choice)) return;
  let swapped = false;
  for (let index = 0; index < planes.hard; index++) {
    if (_rays_fallback[index] !== 1) continue;
    planes.normalX[index] = _rays_fallbackPlanes[3 * index]!;
    planes.normalY[index] = _rays_fallbackPlanes[3 * index + 1]!;
    planes.offset[index] = _rays_fallbackPlanes[3 * index + 2]!;
    swapped = true;
  }
  if (swapped) solveVelocity(planes, maxSpeed, want.x, want.y, _rays_choice);
}

export const raysAvoidance: AvoidanceStrategy = {
  name: 'rays',
  senses: 'rays',
  idleUnitsAvoid: true,
  passesGroups: true,
  isThreat: isClosingIn,
  ...NO_CIRCLES,
  decide(out, units, agent, sensing, preferred, config, rules) {
    const count = sensing.neighbourCount;
    if (count === 0 && sensing.obstacleCount === 0) {
      decideNothing(out);
      return;
    }
    const planes = _rays_planes;
    clearHalfPlanes(planes);
    // personal space from obstacles, but never more than the way left to the target (a slot may
    // lie close to a wall)
    const toTarget = units.toTarget.data[agent]!;
    _rays_obstacleTerms.clearance = Math.max(0, Math.min(units.obstacleSpace.data[agent]!, toTarget - config.arrivalTolerance));
    _rays_obstacleTerms.horizon = obstacleHorizon(units, agent, config);
    for (let index = 0; index < sensing.obstacleCount; index++) {
      addObstaclePlane(planes, units, agent, sensing.obstacles[index]!, _rays_obstacleTerms, preferred);
    }
    const position = units.position.data;
    const radius = units.radius.data;
    const group = units.group.data;
    const ax = position[2 * agent]!;
    const ay = position[2 * agent + 1]!;
    const agentStanding = group[agent] === 0;
    const terms = _rays_terms;
    terms.openGround = sensing.obstacleCount === 0;
    for (let index = 0; index < count; index++) {
      const other = sensing.neighbours[index]!;
      // a unit standing beyond where the agent stops is not in its way
      const dx = position[2 * other]! - ax;
      const dy = position[2 * other + 1]! - ay;
      const distance = Math.sqrt(dx * dx + dy * dy);
      const contact = radius[agent]! + radius[other]!;
      // personal space, or what is left of it when a crowd has pressed closer
      const reach = Math.max(contact, Math.min(contact + config.avoidClearance, distance - PRESSED_GAP));
      const otherStanding = group[other] === 0;
      if (otherStanding && distance - reach > toTarget) continue;
      // every unit avoids, standing ones too: each takes its share; a standing unit takes all of it
      // (it makes way for one on the move, which may come close to it, as it is not going anywhere fast)
      const share = agentStanding ? STANDING_SHARE : sharedBy(units, agent, other);
      terms.share = share;
      terms.baseShare = share;
      terms.reach = reach;
      terms.contact = contact;
      terms.horizon = otherStanding ? Math.min(config.avoidHorizon, STANDING_HORIZON) : config.avoidHorizon;
      terms.settle = config.responseTime;
      terms.passOn = NO_SIDE;
      terms.agentAtRest = false;
      terms.otherAtRest = false;
      rules.pair(units, agent, other, terms, preferred);
      _rays_sides[planes.count] = addReciprocalPlane(planes, units, agent, other, terms);
    }
    if (planes.count === 0) {
      decideNothing(out);
      return;
    }
    // where the rules have the agent aim (leaning to its right, say), and how strongly it leans
    const aim = _rays_want;
    aim.x = preferred.x;
    aim.y = preferred.y;
    out.lean = rules.aim(units, agent, sensing, preferred, config, aim);
    // at full speed, aim beyond what the disc allows: among the allowed velocities this prefers
    // keeping speed and turning to slowing down
    const maxSpeed = units.maxSpeed.data[agent]!;
    if (aim.x * aim.x + aim.y * aim.y > FULL_SPEED * FULL_SPEED * maxSpeed * maxSpeed) {
      aim.x *= AIM_BEYOND;
      aim.y *= AIM_BEYOND;
    }
    solveWithFallback(planes, maxSpeed, aim);
    const gain = units.mass.data[agent]! / config.responseTime;
    out.force.x = (_rays_choice.x - preferred.x) * gain;
    out.force.y = (_rays_choice.y - preferred.y) * gain;
    out.side = bindingSide(planes, _rays_choice);
  },
};
