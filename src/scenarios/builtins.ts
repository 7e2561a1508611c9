/**
 * The built-in scenarios, by name. Each builds scenario-file data (the same format a user
 * writes), so `--export` can write any of them out and every run goes through the one parser.
 *
 * Group scenarios take a unit count (the total over all groups) and a seed; the seed jitters
 * start positions within the gaps between units (and places the obstacle field's rocks), so two
 * seeds give two slightly different crowds of the same shape. The four `seed-*` scenarios rebuild
 * the crossing demos of the RTS article "Avoidance Behaviours" (docs/seed-articles.md) exactly
 * and take neither.
 */
import { atan2, cos, hypot, sin } from '../math/exact';
import { createRandom, type Random } from '../math/random';
import { groupArrivalRadius } from '../orders/orders';
import type { ObstacleShape } from '../math/shapes';
import { DEFAULT_UNIT } from '../sim/defaults';
import { describeValue } from '../sim/validate';
import { type Scenario, type ScenarioFile, DEFAULT_SCENARIO_SEED, MAX_SCENARIO_UNITS, parseScenario } from './schema';

export interface BuiltInOptions {
  /** total units over all groups; only for scenarios with a `defaultUnits` */
  units?: number;
  /** integer >= 0; default 1 */
  seed?: number;
}

export interface BuiltInScenario {
  readonly name: string;
  readonly description: string;
  /** total units when none is asked for; undefined for a fixed layout */
  readonly defaultUnits?: number;
  /** the fewest units the layout makes sense with */
  readonly minUnits?: number;
  /** whether the seed changes anything */
  readonly seeded: boolean;
  build(units: number, random: Random): Omit<ScenarioFile, 'seed'>;
}

/** metres, m/s: the unit of the group scenarios (and the speed of the article's demos) */
const UNIT_RADIUS = DEFAULT_UNIT.radius;
const UNIT_SPEED = DEFAULT_UNIT.maxSpeed;
/** metres between neighbouring unit centres in a starting block (0.5 m gaps) */
const BLOCK_SPACING = 1.5;
/** metres: how far a start position may be jittered each way (keeps 0.1 m gaps at worst) */
const START_JITTER = 0.2;
/** simulated seconds every group scenario runs for at most */
const GROUP_DURATION = 60;

// ---------------------------------------------------------------------------------------------
// The RTS article's demos: a 25 x 14 m field, unit radius 0.23 m, 4 m/s (docs/seed-articles.md)

const SEED_FIELD = { width: 25, height: 14 };
const SEED_RADIUS = 0.23;
const SEED_DURATION = 30;

function seedDemo(
  name: string,
  description: string,
  left: Array<[number, number]>,
  leftGoal: [number, number],
  right: Array<[number, number]>,
  rightGoal: [number, number],
): BuiltInScenario {
  return {
    name,
    description,
    seeded: false,
    build: () => ({
      name,
      description,
      world: { ...SEED_FIELD },
      units: [
        ...left.map(([x, y]) => ({ x, y, radius: SEED_RADIUS, maxSpeed: UNIT_SPEED, team: 0, goal: { x: leftGoal[0], y: leftGoal[1] } })),
        ...right.map(([x, y]) => ({ x, y, radius: SEED_RADIUS, maxSpeed: UNIT_SPEED, team: 1, goal: { x: rightGoal[0], y: rightGoal[1] } })),
      ],
      duration: SEED_DURATION,
    }),
  };
}

function seedColumns(xs: number[], ys: number[]): Array<[number, number]> {
  return ys.flatMap((y) => xs.map((x): [number, number] => [x, y]));
}

const SEED_LEFT_COLUMNS = [0.5, 1.5, 2.5];
const SEED_RIGHT_COLUMNS = [22.5, 23.5, 24.5];
const SEED_LARGE_ROWS = Array.from({ length: 12 }, (_, row) => 1.5 + row);

// ---------------------------------------------------------------------------------------------
// Groups crossing at an angle

interface GroupPlan {
  /** radians: the direction the group walks in */
  direction: number;
  count: number;
  team: number;
}

interface Placed {
  units: NonNullable<ScenarioFile['units']>;
  /** metres: bounds of everything placed, before the world is shifted to start at the origin */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Columns across the walking direction, rows along it; about square. */
function blockShape(count: number, maxColumns = Infinity): { columns: number; rows: number } {
  const columns = Math.max(1, Math.min(maxColumns, Math.ceil(Math.sqrt(count))));
  return { columns, rows: Math.ceil(count / columns) };
}

/**
 * A block of `count` units centred on (cx, cy) facing `direction`, every unit jittered by up to
 * START_JITTER. Returns the positions.
 */
function placeBlock(count: number, cx: number, cy: number, direction: number, random: Random, maxColumns = Infinity): Array<[number, number]> {
  const { columns, rows } = blockShape(count, maxColumns);
  const forwardX = cos(direction);
  const forwardY = sin(direction);
  const positions: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    const across = (i % columns) - (columns - 1) / 2;
    const along = (rows - 1) / 2 - Math.floor(i / columns); // unit 0 is in the front row
    const x = cx + (along * forwardX - across * forwardY) * BLOCK_SPACING + random.range(-START_JITTER, START_JITTER);
    const y = cy + (along * forwardY + across * forwardX) * BLOCK_SPACING + random.range(-START_JITTER, START_JITTER);
    positions.push([x, y]);
  }
  return positions;
}

/**
 * Groups that start on a circle around one crossing point, each walking straight through it to
 * the point as far beyond. All reach the crossing at about the same time. Start distance: far
 * enough for each group to reach full speed before meeting, for its goal circle to lie beyond
 * the crossing, and for no two starting blocks to overlap; or, given `frontGap` (metres), such
 * that the blocks' fronts start that far from the crossing point's two sides.
 */
function placeCrossingGroups(groups: GroupPlan[], random: Random, frontGap?: number): Placed {
  const units: Placed['units'] = [];
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const include = (x: number, y: number, margin: number): void => {
    bounds.minX = Math.min(bounds.minX, x - margin);
    bounds.minY = Math.min(bounds.minY, y - margin);
    bounds.maxX = Math.max(bounds.maxX, x + margin);
    bounds.maxY = Math.max(bounds.maxY, y + margin);
  };
  let startDistance = 0;
  for (const group of groups) {
    const { columns, rows } = blockShape(group.count);
    const depth = rows * BLOCK_SPACING;
    const diagonal = hypot(columns, rows) * BLOCK_SPACING;
    startDistance = Math.max(startDistance, depth / 2 + groupArrivalRadius(UNIT_RADIUS, group.count) + 4);
    for (const other of groups) {
      if (other === group) continue;
      const between = Math.abs(sin((group.direction - other.direction) / 2));
      if (between > 1e-9) startDistance = Math.max(startDistance, (diagonal + 2) / (2 * between));
    }
  }
  if (frontGap !== undefined) startDistance = Math.max(...groups.map((group) => blockShape(group.count).rows * BLOCK_SPACING / 2)) + frontGap / 2;
  for (const group of groups) {
    const forwardX = cos(group.direction);
    const forwardY = sin(group.direction);
    const goal = { x: startDistance * forwardX, y: startDistance * forwardY };
    include(goal.x, goal.y, groupArrivalRadius(UNIT_RADIUS, group.count) + 2);
    for (const [x, y] of placeBlock(group.count, -goal.x, -goal.y, group.direction, random)) {
      units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team: group.team, goal });
      include(x, y, UNIT_RADIUS + 3);
    }
  }
  return { units, ...bounds };
}

/** Moves everything so the bounds start at the origin; returns the world size. */
function shiftToOrigin(placed: Placed, obstacles: ObstacleShape[] = []): { world: { width: number; height: number }; obstacles: ObstacleShape[] } {
  const dx = -placed.minX;
  const dy = -placed.minY;
  const round = (value: number): number => Math.round(value * 1e6) / 1e6;
  const shiftedGoals = new Map<object, { x: number; y: number }>();
  for (const unit of placed.units) {
    unit.x = round(unit.x + dx);
    unit.y = round(unit.y + dy);
    if (unit.goal !== undefined) {
      let goal = shiftedGoals.get(unit.goal);
      if (goal === undefined) {
        goal = { x: round(unit.goal.x + dx), y: round(unit.goal.y + dy) };
        shiftedGoals.set(unit.goal, goal);
      }
      unit.goal = goal;
    }
  }
  return {
    world: { width: round(placed.maxX - placed.minX), height: round(placed.maxY - placed.minY) },
    obstacles: obstacles.map((shape) => {
      if (shape.type === 'polygon') return { type: 'polygon', points: shape.points.map(([x, y]): [number, number] => [round(x + dx), round(y + dy)]) };
      return { ...shape, x: round(shape.x + dx), y: round(shape.y + dy) };
    }),
  };
}

function splitEvenly(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, index) => Math.floor(total / parts) + (index < total % parts ? 1 : 0));
}

function crossing(name: string, description: string, directionsDegrees: number[], defaultUnits: number): BuiltInScenario {
  return {
    name,
    description,
    defaultUnits,
    minUnits: directionsDegrees.length,
    seeded: true,
    build: (total, random) => {
      const counts = splitEvenly(total, directionsDegrees.length);
      const placed = placeCrossingGroups(
        directionsDegrees.map((degrees, team) => ({ direction: (degrees * Math.PI) / 180, count: counts[team]!, team })),
        random,
      );
      const { world } = shiftToOrigin(placed);
      return { name, description, world, units: placed.units, duration: GROUP_DURATION };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Circle swap, corridor, doorway, obstacle field, overtaking

const circleSwap: BuiltInScenario = {
  name: 'circle-swap',
  description: 'Units evenly spaced on a circle, each walking to the point opposite: everyone meets in the middle at once.',
  defaultUnits: 40,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    // leave at least one unit diameter of arc between neighbours
    const ringRadius = Math.max(6, (total * 4 * UNIT_RADIUS) / (2 * Math.PI));
    const step = (2 * Math.PI) / total;
    const centre = ringRadius + 4;
    const units: Placed['units'] = [];
    for (let i = 0; i < total; i++) {
      const angle = i * step + random.range(-0.1, 0.1) * step;
      const x = centre + ringRadius * cos(angle);
      const y = centre + ringRadius * sin(angle);
      const goal = { x: 2 * centre - x, y: 2 * centre - y };
      units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team: i % 2, goal });
    }
    return { name: 'circle-swap', description: circleSwap.description, world: { width: 2 * centre, height: 2 * centre }, units, duration: GROUP_DURATION };
  },
};

/**
 * Two blocks of `total` units in all, as wide as a corridor `width` metres across lets them be
 * (0.75 m kept from each wall): the columns a block may have, the count of each, and the depth of
 * the deeper one in metres.
 */
function twoBlocksIn(width: number, total: number): { maxColumns: number; counts: number[]; depth: number } {
  const maxColumns = Math.floor((width - 1.5) / BLOCK_SPACING);
  const counts = splitEvenly(total, 2);
  const depth = Math.max(...counts.map((count) => blockShape(count, maxColumns).rows)) * BLOCK_SPACING;
  return { maxColumns, counts, depth };
}

/** metres: the open width between the corridor's walls */
const CORRIDOR_WIDTH = 9;
const CORRIDOR_LENGTH = 30;

const corridor: BuiltInScenario = {
  name: 'corridor',
  description: `Two groups pass each other in a two-way corridor ${CORRIDOR_WIDTH} m wide and ${CORRIDOR_LENGTH} m long.`,
  defaultUnits: 40,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const { maxColumns, counts, depth } = twoBlocksIn(CORRIDOR_WIDTH, total);
    const lobby = depth + 4;
    const width = 2 * lobby + CORRIDOR_LENGTH;
    const height = CORRIDOR_WIDTH + 8;
    const midY = height / 2;
    const wallThickness = 1;
    const obstacles: ObstacleShape[] = [-1, 1].map((side) => ({
      type: 'box',
      x: width / 2,
      y: midY + side * (CORRIDOR_WIDTH + wallThickness) / 2,
      width: CORRIDOR_LENGTH,
      height: wallThickness,
      angle: 0,
    }));
    const units: Placed['units'] = [];
    const sides = [
      { startX: lobby / 2, direction: 0, goal: { x: width - lobby / 2, y: midY } },
      { startX: width - lobby / 2, direction: Math.PI, goal: { x: lobby / 2, y: midY } },
    ];
    sides.forEach((side, team) => {
      for (const [x, y] of placeBlock(counts[team]!, side.startX, midY, side.direction, random, maxColumns)) {
        units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team, goal: side.goal });
      }
    });
    return { name: 'corridor', description: corridor.description, world: { width, height }, obstacles, units, duration: GROUP_DURATION };
  },
};

/** metres: the open width of each of the junction's two corridors */
const JUNCTION_WIDTH = 8;

/**
 * Two corridors JUNCTION_WIDTH wide crossing at right angles (the four corners walled off); a
 * block comes up the west arm bound for the east arm while another comes up the south arm bound
 * for the north arm, so the two cross in the 8 x 8 m square where the corridors meet.
 */
const junction: BuiltInScenario = {
  name: 'junction',
  description: `Two corridors ${JUNCTION_WIDTH} m wide cross; a block comes up one and a block up the other, and they cross at right angles where the corridors meet.`,
  defaultUnits: 60,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const { maxColumns, counts, depth } = twoBlocksIn(JUNCTION_WIDTH, total);
    // each arm holds a block at its end, its front 9 m short of the crossing
    const arm = depth + 10;
    const size = 2 * arm + JUNCTION_WIDTH;
    const middle = size / 2;
    const obstacles: ObstacleShape[] = [];
    for (const x of [arm / 2, size - arm / 2]) {
      for (const y of [arm / 2, size - arm / 2]) obstacles.push({ type: 'box', x, y, width: arm, height: arm, angle: 0 });
    }
    const start = depth / 2 + 1;
    const units: Placed['units'] = [];
    const blocks = [
      { x: start, y: middle, direction: 0, goal: { x: size - start, y: middle } },
      { x: middle, y: start, direction: Math.PI / 2, goal: { x: middle, y: size - start } },
    ];
    blocks.forEach((block, team) => {
      for (const [x, y] of placeBlock(counts[team]!, block.x, block.y, block.direction, random, maxColumns)) {
        units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team, goal: block.goal });
      }
    });
    return { name: 'junction', description: junction.description, world: { width: size, height: size }, obstacles, units, duration: GROUP_DURATION };
  },
};

/**
 * A wall across the middle with one door `doorWidth` metres wide; a group on each side crosses
 * through it to the other side at the same time.
 */
function doorway(name: string, description: string, doorWidth: number, defaultUnits: number, duration = GROUP_DURATION): BuiltInScenario {
  return {
    name,
    description,
    defaultUnits,
    minUnits: 2,
    seeded: true,
    build: (total, random) => {
      const counts = splitEvenly(total, 2);
      const shapes = counts.map((count) => blockShape(count));
      const depth = Math.max(...shapes.map((shape) => shape.rows)) * BLOCK_SPACING;
      const across = Math.max(...shapes.map((shape) => shape.columns)) * BLOCK_SPACING;
      const approach = 8;
      const width = 2 * (approach + depth + 4);
      const height = Math.max(24, across + 12);
      const wallThickness = 1;
      const segment = (height - doorWidth) / 2;
      const obstacles: ObstacleShape[] = [segment / 2, height - segment / 2].map((y) => ({
        type: 'box',
        x: width / 2,
        y,
        width: wallThickness,
        height: segment,
        angle: 0,
      }));
      const startOffset = approach + depth / 2;
      const goalOffset = approach + depth / 2;
      const sides = [
        { startX: width / 2 - startOffset, direction: 0, goal: { x: width / 2 + goalOffset, y: height / 2 } },
        { startX: width / 2 + startOffset, direction: Math.PI, goal: { x: width / 2 - goalOffset, y: height / 2 } },
      ];
      const units: Placed['units'] = [];
      sides.forEach((side, team) => {
        for (const [x, y] of placeBlock(counts[team]!, side.startX, height / 2, side.direction, random)) {
          units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team, goal: side.goal });
        }
      });
      return { name, description, world: { width, height }, obstacles, units, duration };
    },
  };
}

const obstacleField: BuiltInScenario = {
  name: 'obstacle-field',
  description: 'Two groups cross head-on through a field of round rocks scattered between them (placed by the seed).',
  defaultUnits: 40,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const counts = splitEvenly(total, 2);
    const placed = placeCrossingGroups(
      [
        { direction: 0, count: counts[0]!, team: 0 },
        { direction: Math.PI, count: counts[1]!, team: 1 },
      ],
      random,
    );
    // rocks between the two blocks' front rows, at least 2.5 m apart edge to edge
    let frontLeft = -Infinity;
    let frontRight = Infinity;
    for (const unit of placed.units) {
      if (unit.team === 0) frontLeft = Math.max(frontLeft, unit.x);
      else frontRight = Math.min(frontRight, unit.x);
    }
    const minX = frontLeft + 3;
    const maxX = frontRight - 3;
    const minY = placed.minY + 2;
    const maxY = placed.maxY - 2;
    const rocks: Array<{ x: number; y: number; radius: number }> = [];
    const wanted = Math.round(((maxX - minX) * (maxY - minY)) / 40);
    for (let attempt = 0; attempt < wanted * 30 && rocks.length < wanted; attempt++) {
      const rock = { x: random.range(minX, maxX), y: random.range(minY, maxY), radius: random.range(0.5, 1.2) };
      if (rocks.every((other) => hypot(rock.x - other.x, rock.y - other.y) >= rock.radius + other.radius + 2.5)) {
        rocks.push(rock);
      }
    }
    const { world, obstacles } = shiftToOrigin(
      placed,
      rocks.map((rock) => ({ type: 'circle', x: rock.x, y: rock.y, radius: Math.round(rock.radius * 1000) / 1000 })),
    );
    return { name: 'obstacle-field', description: obstacleField.description, world, obstacles, units: placed.units, duration: GROUP_DURATION };
  },
};

/** m/s: the slow group's top speed in the overtaking scenario */
const SLOW_SPEED = 2;

const overtaking: BuiltInScenario = {
  name: 'overtaking',
  description: `Fast units (${UNIT_SPEED} m/s) start behind slow ones (${SLOW_SPEED} m/s) in a lane and must pass them going the same way.`,
  defaultUnits: 20,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const [slowCount, fastCount] = splitEvenly(total, 2) as [number, number];
    const across = Math.max(blockShape(slowCount).columns, blockShape(fastCount).columns) * BLOCK_SPACING;
    const height = Math.max(12, across + 6);
    const midY = height / 2;
    const fastDepth = blockShape(fastCount).rows * BLOCK_SPACING;
    const slowDepth = blockShape(slowCount).rows * BLOCK_SPACING;
    const fastX = 3 + fastDepth / 2;
    const slowX = fastX + fastDepth / 2 + 4 + slowDepth / 2;
    const slowGoal = { x: slowX + 46, y: midY };
    const fastGoal = { x: slowGoal.x + 12, y: midY };
    const width = fastGoal.x + groupArrivalRadius(UNIT_RADIUS, fastCount) + 2;
    const units: Placed['units'] = [];
    for (const [x, y] of placeBlock(slowCount, slowX, midY, 0, random)) {
      units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: SLOW_SPEED, team: 0, goal: slowGoal });
    }
    for (const [x, y] of placeBlock(fastCount, fastX, midY, 0, random)) {
      units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team: 1, goal: fastGoal });
    }
    return { name: 'overtaking', description: overtaking.description, world: { width, height }, units, duration: GROUP_DURATION };
  },
};

/** the two sizes of the mixed armies: infantry, and vehicles (bigger, slower) */
const INFANTRY = { radius: 0.35, maxSpeed: UNIT_SPEED, spacing: 1.2 };
const VEHICLE = { radius: 0.9, maxSpeed: 3, spacing: 2.6 };
/** one unit in this many of a mixed army is a vehicle */
const VEHICLE_SHARE = 6;

/**
 * A mixed army of `count` units centred on (cx, cy) facing `direction`: its vehicles in the front
 * rows, its infantry behind them, each kind at its own spacing, jittered by up to START_JITTER.
 */
function placeMixedArmy(count: number, cx: number, cy: number, direction: number, random: Random): { units: Array<{ x: number; y: number; radius: number; maxSpeed: number }>; depth: number; width: number } {
  const vehicles = Math.max(1, Math.round(count / VEHICLE_SHARE));
  const kinds = [
    { ...VEHICLE, ...blockShape(vehicles), count: vehicles },
    { ...INFANTRY, ...blockShape(count - vehicles), count: count - vehicles },
  ];
  const depth = kinds.reduce((sum, kind) => sum + kind.rows * kind.spacing, 0);
  const width = Math.max(...kinds.map((kind) => kind.columns * kind.spacing));
  const forwardX = cos(direction);
  const forwardY = sin(direction);
  const units: Array<{ x: number; y: number; radius: number; maxSpeed: number }> = [];
  // the front edge of the block, then each kind's rows behind it
  let front = depth / 2;
  for (const kind of kinds) {
    for (let i = 0; i < kind.count; i++) {
      const across = ((i % kind.columns) - (kind.columns - 1) / 2) * kind.spacing;
      const along = front - (Math.floor(i / kind.columns) + 0.5) * kind.spacing;
      const x = cx + along * forwardX - across * forwardY + random.range(-START_JITTER, START_JITTER);
      const y = cy + along * forwardY + across * forwardX + random.range(-START_JITTER, START_JITTER);
      units.push({ x, y, radius: kind.radius, maxSpeed: kind.maxSpeed });
    }
    front -= kind.rows * kind.spacing;
  }
  return { units, depth, width };
}

const mixedSizes: BuiltInScenario = {
  name: 'mixed-sizes',
  description: `Two mixed armies cross at right angles, each with one unit in ${VEHICLE_SHARE} a vehicle (radius ${VEHICLE.radius} m, ${VEHICLE.maxSpeed} m/s) in its front rows and infantry (radius ${INFANTRY.radius} m, ${INFANTRY.maxSpeed} m/s) behind: the infantry overtakes its own vehicles while the other army crosses, and each army settles round its point packed by size.`,
  defaultUnits: 72,
  minUnits: 4,
  seeded: true,
  build: (total, random) => {
    const counts = splitEvenly(total, 2);
    const directions = [0, Math.PI / 2];
    // far enough for the goal circles to lie beyond the crossing and the blocks not to overlap
    const blocks = counts.map((count) => placeMixedArmy(count, 0, 0, 0, createRandom(0)));
    const reach = Math.max(...blocks.map((block, team) => block.depth / 2 + groupArrivalRadius(VEHICLE.radius, counts[team]!) + 4));
    const diagonal = Math.max(...blocks.map((block) => hypot(block.depth, block.width)));
    const startDistance = Math.max(reach, (diagonal + 2) / (2 * sin(Math.PI / 4)));
    const placed: Placed = { units: [], minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const include = (x: number, y: number, margin: number): void => {
      placed.minX = Math.min(placed.minX, x - margin);
      placed.minY = Math.min(placed.minY, y - margin);
      placed.maxX = Math.max(placed.maxX, x + margin);
      placed.maxY = Math.max(placed.maxY, y + margin);
    };
    directions.forEach((direction, team) => {
      const goal = { x: startDistance * cos(direction), y: startDistance * sin(direction) };
      include(goal.x, goal.y, groupArrivalRadius(VEHICLE.radius, counts[team]!) + 2);
      for (const unit of placeMixedArmy(counts[team]!, -goal.x, -goal.y, direction, random).units) {
        placed.units.push({ ...unit, team, goal });
        include(unit.x, unit.y, unit.radius + 3);
      }
    });
    const { world } = shiftToOrigin(placed);
    return { name: 'mixed-sizes', description: mixedSizes.description, world, units: placed.units, duration: GROUP_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------
// Walls in the way: routes, not just avoidance

/** metres: thickness of the walls of the wall scenarios */
const WALL_THICKNESS = 1;

/** A wall from (x1, y1) to (x2, y2), as a box of WALL_THICKNESS centred on the segment. */
function wall(x1: number, y1: number, x2: number, y2: number): ObstacleShape {
  const length = hypot(x2 - x1, y2 - y1);
  const round = (value: number): number => Math.round(value * 1e6) / 1e6;
  return {
    type: 'box',
    x: round((x1 + x2) / 2),
    y: round((y1 + y2) / 2),
    width: round(length + WALL_THICKNESS),
    height: WALL_THICKNESS,
    angle: round(atan2(y2 - y1, x2 - x1)),
  };
}

/**
 * One group ordered to a point on the far side of walls that block the straight line: the walls
 * come from `walls(width, height)` on a width x height field; the group starts at (startX,
 * height / 2) walking east, the goal at (goalX, height / 2).
 */
function wallScenario(
  name: string,
  description: string,
  size: { width: number; height: number; startX: number; goalX: number },
  walls: (width: number, height: number) => ObstacleShape[],
): BuiltInScenario {
  return {
    name,
    description,
    defaultUnits: 20,
    minUnits: 1,
    seeded: true,
    build: (total, random) => {
      const { width, height, startX, goalX } = size;
      const goal = { x: goalX, y: height / 2 };
      const units: Placed['units'] = placeBlock(total, startX, height / 2, 0, random).map(([x, y]) => ({
        x,
        y,
        radius: UNIT_RADIUS,
        maxSpeed: UNIT_SPEED,
        team: 0,
        goal,
      }));
      return { name, description, world: { width, height }, obstacles: walls(width, height), units, duration: GROUP_DURATION };
    },
  };
}

const lWall = wallScenario(
  'l-wall',
  'A group walks to a point behind an L-shaped wall whose corner faces it: the straight line runs into the corner.',
  { width: 60, height: 40, startX: 10, goalX: 50 },
  (_width, height) => [wall(30, height / 2 - 12, 30, height / 2 + 6), wall(30, height / 2 + 6, 40, height / 2 + 6)],
);

const tWall = wallScenario(
  't-wall',
  'A group walks to a point behind a T-shaped wall, its stem pointing at the group.',
  { width: 60, height: 40, startX: 8, goalX: 52 },
  (_width, height) => [wall(32, height / 2 - 11, 32, height / 2 + 11), wall(22, height / 2, 32, height / 2)],
);

const uTrap = wallScenario(
  'u-trap',
  'A group walks to a point behind a U-shaped wall that opens toward it: the straight line leads into the trap.',
  { width: 60, height: 40, startX: 8, goalX: 52 },
  (_width, height) => [
    wall(36, height / 2 - 8, 36, height / 2 + 8),
    wall(24, height / 2 - 8, 36, height / 2 - 8),
    wall(24, height / 2 + 8, 36, height / 2 + 8),
  ],
);

const maze = wallScenario(
  'maze',
  'A group crosses a small maze of walls (three staggered walls with gaps at alternate ends) to a point on the far side.',
  { width: 60, height: 30, startX: 7, goalX: 54 },
  (_width, height) => [
    wall(18, 0, 18, height - 7),
    wall(30, 7, 30, height),
    wall(42, 0, 42, height - 7),
  ],
);

// ---------------------------------------------------------------------------------------------
// RTS maps: a 1 km map, and a base being built during the run

/** metres: the open width between two rocks of the 1 km map's band (a unit of radius 0.5 passes) */
const ROCK_GAP = 2;

const rockField1k: BuiltInScenario = {
  name: 'rock-field-1km',
  description:
    'On a 1 km x 1 km map strewn with rocks, two groups side by side march across a band of three ranks of rocks with gaps 2 m wide between them (placed by the seed): the routes must find the gaps, which fit one unit at a time.',
  defaultUnits: 40,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const size = 1000;
    const centre = size / 2;
    const counts = splitEvenly(total, 2);
    const units: NonNullable<ScenarioFile['units']> = [];
    const start = 60;
    for (const [team, offset] of [
      [0, -25],
      [1, 25],
    ] as const) {
      const goal = { x: centre + start, y: centre + offset };
      for (const [x, y] of placeBlock(counts[team]!, centre - start, centre + offset, 0, random)) {
        units.push({ x: round6(x), y: round6(y), radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team, goal });
      }
    }
    const obstacles: ObstacleShape[] = [];
    // the band: three ranks of rocks 3 m thick, from 60 m below the groups to 60 m above, each
    // rock 4 to 9 m long, ROCK_GAP apart, every rank starting at its own offset
    for (const rankX of [centre - 15, centre, centre + 15]) {
      let y = centre - 60 - random.range(0, 9);
      while (y < centre + 60) {
        const length = random.range(4, 9);
        obstacles.push({ type: 'box', x: rankX, y: round6(y + length / 2), width: 3, height: round6(length), angle: 0 });
        y += length + ROCK_GAP;
      }
    }
    // rocks strewn over the rest of the map, clear of the band and of the groups' ground
    for (let placed = 0, attempt = 0; placed < 600 && attempt < 20_000; attempt++) {
      const x = random.range(20, size - 20);
      const y = random.range(20, size - 20);
      if (Math.abs(x - centre) < 100 && Math.abs(y - centre) < 80) continue;
      obstacles.push({ type: 'circle', x: round6(x), y: round6(y), radius: round6(random.range(1, 5)) });
      placed++;
    }
    return { name: rockField1k.name, description: rockField1k.description, world: { width: size, height: size }, obstacles, units, duration: 120 };
  },
};

const baseBuild: BuiltInScenario = {
  name: 'base-build',
  description:
    'Two groups cross a base while it is being built: a barracks goes up right in their way after 2 s, a wall beside their way after 6 s, and the barracks comes down again after 14 s. Routes change under the walking units.',
  defaultUnits: 40,
  minUnits: 2,
  seeded: true,
  build: (total, random) => {
    const width = 120;
    const height = 80;
    const counts = splitEvenly(total, 2);
    const units: NonNullable<ScenarioFile['units']> = [];
    for (const [team, x, goalX] of [
      [0, 20, 100],
      [1, 100, 20],
    ] as const) {
      const goal = { x: goalX, y: height / 2 };
      for (const [ux, uy] of placeBlock(counts[team]!, x, height / 2, team === 0 ? 0 : Math.PI, random)) {
        units.push({ x: round6(ux), y: round6(uy), radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team, goal });
      }
    }
    // the base as it stands at the start: a town hall and a depot away from the way
    const obstacles: ObstacleShape[] = [
      { type: 'box', x: 60, y: 70, width: 16, height: 10, angle: 0 },
      { type: 'box', x: 30, y: 10, width: 10, height: 8, angle: 0 },
    ];
    return {
      name: baseBuild.name,
      description: baseBuild.description,
      world: { width, height },
      obstacles,
      units,
      duration: GROUP_DURATION,
      changes: [
        { at: 2, add: { type: 'box', x: 60, y: height / 2, width: 8, height: 14, angle: 0 } },
        { at: 6, add: { type: 'box', x: 84, y: height / 2 + 12, width: 18, height: 1.5, angle: 0.25 } },
        { at: 14, remove: obstacles.length },
      ],
    };
  },
};

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

// ---------------------------------------------------------------------------------------------
// The list

export const BUILT_IN_SCENARIOS: readonly BuiltInScenario[] = [
  seedDemo(
    'seed-onemiddle',
    'The RTS article\'s demo: one unit from each side, exactly head-on along the middle of a 25 x 14 m field.',
    [[0.5, 7.5]],
    [23.5, 7.5],
    [[23.5, 7.5]],
    [1.5, 7.5],
  ),
  seedDemo(
    'seed-onetop',
    'The RTS article\'s demo: one unit from each side near the bottom edge, both heading for the far top corners (the big-angle case).',
    [[0.5, 2.5]],
    [23.5, 13.5],
    [[23.5, 2.5]],
    [1.5, 13.5],
  ),
  seedDemo(
    'seed-smallgroups',
    'The RTS article\'s demo: 3 x 3 units a side cross head-on, each side sharing one destination.',
    seedColumns(SEED_LEFT_COLUMNS, [6.5, 7.5, 8.5]),
    [23.5, 7.5],
    seedColumns(SEED_RIGHT_COLUMNS, [6.5, 7.5, 8.5]),
    [1.5, 7.5],
  ),
  seedDemo(
    'seed-largegroups',
    'The RTS article\'s demo: 3 columns x 12 rows a side (36 units each) cross head-on to one shared point per side.',
    seedColumns(SEED_LEFT_COLUMNS, SEED_LARGE_ROWS),
    [23.5, 7.5],
    seedColumns(SEED_RIGHT_COLUMNS, SEED_LARGE_ROWS),
    [1.5, 7.5],
  ),
  crossing('head-on', 'Two square blocks walk straight through each other, head-on.', [0, 180], 80),
  crossing('crossing-90', 'Two blocks cross at right angles.', [0, 90], 80),
  crossing('crossing-45', 'Two blocks converge at 45 degrees, walking almost the same way.', [0, 45], 80),
  crossing('crossing-135', 'Two blocks cross at 135 degrees, nearly head-on.', [0, 135], 80),
  crossing('crossing-20', 'Two blocks cross at 20 degrees, walking nearly side by side: one must let the other across.', [0, 20], 100),
  crossing('four-groups', 'Four blocks from the four sides all cross the middle at once.', [0, 90, 180, 270], 100),
  circleSwap,
  corridor,
  junction,
  doorway('doorway', 'A wall with one door 4 m wide; a group on each side crosses through it at the same time.', 4, 40),
  doorway('narrow-door', 'A wall with one door 2 m wide, room for one unit at a time (the navigation keeps a margin beyond the radius); six units on each side cross through it at the same time.', 2, 12, 90),
  doorway('tight-door', 'A wall with one door 1.6 m wide, too narrow for the margin routes keep beyond the radius but room for one unit at a time; ten units on each side cross through it at the same time.', 1.6, 20, 90),
  doorway('wide-door', 'A wall with one door 10 m wide, too narrow for two blocks of 50 to pass side by side and too wide to take turns; a block on each side crosses through it at the same time.', 10, 100),
  obstacleField,
  overtaking,
  crossing('large-groups', 'Two blocks of 200 units cross head-on.', [0, 180], 400),
  crossing('four-hundreds', 'Four blocks of 100 units from the four sides all cross the middle at once.', [0, 90, 180, 270], 400),
  mixedSizes,
  seedDemo(
    'seed-converge',
    'In the RTS article\'s field, 36 units a side (3 columns x 12 rows) each walk to one shared point in the far corner of the other half: the groups cross on the diagonal and each funnels into its point.',
    seedColumns(SEED_LEFT_COLUMNS, SEED_LARGE_ROWS),
    [20, 3.5],
    seedColumns(SEED_RIGHT_COLUMNS, SEED_LARGE_ROWS),
    [5, 10.5],
  ),
  lWall,
  tWall,
  uTrap,
  maze,
  rockField1k,
  baseBuild,
];

export const BUILT_IN_SCENARIO_NAMES: readonly string[] = BUILT_IN_SCENARIOS.map((scenario) => scenario.name);

export function findBuiltInScenario(name: string): BuiltInScenario | undefined {
  return BUILT_IN_SCENARIOS.find((scenario) => scenario.name === name);
}

/**
 * Builds a built-in scenario by name, checked like a file. Throws naming the option for an
 * unknown name, a unit count out of range or one given to a fixed layout, or a bad seed.
 */
export function buildBuiltInScenario(name: string, options: BuiltInOptions = {}): Scenario {
  const builtIn = findBuiltInScenario(name);
  if (builtIn === undefined) {
    throw new Error(`scenario: expected a file or one of ${BUILT_IN_SCENARIO_NAMES.join(', ')}, got ${describeValue(name)}`);
  }
  const seed = options.seed ?? DEFAULT_SCENARIO_SEED;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(`seed: expected an integer from 0 to ${0xffffffff}, got ${describeValue(seed)}`);
  }
  let units = 0;
  if (builtIn.defaultUnits === undefined) {
    if (options.units !== undefined) {
      throw new Error(`units: ${name} has a fixed layout and takes no unit count, got ${describeValue(options.units)}`);
    }
  } else {
    units = options.units ?? builtIn.defaultUnits;
    const min = builtIn.minUnits ?? 1;
    if (!Number.isInteger(units) || units < min || units > MAX_SCENARIO_UNITS) {
      throw new Error(`units: expected an integer from ${min} to ${MAX_SCENARIO_UNITS} for ${name}, got ${describeValue(units)}`);
    }
  }
  const file = builtIn.build(units, createRandom(seed));
  return parseScenario({ ...file, seed }, `built-in scenario ${name}`);
}

/** metres between the two blocks' fronts when the benchmark starts */
const BENCH_FRONT_GAP = 6;

/** A Random that always gives the middle of the range: blocks placed without jitter. */
const NO_JITTER: Random = { next: () => 0.5, range: (min, max) => (min + max) / 2 };

/**
 * The benchmark's workload (`npm run bench`), not a listed built-in: two square head-on blocks of
 * `units` in all, unjittered, whose fronts start BENCH_FRONT_GAP m apart, each walking to the
 * other's starting place, so nearly every measured tick is the crossing itself.
 */
export function buildBenchCrossing(units: number): Scenario {
  if (!Number.isInteger(units) || units < 2 || units > MAX_SCENARIO_UNITS) {
    throw new Error(`units: expected an integer from 2 to ${MAX_SCENARIO_UNITS}, got ${describeValue(units)}`);
  }
  const placed = placeBenchBlocks(units);
  const { world } = shiftToOrigin(placed);
  const description = `Two head-on blocks of ${units} units in all, fronts ${BENCH_FRONT_GAP} m apart (the benchmark).`;
  return parseScenario({ name: 'bench-crossing', description, world, units: placed.units, duration: GROUP_DURATION }, 'the benchmark scenario');
}

/** The benchmark's two unjittered head-on blocks of `units` in all, fronts BENCH_FRONT_GAP apart. */
function placeBenchBlocks(units: number): Placed {
  const counts = splitEvenly(units, 2);
  return placeCrossingGroups(
    [
      { direction: 0, count: counts[0]!, team: 0 },
      { direction: Math.PI, count: counts[1]!, team: 1 },
    ],
    NO_JITTER,
    BENCH_FRONT_GAP,
  );
}

/** metres between the benchmark's crossing lane and the standing blocks beside it */
const ARMY_LANE_GAP = 3;

/**
 * The benchmark's standing-army workload: `moving` units crossing head-on as in
 * `buildBenchCrossing`, and `total - moving` units standing in two blocks along both sides of
 * their lane (BLOCK_SPACING apart, ARMY_LANE_GAP m from it): most of an army holding its ground
 * while a part of it moves, as in an RTS.
 */
export function buildBenchArmy(total: number, moving: number): Scenario {
  if (!Number.isInteger(total) || total < 2 || total > MAX_SCENARIO_UNITS) {
    throw new Error(`total: expected an integer from 2 to ${MAX_SCENARIO_UNITS}, got ${describeValue(total)}`);
  }
  if (!Number.isInteger(moving) || moving < 2 || moving > total) {
    throw new Error(`moving: expected an integer from 2 to ${total} (the total), got ${describeValue(moving)}`);
  }
  const placed = placeBenchBlocks(moving);
  const standing = total - moving;
  const columns = Math.max(1, Math.floor((placed.maxX - placed.minX - 2 * UNIT_RADIUS) / BLOCK_SPACING) + 1);
  const rowsPerSide = Math.ceil(Math.ceil(standing / columns) / 2);
  for (let i = 0; i < standing; i++) {
    const row = Math.floor(i / columns);
    const side = row % 2 === 0 ? -1 : 1;
    const depth = Math.floor(row / 2);
    const x = placed.minX + UNIT_RADIUS + (i % columns) * BLOCK_SPACING;
    const y = side < 0 ? placed.minY - ARMY_LANE_GAP - depth * BLOCK_SPACING : placed.maxY + ARMY_LANE_GAP + depth * BLOCK_SPACING;
    placed.units.push({ x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team: 2 });
  }
  if (standing > 0) {
    placed.minY -= ARMY_LANE_GAP + (rowsPerSide - 1) * BLOCK_SPACING + UNIT_RADIUS + 1;
    placed.maxY += ARMY_LANE_GAP + (rowsPerSide - 1) * BLOCK_SPACING + UNIT_RADIUS + 1;
  }
  const { world } = shiftToOrigin(placed);
  const description = `${moving} units crossing head-on between two blocks of ${standing} standing (the benchmark's army).`;
  return parseScenario({ name: 'bench-army', description, world, units: placed.units, duration: GROUP_DURATION }, 'the benchmark scenario');
}
