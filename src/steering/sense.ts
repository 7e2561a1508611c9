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
  /** metres */
  maxRadius: number;
  /** metres per second */
  maxSpeed: number;
}

const _sense_ring: RingCells = createRingCells();
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
  const senses = looksAhead ? strategy.senses : 'none';
  const raysCast = senses === 'rays' && layOutRays(sensing, agent, config);
  sensing.raysCast = raysCast;
  const grid = world.grid;
  // separation looks this far around the unit; the relative ray as far as any unit can come
  // from within the look-ahead time (the gap between two units closes at most this fast);
  // circle strategies as far as they say
  const crowdReach = agent.radius + config.separationGap;
  const closingSpeed = raysCast
    ? Math.sqrt(agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y) + world.maxSpeed
    : 0;
  const contactReach = agent.radius + world.maxRadius + config.avoidClearance;
  const circleReach = senses === 'circles' ? strategy.reach(agent, config) : 0;
  const reach = Math.max(crowdReach + world.maxRadius, config.lookAheadTime * closingSpeed + contactReach, circleReach + world.maxRadius);
  const mode = raysCast ? RAYS : senses === 'circles' ? CIRCLES : NEIGHBOURS;

  // Cells in rings of growing Chebyshev distance around the unit's own cell, nearest first. A
  // centre in ring k is at least (k - 1) cell sizes away, so once that is further than the
  // soonest threat found so far can be (and than separation looks), no later ring can hold a
  // sooner one. In a crowd the search stops after a few rings.
  const column = cellColumn(grid, agent.position.x);
  const row = cellRow(grid, agent.position.y);
  const crowdRings = Math.ceil((crowdReach + world.maxRadius) / grid.cellSize);
  const rings = Math.ceil(reach / grid.cellSize);
  const threat = sensing.threat;
  for (let ring = 0; ring <= rings; ring++) {
    if (ring > crowdRings) {
      if (mode === NEIGHBOURS) break;
      if (mode === RAYS) {
        const soonest = threat.kind === 'none' ? 1 : threat.fraction;
        if ((ring - 1) * grid.cellSize - contactReach > soonest * config.lookAheadTime * closingSpeed) break;
      }
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
    // it cannot be touched sooner than the soonest threat so far if it is further away than the
    // gap can close in that time
    const threat = sensing.threat;
    if (threat.kind !== 'none') {
      const reach = agent.radius + other.radius + config.avoidClearance + threat.fraction * config.lookAheadTime * closingSpeed;
      if (dx * dx + dy * dy > reach * reach) continue;
    }
    if (strategy.isThreat(agent, other)) testUnitAhead(sensing, agent, other, config);
  }
}

/** The relative ray against one unit; keeps it as the threat when it is the soonest so far. */
function testUnitAhead(sensing: Sensing, agent: Agent, other: Agent, config: SteeringConfig): void {
  const fraction = relativeRayFraction(agent, other, config.lookAheadTime, config.avoidClearance);
  const threat = sensing.threat;
  if (fraction < 0 || (threat.kind !== 'none' && fraction >= threat.fraction)) return;
  const time = fraction * config.lookAheadTime;
  recordUnitThreat(threat, other, fraction, RAY_RELATIVE, agent.position.x + agent.velocity.x * time, agent.position.y + agent.velocity.y * time);
}

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
