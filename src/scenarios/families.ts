/**
 * Map families: seeded generators of scenarios of one kind (pillared halls, forests, rivers with
 * bridges, corridors with bends, rooms with exits, big armies, columns passing standing units,
 * rally points, mixed sizes), each instance drawn from its number. The built-ins are single maps
 * the rules were tuned on; a family is many maps of a kind nobody tuned for, which is what shows
 * whether a rule generalises (docs/families.md). Instance n of a family is the same scenario on
 * every machine.
 */
import { atan2, cos, hypot, sin } from '../math/exact';
import { type Random, createRandom } from '../math/random';
import type { ObstacleShape } from '../math/shapes';
import { groupArrivalRadius } from '../orders/orders';
import { describeValue } from '../sim/validate';
import {
  type PlacedUnit,
  type Rect,
  SOLDIER,
  type UnitKind,
  blockReach,
  blockShape,
  blockedBand,
  box,
  integer,
  placeBlock,
  rockShapes,
  round6,
  roundUnits,
  scatterRocks,
} from './family-parts';
import { type Scenario, type ScenarioFile, parseScenario } from './schema';

export interface MapFamily {
  readonly name: string;
  /** what every instance has in common, and what the seed draws */
  readonly description: string;
  build(random: Random): Omit<ScenarioFile, 'seed' | 'name' | 'description'>;
}

/** simulated seconds every instance runs for at most */
export const FAMILY_DURATION = 90;

const TAU = 2 * Math.PI;

// ---------------------------------------------------------------------------------------------
// Pillared halls

const pillaredHall: MapFamily = {
  name: 'pillared-hall',
  description:
    'A hall 40 m deep filled with a regular grid of pillars (round or square, 0.6 to 1.2 m, gaps of 1.5 to 4 m) from wall to wall; two groups of 25 to 50 cross it, straight or along its diagonal.',
  build(random) {
    const gap = random.range(1.5, 4);
    const size = random.range(0.6, 1.2);
    const round = random.next() < 0.5;
    const diagonal = random.next() < 0.5;
    const counts = [integer(random, 25, 50), integer(random, 25, 50)] as const;
    const world = { width: 76, height: 44 };
    const pitch = size + gap;
    const obstacles: ObstacleShape[] = [];
    const firstRow = size / 2 + 0.2 + random.range(0, pitch);
    for (let x = 18 + size / 2; x <= 58 - size / 2; x += pitch) {
      for (let y = firstRow; y <= world.height - size / 2 - 0.2; y += pitch) {
        obstacles.push(round ? { type: 'circle', x: round6(x), y: round6(y), radius: round6(size / 2) } : box(x - size / 2, y - size / 2, x + size / 2, y + size / 2));
      }
    }
    const [fromA, toA] = diagonal ? [{ x: 9, y: 10 }, { x: 67, y: 34 }] : [{ x: 9, y: 22 + random.range(-6, 6) }, { x: 67, y: 22 + random.range(-6, 6) }];
    const [fromB, toB] = diagonal ? [{ x: 67, y: 34 }, { x: 9, y: 10 }] : [{ x: 67, y: 22 + random.range(-6, 6) }, { x: 9, y: 22 + random.range(-6, 6) }];
    const units = [...groupFromTo(counts[0], fromA, toA, 0, random), ...groupFromTo(counts[1], fromB, toB, 1, random)];
    return { world, obstacles, units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

/** A block of soldiers at `from` facing `to`, walking there as one order. */
function groupFromTo(count: number, from: { x: number; y: number }, to: { x: number; y: number }, team: number, random: Random, pick?: (index: number) => UnitKind): PlacedUnit[] {
  const heading = atan2(to.y - from.y, to.x - from.x);
  return placeBlock(count, from.x, from.y, heading, random, { team, goal: { x: to.x, y: to.y }, ...(pick === undefined ? {} : { pick }) });
}

// ---------------------------------------------------------------------------------------------
// Forests

const forest: MapFamily = {
  name: 'forest',
  description:
    'Round rocks (0.4 to 1.5 m) scattered over a circle 54 m across, 1.2 to 3 m apart at least, some thick, some sparse; two groups of 20 to 50 cross it from any side, 0 to 90 degrees off head-on.',
  build(random) {
    const world = { width: 84, height: 84 };
    const centre = { x: 42, y: 42 };
    const first = random.range(0, TAU);
    const ways = [first, first + Math.PI + random.range(-Math.PI / 2, Math.PI / 2)];
    const units = ways.flatMap((way, team) => crossingGroup(integer(random, 20, 50), centre, 31, way, team, random));
    const rocks = scatterRocks(random, units, {
      count: Math.round((Math.PI * 27 * 27) / random.range(14, 30)),
      minX: centre.x - 27,
      maxX: centre.x + 27,
      minY: centre.y - 27,
      maxY: centre.y + 27,
      minRadius: 0.4,
      maxRadius: 1.5,
      gap: random.range(1.2, 3),
      unitGap: 1,
      refuse: (rock) => hypot(rock.x - centre.x, rock.y - centre.y) > 27,
    });
    return { world, obstacles: rockShapes(rocks), units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

/** A group of soldiers starting `distance` before `centre` on a way at `way` radians, walking through it to as far beyond. */
function crossingGroup(count: number, centre: { x: number; y: number }, distance: number, way: number, team: number, random: Random, pick?: (index: number) => UnitKind): PlacedUnit[] {
  const from = { x: centre.x - distance * cos(way), y: centre.y - distance * sin(way) };
  const to = { x: centre.x + distance * cos(way), y: centre.y + distance * sin(way) };
  return groupFromTo(count, from, to, team, random, pick);
}

// ---------------------------------------------------------------------------------------------
// Rivers and bridges

const river: MapFamily = {
  name: 'river',
  description: 'A river 6 m wide across the map with one to three bridges 3 to 8 m wide; a group of 20 to 50 on each bank crosses to the other.',
  build(random) {
    const world = { width: 72, height: 64 };
    const bank = { y0: 29, y1: 35 };
    const bridges: Array<{ x0: number; x1: number }> = [];
    const wanted = integer(random, 1, 3);
    for (let attempt = 0; attempt < 200 && bridges.length < wanted; attempt++) {
      const width = random.range(3, 8);
      const middle = random.range(8 + width / 2, world.width - 8 - width / 2);
      const bridge = { x0: middle - width / 2, x1: middle + width / 2 };
      if (bridges.every((other) => bridge.x1 + 6 < other.x0 || other.x1 + 6 < bridge.x0)) bridges.push(bridge);
    }
    bridges.sort((a, b) => a.x0 - b.x0);
    const obstacles: ObstacleShape[] = [];
    let from = 0;
    for (const bridge of bridges) {
      obstacles.push(box(from, bank.y0, bridge.x0, bank.y1));
      from = bridge.x1;
    }
    obstacles.push(box(from, bank.y0, world.width, bank.y1));
    const south = (): { x: number; y: number } => ({ x: random.range(16, 56), y: 13 });
    const north = (): { x: number; y: number } => ({ x: random.range(16, 56), y: 51 });
    const units = [...groupFromTo(integer(random, 20, 50), south(), north(), 0, random), ...groupFromTo(integer(random, 20, 50), north(), south(), 1, random)];
    return { world, obstacles, units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------
// Corridors with bends

const bentCorridor: MapFamily = {
  name: 'bent-corridor',
  description:
    'Two open rooms joined by a corridor 4 to 8 m wide with two or four bends through solid ground; one group of 30 to 60 goes through it one way, or two groups of 15 to 40 exchange rooms.',
  build(random) {
    const world = { width: 82, height: 48 };
    const band = { x0: 22, y0: 0, x1: 60, y1: world.height };
    const width = integer(random, 4, 8);
    const legs = integer(random, 1, 2);
    const turns = legs === 1 ? [random.range(30, 52)] : [random.range(28, 36), random.range(44, 54)];
    const levels: number[] = [];
    for (let index = 0; index <= legs; index++) {
      let level = random.range(width / 2 + 4, world.height - width / 2 - 4);
      for (let attempt = 0; attempt < 50 && index > 0 && Math.abs(level - levels[index - 1]!) < 8; attempt++) level = random.range(width / 2 + 4, world.height - width / 2 - 4);
      levels.push(level);
    }
    const open: Rect[] = [];
    const xs = [band.x0 - 1, ...turns, band.x1 + 1];
    for (let index = 0; index <= legs; index++) {
      const half = width / 2;
      open.push({ x0: xs[index]! - half, y0: levels[index]! - half, x1: xs[index + 1]! + half, y1: levels[index]! + half });
      if (index < legs) open.push({ x0: turns[index]! - half, y0: Math.min(levels[index]!, levels[index + 1]!) - half, x1: turns[index]! + half, y1: Math.max(levels[index]!, levels[index + 1]!) + half });
    }
    const obstacles = blockedBand(band, open, 1);
    const west = { x: 11, y: levels[0]! };
    const east = { x: 71, y: levels[legs]! };
    const units: PlacedUnit[] = [];
    if (random.next() < 0.5) {
      const count = integer(random, 30, 60);
      units.push(...groupFromTo(count, inside(west, count, world), east, 0, random));
    } else {
      const counts = [integer(random, 15, 40), integer(random, 15, 40)] as const;
      units.push(...groupFromTo(counts[0], inside(west, counts[0], world), east, 0, random), ...groupFromTo(counts[1], inside(east, counts[1], world), west, 1, random));
    }
    return { world, obstacles, units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

/** The point moved up or down so a block of `count` soldiers around it stays inside the world. */
function inside(point: { x: number; y: number }, count: number, world: { width: number; height: number }): { x: number; y: number } {
  const reach = blockReach(count) + 0.5;
  return { x: point.x, y: Math.min(world.height - reach, Math.max(reach, point.y)) };
}

// ---------------------------------------------------------------------------------------------
// Rooms with exits

const rooms: MapFamily = {
  name: 'rooms',
  description:
    'A walled room 24 x 28 m with one or two exits 1.5 to 4 m wide; 30 to 60 units leave it for a point outside, and on half the instances a group of 15 to 30 comes in at the same time.',
  build(random) {
    const world = { width: 64, height: 48 };
    const room = { x0: 8, y0: 10, x1: 32, y1: 38 };
    const exits = integer(random, 1, 2);
    const eastGaps: Array<[number, number]> = [];
    const northGaps: Array<[number, number]> = [];
    const first = random.range(1.5, 4);
    const firstAt = random.range(room.y0 + 3 + first / 2, room.y1 - 3 - first / 2);
    eastGaps.push([firstAt - first / 2, firstAt + first / 2]);
    if (exits === 2) {
      const second = random.range(1.5, 4);
      if (random.next() < 0.5) {
        const at = random.range(room.x0 + 3 + second / 2, room.x1 - 3 - second / 2);
        northGaps.push([at - second / 2, at + second / 2]);
      } else {
        // a second door in the same wall, at least 6 m from the first
        const below = firstAt - first / 2 - 6 - second / 2 >= room.y0 + 3 + second / 2;
        const at = below ? random.range(room.y0 + 3 + second / 2, firstAt - first / 2 - 6 - second / 2) : random.range(firstAt + first / 2 + 6 + second / 2, room.y1 - 3 - second / 2);
        if (at + second / 2 < room.y1 - 2 && at - second / 2 > room.y0 + 2) eastGaps.push([at - second / 2, at + second / 2]);
      }
    }
    const obstacles: ObstacleShape[] = [
      box(room.x0 - 1, room.y0 - 1, room.x0, room.y1 + 1),
      box(room.x0, room.y0 - 1, room.x1 + 1, room.y0),
      ...wallWithGaps(room.x1, room.y0, room.y1, eastGaps, 'vertical'),
      ...wallWithGaps(room.y1, room.x0, room.x1, northGaps, 'horizontal'),
    ];
    const middle = { x: (room.x0 + room.x1) / 2, y: (room.y0 + room.y1) / 2 };
    const outside = { x: 54, y: middle.y };
    const units = [...groupFromTo(integer(random, 30, 60), middle, outside, 0, random)];
    if (random.next() < 0.5) units.push(...groupFromTo(integer(random, 15, 30), outside, middle, 1, random));
    return { world, obstacles, units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

/** A wall 1 m thick along x = at (vertical, from `from` to `to` in y, outside the room) or y = at, with gaps. */
function wallWithGaps(at: number, from: number, to: number, gaps: Array<[number, number]>, direction: 'vertical' | 'horizontal'): ObstacleShape[] {
  const pieces: ObstacleShape[] = [];
  let start = from - 1;
  for (const [gapFrom, gapTo] of [...gaps].sort((a, b) => a[0] - b[0])) {
    pieces.push(direction === 'vertical' ? box(at, start, at + 1, gapFrom) : box(start, at, gapFrom, at + 1));
    start = gapTo;
  }
  pieces.push(direction === 'vertical' ? box(at, start, at + 1, to + 1) : box(start, at, to + 1, at + 1));
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Big armies

const armies: MapFamily = {
  name: 'armies',
  description:
    'Two armies of 100 to 500 each meeting 0 to 90 degrees off head-on, from any side; on half the instances rocks (0.5 to 1.5 m, 3 m apart at least) are scattered over the ground where they meet.',
  build(random) {
    const count = integer(random, 100, 500);
    const first = random.range(0, TAU);
    const off = random.range(0, Math.PI / 2) * (random.next() < 0.5 ? -1 : 1);
    const ways = [first, first + Math.PI + off];
    const { columns, rows } = blockShape(count);
    const spacing = 2 * SOLDIER.radius + 0.5;
    const arrival = groupArrivalRadius(SOLDIER.radius, count);
    const between = Math.abs(sin((Math.PI + off) / 2));
    const distance = Math.max((rows * spacing) / 2 + arrival + 4, (hypot(columns, rows) * spacing + 2) / (2 * between));
    const half = Math.ceil(distance + Math.max(blockReach(count), arrival) + 3);
    const centre = { x: half, y: half };
    const units = ways.flatMap((way, team) => crossingGroup(count, centre, distance, way, team, random));
    const rocky = random.next() < 0.5;
    const spread = distance * 0.8;
    const rocks = rocky
      ? scatterRocks(random, units, {
          count: Math.round((Math.PI * spread * spread) / random.range(60, 150)),
          minX: centre.x - spread,
          maxX: centre.x + spread,
          minY: centre.y - spread,
          maxY: centre.y + spread,
          minRadius: 0.5,
          maxRadius: 1.5,
          gap: 3,
          unitGap: 1.5,
          refuse: (rock) => hypot(rock.x - centre.x, rock.y - centre.y) > spread,
        })
      : [];
    return { world: { width: 2 * half, height: 2 * half }, obstacles: rockShapes(rocks), units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------
// A column passing standing units of its own side

/** the unit a column sometimes finds standing in its way: bigger and heavier than a soldier */
const HEAVY: UnitKind = { radius: 0.9, maxSpeed: 3 };

const columnPastStanding: MapFamily = {
  name: 'column-past-standing',
  description:
    'A column 2 to 4 wide of 6 to 40 units marches 60 m east past 1 to 5 units of its own side standing (no order) on or near its line, a third of them big and heavy; the figure to watch is how far the standing units are pushed.',
  build(random) {
    const world = { width: 84, height: 30 };
    const line = world.height / 2;
    const columns = integer(random, 2, 4);
    const count = integer(random, 6, 40);
    const depth = Math.ceil(count / columns) * (2 * SOLDIER.radius + 0.5);
    const start = { x: depth / 2 + 1.5, y: line };
    const units = placeBlock(count, start.x, start.y, 0, random, { team: 0, goal: { x: 76, y: line }, maxColumns: columns });
    const standing: PlacedUnit[] = [];
    const wanted = integer(random, 1, 5);
    for (let attempt = 0; attempt < 200 && standing.length < wanted; attempt++) {
      const kind = random.next() < 1 / 3 ? HEAVY : SOLDIER;
      const unit = { x: random.range(36, 58), y: line + random.range(-1.5, 1.5), radius: kind.radius, maxSpeed: kind.maxSpeed, team: 0 };
      if (standing.every((other) => hypot(unit.x - other.x, unit.y - other.y) >= 3)) standing.push(unit);
    }
    return { world, obstacles: [], units: roundUnits([...units, ...standing]), duration: FAMILY_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------
// Rally points

const rally: MapFamily = {
  name: 'rally',
  description:
    'Three or four groups of 10 to 30 come from all round to rally points up to 6 m from the middle (on a third of the instances all to one point), past 0 to 6 rocks.',
  build(random) {
    const world = { width: 80, height: 80 };
    const centre = { x: 40, y: 40 };
    const groups = integer(random, 3, 4);
    const base = random.range(0, TAU);
    const shared = random.next() < 1 / 3;
    const units: PlacedUnit[] = [];
    for (let team = 0; team < groups; team++) {
      const way = base + (team * TAU) / groups + random.range(-0.35, 0.35);
      const from = { x: centre.x - 30 * cos(way), y: centre.y - 30 * sin(way) };
      const aside = random.range(0, TAU);
      const reach = shared ? 0 : random.range(0, 6);
      const to = { x: centre.x + reach * cos(aside), y: centre.y + reach * sin(aside) };
      units.push(...groupFromTo(integer(random, 10, 30), from, to, team, random));
    }
    const rocks = scatterRocks(random, units, {
      count: integer(random, 0, 6),
      minX: centre.x - 20,
      maxX: centre.x + 20,
      minY: centre.y - 20,
      maxY: centre.y + 20,
      minRadius: 0.8,
      maxRadius: 2,
      gap: 3,
      unitGap: 1.5,
      // not on a rally point's own ground
      refuse: (rock) => units.some((unit) => unit.goal !== undefined && hypot(rock.x - unit.goal.x, rock.y - unit.goal.y) < rock.radius + 3),
    });
    return { world, obstacles: rockShapes(rocks), units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------
// Mixed sizes and speeds

const INFANTRY: UnitKind = { radius: 0.35, maxSpeed: 4 };
const VEHICLE: UnitKind = { radius: 0.9, maxSpeed: 3 };
const SCOUT: UnitKind = { radius: 0.3, maxSpeed: 5 };

const mixed: MapFamily = {
  name: 'mixed',
  description:
    'Two or three groups of 20 to 40 cross at any angles, each a mix of infantry (0.35 m, 4 m/s), vehicles (0.9 m, 3 m/s, up to 30%) and scouts (0.3 m, 5 m/s, up to 30%).',
  build(random) {
    const world = { width: 90, height: 90 };
    const centre = { x: 45, y: 45 };
    const groups = integer(random, 2, 3);
    const first = random.range(0, TAU);
    const units: PlacedUnit[] = [];
    for (let team = 0; team < groups; team++) {
      const way = groups === 2 ? first + team * (Math.PI + random.range(-Math.PI / 2, Math.PI / 2)) : first + (team * TAU) / 3 + random.range(-0.4, 0.4);
      const vehicles = random.range(0, 0.3);
      const scouts = random.range(0, 0.3);
      const count = integer(random, 20, 40);
      const kinds = Array.from({ length: count }, () => {
        const draw = random.next();
        return draw < vehicles ? VEHICLE : draw < vehicles + scouts ? SCOUT : INFANTRY;
      });
      units.push(...crossingGroup(count, centre, 32, way, team, random, (index) => kinds[index]!));
    }
    return { world, obstacles: [], units: roundUnits(units), duration: FAMILY_DURATION };
  },
};

// ---------------------------------------------------------------------------------------------

export const MAP_FAMILIES: readonly MapFamily[] = [pillaredHall, forest, river, bentCorridor, rooms, armies, columnPastStanding, rally, mixed];
export const MAP_FAMILY_NAMES: readonly string[] = MAP_FAMILIES.map((family) => family.name);

export function findMapFamily(name: string): MapFamily | undefined {
  return MAP_FAMILIES.find((family) => family.name === name);
}

/**
 * Instance `instance` (an integer >= 1) of the family `name`, checked as any scenario file is:
 * named `NAME-INSTANCE`, its seed the instance number.
 */
export function buildFamilyInstance(name: string, instance: number): Scenario {
  const family = findMapFamily(name);
  if (family === undefined) throw new Error(`family: expected one of ${MAP_FAMILY_NAMES.join(', ')}, got ${describeValue(name)}`);
  if (!Number.isInteger(instance) || instance < 1 || instance > 0xffffffff) {
    throw new Error(`instance: expected an integer from 1 to ${0xffffffff}, got ${describeValue(instance)}`);
  }
  const file = family.build(createRandom(instance));
  return parseScenario({ ...file, name: `${name}-${instance}`, description: family.description, seed: instance }, `family ${name}, instance ${instance}`);
}
