/**
 * Obstacles for the sense phase: an index of the obstacles by the cells of a coarse grid (so a
 * unit looks only at those near it), the obstacles and walls the velocity choice answers, the three
 * rays against obstacles, and the RTS article's rays cast through the physics world.
 */
import { vec2 } from '../math/vec2';
import { type ObstacleSensor, rayCastObstacle } from '../physics/world';
import { type CellTable, createCellTable, enterCell, findCell, resetCellTable } from '../spatial/cells';
import type { SteeringConfig } from './config';
import type { SenseWorld } from './pack';
import { NO_NORMAL, RAY_CENTRE, RAY_LEFT, type Sensing, layOutRaysOfLength, personalSpaceFraction, recordObstacleThreat, recordUnitThreat } from './sensing';

/** seconds at full speed within which obstacles and walls are gathered for the velocity choice */
const OBSTACLE_REACH_TIME = 1.5;
const _sense_hit = { fraction: 1, normal: vec2() };

/**
 * Obstacles by the cells of a coarse grid that their bounds meet, so a unit looks only at the
 * obstacles near it, not at every obstacle of the map (made again when the obstacles change).
 * Only cells some obstacle meets are stored, so an open map costs nothing.
 */
interface ObstacleIndex {
  readonly version: number;
  readonly columns: number;
  readonly rows: number;
  /** the cells some obstacle meets */
  readonly cells: CellTable;
  /** per such cell u, its obstacles are entries[start[u] .. start[u + 1] - 1], indices into
   * `SenseWorld.obstacles`, ascending */
  readonly start: Int32Array;
  readonly entries: Int32Array;
  /** per obstacle, the query that last took it (so one spanning several cells is taken once) */
  readonly taken: Int32Array;
}

/** metres per side of the index's cells */
const OBSTACLE_CELL = 16;
const indexes = new WeakMap<SenseWorld, ObstacleIndex>();
let _sense_query = 0;
/** the obstacles a query found, as indices into `SenseWorld.obstacles`, ascending */
let _sense_near = new Int32Array(64);

/** The index column (or row) holding coordinate `at`, clamped into `count` columns (or rows). */
function indexCell(at: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.floor(at / OBSTACLE_CELL)));
}

function obstacleIndex(world: SenseWorld): ObstacleIndex {
  const known = indexes.get(world);
  if (known !== undefined && known.version === world.obstacleVersion) return known;
  const columns = Math.max(1, Math.ceil(world.grid.columns * world.grid.cellSize / OBSTACLE_CELL));
  const rows = Math.max(1, Math.ceil(world.grid.rows * world.grid.cellSize / OBSTACLE_CELL));
  // three passes over every (obstacle, cell) pair: count them, count each cell's, place them
  const visit = (each: (cell: number, obstacle: number) => void): void =>
    world.obstacles.forEach((obstacle, index) => {
      for (let row = indexCell(obstacle.minY, rows); row <= indexCell(obstacle.maxY, rows); row++) {
        for (let column = indexCell(obstacle.minX, columns); column <= indexCell(obstacle.maxX, columns); column++) each(row * columns + column, index);
      }
    });
  let pairs = 0;
  visit(() => pairs++);
  const cells = createCellTable();
  resetCellTable(cells, pairs, columns * rows);
  const start = new Int32Array(pairs + 1);
  visit((cell) => start[enterCell(cells, cell) + 1]!++);
  for (let u = 0; u < cells.size; u++) start[u + 1]! += start[u]!;
  const fill = start.slice(0, cells.size);
  const entries = new Int32Array(pairs);
  visit((cell, obstacle) => {
    entries[fill[findCell(cells, cell)]!++] = obstacle;
  });
  const index = { version: world.obstacleVersion, columns, rows, cells, start, entries, taken: new Int32Array(world.obstacles.length) };
  indexes.set(world, index);
  return index;
}

/**
 * Fills `_sense_near` with the obstacles whose bounds may meet the box (those listed in the
 * index cells it covers), in ascending order as in `world.obstacles`; returns how many.
 */
function obstaclesInBox(world: SenseWorld, minX: number, minY: number, maxX: number, maxY: number): number {
  if (world.obstacles.length === 0) return 0;
  const index = obstacleIndex(world);
  const query = ++_sense_query;
  const column0 = indexCell(minX, index.columns);
  const column1 = indexCell(maxX, index.columns);
  const row0 = indexCell(minY, index.rows);
  const row1 = indexCell(maxY, index.rows);
  let count = 0;
  for (let row = row0; row <= row1; row++) {
    for (let column = column0; column <= column1; column++) {
      const cell = findCell(index.cells, row * index.columns + column);
      if (cell < 0) continue;
      for (let entry = index.start[cell]!; entry < index.start[cell + 1]!; entry++) {
        const obstacle = index.entries[entry]!;
        if (index.taken[obstacle] === query) continue;
        index.taken[obstacle] = query;
        if (count === _sense_near.length) {
          const grown = new Int32Array(2 * count);
          grown.set(_sense_near);
          _sense_near = grown;
        }
        _sense_near[count++] = obstacle;
      }
    }
  }
  if (row0 !== row1 || column0 !== column1) {
    // back in list order (few entries: an insertion sort, nothing allocated)
    for (let k = 1; k < count; k++) {
      const obstacle = _sense_near[k]!;
      let j = k - 1;
      while (j >= 0 && _sense_near[j]! > obstacle) {
        _sense_near[j + 1] = _sense_near[j]!;
        j--;
      }
      _sense_near[j + 1] = obstacle;
    }
  }
  return count;
}

const _sense_unitHit: { owner: number; fraction: number } = { owner: -1, fraction: 1 };

/**
 * The RTS article's sensing, as written but for its one bug: when the unit moves faster than
 * sqrt(radius) (its own test: speed squared against the radius), three rays one second of travel
 * long, from its centre and its edges, cast through the physics world; the threat is the nearest
 * unit any of them hits. (The article's callback stopped at the first hit planck reports, which
 * is not the nearest; here every hit is clipped and the nearest kept.) Obstacles are not seen.
 */
export function castWorldRays(world: SenseWorld, agent: number, sensing: Sensing): void {
  const units = world.units;
  const vx = units.velocity.data[2 * agent]!;
  const vy = units.velocity.data[2 * agent + 1]!;
  const speedSq = vx * vx + vy * vy;
  if (speedSq <= units.radius.data[agent]! || speedSq < 1e-18) return;
  layOutRaysOfLength(sensing, units, agent, Math.sqrt(speedSq));
  sensing.raysCast = true;
  const threat = sensing.threat;
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    world.castUnitRay(ray.origin.x, ray.origin.y, ray.end.x, ray.end.y, agent, _sense_unitHit);
    const other = _sense_unitHit.owner;
    if (other < 0) continue;
    const fraction = _sense_unitHit.fraction;
    ray.hitFraction = fraction;
    if (threat.kind !== 'none' && fraction >= threat.fraction) continue;
    recordUnitThreat(threat, units, other, fraction, index, ray.origin.x + (ray.end.x - ray.origin.x) * fraction, ray.origin.y + (ray.end.y - ray.origin.y) * fraction);
  }
}

/** Obstacles and walls whose bounds come within reach of the unit in the look-ahead, for the velocity choice. */
export function gatherObstacles(world: SenseWorld, agent: number, sensing: Sensing, config: SteeringConfig): void {
  const units = world.units;
  const reach = units.radius.data[agent]! + config.avoidClearance + units.maxSpeed.data[agent]! * Math.min(config.avoidHorizon, OBSTACLE_REACH_TIME);
  const x = units.position.data[2 * agent]!;
  const y = units.position.data[2 * agent + 1]!;
  const list = sensing.obstacles;
  // (on open ground the query is not made at all: its four bounds would each be boxed on the heap)
  const count = world.obstacles.length === 0 ? 0 : obstaclesInBox(world, x - reach, y - reach, x + reach, y + reach);
  for (let k = 0; k < count; k++) {
    const shape = world.obstacles[_sense_near[k]!]!.geometry;
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
/** how many obstacles and walls a unit's sensing lists at most */
export const MAX_SENSED_OBSTACLES = MAX_NEARBY_OBSTACLES + 4;

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

/** Every obstacle whose bounds meet the box the three rays span (grown by the personal space) is
 * tested against them (testObstacleAgainstRays). */
export function obstaclesOnRays(world: SenseWorld, sensing: Sensing, config: SteeringConfig): void {
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
  const count = obstaclesInBox(world, minX, minY, maxX, maxY);
  for (let k = 0; k < count; k++) {
    const obstacle = world.obstacles[_sense_near[k]!]!;
    if (obstacle.maxX < minX || obstacle.minX > maxX || obstacle.maxY < minY || obstacle.minY > maxY) {
      continue;
    }
    testObstacleAgainstRays(sensing, obstacle, config.avoidClearance);
  }
}
