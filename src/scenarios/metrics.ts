/**
 * The scenario metrics (docs/metrics.md), measured the same way for every strategy: only
 * from the unit centres after each tick (never from planck contacts, which differ between
 * collision responses and would make strategies incomparable).
 *
 * Usage: `createMetricsRecorder(setup)` with the start state (time 0), then `recordTick` after
 * every tick (not for the start state itself), then `finishMetrics` once at the end.
 *
 * Cost per tick is O(units + units × obstacles): unit pairs are found through a uniform grid
 * (spatial/grid.ts) rebuilt each tick, and only pairs that overlap now or were in contact on the
 * previous tick are examined.
 */
import { groupArrivalRadiusOf } from '../orders/orders';
import { type ObstacleShape, type ShapeGeometry, prepareShape, signedDistance } from '../math/shapes';
import { type CellGrid, createCellGrid, occupiedCell, sortIntoCells } from '../spatial/grid';

/** metres: a unit-unit, unit-obstacle or unit-wall penetration must exceed this to start a contact */
export const CONTACT_THRESHOLD = 0.001;

/**
 * metres per second: a tick's displacement only gives a heading when it corresponds to at least
 * this speed; slower ticks (standing, creeping, tiny physics nudges) are skipped so that the
 * direction of noise does not count as turning.
 */
export const HEADING_MIN_SPEED = 0.1;

/** the grid has at most this many cells per side, so every cell's number is an exact integer */
const MAX_GRID_SIDE = 2 ** 24;

const DEGREES_PER_RADIAN = 180 / Math.PI;

export interface MetricsSetup {
  /** metres; the bounds are walls at x = 0, x = width, y = 0 and y = height */
  world: { width: number; height: number };
  obstacles: readonly ObstacleShape[];
  /** per obstacle, the simulated seconds it stands from and until (always, when left out):
   * contacts count only while it stands */
  obstacleTimes?: ReadonlyArray<{ from: number; until: number }>;
  /** the start state (time 0); positions and radii in metres; units with a null goal never arrive */
  units: ReadonlyArray<{ x: number; y: number; radius: number; goal: { x: number; y: number } | null }>;
}

export interface ScenarioMetrics {
  units: number;
  /** units with a goal (the rest stand: they never arrive) */
  unitsWithGoal: number;
  arrived: number;
  /** unique unit-unit collisions */
  collisions: number;
  /** unique unit-obstacle and unit-wall contacts */
  obstacleHits: number;
  /** metres: the largest unit-unit penetration seen */
  maxPenetration: number;
  /** seconds, over arrived units; null when none arrived */
  meanTimeToGoal: number | null;
  /** seconds, nearest-rank 95th percentile over arrived units; null when none arrived */
  p95TimeToGoal: number | null;
  /** mean over arrived units of straight distance / (path until arrival + remaining distance); null when none arrived */
  pathEfficiency: number | null;
  /** degrees: mean over all units of the total absolute heading change until arrival or the end */
  degreesTurned: number;
  /** metres: how far the units without a goal (standing, no order) were ever pushed from where
   * they started, the largest over them; null when every unit has a goal */
  standingDisplacement: number | null;
  /** metres: the same at the end of the run (how far from its place the worst of them was left) */
  standingDisplacementAtEnd: number | null;
  /** milliseconds: median wall-clock time of one tick */
  msPerStep: number;
  ticks: number;
  /** seconds: the last time recorded */
  simSeconds: number;
}

/** Everything the recorder keeps between ticks. Treat as opaque outside this file. */
export interface MetricsRecorder {
  readonly unitCount: number;
  /** metres */
  readonly worldWidth: number;
  readonly worldHeight: number;
  readonly radii: Float64Array;
  readonly startX: Float64Array;
  readonly startY: Float64Array;
  /** 1 when the unit has a goal */
  readonly hasGoal: Uint8Array;
  readonly goalX: Float64Array;
  readonly goalY: Float64Array;
  /** metres: distance from the goal at which the unit counts as arrived */
  readonly arrivalRadius: Float64Array;
  /** positions after the last recorded tick (the start positions before the first) */
  readonly lastX: Float64Array;
  readonly lastY: Float64Array;
  /** metres travelled, only accumulated until arrival */
  readonly pathLength: Float64Array;
  /** 1 once arrived; the arrival time in seconds and the path efficiency of that unit */
  readonly arrived: Uint8Array;
  readonly arrivalTime: Float64Array;
  readonly efficiency: Float64Array;
  /** 1 once a heading has been measured; the last measured heading in radians */
  readonly hasHeading: Uint8Array;
  readonly heading: Float64Array;
  /** radians of absolute heading change, accumulated until arrival */
  readonly turned: Float64Array;
  /** metres: for a unit without a goal, the farthest it has been from its start */
  readonly displaced: Float64Array;

  /** the units sorted by position; cells are at least the largest unit diameter wide */
  readonly grid: CellGrid;
  /** unit pairs in contact, keyed by lower index × unitCount + higher index */
  readonly unitContacts: Set<number>;

  readonly obstacles: readonly ShapeGeometry[];
  /** seconds each obstacle stands from and until */
  readonly obstacleFrom: Float64Array;
  readonly obstacleUntil: Float64Array;
  /** 1 while (unit i, obstacle k) is in contact, at index i × obstacles + k */
  readonly obstacleContacts: Uint8Array;
  /** 1 while (unit i, wall w) is in contact, at index i × 4 + w (left, right, bottom, top) */
  readonly wallContacts: Uint8Array;

  /** wall-clock milliseconds of every tick, in order */
  readonly tickMilliseconds: number[];
  collisions: number;
  obstacleHits: number;
  /** metres */
  maxPenetration: number;
  ticks: number;
  /** seconds: time of the last recorded tick (0 before the first) */
  lastTime: number;
}

/**
 * Each unit's arrival radius (0 for a unit without a goal): `groupArrivalRadiusOf` the radii of
 * all the units that share its exact goal point (see docs/metrics.md).
 */
export function goalArrivalRadii(units: ReadonlyArray<{ readonly radius: number; readonly goal: { readonly x: number; readonly y: number } | null }>): Float64Array {
  const radiiByGoal = new Map<string, number[]>();
  const goalKey = (goal: { readonly x: number; readonly y: number }): string => `${goal.x},${goal.y}`;
  for (const unit of units) {
    if (unit.goal === null) continue;
    const key = goalKey(unit.goal);
    const radii = radiiByGoal.get(key);
    if (radii === undefined) radiiByGoal.set(key, [unit.radius]);
    else radii.push(unit.radius);
  }
  const byGoal = new Map([...radiiByGoal].map(([key, radii]) => [key, groupArrivalRadiusOf(radii)]));
  return Float64Array.from(units, (unit) => (unit.goal === null ? 0 : byGoal.get(goalKey(unit.goal))!));
}

export function createMetricsRecorder(setup: MetricsSetup): MetricsRecorder {
  const { width, height } = setup.world;
  if (!(Number.isFinite(width) && width > 0)) throw new Error(`world.width: expected a finite number > 0, got ${width}`);
  if (!(Number.isFinite(height) && height > 0)) throw new Error(`world.height: expected a finite number > 0, got ${height}`);
  const unitCount = setup.units.length;

  setup.units.forEach((unit, index) => {
    requireFinite(unit.x, `units[${index}].x`);
    requireFinite(unit.y, `units[${index}].y`);
    requireFinite(unit.radius, `units[${index}].radius`);
    if (unit.radius < 0) throw new Error(`units[${index}].radius: expected a number >= 0, got ${unit.radius}`);
    if (unit.goal === null) return;
    requireFinite(unit.goal.x, `units[${index}].goal.x`);
    requireFinite(unit.goal.y, `units[${index}].goal.y`);
  });
  const goalRadii = goalArrivalRadii(setup.units);

  const radii = new Float64Array(unitCount);
  const startX = new Float64Array(unitCount);
  const startY = new Float64Array(unitCount);
  const hasGoal = new Uint8Array(unitCount);
  const goalX = new Float64Array(unitCount);
  const goalY = new Float64Array(unitCount);
  const arrivalRadius = new Float64Array(unitCount);
  const arrived = new Uint8Array(unitCount);
  const arrivalTime = new Float64Array(unitCount);
  const efficiency = new Float64Array(unitCount);
  let maxRadius = 0;
  setup.units.forEach((unit, index) => {
    radii[index] = unit.radius;
    startX[index] = unit.x;
    startY[index] = unit.y;
    maxRadius = Math.max(maxRadius, unit.radius);
    if (unit.goal === null) return;
    hasGoal[index] = 1;
    goalX[index] = unit.goal.x;
    goalY[index] = unit.goal.y;
    arrivalRadius[index] = goalRadii[index]!;
    // a unit that starts within its arrival radius has arrived at time 0, by a straight path
    if (Math.hypot(unit.goal.x - unit.x, unit.goal.y - unit.y) <= arrivalRadius[index]!) {
      arrived[index] = 1;
      arrivalTime[index] = 0;
      efficiency[index] = 1;
    }
  });

  // Any two touching units are at most two maximum radii apart, so with cells at least that
  // wide they sit in the same or neighbouring cells. The grid stores only occupied cells, so a
  // huge world does not cost a huge grid.
  const cellSize = Math.max(2 * maxRadius, Math.max(width, height) / MAX_GRID_SIDE);
  const obstacles = setup.obstacles.map(prepareShape);

  return {
    unitCount,
    worldWidth: width,
    worldHeight: height,
    radii,
    startX,
    startY,
    hasGoal,
    goalX,
    goalY,
    arrivalRadius,
    lastX: Float64Array.from(startX),
    lastY: Float64Array.from(startY),
    pathLength: new Float64Array(unitCount),
    arrived,
    arrivalTime,
    efficiency,
    hasHeading: new Uint8Array(unitCount),
    heading: new Float64Array(unitCount),
    turned: new Float64Array(unitCount),
    displaced: new Float64Array(unitCount),
    grid: createCellGrid(width, height, cellSize),
    unitContacts: new Set<number>(),
    obstacles,
    obstacleFrom: Float64Array.from(obstacles, (_, index) => setup.obstacleTimes?.[index]?.from ?? 0),
    obstacleUntil: Float64Array.from(obstacles, (_, index) => setup.obstacleTimes?.[index]?.until ?? Infinity),
    obstacleContacts: new Uint8Array(unitCount * obstacles.length),
    wallContacts: new Uint8Array(unitCount * 4),
    tickMilliseconds: [],
    collisions: 0,
    obstacleHits: 0,
    maxPenetration: 0,
    ticks: 0,
    lastTime: 0,
  };
}

/**
 * Records the state after one tick.
 * @param positions flat [x0, y0, x1, y1, ...] in metres, in the setup's unit order
 * @param time simulated seconds since the start; must not decrease
 * @param tickMs wall-clock milliseconds the tick took
 * Throws, before changing anything, on a non-finite position (naming its index, unit and tick),
 * on a position count that does not match the units, and on a non-finite or decreasing time.
 */
export function recordTick(recorder: MetricsRecorder, positions: ArrayLike<number>, time: number, tickMs: number): void {
  const tick = recorder.ticks + 1;
  const unitCount = recorder.unitCount;
  if (positions.length !== 2 * unitCount) {
    throw new Error(`positions: expected ${2 * unitCount} numbers (x, y of ${unitCount} units) at tick ${tick}, got ${positions.length}`);
  }
  for (let index = 0; index < positions.length; index++) {
    const value = positions[index]!;
    if (!Number.isFinite(value)) {
      const unit = index >> 1;
      const axis = (index & 1) === 0 ? 'x' : 'y';
      throw new Error(`positions[${index}] (unit ${unit} ${axis}): expected a finite number at tick ${tick}, got ${String(value)}`);
    }
  }
  if (!Number.isFinite(time) || time < recorder.lastTime) {
    throw new Error(`time: expected a finite number >= ${recorder.lastTime} at tick ${tick}, got ${String(time)}`);
  }
  if (!Number.isFinite(tickMs)) throw new Error(`tickMs: expected a finite number at tick ${tick}, got ${String(tickMs)}`);

  recordMotion(recorder, positions, time);
  recordUnitContacts(recorder, positions);
  recordObstacleContacts(recorder, positions, time);

  recorder.tickMilliseconds.push(tickMs);
  recorder.ticks = tick;
  recorder.lastTime = time;
}

/** Summarises what was recorded. Pure: calling it again gives the same result. */
export function finishMetrics(recorder: MetricsRecorder): ScenarioMetrics {
  const unitCount = recorder.unitCount;
  const arrivalTimes: number[] = [];
  let efficiencySum = 0;
  let turnedSum = 0;
  let standing = 0;
  let standingDisplacement = 0;
  let standingDisplacementAtEnd = 0;
  for (let unit = 0; unit < unitCount; unit++) {
    turnedSum += recorder.turned[unit]!;
    if (recorder.hasGoal[unit] === 0) {
      standing++;
      standingDisplacement = Math.max(standingDisplacement, recorder.displaced[unit]!);
      standingDisplacementAtEnd = Math.max(standingDisplacementAtEnd, Math.hypot(recorder.lastX[unit]! - recorder.startX[unit]!, recorder.lastY[unit]! - recorder.startY[unit]!));
    }
    if (recorder.arrived[unit] === 1) {
      arrivalTimes.push(recorder.arrivalTime[unit]!);
      efficiencySum += recorder.efficiency[unit]!;
    }
  }
  arrivalTimes.sort((a, b) => a - b);
  const arrivedCount = arrivalTimes.length;
  const timeSum = arrivalTimes.reduce((sum, value) => sum + value, 0);
  return {
    units: unitCount,
    unitsWithGoal: unitCount - standing,
    arrived: arrivedCount,
    collisions: recorder.collisions,
    obstacleHits: recorder.obstacleHits,
    maxPenetration: recorder.maxPenetration,
    meanTimeToGoal: arrivedCount === 0 ? null : timeSum / arrivedCount,
    p95TimeToGoal: arrivedCount === 0 ? null : nearestRank(arrivalTimes, 0.95),
    pathEfficiency: arrivedCount === 0 ? null : efficiencySum / arrivedCount,
    degreesTurned: unitCount === 0 ? 0 : (turnedSum / unitCount) * DEGREES_PER_RADIAN,
    standingDisplacement: standing === 0 ? null : standingDisplacement,
    standingDisplacementAtEnd: standing === 0 ? null : standingDisplacementAtEnd,
    msPerStep: median(recorder.tickMilliseconds),
    ticks: recorder.ticks,
    simSeconds: recorder.lastTime,
  };
}

/**
 * Nearest-rank percentile: the smallest value such that at least `fraction` of the values are
 * at or below it, i.e. sorted[ceil(fraction × count) - 1]. Always one of the values, never an
 * interpolation. `sorted` must be ascending and not empty.
 */
function nearestRank(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

/** The middle value (the mean of the two middle values for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile (`fraction` 0.95 for the 95th) of unsorted values; NaN for none. */
export function percentile(values: readonly number[], fraction: number): number {
  return values.length === 0 ? Number.NaN : nearestRank([...values].sort((a, b) => a - b), fraction);
}

/** Path length, heading changes and arrival, for units that have not arrived yet. */
function recordMotion(recorder: MetricsRecorder, positions: ArrayLike<number>, time: number): void {
  const elapsed = time - recorder.lastTime;
  const { lastX, lastY, arrived, pathLength, hasHeading, heading, turned } = recorder;
  for (let unit = 0; unit < recorder.unitCount; unit++) {
    const x = positions[2 * unit]!;
    const y = positions[2 * unit + 1]!;
    if (arrived[unit] === 0) {
      const stepX = x - lastX[unit]!;
      const stepY = y - lastY[unit]!;
      const step = Math.sqrt(stepX * stepX + stepY * stepY);
      pathLength[unit] = pathLength[unit]! + step;
      if (elapsed > 0 && step / elapsed >= HEADING_MIN_SPEED) {
        const newHeading = Math.atan2(stepY, stepX);
        if (hasHeading[unit] === 1) turned[unit] = turned[unit]! + Math.abs(wrapAngle(newHeading - heading[unit]!));
        heading[unit] = newHeading;
        hasHeading[unit] = 1;
      }
      if (recorder.hasGoal[unit] === 1) {
        const remaining = Math.hypot(recorder.goalX[unit]! - x, recorder.goalY[unit]! - y);
        if (remaining <= recorder.arrivalRadius[unit]!) {
          arrived[unit] = 1;
          recorder.arrivalTime[unit] = time;
          const straight = Math.hypot(recorder.goalX[unit]! - recorder.startX[unit]!, recorder.goalY[unit]! - recorder.startY[unit]!);
          const travelled = pathLength[unit]! + remaining;
          recorder.efficiency[unit] = travelled > 0 ? straight / travelled : 1;
        }
      }
    }
    if (recorder.hasGoal[unit] === 0) {
      const away = Math.hypot(x - recorder.startX[unit]!, y - recorder.startY[unit]!);
      if (away > recorder.displaced[unit]!) recorder.displaced[unit] = away;
    }
    lastX[unit] = x;
    lastY[unit] = y;
  }
}

/** Wraps radians into (-pi, pi]. The input is a difference of two atan2 results, so within (-2pi, 2pi). */
function wrapAngle(angle: number): number {
  if (angle > Math.PI) return angle - 2 * Math.PI;
  if (angle <= -Math.PI) return angle + 2 * Math.PI;
  return angle;
}

/** Unit-unit collisions: ends contacts that separated, then starts new ones found through the grid. */
function recordUnitContacts(recorder: MetricsRecorder, positions: ArrayLike<number>): void {
  const { unitCount, radii, unitContacts } = recorder;
  // pairs in contact last tick: a pair no longer overlapping (penetration <= 0) has separated
  for (const key of unitContacts) {
    const first = Math.floor(key / unitCount);
    const second = key - first * unitCount;
    const dx = positions[2 * second]! - positions[2 * first]!;
    const dy = positions[2 * second + 1]! - positions[2 * first + 1]!;
    const penetration = radii[first]! + radii[second]! - Math.sqrt(dx * dx + dy * dy);
    if (penetration <= 0) unitContacts.delete(key);
  }

  const grid = recorder.grid;
  sortIntoCells(grid, positions, unitCount);
  const { columns, rows, cellStart, order: cellOrder, occupied } = grid;
  // each pair of cells once: a cell with itself and with its right, upper-left, upper and
  // upper-right neighbours
  for (let u = 0; u < occupied.size; u++) {
    const cell = occupied.cellOf[u]!;
    const row = Math.floor(cell / columns);
    const column = cell - row * columns;
    const begin = cellStart[u]!;
    const end = cellStart[u + 1]!;
    for (let a = begin; a < end; a++) {
      const unit = cellOrder[a]!;
      for (let b = a + 1; b < end; b++) checkUnitPair(recorder, positions, unit, cellOrder[b]!);
    }
    if (column + 1 < columns) checkCellPair(recorder, positions, begin, end, cell + 1);
    if (row + 1 < rows) {
      const above = cell + columns;
      if (column > 0) checkCellPair(recorder, positions, begin, end, above - 1);
      checkCellPair(recorder, positions, begin, end, above);
      if (column + 1 < columns) checkCellPair(recorder, positions, begin, end, above + 1);
    }
  }
}

/** Every unit of cellOrder[begin .. end - 1] against every unit of cell number `otherCell`. */
function checkCellPair(recorder: MetricsRecorder, positions: ArrayLike<number>, begin: number, end: number, otherCell: number): void {
  const grid = recorder.grid;
  const other = occupiedCell(grid, otherCell);
  if (other < 0) return;
  const { cellStart, order: cellOrder } = grid;
  const otherBegin = cellStart[other]!;
  const otherEnd = cellStart[other + 1]!;
  for (let a = begin; a < end; a++) {
    const unit = cellOrder[a]!;
    for (let b = otherBegin; b < otherEnd; b++) checkUnitPair(recorder, positions, unit, cellOrder[b]!);
  }
}

function checkUnitPair(recorder: MetricsRecorder, positions: ArrayLike<number>, first: number, second: number): void {
  const dx = positions[2 * second]! - positions[2 * first]!;
  const dy = positions[2 * second + 1]! - positions[2 * first + 1]!;
  const reach = recorder.radii[first]! + recorder.radii[second]!;
  const distanceSquared = dx * dx + dy * dy;
  if (distanceSquared >= reach * reach) return;
  const penetration = reach - Math.sqrt(distanceSquared);
  if (penetration > recorder.maxPenetration) recorder.maxPenetration = penetration;
  if (penetration <= CONTACT_THRESHOLD) return;
  const key = first < second ? first * recorder.unitCount + second : second * recorder.unitCount + first;
  if (recorder.unitContacts.has(key)) return;
  recorder.unitContacts.add(key);
  recorder.collisions++;
}

/** Unit-obstacle and unit-wall contacts, with the same start / separate rule as unit pairs. */
function recordObstacleContacts(recorder: MetricsRecorder, positions: ArrayLike<number>, time: number): void {
  const { unitCount, radii, obstacles, obstacleFrom, obstacleUntil, obstacleContacts, wallContacts, worldWidth, worldHeight } = recorder;
  const obstacleCount = obstacles.length;
  let hits = 0;
  for (let unit = 0; unit < unitCount; unit++) {
    const x = positions[2 * unit]!;
    const y = positions[2 * unit + 1]!;
    const radius = radii[unit]!;
    const wallBase = unit * 4;
    hits += updateContact(wallContacts, wallBase, radius - x);
    hits += updateContact(wallContacts, wallBase + 1, radius - (worldWidth - x));
    hits += updateContact(wallContacts, wallBase + 2, radius - y);
    hits += updateContact(wallContacts, wallBase + 3, radius - (worldHeight - y));
    const obstacleBase = unit * obstacleCount;
    for (let index = 0; index < obstacleCount; index++) {
      const obstacle = obstacles[index]!;
      const contact = obstacleBase + index;
      // beyond the bounds grown by the radius the unit cannot touch the shape; nor one not standing now
      if (time < obstacleFrom[index]! || time >= obstacleUntil[index]! || x < obstacle.minX - radius || x > obstacle.maxX + radius || y < obstacle.minY - radius || y > obstacle.maxY + radius) {
        obstacleContacts[contact] = 0;
        continue;
      }
      hits += updateContact(obstacleContacts, contact, radius - signedDistance(obstacle, x, y));
    }
  }
  recorder.obstacleHits += hits;
}

/** Applies the start / separate rule to one contact flag; returns 1 when a new contact starts. */
function updateContact(flags: Uint8Array, index: number, penetration: number): number {
  if (flags[index] === 1) {
    if (penetration <= 0) flags[index] = 0;
    return 0;
  }
  if (penetration <= CONTACT_THRESHOLD) return 0;
  flags[index] = 1;
  return 1;
}

function requireFinite(value: number, field: string): void {
  if (!Number.isFinite(value)) throw new Error(`${field}: expected a finite number, got ${String(value)}`);
}
