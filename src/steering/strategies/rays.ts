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
 */
import { cos, sin } from '../../math/exact';
import { nearestBoundaryPoint, tangentLegs } from '../../math/shapes';
import { type ReadonlyVec2, cross, vec2 } from '../../math/vec2';
import { type Agent, LEFT, NO_SIDE, RIGHT, type Side } from '../agent';
import { isHeldUp } from '../giveway';
import { type HalfPlanes, addHalfPlane, clearHalfPlanes, createHalfPlanes, solveVelocity } from '../halfplanes';
import { MAX_NEIGHBOURS, type Sensing } from '../sensing';
import { type AvoidanceStrategy, NO_CIRCLES, decideNothing } from '../strategy';

/**
 * Whether the gap between the two is shrinking: (v_self - v_other) . (p_other - p_self) > 0.
 * Only such a unit can be hit by the relative ray; the test is a cheap filter before it.
 */
export function isClosingIn(agent: Agent, other: Agent): boolean {
  const rvx = agent.velocity.x - other.velocity.x;
  const rvy = agent.velocity.y - other.velocity.y;
  return rvx * (other.position.x - agent.position.x) + rvy * (other.position.y - agent.position.y) > 0;
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
 * giving way to the right as well, see `ordersCross`, 4 to 8 m in 17 s). With `part`, the agent's
 * side weighs `part` against the other's 1 - `part` before the masses (see `sharesByRuleOfRoad`). Both
 * units of a pair read the same masses and parts, so their shares add up to the whole.
 */
function sharedBy(agent: Agent, other: Agent, part = 0.5): number {
  const own = other.mass * part;
  return own / (own + agent.mass * (1 - part));
}

/** of two crossing blocks (see `sharesByRuleOfRoad`), the part of the avoidance the block
 * with the other on its right takes, before masses: it gives way, the other stands on */
const GIVE_WAY_PART = 0.9;

/** Whether the other's order heads to the left of the agent's: it comes from the agent's right. */
function givesWayTo(agent: Agent, other: Agent): boolean {
  return cross(agent.orderHeading, other.orderHeading) > 0;
}
/** the share a standing unit takes: all of it, against a unit on the move (it makes way) and
 * against another standing unit (a unit at rest does not make way for one drifting after a shove
 * or running on past its slot) */
const STANDING_SHARE = 1;
/** seconds: how far ahead a moving unit looks at standing ones (it may come close to a unit that
 * is not going anywhere, which makes way for it) */
const STANDING_HORIZON = 1;
/** seconds: how far ahead obstacles and walls are looked at (routes keep units off them; this
 * only stops the last metre) */
const OBSTACLE_HORIZON = 1;
/** at full speed the wanted velocity is scaled by this before the choice: among the allowed
 * velocities, the nearest to a point beyond the speed disc keeps speed and turns rather than
 * slowing down */
const AIM_BEYOND = 2;
/** fraction of max speed from which a unit counts as going at full speed */
const FULL_SPEED = 0.9;
/** the lateral offset of the relative path, as a fraction of the sum of the radii, within which a
 * unit counts as dead ahead and the pair's agreed side decides how to pass */
const DEAD_AHEAD = 0.5;

/** metres of route: of two units of one order queueing at a passage, the one this much nearer
 * the way through goes first */
const QUEUE_TIE = 0.25;
/** seconds: how far ahead a unit first in a queue looks at the units of its order behind it */
const QUEUE_LEAD_HORIZON = 0.5;
/** metres: the personal space it keeps from them (they keep theirs from it) */
const QUEUE_LEAD_GAP = 0.02;

/** the share a unit takes against a unit of its own order ahead of it that is held up or off its
 * course: all of it */
const FOLLOW_SHARE = 1;

/**
 * Whether `other` walks the agent's order ahead of it (along the velocity it wants), held up (below half its max speed) and slower than the agent. The agent then
 * takes all of the avoidance: in a crowd the one ahead is held up by units the agent may not see,
 * and when the ones behind push, the crowd's weight reaches the front (two blocks of 200 meeting
 * head-on pressed into each other and one carried the other back). Only in the open: by walls and
 * in gaps the one ahead is slowed by what the agent sees too, and the queues at passages
 * (isQueuedBehind) order them there.
 */
function isSlowerAhead(agent: Agent, other: Agent, preferred: { x: number; y: number }): boolean {
  if (other.groupId !== agent.groupId || agent.groupId === 0) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  if (dx * preferred.x + dy * preferred.y <= 0) return false;
  const otherSpeedSq = other.velocity.x * other.velocity.x + other.velocity.y * other.velocity.y;
  return isHeldUp(other) && otherSpeedSq < agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y;
}

/** m/s: a unit whose velocity runs this much slower than it wants along where it moves is off course */
const OFF_COURSE = 0.5;

/**
 * Whether `other`, a unit of the agent's order, moves off the course it wants
 * (it wanted on the last tick, along where it now moves, OFF_COURSE m/s less than its speed: it is
 * braking, turning back past its slot, or swerving round someone) with the agent behind it along
 * its motion. The agent then takes all of the avoidance: the one ahead cannot brake or turn while
 * the ones behind keep their half of the way at its present velocity, so arriving groups ran on
 * two or three metres past their slots into each other, and a unit swerving in a crowd was held
 * on the line it swerved to. Read the same way from both units (from the velocity and the wanted
 * velocity the other publishes), so the pair agrees who gives way.
 */
function isOffCourseAhead(agent: Agent, other: Agent): boolean {
  if (other.groupId !== agent.groupId || agent.groupId === 0) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  const { x: vx, y: vy } = other.velocity;
  if (dx * vx + dy * vy <= 0) return false;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1e-9) return false;
  return (other.wanted.x * vx + other.wanted.y * vy) / speed < speed - OFF_COURSE;
}

/**
 * Whether `other` is queued behind the agent: both walk the same order and queue at a passage
 * (Agent.queueRank), and the agent is QUEUE_TIE nearer the way through. A crowd pushing into a
 * door or a gap wedges there when every unit keeps its full share of the way from the others; in
 * a queue the first goes through while the ones behind give way.
 */
function isQueuedBehind(agent: Agent, other: Agent): boolean {
  return other.groupId === agent.groupId && other.queueRank !== Infinity && agent.queueRank < other.queueRank - QUEUE_TIE;
}

/**
 * How much a threat of another order leans the agent to its right, by the angle between their
 * wanted velocities: fully, but not at all when they converge walking almost the same way
 * (between about 30 and 60 degrees apart; the cosine between 0.5 and 0.85, with short ramps on
 * either side). Two blocks crossing at 45 degrees leaning right for each other only turned into
 * each other's path, and both wheeled off together (crossing-45, seeds 1-10: 14.1 -> 12.6 s, 4 -> 0
 * touches, without the lean there). Within 25 degrees the agent overtakes, on the right; from 65
 * degrees the crowds meeting at right angles make a roundabout, and counter-flows lanes. 1 when
 * either wants to stand still (there is nothing to compare).
 */
function leanFactor(a: ReadonlyVec2, b: ReadonlyVec2): number {
  const product = Math.sqrt((a.x * a.x + a.y * a.y) * (b.x * b.x + b.y * b.y));
  if (product < 1e-12) return 1;
  const cosine = (a.x * b.x + a.y * b.y) / product;
  return Math.max(0, Math.min(1, Math.max((cosine - CONVERGING_MAX) / LEAN_RAMP_NEAR, (CONVERGING_MIN - cosine) / LEAN_RAMP_WIDE)));
}

/** cosines of the angle between two wanted velocities between which units converge without
 * leaning (about 32 to 60 degrees), and the ramps back to the full lean on either side */
const CONVERGING_MAX = 0.85;
const CONVERGING_MIN = 0.5;
const LEAN_RAMP_NEAR = 0.05;
const LEAN_RAMP_WIDE = 0.08;

/** the cosines between which two orders' headings cross or converge: 37 to 120 degrees apart
 * (nearer head-on, orders step aside as blocks; nearer parallel, units overtake) */
const CROSSING_MIN = -0.5;
const CROSSING_MAX = 0.8;

/**
 * Whether the agent and `other` walk two orders whose headings cross or converge at 37 to 120
 * degrees. Such a pair passes with both turning right whichever edge is nearer:
 * the one that has the other on its right passes behind it, the rule of the road at a crossing
 * and a merge. Each unit taking the nearer edge, a unit crossing a stream of another order passed
 * ahead of one stream unit after another and was carried along with it: three vehicles crossing a
 * column of 60 soldiers drifted 13 to 38 m along it (24 s to arrive, or never); with the rule 4 to
 * 8 m (17 s). Two blocks crossing at right angles wheel less (crossing-90 over seeds 1-5: 8.7 ->
 * 7.2 s, 261 -> 152 degrees turned), and blocks converging at 45 degrees merge sooner
 * (crossing-45 12.7 -> 11.6 s). The orders' headings decide, not the units' own ways: blocks
 * converging at 45 degrees are pushed apart as they merge and want ways up to 90 degrees apart,
 * and the rule keyed on those (at 60 to 120 degrees) slowed them (12.7 -> 14.4 s). The rule holds
 * by walls and rocks too, but not near a door (`nearDoor`): kept to open ground, two blocks of 30
 * crossing at right angles where two corridors 8 m wide cross swept each other's units into the
 * wrong arm (18.1 s to arrive over five layouts, DetourCrowd 17.7 s); now 12.5 s.
 */
function ordersCross(agent: Agent, other: Agent): boolean {
  if (agent.groupId === 0 || other.groupId === 0 || agent.groupId === other.groupId) return false;
  const a = agent.orderHeading;
  const b = other.orderHeading;
  if ((a.x === 0 && a.y === 0) || (b.x === 0 && b.y === 0)) return false;
  const cosine = a.x * b.x + a.y * b.y;
  return cosine > CROSSING_MIN && cosine < CROSSING_MAX;
}

/** metres along its way within which a unit coming to a door leaves the way to the door's own
 * rules (turns, queues, halves) rather than giving way to the right */
const DOOR_RULES_REACH = 4;

/**
 * Whether a door (a passage up to the width where orders take turns) is within DOOR_RULES_REACH
 * on the unit's way. Two blocks coming from one side to a door 6 m wide, crossing there at right
 * angles, each giving way to the right in the door's mouth, held each other up (13.6 s over five
 * layouts, DetourCrowd 13.3 s); leaving the door to its rules, 11.4 s.
 */
function nearDoor(agent: Agent): boolean {
  return agent.doorDistance <= DOOR_RULES_REACH;
}

/**
 * Whether, of two orders that cross (`ordersCross`), the agent and `other` share the avoidance by
 * the rule of the road: the unit that has the other's order coming from its right takes most of
 * it and the other walks on. So between units of two blocks (orders of several units), unless the
 * one that would give way is the heavier: then the masses alone decide (see `sharedBy`). Both
 * turning right with equal shares, two blocks converging at 45 degrees walked on side by side, the
 * one that should pass behind carried along the other's flank and its units caught inside it where
 * it stopped (two blocks of 100 over five layouts: 20.3 s to arrive on average, 95th percentile
 * 28.5 s, DetourCrowd 19.5 s; with the split 16.0 s and 19.7 s). The split first held only for
 * blocks converging at 37 to 60 degrees; at every angle of the band, the blocks in `junction`,
 * crossing where two corridors meet, touched 0.6 times a run instead of 1.4 (10.8 against 11.0 s:
 * the block passing ahead no longer turns into its arm's wall), `mixed-sizes` 0.4 -> 0 (seeds
 * 1-5), and outside families moved the same way (three groups converging on points side by side
 * from 120 degrees apart 8.0 -> 7.5 s, 95th percentile 19.2 -> 16.0 s; two blocks crossing at
 * right angles in a 6 m door they come to from one side 11.4 -> 10.8 s, 1.2 -> 0.4 touches a
 * run). With the heavier giving way too, three vehicles crossing a column of 60 soldiers that came
 * from their right gave way to it and were carried 14 to 29 m along it. Lone units keep equal
 * shares: in the circle swap, where every unit has its own order, the split cost a quarter of a
 * second (8.3 -> 8.5 s over seeds 1-10).
 */
function sharesByRuleOfRoad(agent: Agent, other: Agent): boolean {
  if (agent.orderSize < 2 || other.orderSize < 2) return false;
  const giver = givesWayTo(agent, other) ? agent : other;
  const taker = giver === agent ? other : agent;
  return giver.mass <= taker.mass;
}

/** metres: units wanting the opposite way lean the agent to its right from this gap on */
const ONCOMING_GAP = 4;

/**
 * How urgently `other` comes the opposite way to the agent, from 0 to 1: it wants (or wanted on
 * the last tick) to go more than 120 degrees from where the agent wants to go, stands ahead of
 * the agent, and is near (1 when touching, 0 at ONCOMING_GAP metres); 0 otherwise. A crowd
 * jammed at a door has no relative motion to read, but its units still want opposite ways.
 */
function oncomingUrgency(agent: Agent, other: Agent, preferred: { x: number; y: number }): number {
  const wx = other.wanted.x;
  const wy = other.wanted.y;
  const ownSpeed = Math.sqrt(preferred.x * preferred.x + preferred.y * preferred.y);
  const otherSpeed = Math.sqrt(wx * wx + wy * wy);
  if (ownSpeed < 1e-9 || otherSpeed < 1e-9) return 0;
  if ((preferred.x * wx + preferred.y * wy) / (ownSpeed * otherSpeed) > -0.5) return 0;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  if (dx * preferred.x + dy * preferred.y <= 0) return 0;
  const gap = Math.sqrt(dx * dx + dy * dy) - agent.radius - other.radius;
  return gap >= ONCOMING_GAP ? 0 : 1 - Math.max(0, gap) / ONCOMING_GAP;
}

/** of the lean of a unit of its order just ahead, the share a unit pressed behind it takes up */
const LEAN_CARRY = 0.9;
/** metres (edge to edge): a unit of its order ahead this close presses on it */
const LEAN_CARRY_GAP = 1;

/**
 * The strongest lean (Agent.lean, last tick's) among the units of the agent's order ahead of it
 * (along the velocity it wants) and within LEAN_CARRY_GAP, times LEAN_CARRY. Only the front of a
 * block meets the units of the other order, so only the front leaned; the ranks behind pushed
 * straight on, and two blocks of 200 meeting head-on stood pressed face to face for ten seconds
 * and more (large-groups, seed 3: 37 units still on their way after a minute). Taken up rank by
 * rank, the lean turns the whole block, and the two slide past each other.
 */
function carriedLean(agent: Agent, sensing: Sensing, preferred: ReadonlyVec2): number {
  let lean = 0;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (other.groupId !== agent.groupId || other.lean <= lean) continue;
    const dx = other.position.x - agent.position.x;
    const dy = other.position.y - agent.position.y;
    if (dx * preferred.x + dy * preferred.y <= 0) continue;
    if (Math.sqrt(dx * dx + dy * dy) - agent.radius - other.radius > LEAN_CARRY_GAP) continue;
    lean = other.lean;
  }
  return LEAN_CARRY * lean;
}

/**
 * The side on which the agent passes `other` when the relative path runs almost through its
 * centre, where the geometry gives no clear answer: the side one of them is already avoiding on
 * (both adopt it, so they pass on opposite sides: the reciprocal turn); when both avoid on
 * different sides, the side of the one with the lower id; else RIGHT (each to its own right).
 * Both units of a pair reach the same answer.
 */
export function agreedSide(agent: Agent, other: Agent): Side {
  if (agent.avoidSide !== NO_SIDE && other.avoidSide !== NO_SIDE && agent.avoidSide !== other.avoidSide) {
    return agent.id < other.id ? agent.avoidSide : other.avoidSide;
  }
  if (other.avoidSide !== NO_SIDE) return other.avoidSide;
  if (agent.avoidSide !== NO_SIDE) return agent.avoidSide;
  return RIGHT;
}

/**
 * How one neighbour's half-plane is made (see addReciprocalPlane). Filled in place for each
 * neighbour: numbers handed to a call one by one are boxed on the heap each time by V8, a few
 * dozen thousand a tick in a crowd; fields of one object kept for the purpose are not.
 */
export interface PlaneTerms {
  /** the part of the way out the agent takes (0 to 1) */
  share: number;
  /** metres between centres the two must keep */
  reach: number;
  /** seconds ahead the velocity obstacle looks */
  horizon: number;
  /** seconds within which two units already within reach must part */
  settle: number;
}

export function planeTerms(share: number, reach: number, horizon: number, settle: number): PlaneTerms {
  return { share, reach, horizon, settle };
}

/**
 * Adds the half-plane of velocities `other` leaves the agent: the agent's `terms.share` of the
 * smallest change of relative velocity that takes it out of the velocity obstacle (the relative
 * velocities whose ray, over `terms.horizon` seconds, comes within `terms.reach` metres of
 * `other`), on the side the two agree on when `other` is dead ahead. Units already within reach
 * must part within `terms.settle` seconds. `passOn`, when given, is the side the pair passes on
 * whichever edge is nearer (see `ordersCross`). Returns the side the agent passes on (LEFT: it
 * turns left, keeping `other` on its right).
 */
export function addReciprocalPlane(planes: HalfPlanes, agent: Agent, other: Agent, terms: Readonly<PlaneTerms>, passOn: Side = NO_SIDE): Side {
  const { share, reach, horizon, settle } = terms;
  const px = other.position.x - agent.position.x;
  const py = other.position.y - agent.position.y;
  const vx = agent.velocity.x - other.velocity.x;
  const vy = agent.velocity.y - other.velocity.y;
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
    if (wDotP < 0 && wDotP * wDotP > reachSq * wSq) {
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
      side = passOn !== NO_SIDE ? passOn : deadAhead ? agreedSide(agent, other) : px * wy - py * wx > 0 ? LEFT : RIGHT;
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
      nx = distance > 1e-9 ? -px / distance : agent.id < other.id ? -1 : 1;
      ny = distance > 1e-9 ? -py / distance : 0;
    }
    change = reach / settle - wLength;
    side = px * wy - py * wx > 0 ? LEFT : RIGHT;
  }
  // the agent's velocity must end up at least `share * change` further along n than now
  addHalfPlane(planes, nx, ny, nx * agent.velocity.x + ny * agent.velocity.y + share * change, false);
  return side;
}

const _rays_planes = createHalfPlanes(MAX_NEIGHBOURS + 32);
const _rays_terms = planeTerms(0, 0, 0, 0);
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
function addObstaclePlane(planes: HalfPlanes, agent: Agent, shape: Parameters<typeof nearestBoundaryPoint>[0], terms: Readonly<ObstacleTerms>, want: ReadonlyVec2): void {
  const { clearance, horizon } = terms;
  const { x, y } = agent.position;
  const distance = nearestBoundaryPoint(shape, x, y, _rays_point);
  let nx = x - _rays_point.x;
  let ny = y - _rays_point.y;
  const length = Math.sqrt(nx * nx + ny * ny);
  if (length < 1e-9) return; // on the boundary exactly: the physics holds it out this tick
  // inside (pushed in by a crowd): the way out is toward the nearest boundary point
  const outward = distance < 0 ? -1 : 1;
  nx = (outward * nx) / length;
  ny = (outward * ny) / length;
  const gap = distance - agent.radius - clearance;
  const offset = -gap / horizon;
  if (offset <= -agent.maxSpeed) return;
  const index = planes.count;
  _rays_fallback[index] = 0;
  if (gap > 0 && nx * want.x + ny * want.y < offset && tangentLegs(shape, x, y, agent.radius + clearance, _rays_legs)) {
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
  decide(out, agent, sensing, preferred, config) {
    const count = sensing.neighbourCount;
    if (count === 0 && sensing.obstacleCount === 0) {
      decideNothing(out);
      return;
    }
    const planes = _rays_planes;
    clearHalfPlanes(planes);
    // personal space from obstacles, but never more than the way left to the target (a slot may
    // lie close to a wall)
    _rays_obstacleTerms.clearance = Math.max(0, Math.min(agent.obstacleSpace, agent.distanceToTarget - config.arrivalTolerance));
    _rays_obstacleTerms.horizon = Math.min(config.avoidHorizon, OBSTACLE_HORIZON);
    for (let index = 0; index < sensing.obstacleCount; index++) {
      addObstaclePlane(planes, agent, sensing.obstacles[index]!, _rays_obstacleTerms, preferred);
    }
    // no obstacle or wall near: see isSlowerAhead
    const openGround = sensing.obstacleCount === 0;
    for (let index = 0; index < count; index++) {
      const other = sensing.neighbours[index]!;
      // a unit standing beyond where the agent stops is not in its way
      const dx = other.position.x - agent.position.x;
      const dy = other.position.y - agent.position.y;
      const distance = Math.sqrt(dx * dx + dy * dy);
      const contact = agent.radius + other.radius;
      // personal space, or what is left of it when a crowd has pressed closer
      const reach = Math.max(contact, Math.min(contact + config.avoidClearance, distance - PRESSED_GAP));
      const otherStanding = other.groupId === 0;
      if (otherStanding && distance - reach > agent.distanceToTarget) continue;
      // every unit avoids, standing ones too: each takes its share; a standing unit takes all of it
      // (it makes way for one on the move, which may come close to it, as it is not going anywhere fast)
      const share = agent.groupId === 0 ? STANDING_SHARE : sharedBy(agent, other);
      const horizon = otherStanding ? Math.min(config.avoidHorizon, STANDING_HORIZON) : config.avoidHorizon;
      if (isQueuedBehind(agent, other)) {
        // queueing at a passage, the agent nearer the way through: it goes first, only not
        // walking into the one behind it; the one behind gives way as usual, or all of the way
        // at a passage one unit wide (below)
        _rays_terms.share = share;
        _rays_terms.reach = Math.min(reach, contact + QUEUE_LEAD_GAP);
        _rays_terms.horizon = Math.min(horizon, QUEUE_LEAD_HORIZON);
        _rays_terms.settle = config.responseTime;
        _rays_sides[planes.count] = addReciprocalPlane(planes, agent, other, _rays_terms);
        continue;
      }
      // queueing for a passage one unit wide behind one nearer the way through: all of the way (a
      // crowd pressing on a 2 m gap between rocks wedged three abreast in its mouth, the first in
      // the queue held behind the two at the corners); in the open, behind a held-up unit of its
      // own order: that one is held up by what the agent may not see (units beyond it); pushing
      // into it only passes the crowd's weight forward; and behind one of its order moving off its
      // course, unless the agent is off its own course ahead of that one too (then they share as
      // usual)
      const behind =
        (agent.queueSingleFile && isQueuedBehind(other, agent)) ||
        (openGround && (isSlowerAhead(agent, other, preferred) || (isOffCourseAhead(agent, other) && !isOffCourseAhead(other, agent))));
      const crossing = ordersCross(agent, other) && !nearDoor(agent) && !nearDoor(other);
      const passOn = crossing ? RIGHT : NO_SIDE;
      const pairShare = behind ? FOLLOW_SHARE : crossing && sharesByRuleOfRoad(agent, other) ? sharedBy(agent, other, givesWayTo(agent, other) ? GIVE_WAY_PART : 1 - GIVE_WAY_PART) : share;
      _rays_terms.share = pairShare;
      _rays_terms.reach = reach;
      _rays_terms.horizon = horizon;
      _rays_terms.settle = config.responseTime;
      _rays_sides[planes.count] = addReciprocalPlane(planes, agent, other, _rays_terms, passOn);
    }
    if (planes.count === 0) {
      decideNothing(out);
      return;
    }
    // keep right: with units of other orders coming at it (about to meet it, or near and wanting
    // the opposite way), the agent leans its wanted velocity to its right, more the sooner they
    // would meet, so counter-flows form lanes and crossings swirl (not for units converging on
    // its way from almost the same direction: see leanFactor); pressed behind units of its own
    // order that lean, it takes up their lean (see carriedLean)
    let wantX = preferred.x;
    let wantY = preferred.y;
    if (agent.groupId !== 0 && config.keepRight > 0) {
      // the soonest threat of another order (threats come first, soonest first)
      let urgency = 0;
      for (let index = 0; index < count; index++) {
        const other = sensing.neighbours[index]!;
        if (other.groupId === agent.groupId || other.groupId === 0) continue;
        const key = sensing.neighbourKeys[index]!;
        if (key < 1) urgency = Math.max(urgency, (1 - key) * leanFactor(preferred, other.wanted));
        else urgency = Math.max(urgency, oncomingUrgency(agent, other, preferred));
      }
      urgency = Math.max(urgency, carriedLean(agent, sensing, preferred));
      out.lean = urgency;
      if (urgency > 0) {
        const angle = -config.keepRight * urgency;
        const c = cos(angle);
        const s = sin(angle);
        wantX = preferred.x * c - preferred.y * s;
        wantY = preferred.x * s + preferred.y * c;
      }
    }
    // at full speed, aim beyond what the disc allows: among the allowed velocities this prefers
    // keeping speed and turning to slowing down
    const wantSpeedSq = wantX * wantX + wantY * wantY;
    if (wantSpeedSq > FULL_SPEED * FULL_SPEED * agent.maxSpeed * agent.maxSpeed) {
      wantX *= AIM_BEYOND;
      wantY *= AIM_BEYOND;
    }
    _rays_want.x = wantX;
    _rays_want.y = wantY;
    solveWithFallback(planes, agent.maxSpeed, _rays_want);
    const gain = agent.mass / config.responseTime;
    out.force.x = (_rays_choice.x - preferred.x) * gain;
    out.force.y = (_rays_choice.y - preferred.y) * gain;
    out.side = bindingSide(planes, _rays_choice);
  },
};
