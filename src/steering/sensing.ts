import type { ShapeGeometry } from '../math/shapes';
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
import type { UnitStore } from './store';
import type { SteeringConfig } from './config';

/** Index of each of the three avoidance rays in `Sensing.rays`. */
export const RAY_CENTRE = 0;
export const RAY_LEFT = 1;
export const RAY_RIGHT = 2;
/** `Threat.ray` of a unit threat: seen by the relative ray (see `relativeRayFraction`), which
 * stands for the band the three rays sweep */
export const RAY_RELATIVE = 3;

export interface Ray {
  /** metres, world frame */
  origin: Vec2;
  /** metres, world frame: origin + direction of travel * length */
  end: Vec2;
  /** closest threat along this ray as a fraction of its length; 1 when clear */
  hitFraction: number;
}

/** The closest thing in the way, over the three rays. */
export interface Threat {
  kind: 'none' | 'unit' | 'obstacle';
  /** the slot of the unit that was hit (kind 'unit'; in the unit store), else -1 */
  unit: number;
  /** the obstacle that was hit (kind 'obstacle'), else -1 */
  obstacleId: number;
  /** metres: the centre of the body hit (for an obstacle, the centre of its bounding circle) */
  centre: Vec2;
  /** metres: radius of the body hit (for an obstacle, of its bounding circle) */
  radius: number;
  /** m/s: velocity of the body hit (zero for an obstacle) */
  velocity: Vec2;
  /** unit vector out of the surface where a ray hit a box or polygon obstacle (a wall); zero for
   * units and circles, which are steered around by their centre */
  normal: Vec2;
  /** how soon it will be touched, as a fraction of the look-ahead time, in [0, 1] (for an
   * obstacle, the fraction of the ray's length at which the ray hit it) */
  fraction: number;
  /** which ray saw it: RAY_CENTRE, RAY_LEFT or RAY_RIGHT for an obstacle, RAY_RELATIVE for a
   * unit; -1 when none */
  ray: number;
  /** metres, world frame: where the unit itself will be when it touches (for an obstacle, where
   * the ray hit) */
  point: Vec2;
}

/** What the sense phase found for one unit this tick. Read-only for everything after it. */
export interface Sensing {
  /** whether the rays were cast this tick (the unit was moving fast enough) */
  raysCast: boolean;
  rays: [Ray, Ray, Ray];
  threat: Threat;
  /** sum of pushes away from neighbours closer than the separation gap (see separation.ts) */
  crowding: Vec2;
  /** newtons: steering summed over every body in the way, by strategies that add up forces
   * (feeler); zero otherwise */
  push: Vec2;
  /**
   * The units the velocity choice answers (`rays`): those the unit will touch within the
   * look-ahead, soonest first, then the nearest of the others that could be met within it, at most
   * MAX_NEIGHBOURS in all, by their slots in the unit store. Entries past `neighbourCount` are stale.
   */
  neighbours: Int32Array;
  neighbourCount: number;
  /** per neighbour: the fraction of the look-ahead at which it will be touched (< 1), or 1 plus its
   * gap over the gap that could close within the look-ahead, for one that will not be touched; the
   * list is sorted by it */
  neighbourKeys: Float64Array;
  /** the obstacles and walls near enough to matter within the look-ahead (`rays`) */
  obstacles: ShapeGeometry[];
  obstacleCount: number;
}

/** how many units the velocity choice answers at most */
export const MAX_NEIGHBOURS = 10;

export function createSensing(): Sensing {
  const ray = (): Ray => ({ origin: vec2(), end: vec2(), hitFraction: 1 });
  return {
    raysCast: false,
    rays: [ray(), ray(), ray()],
    threat: {
      kind: 'none',
      unit: -1,
      obstacleId: -1,
      centre: vec2(),
      radius: 0,
      velocity: vec2(),
      normal: vec2(),
      fraction: 1,
      ray: -1,
      point: vec2(),
    },
    crowding: vec2(),
    push: vec2(),
    neighbours: new Int32Array(MAX_NEIGHBOURS),
    neighbourCount: 0,
    neighbourKeys: new Float64Array(MAX_NEIGHBOURS),
    obstacles: [],
    obstacleCount: 0,
  };
}

/**
 * Offers the unit at slot `other` as a neighbour with `key` (lower is more urgent): it takes its
 * place in the sorted list when there is room or it beats the last one. Ties keep the earlier one
 * first.
 */
export function offerNeighbour(sensing: Sensing, other: number, key: number): void {
  let index = sensing.neighbourCount;
  if (index === MAX_NEIGHBOURS) {
    if (key >= sensing.neighbourKeys[MAX_NEIGHBOURS - 1]!) return;
    index--;
  } else {
    sensing.neighbourCount++;
  }
  const keys = sensing.neighbourKeys;
  const list = sensing.neighbours;
  while (index > 0 && keys[index - 1]! > key) {
    keys[index] = keys[index - 1]!;
    list[index] = list[index - 1]!;
    index--;
  }
  keys[index] = key;
  list[index] = other;
}

/** The key of the least urgent neighbour when the list is full, else Infinity (anyone gets in). */
export function neighbourCutoff(sensing: Sensing): number {
  return sensing.neighbourCount === MAX_NEIGHBOURS ? sensing.neighbourKeys[MAX_NEIGHBOURS - 1]! : Infinity;
}

/**
 * The unit at `removed` left the store and the slots after it moved down one: drops it from the
 * neighbours and the threat and renames the others (the lists stay sorted).
 */
export function forgetSlot(sensing: Sensing, removed: number): void {
  let kept = 0;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (other === removed) continue;
    sensing.neighbours[kept] = other > removed ? other - 1 : other;
    sensing.neighbourKeys[kept] = sensing.neighbourKeys[index]!;
    kept++;
  }
  sensing.neighbourCount = kept;
  const threat = sensing.threat;
  if (threat.unit === removed) clearThreat(threat);
  else if (threat.unit > removed) threat.unit--;
}

export function clearThreat(threat: Threat): void {
  threat.kind = 'none';
  threat.unit = -1;
  threat.obstacleId = -1;
  threat.fraction = 1;
  threat.ray = -1;
  threat.radius = 0;
  threat.velocity.x = 0;
  threat.velocity.y = 0;
  threat.normal.x = 0;
  threat.normal.y = 0;
}

/**
 * Makes the unit at slot `other` the threat: the agent will touch it at `fraction` of the
 * look-ahead, seen by `ray`, standing then at (pointX, pointY). Every sense method records a unit
 * through here.
 */
export function recordUnitThreat(threat: Threat, units: UnitStore, other: number, fraction: number, ray: number, pointX: number, pointY: number): void {
  threat.kind = 'unit';
  threat.unit = other;
  threat.obstacleId = -1;
  threat.centre.x = units.position.data[2 * other]!;
  threat.centre.y = units.position.data[2 * other + 1]!;
  threat.radius = units.radius.data[other]!;
  threat.velocity.x = units.velocity.data[2 * other]!;
  threat.velocity.y = units.velocity.data[2 * other + 1]!;
  threat.normal.x = 0;
  threat.normal.y = 0;
  threat.fraction = fraction;
  threat.ray = ray;
  threat.point.x = pointX;
  threat.point.y = pointY;
}

/**
 * Makes an obstacle the threat: its bounding circle (`centre`, `radius`), the surface normal where
 * a ray hit a box or polygon (zero for circles), and when and where, as for a unit. Every sense
 * method records an obstacle through here.
 */
export function recordObstacleThreat(
  threat: Threat,
  obstacleId: number,
  centre: ReadonlyVec2,
  radius: number,
  normal: ReadonlyVec2,
  fraction: number,
  ray: number,
  pointX: number,
  pointY: number,
): void {
  threat.kind = 'obstacle';
  threat.unit = -1;
  threat.obstacleId = obstacleId;
  threat.centre.x = centre.x;
  threat.centre.y = centre.y;
  threat.radius = radius;
  threat.velocity.x = 0;
  threat.velocity.y = 0;
  threat.normal.x = normal.x;
  threat.normal.y = normal.y;
  threat.fraction = fraction;
  threat.ray = ray;
  threat.point.x = pointX;
  threat.point.y = pointY;
}

/** the zero vector, for threats with no surface normal */
export const NO_NORMAL: ReadonlyVec2 = Object.freeze({ x: 0, y: 0 });

/** Ray length for a unit of `radius` moving at `speed`: lookAheadTime * speed, never below the diameter. */
export function rayLength(radius: number, speed: number, config: SteeringConfig): number {
  return Math.max(config.lookAheadTime * speed, 2 * radius);
}

/**
 * Lays the three rays out along the agent's velocity: one from the centre and one from each
 * edge (offset by the radius perpendicular to the velocity), all of `rayLength`. Returns false,
 * leaving the rays untouched, when the agent is slower than `minAvoidSpeed`.
 */
export function layOutRays(sensing: Sensing, units: UnitStore, agent: number, config: SteeringConfig): boolean {
  const vx = units.velocity.data[2 * agent]!;
  const vy = units.velocity.data[2 * agent + 1]!;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < config.minAvoidSpeed || speed < 1e-9) return false;
  layOutRaysOfLength(sensing, units, agent, rayLength(units.radius.data[agent]!, speed, config));
  return true;
}

/** The three rays along the agent's (non-zero) velocity, `length` metres long. */
export function layOutRaysOfLength(sensing: Sensing, units: UnitStore, agent: number, length: number): void {
  const vx = units.velocity.data[2 * agent]!;
  const vy = units.velocity.data[2 * agent + 1]!;
  const speed = Math.sqrt(vx * vx + vy * vy);
  const dirX = vx / speed;
  const dirY = vy / speed;
  // left of the direction of travel is (-dirY, dirX)
  const radius = units.radius.data[agent]!;
  const sideX = -dirY * radius;
  const sideY = dirX * radius;
  const x = units.position.data[2 * agent]!;
  const y = units.position.data[2 * agent + 1]!;
  placeRay(sensing.rays[RAY_CENTRE], x, y, dirX * length, dirY * length);
  placeRay(sensing.rays[RAY_LEFT], x + sideX, y + sideY, dirX * length, dirY * length);
  placeRay(sensing.rays[RAY_RIGHT], x - sideX, y - sideY, dirX * length, dirY * length);
}

function placeRay(ray: Ray, x: number, y: number, dx: number, dy: number): void {
  ray.origin.x = x;
  ray.origin.y = y;
  ray.end.x = x + dx;
  ray.end.y = y + dy;
  ray.hitFraction = 1;
}

/**
 * Fraction along the segment origin->end at which it enters a circle, or -1 when it misses.
 * A segment that starts inside the circle does not hit it (the same rule as planck's ray
 * casts), so a neighbour already pressed against a unit's edge does not read as a head-on threat.
 */
export function segmentCircleFraction(
  originX: number,
  originY: number,
  endX: number,
  endY: number,
  centreX: number,
  centreY: number,
  radius: number,
): number {
  const sx = originX - centreX;
  const sy = originY - centreY;
  const startOutside = sx * sx + sy * sy - radius * radius;
  if (startOutside <= 0) return -1;
  const rx = endX - originX;
  const ry = endY - originY;
  const rr = rx * rx + ry * ry;
  if (rr < 1e-18) return -1;
  const c = sx * rx + sy * ry;
  if (c >= 0) return -1; // pointing away from the circle
  const discriminant = c * c - rr * startOutside;
  if (discriminant < 0) return -1;
  const entry = -(c + Math.sqrt(discriminant));
  if (entry < 0 || entry > rr) return -1;
  return entry / rr;
}

/**
 * Like `segmentCircleFraction` for a body of radius `solidRadius` seen with a personal-space
 * margin (`seenRadius` >= `solidRadius`): a ray that starts inside the margin but outside the
 * body, heading further in, hits at once (fraction 0). Without this a unit sliding along another
 * body's margin sees nothing and seek pulls it into contact.
 */
export function personalSpaceFraction(
  originX: number,
  originY: number,
  endX: number,
  endY: number,
  centreX: number,
  centreY: number,
  solidRadius: number,
  seenRadius: number,
): number {
  const sx = originX - centreX;
  const sy = originY - centreY;
  const distanceSq = sx * sx + sy * sy;
  if (distanceSq > seenRadius * seenRadius) {
    return segmentCircleFraction(originX, originY, endX, endY, centreX, centreY, seenRadius);
  }
  if (distanceSq <= solidRadius * solidRadius) return -1;
  const headingIn = sx * (endX - originX) + sy * (endY - originY) < 0;
  return headingIn ? 0 : -1;
}

/**
 * When the agent will touch `other` if both keep their velocities, as a fraction of
 * the look-ahead (`avoidHorizon` seconds), or -1 when not within it.
 *
 * The three rays along the agent's own velocity sample the band its disc sweeps; against a
 * static body that is the whole question. Against a moving unit it is the wrong one: a unit
 * walking out of the band reads as a threat, and one about to walk into it (a crosser, or the
 * unit ahead that is slower) is invisible until it is there. So units are tested in the other
 * unit's frame: one ray from the agent's centre along the relative velocity
 * (v_self - v_other) * avoidHorizon, against the other's disc grown by the agent's radius (the
 * exact band the three rays sample) and by `avoidClearance` (personal space). A ray that starts
 * inside the personal space, or already touching, while the gap still closes hits at once
 * (fraction 0). Two units walking side by side at the same velocity never see each other; zero
 * relative velocity gives -1, never NaN.
 *
 * The two settings come in their object, not as numbers: V8 puts a fractional number on the heap
 * each time one is handed to a call it does not inline, and this runs for thousands of pairs a
 * tick.
 */
export function relativeRayFraction(units: UnitStore, agent: number, other: number, config: Pick<SteeringConfig, 'avoidHorizon' | 'avoidClearance'>): number {
  const lookAheadTime = config.avoidHorizon;
  const clearance = config.avoidClearance;
  const position = units.position.data;
  const velocity = units.velocity.data;
  const contact = units.radius.data[agent]! + units.radius.data[other]!;
  const x = position[2 * agent]!;
  const y = position[2 * agent + 1]!;
  const otherX = position[2 * other]!;
  const otherY = position[2 * other + 1]!;
  const rvx = velocity[2 * agent]! - velocity[2 * other]!;
  const rvy = velocity[2 * agent + 1]! - velocity[2 * other + 1]!;
  const dx = otherX - x;
  const dy = otherY - y;
  // already touching and still closing in: the threat is now
  if (dx * dx + dy * dy <= contact * contact) return rvx * dx + rvy * dy > 0 ? 0 : -1;
  return personalSpaceFraction(x, y, x + rvx * lookAheadTime, y + rvy * lookAheadTime, otherX, otherY, contact, contact + clearance);
}
