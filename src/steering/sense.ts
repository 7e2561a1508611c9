/**
 * The sense phase: what threatens each moving unit, and who crowds it.
 *
 * Units are found through a uniform grid rebuilt each tick (spatial/grid.ts): planck's tree walk
 * and per-query closure cost far more than the physics step. Each unit near enough to meet the
 * agent within the look-ahead time is tested with the relative ray in closed form
 * (sensing.ts: the three rays' band, taken in the other unit's frame), so the threat is
 * the unit the agent will touch soonest. Obstacles stand still, so for them the three rays along
 * the agent's own velocity are exact: circles in closed form, boxes and polygons with planck's
 * own ray cast on their fixture. The soonest hit wins, whatever order candidates come in, and
 * nothing is allocated. Everything is seen `avoidClearance` larger than it is (personal space).
 *
 * Strategies that sense circles (the articles' classic methods) are offered every unit and every
 * obstacle's bounding circle within their reach instead, and record what they need themselves.
 */
import type { ShapeGeometry } from '../math/shapes';
import { type ObstacleSensor, rayCastObstacle } from '../physics/world';
import { type CellGrid, cellColumn, cellRow } from '../spatial/grid';
import { type RingCells, collectRing, createRingCells } from '../spatial/rings';
import type { Agent } from './agent';
import type { SteeringConfig } from './config';
import {
  NO_NORMAL,
  RAY_CENTRE,
  RAY_LEFT,
  RAY_RELATIVE,
  type Sensing,
  clearThreat,
  layOutRays,
  layOutRaysOfLength,
  neighbourCutoff,
  offerNeighbour,
  personalSpaceFraction,
  recordObstacleThreat,
  recordUnitThreat,
  relativeRayFraction,
} from './sensing';
import { accumulateCrowding } from './separation';
import type { AvoidanceStrategy } from './strategy';

/**
 * The world as the sense phase sees it. The grid must hold `units` sorted this tick (by
 * position, in this order), and `maxRadius` / `maxSpeed` must be the largest radius and speed
 * among them, so a search knows how far to look.
 */
export interface SenseWorld {
  readonly units: readonly Agent[];
  readonly grid: CellGrid;
  readonly obstacles: readonly ObstacleSensor[];
  /** the world's four walls as shapes just outside it, for the velocity choice */
  readonly walls: readonly ShapeGeometry[];
  /** casts a segment through the physics world: the nearest unit it hits other than `exclude`,
   * and the fraction along the segment (owner null when none) */
  castUnitRay(x1: number, y1: number, x2: number, y2: number, exclude: Agent, out: { owner: Agent | null; fraction: number }): void;
  /** metres */
  maxRadius: number;
  /** metres per second */
  maxSpeed: number;
}

const _sense_ring: RingCells = createRingCells();
/** metres of gap within which a unit that is not closing in is still a neighbour, for the unit
 * being sensed (the gap two units at full speed could close within the look-ahead) */
let _sense_nearReach = 0;
/** metres of gap beyond which a unit is never a threat: it is met later, when nearer (the search
 * for threats would otherwise cover the whole look-ahead at twice full speed) */
const THREAT_RANGE = 12;
/** seconds at full speed within which obstacles and walls are gathered for the velocity choice */
const OBSTACLE_REACH_TIME = 1.5;
const _sense_hit = { fraction: 1, normal: { x: 0, y: 0 } };

/**
 * Fills `sensing` for one unit. `strategy` decides whether rays are cast at all and which units
 * count as threats. The unit itself and the world's walls are never threats.
 */
export function senseUnit(
  world: SenseWorld,
  agent: Agent,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  looksAhead = true,
): void {
  sensing.crowding.x = 0;
  sensing.crowding.y = 0;
  sensing.push.x = 0;
  sensing.push.y = 0;
  clearThreat(sensing.threat);
  sensing.neighbourCount = 0;
  sensing.obstacleCount = 0;
  const senses = looksAhead ? strategy.senses : 'none';
  const raysCast = senses === 'rays' && layOutRays(sensing, agent, config);
  sensing.raysCast = raysCast;
  const grid = world.grid;
  // separation looks this far around the unit; the relative ray as far as any unit can come
  // from within the look-ahead time (the gap between two units closes at most this fast), and
  // neighbours that are not closing in as far as the gap could close within the look-ahead if
  // both went at full speed; circle strategies as far as they say
  const crowdReach = agent.radius + config.separationGap;
  const mode = senses === 'rays' ? RAYS : senses === 'circles' ? CIRCLES : NEIGHBOURS;
  const closingSpeed = mode === RAYS ? Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y) + world.maxSpeed : 0;
  const contactReach = agent.radius + world.maxRadius + config.avoidClearance;
  _sense_nearReach = config.avoidHorizon * (agent.maxSpeed + world.maxSpeed);
  const circleReach = senses === 'circles' ? strategy.reach(agent, config) : 0;
  const reach = Math.max(
    crowdReach + world.maxRadius,
    mode === RAYS ? Math.min(THREAT_RANGE + contactReach, Math.max(config.avoidHorizon * closingSpeed + contactReach, agent.radius + world.maxRadius + _sense_nearReach)) : 0,
    circleReach + world.maxRadius,
  );

  // Cells in rings of growing Chebyshev distance around the unit's own cell, nearest first. A
  // centre in ring k is at least (k - 1) cell sizes away, so once no unit that far can be
  // touched sooner, or be nearer, than the neighbours already found (and separation looks no
  // further), no later ring can add one. In a crowd the search stops after a few rings.
  const column = cellColumn(grid, agent.position.x);
  const row = cellRow(grid, agent.position.y);
  const crowdRings = Math.ceil((crowdReach + world.maxRadius) / grid.cellSize);
  const rings = Math.ceil(reach / grid.cellSize);
  for (let ring = 0; ring <= rings; ring++) {
    if (ring > crowdRings) {
      if (mode === NEIGHBOURS) break;
      if (mode === RAYS && leastKeyBeyond((ring - 1) * grid.cellSize, agent, world, config, closingSpeed) >= neighbourCutoff(sensing)) break;
    }
    collectRing(grid.columns, grid.rows, column, row, ring, _sense_ring);
    for (let k = 0; k < _sense_ring.count; k++) {
      senseCell(world, _sense_ring.cells[k]!, agent, sensing, strategy, config, crowdReach, mode, closingSpeed);
    }
  }

  if (mode === CIRCLES) {
    for (const obstacle of world.obstacles) {
      const dx = obstacle.centre.x - agent.position.x;
      const dy = obstacle.centre.y - agent.position.y;
      const far = circleReach + obstacle.boundingRadius + agent.radius;
      if (dx * dx + dy * dy > far * far) continue;
      strategy.consider(sensing, agent, obstacle.centre, obstacle.boundingRadius, null, obstacle.obstacleId, config);
    }
    return;
  }
  if (mode === RAYS) gatherObstacles(world, agent, sensing, config);
  if (senses === 'world-rays') castWorldRays(world, agent, sensing);
  if (!raysCast) return;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ray of sensing.rays) {
    minX = Math.min(minX, ray.origin.x, ray.end.x);
    minY = Math.min(minY, ray.origin.y, ray.end.y);
    maxX = Math.max(maxX, ray.origin.x, ray.end.x);
    maxY = Math.max(maxY, ray.origin.y, ray.end.y);
  }
  // the side rays are moved out by the margin for polygons (see testObstacleAgainstRays)
  minX -= config.avoidClearance;
  minY -= config.avoidClearance;
  maxX += config.avoidClearance;
  maxY += config.avoidClearance;
  for (const obstacle of world.obstacles) {
    if (obstacle.maxX < minX || obstacle.minX > maxX || obstacle.maxY < minY || obstacle.minY > maxY) {
      continue;
    }
    testObstacleAgainstRays(sensing, obstacle, config.avoidClearance);
  }
}

const _sense_unitHit: { owner: Agent | null; fraction: number } = { owner: null, fraction: 1 };

/**
 * The RTS article's sensing, as written but for its one bug: when the unit moves faster than
 * sqrt(radius) (its own test: speed squared against the radius), three rays one second of travel
 * long, from its centre and its edges, cast through the physics world; the threat is the nearest
 * unit any of them hits. (The article's callback stopped at the first hit planck reports, which
 * is not the nearest; here every hit is clipped and the nearest kept.) Obstacles are not seen.
 */
function castWorldRays(world: SenseWorld, agent: Agent, sensing: Sensing): void {
  const speedSq = agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y;
  if (speedSq <= agent.radius || speedSq < 1e-18) return;
  layOutRaysOfLength(sensing, agent, Math.sqrt(speedSq));
  sensing.raysCast = true;
  const threat = sensing.threat;
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    world.castUnitRay(ray.origin.x, ray.origin.y, ray.end.x, ray.end.y, agent, _sense_unitHit);
    const other = _sense_unitHit.owner;
    if (other === null) continue;
    const fraction = _sense_unitHit.fraction;
    ray.hitFraction = fraction;
    if (threat.kind !== 'none' && fraction >= threat.fraction) continue;
    recordUnitThreat(threat, other, fraction, index, ray.origin.x + (ray.end.x - ray.origin.x) * fraction, ray.origin.y + (ray.end.y - ray.origin.y) * fraction);
  }
}

/** What the sense phase looks for around a unit. */
const NEIGHBOURS = 0;
const RAYS = 1;
const CIRCLES = 2;

/** Separation, and the relative ray or the strategy's circle test, for every unit in one cell. */
function senseCell(
  world: SenseWorld,
  cell: number,
  agent: Agent,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  crowdReach: number,
  mode: number,
  closingSpeed: number,
): void {
  const grid = world.grid;
  const units = world.units;
  const end = grid.cellStart[cell + 1]!;
  for (let k = grid.cellStart[cell]!; k < end; k++) {
    const other = units[grid.order[k]!]!;
    if (other === agent) continue;
    const dx = other.position.x - agent.position.x;
    const dy = other.position.y - agent.position.y;
    const near = crowdReach + other.radius;
    if (dx * dx + dy * dy < near * near) {
      accumulateCrowding(sensing.crowding, agent, other.id, other.position, other.radius, config);
    }
    if (mode === CIRCLES) {
      strategy.consider(sensing, agent, other.position, other.radius, other, -1, config);
      continue;
    }
    if (mode !== RAYS) continue;
    // skip what can neither be touched sooner nor be nearer than the neighbours already found
    const cutoff = neighbourCutoff(sensing);
    if (cutoff < Infinity && leastKeyBeyond(Math.sqrt(dx * dx + dy * dy), agent, world, config, closingSpeed) >= cutoff) continue;
    testUnitAhead(sensing, agent, other, strategy, config);
  }
}

/**
 * The smallest neighbour key a unit whose centre is at least `distance` from the agent's can
 * have: it cannot be touched sooner than the gap can close at `closingSpeed`, nor be nearer than
 * that distance. Infinity when it can be neither a threat nor near.
 */
function leastKeyBeyond(distance: number, agent: Agent, world: SenseWorld, config: SteeringConfig, closingSpeed: number): number {
  const gap = distance - agent.radius - world.maxRadius;
  const near = gap < _sense_nearReach ? 1 + Math.max(0, gap) / _sense_nearReach : Infinity;
  const reachable = config.avoidHorizon * closingSpeed;
  const soonest = reachable > 0 && gap < THREAT_RANGE ? (gap - config.avoidClearance) / reachable : Infinity;
  return Math.min(near, soonest < 1 ? Math.max(0, soonest) : Infinity);
}

/**
 * The relative ray against one unit: a unit it will touch within the look-ahead becomes a
 * neighbour keyed by how soon (and the threat when it is the soonest so far); one it will not
 * touch but that is near enough to become one within the look-ahead becomes a neighbour keyed
 * by its distance.
 */
function testUnitAhead(sensing: Sensing, agent: Agent, other: Agent, strategy: AvoidanceStrategy, config: SteeringConfig): void {
  const ox = other.position.x - agent.position.x;
  const oy = other.position.y - agent.position.y;
  const within = Math.sqrt(ox * ox + oy * oy) - agent.radius - other.radius < THREAT_RANGE;
  const fraction = within && strategy.isThreat(agent, other) ? relativeRayFraction(agent, other, config.avoidHorizon, config.avoidClearance) : -1;
  if (fraction >= 0) {
    offerNeighbour(sensing, other, fraction);
    const threat = sensing.threat;
    if (threat.kind !== 'none' && fraction >= threat.fraction) return;
    const time = fraction * config.avoidHorizon;
    recordUnitThreat(threat, other, fraction, RAY_RELATIVE, agent.position.x + agent.velocity.x * time, agent.position.y + agent.velocity.y * time);
    return;
  }
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  const gap = Math.sqrt(dx * dx + dy * dy) - agent.radius - other.radius;
  if (gap < _sense_nearReach) offerNeighbour(sensing, other, 1 + Math.max(0, gap) / _sense_nearReach);
}

/** Obstacles and walls whose bounds come within reach of the unit in the look-ahead, for the velocity choice. */
function gatherObstacles(world: SenseWorld, agent: Agent, sensing: Sensing, config: SteeringConfig): void {
  const reach = agent.radius + config.avoidClearance + agent.maxSpeed * Math.min(config.avoidHorizon, OBSTACLE_REACH_TIME);
  const { x, y } = agent.position;
  const list = sensing.obstacles;
  for (const obstacle of world.obstacles) {
    const shape = obstacle.geometry;
    if (shape.maxX < x - reach || shape.minX > x + reach || shape.maxY < y - reach || shape.minY > y + reach) continue;
    if (sensing.obstacleCount === MAX_NEARBY_OBSTACLES) break;
    list[sensing.obstacleCount++] = shape;
  }
  for (const wall of world.walls) {
    if (wall.maxX < x - reach || wall.minX > x + reach || wall.maxY < y - reach || wall.minY > y + reach) continue;
    if (sensing.obstacleCount === MAX_NEARBY_OBSTACLES + 4) break;
    list[sensing.obstacleCount++] = wall;
  }
}

/** how many obstacles (besides the four walls) the velocity choice answers at most */
const MAX_NEARBY_OBSTACLES = 12;

/**
 * Circle obstacles are tested in closed form with the personal-space margin, like units; boxes
 * and polygons with planck's exact ray cast on their fixture, the side rays moved out by the
 * margin (a ray cannot see a polygon larger than it is), so a corner passing between the rays
 * still keeps its distance.
 */
function testObstacleAgainstRays(sensing: Sensing, obstacle: ObstacleSensor, clearance: number): void {
  const circle = obstacle.circle;
  // unit vector from the centre ray to the left ray, times the margin
  const centre = sensing.rays[RAY_CENTRE];
  const left = sensing.rays[RAY_LEFT];
  let outX = left.origin.x - centre.origin.x;
  let outY = left.origin.y - centre.origin.y;
  const offset = Math.sqrt(outX * outX + outY * outY);
  outX = offset > 1e-12 ? (outX / offset) * clearance : 0;
  outY = offset > 1e-12 ? (outY / offset) * clearance : 0;
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    let fraction: number;
    let normal = NO_NORMAL;
    if (circle !== null) {
      fraction = personalSpaceFraction(
        ray.origin.x,
        ray.origin.y,
        ray.end.x,
        ray.end.y,
        circle.x,
        circle.y,
        circle.radius,
        circle.radius + clearance,
      );
      if (fraction < 0) continue;
    } else {
      const shift = index === RAY_LEFT ? 1 : index === RAY_CENTRE ? 0 : -1;
      const hit = rayCastObstacle(
        obstacle,
        ray.origin.x + outX * shift,
        ray.origin.y + outY * shift,
        ray.end.x + outX * shift,
        ray.end.y + outY * shift,
        ray.hitFraction,
        _sense_hit,
      );
      if (!hit) continue;
      fraction = _sense_hit.fraction;
      normal = _sense_hit.normal;
    }
    if (fraction >= ray.hitFraction) continue;
    ray.hitFraction = fraction;
    const threat = sensing.threat;
    if (threat.kind !== 'none' && fraction >= threat.fraction) continue;
    const pointX = ray.origin.x + (ray.end.x - ray.origin.x) * fraction;
    const pointY = ray.origin.y + (ray.end.y - ray.origin.y) * fraction;
    recordObstacleThreat(threat, obstacle.obstacleId, obstacle.centre, obstacle.boundingRadius, normal, fraction, index, pointX, pointY);
  }
}
