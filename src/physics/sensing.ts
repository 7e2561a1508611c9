/**
 * The sense phase: what each unit's three avoidance rays meet, and who crowds it.
 *
 * Three `world.rayCast` calls per unit walk planck's tree three times and allocate per hit; even
 * one `queryAABB` per unit over the rays' box spent most of the tick in the tree walk. So units
 * are found through a uniform grid rebuilt each tick (spatial/grid.ts), each candidate is first
 * rejected cheaply if it lies outside the corridor the rays sweep, and the few left are tested
 * exactly against the three rays in closed form (the same test planck's circle shape uses).
 * Obstacles keep planck's own exact ray cast on their fixtures. The closest hit is kept per ray
 * and over all three, whatever order candidates come in, and nothing is allocated per ray.
 * Other units are seen `avoidClearance` larger than they are (personal space).
 */
import { type RayCastOutput, Vec2 as PlanckVec2 } from 'planck';
import type { Agent } from '../steering/agent';
import type { AvoidanceStrategy } from '../steering/avoidance';
import type { SteeringConfig } from '../steering/config';
import {
  RAY_CENTRE,
  type Ray,
  type Sensing,
  clearThreat,
  layOutRays,
  personalSpaceFraction,
} from '../steering/sensing';
import { accumulateCrowding } from '../steering/separation';
import { type UnitGrid, cellColumn, cellRow } from '../spatial/grid';
import type { ObstacleSensor } from './world';

/** The world as the sense phase sees it; the grid must be rebuilt from `units` this tick. */
export interface SenseWorld {
  readonly units: readonly Agent[];
  readonly grid: UnitGrid;
  readonly obstacles: readonly ObstacleSensor[];
}

const _sense_rayInput = { p1: { x: 0, y: 0 }, p2: { x: 0, y: 0 }, maxFraction: 1 };
const _sense_rayOutput: RayCastOutput = { fraction: 1, normal: new PlanckVec2(0, 0) };

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
): void {
  sensing.crowding.x = 0;
  sensing.crowding.y = 0;
  clearThreat(sensing.threat);
  const raysCast = strategy.castsRays && layOutRays(sensing, agent, config);
  sensing.raysCast = raysCast;

  const px = agent.position.x;
  const py = agent.position.y;
  const reach = agent.radius + config.separationGap;
  let minX = px - reach;
  let minY = py - reach;
  let maxX = px + reach;
  let maxY = py + reach;
  // direction and length of the rays, for the corridor test
  let dirX = 0;
  let dirY = 0;
  let rayLength = 0;
  if (raysCast) {
    for (const ray of sensing.rays) {
      minX = Math.min(minX, ray.origin.x, ray.end.x);
      minY = Math.min(minY, ray.origin.y, ray.end.y);
      maxX = Math.max(maxX, ray.origin.x, ray.end.x);
      maxY = Math.max(maxY, ray.origin.y, ray.end.y);
    }
    const centre = sensing.rays[RAY_CENTRE];
    dirX = centre.end.x - centre.origin.x;
    dirY = centre.end.y - centre.origin.y;
    rayLength = Math.sqrt(dirX * dirX + dirY * dirY);
    dirX /= rayLength;
    dirY /= rayLength;
  }

  // units: every cell that can hold a centre whose disc reaches into the box
  const grid = world.grid;
  const grow = grid.maxRadius + config.avoidClearance;
  const column0 = cellColumn(grid, minX - grow);
  const column1 = cellColumn(grid, maxX + grow);
  const row0 = cellRow(grid, minY - grow);
  const row1 = cellRow(grid, maxY + grow);
  const units = world.units;
  const cellStart = grid.cellStart;
  const order = grid.order;
  for (let row = row0; row <= row1; row++) {
    const rowBase = row * grid.columns;
    for (let column = column0; column <= column1; column++) {
      const cell = rowBase + column;
      const end = cellStart[cell + 1]!;
      for (let k = cellStart[cell]!; k < end; k++) {
        const other = units[order[k]!]!;
        if (other === agent) continue;
        const dx = other.position.x - px;
        const dy = other.position.y - py;
        const near = reach + other.radius;
        if (dx * dx + dy * dy < near * near) {
          accumulateCrowding(sensing.crowding, agent, other.id, other.position, other.radius, config);
        }
        if (!raysCast) continue;
        // corridor test: the rays sweep a band of half-width `radius` along the direction of travel
        const seen = other.radius + config.avoidClearance;
        const along = dx * dirX + dy * dirY;
        if (along < -seen || along > rayLength + seen) continue;
        const across = dx * dirY - dy * dirX;
        if (across > agent.radius + seen || across < -agent.radius - seen) continue;
        if (!strategy.isThreat(agent, other)) continue;
        testUnitAgainstRays(sensing, other, other.radius, seen);
      }
    }
  }

  if (!raysCast) return;
  for (const obstacle of world.obstacles) {
    if (obstacle.maxX < minX || obstacle.minX > maxX || obstacle.maxY < minY || obstacle.minY > maxY) {
      continue;
    }
    testObstacleAgainstRays(sensing, obstacle, config.avoidClearance);
  }
}

function testUnitAgainstRays(sensing: Sensing, other: Agent, solidRadius: number, seenRadius: number): void {
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    const fraction = personalSpaceFraction(
      ray.origin.x,
      ray.origin.y,
      ray.end.x,
      ray.end.y,
      other.position.x,
      other.position.y,
      solidRadius,
      seenRadius,
    );
    if (fraction < 0 || fraction >= ray.hitFraction) continue;
    ray.hitFraction = fraction;
    const threat = sensing.threat;
    if (threat.kind !== 'none' && fraction >= threat.fraction) continue;
    threat.kind = 'unit';
    threat.unit = other;
    threat.obstacleId = -1;
    threat.centre.x = other.position.x;
    threat.centre.y = other.position.y;
    threat.radius = other.radius;
    setThreatPoint(sensing, ray, index, fraction);
  }
}

/**
 * Circle obstacles are tested in closed form with the personal-space margin, like units; boxes
 * and polygons with planck's exact ray cast on their fixture.
 */
function testObstacleAgainstRays(sensing: Sensing, obstacle: ObstacleSensor, clearance: number): void {
  const circle = obstacle.circle;
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    let fraction: number;
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
      _sense_rayInput.p1.x = ray.origin.x;
      _sense_rayInput.p1.y = ray.origin.y;
      _sense_rayInput.p2.x = ray.end.x;
      _sense_rayInput.p2.y = ray.end.y;
      _sense_rayInput.maxFraction = ray.hitFraction;
      if (!obstacle.fixture.rayCast(_sense_rayOutput, _sense_rayInput, 0)) continue;
      fraction = _sense_rayOutput.fraction;
    }
    if (fraction >= ray.hitFraction) continue;
    ray.hitFraction = fraction;
    const threat = sensing.threat;
    if (threat.kind !== 'none' && fraction >= threat.fraction) continue;
    threat.kind = 'obstacle';
    threat.unit = null;
    threat.obstacleId = obstacle.obstacleId;
    threat.centre.x = obstacle.centre.x;
    threat.centre.y = obstacle.centre.y;
    threat.radius = obstacle.boundingRadius;
    setThreatPoint(sensing, ray, index, fraction);
  }
}

function setThreatPoint(sensing: Sensing, ray: Ray, index: number, fraction: number): void {
  const threat = sensing.threat;
  threat.fraction = fraction;
  threat.ray = index;
  threat.point.x = ray.origin.x + (ray.end.x - ray.origin.x) * fraction;
  threat.point.y = ray.origin.y + (ray.end.y - ray.origin.y) * fraction;
}
