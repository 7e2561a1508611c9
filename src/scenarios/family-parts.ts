/**
 * The pieces the map families (families.ts) build their instances from: blocks of units facing a
 * way, rocks scattered clear of the units, walls as boxes, and the ground of a band blocked but
 * for given rectangles (a corridor with bends). Everything is placed from one seeded generator,
 * so an instance is the same on every machine.
 */
import { cos, hypot, sin } from '../math/exact';
import type { Random } from '../math/random';
import type { ObstacleShape } from '../math/shapes';
import { DEFAULT_UNIT } from '../sim/defaults';

/** A unit as a family places it (the scenario file's fields). */
export interface PlacedUnit {
  x: number;
  y: number;
  radius: number;
  maxSpeed: number;
  team: number;
  goal?: { x: number; y: number };
}

export interface UnitKind {
  /** metres */
  radius: number;
  /** m/s */
  maxSpeed: number;
}

export const SOLDIER: UnitKind = { radius: DEFAULT_UNIT.radius, maxSpeed: DEFAULT_UNIT.maxSpeed };

/** metres: gap between neighbouring units of a starting block, edge to edge */
export const BLOCK_GAP = 0.5;
/** metres: how far a start position may be jittered each way (keeps 0.1 m gaps at worst) */
export const START_JITTER = 0.2;

export interface BlockOptions {
  team: number;
  /** where the block's units go (one order: they share the point); none: they stand */
  goal?: { x: number; y: number };
  /** the kinds of its units, taken in turn from `pick` (default: soldiers) */
  pick?: (index: number) => UnitKind;
  /** at most this many units across */
  maxColumns?: number;
}

/** Columns and rows of a block of `count` units: as square as it can be, at most `maxColumns` across. */
export function blockShape(count: number, maxColumns = Infinity): { columns: number; rows: number } {
  const columns = Math.max(1, Math.min(maxColumns, Math.ceil(Math.sqrt(count))));
  return { columns, rows: Math.ceil(count / columns) };
}

/**
 * A block of `count` units centred on (cx, cy) facing `heading` (radians), its front row first,
 * spaced for the largest unit it holds, each start jittered by up to START_JITTER.
 */
export function placeBlock(count: number, cx: number, cy: number, heading: number, random: Random, options: BlockOptions): PlacedUnit[] {
  const { columns, rows } = blockShape(count, options.maxColumns);
  const kinds = Array.from({ length: count }, (_, index) => options.pick?.(index) ?? SOLDIER);
  const spacing = 2 * Math.max(...kinds.map((kind) => kind.radius)) + BLOCK_GAP;
  const forwardX = cos(heading);
  const forwardY = sin(heading);
  return kinds.map((kind, index) => {
    const across = (index % columns) - (columns - 1) / 2;
    const along = (rows - 1) / 2 - Math.floor(index / columns);
    const unit: PlacedUnit = {
      x: cx + (along * forwardX - across * forwardY) * spacing + random.range(-START_JITTER, START_JITTER),
      y: cy + (along * forwardY + across * forwardX) * spacing + random.range(-START_JITTER, START_JITTER),
      radius: kind.radius,
      maxSpeed: kind.maxSpeed,
      team: options.team,
    };
    if (options.goal !== undefined) unit.goal = options.goal;
    return unit;
  });
}

/** metres: the half-extent of a block's footprint (from its centre to its farthest corner, plus a unit) */
export function blockReach(count: number, kind: UnitKind = SOLDIER, maxColumns = Infinity): number {
  const { columns, rows } = blockShape(count, maxColumns);
  const spacing = 2 * kind.radius + BLOCK_GAP;
  return (hypot(columns, rows) * spacing) / 2 + kind.radius;
}

export interface Rock {
  x: number;
  y: number;
  radius: number;
}

export interface RockOptions {
  /** how many to try for */
  count: number;
  /** the area they are scattered over */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  minRadius: number;
  maxRadius: number;
  /** metres: the least gap between two rocks, edge to edge */
  gap: number;
  /** metres: the least gap between a rock and a unit's start, edge to edge */
  unitGap: number;
  /** a rock is also refused where this says so (a goal's circle, say) */
  refuse?: (rock: Rock) => boolean;
}

/** Round rocks scattered by rejection: each clear of the others by `gap` and of every unit by `unitGap`. */
export function scatterRocks(random: Random, units: readonly PlacedUnit[], options: RockOptions): Rock[] {
  const rocks: Rock[] = [];
  for (let attempt = 0; attempt < options.count * 40 && rocks.length < options.count; attempt++) {
    const rock = { x: random.range(options.minX, options.maxX), y: random.range(options.minY, options.maxY), radius: round3(random.range(options.minRadius, options.maxRadius)) };
    if (rocks.some((other) => hypot(rock.x - other.x, rock.y - other.y) < rock.radius + other.radius + options.gap)) continue;
    if (units.some((unit) => hypot(rock.x - unit.x, rock.y - unit.y) < rock.radius + unit.radius + options.unitGap)) continue;
    if (options.refuse?.(rock) === true) continue;
    rocks.push(rock);
  }
  return rocks;
}

export function rockShapes(rocks: readonly Rock[]): ObstacleShape[] {
  return rocks.map((rock) => ({ type: 'circle', x: round6(rock.x), y: round6(rock.y), radius: rock.radius }));
}

/** An axis-aligned box from corner (x0, y0) to corner (x1, y1). */
export function box(x0: number, y0: number, x1: number, y1: number): ObstacleShape {
  return { type: 'box', x: round6((x0 + x1) / 2), y: round6((y0 + y1) / 2), width: round6(Math.abs(x1 - x0)), height: round6(Math.abs(y1 - y0)), angle: 0 };
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The band [x0, x1] x [y0, y1] blocked but for the `open` rectangles, as boxes: the band is cut
 * into rows `cell` metres high and each row's blocked runs become one box (a cell is open when an
 * open rectangle covers its middle).
 */
export function blockedBand(band: Rect, open: readonly Rect[], cell: number): ObstacleShape[] {
  const boxes: ObstacleShape[] = [];
  const columns = Math.round((band.x1 - band.x0) / cell);
  const rows = Math.round((band.y1 - band.y0) / cell);
  for (let row = 0; row < rows; row++) {
    const y = band.y0 + (row + 0.5) * cell;
    let runStart = -1;
    for (let column = 0; column <= columns; column++) {
      const x = band.x0 + (column + 0.5) * cell;
      const blocked = column < columns && !open.some((rect) => x > rect.x0 && x < rect.x1 && y > rect.y0 && y < rect.y1);
      if (blocked && runStart < 0) runStart = column;
      if (!blocked && runStart >= 0) {
        boxes.push(box(band.x0 + runStart * cell, band.y0 + row * cell, band.x0 + column * cell, band.y0 + (row + 1) * cell));
        runStart = -1;
      }
    }
  }
  return boxes;
}

/** An integer from `min` to `max`, both included. */
export function integer(random: Random, min: number, max: number): number {
  return Math.min(max, min + Math.floor(random.next() * (max - min + 1)));
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function round3(value: number): number {
  return Math.round(value * 1e3) / 1e3;
}

/** Rounds every unit's start and goal to a micrometre (files stay short, runs the same). */
export function roundUnits(units: PlacedUnit[]): PlacedUnit[] {
  const goals = new Map<object, { x: number; y: number }>();
  for (const unit of units) {
    unit.x = round6(unit.x);
    unit.y = round6(unit.y);
    if (unit.goal === undefined) continue;
    let goal = goals.get(unit.goal);
    if (goal === undefined) {
      goal = { x: round6(unit.goal.x), y: round6(unit.goal.y) };
      goals.set(unit.goal, goal);
    }
    unit.goal = goal;
  }
  return units;
}
