/**
 * Where each unit of a group move stands: one slot per unit on a hexagonal lattice packed around
 * the target, rows across the direction of travel (or a facing given with the order), assigned
 * so the group keeps its order (the units furthest that way take the front rows; left stays left
 * inside a row), so paths cross as little as they can. Units then walk parallel paths instead of
 * converging on one point, which is what squeezed groups into each other.
 *
 * A group of one size takes the lattice points nearest the target. A group of several sizes (an
 * army's infantry with its vehicles) is packed by size instead of at the largest unit's spacing,
 * which spread forty soldiers as wide as forty tanks: on a lattice finer than the smallest units
 * need, the largest units take the free points nearest the target first, each clear of those
 * already placed, then the next size down fills in around them. Units of one size share that
 * size's slots in the group's order, as above.
 */
import { hypot } from '../math/exact';
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';
import { type Around, arrangeRings } from './surround';

export interface FormationRequest {
  /** the units' current positions and radii (metres) */
  readonly units: ReadonlyArray<{ readonly position: ReadonlyVec2; readonly radius: number }>;
  /** metres: the point the group is sent to */
  readonly target: ReadonlyVec2;
  /** metres of free space between neighbouring units' edges, for the largest units; two smaller
   * neighbours keep it in proportion to the larger of their radii */
  readonly gap: number;
  /** whether a disc of `radius` centred at (x, y) may stand there (inside the walls, off obstacles) */
  readonly isFree: (x: number, y: number, radius: number) => boolean;
  /** the direction the arrangement faces (its rows run across it); default the direction of
   * travel, from the units' centroid to the target */
  readonly facing?: ReadonlyVec2;
  /** metres: a box outside which no point is free (the world); the search for free ground stops
   * growing once it covers the box. Default: no bound. */
  readonly area?: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
  /** a unit stands at the target (the group follows it): the slots lie on rings round it, all the
   * way round (surround.ts), instead of on the lattice */
  readonly around?: Around;
}

const ROW_HEIGHT_FACTOR = Math.sqrt(3) / 2;
/** how many times the searched disc may double before giving up on free lattice points */
const MAX_SEARCH_DOUBLINGS = 6;
/**
 * The most lattice points one search may hold before it stops growing: a group sent where little
 * ground is free (into a rock, off the map) searched the disc 64 times as wide, over a million
 * points made and tested in one tick (3 s in the fuzzer's seed 1041). The units left without a
 * slot take the target.
 */
const MAX_CANDIDATES = 50_000;

/** Whether a search of `reach` metres round the target, holding `candidates` points, should grow: not once it covers all of `area` or holds nearly MAX_CANDIDATES points (a doubling makes four times as many). */
function mayGrow(request: FormationRequest, reach: number, candidates: number): boolean {
  if (4 * candidates > MAX_CANDIDATES) return false;
  const area = request.area;
  if (area === undefined) return true;
  const dx = Math.max(request.target.x - area.minX, area.maxX - request.target.x);
  const dy = Math.max(request.target.y - area.minY, area.maxY - request.target.y);
  return reach < hypot(dx, dy);
}

interface LatticePoint {
  x: number;
  y: number;
  /** row index: larger is further along the direction of travel */
  row: number;
  /** metres across the direction of travel (left positive) */
  across: number;
  distance: number;
}

/**
 * One slot per unit, in the order of `request.units`. A lone unit gets the target itself. When
 * the free space cannot hold the whole group (a tiny world), the leftover units get the target.
 */
export function arrangeSlots(request: FormationRequest): Vec2[] {
  const { units, target } = request;
  const count = units.length;
  if (count === 0) return [];
  if (count === 1) return [vec2(target.x, target.y)];
  if (request.around !== undefined) {
    const largest = Math.max(...units.map((unit) => unit.radius));
    // neighbours on a ring half the gap apart: room to step in between those already there
    return arrangeRings(units, target, request.around, 2 * largest + request.gap / 2, request.isFree);
  }

  let centroidX = 0;
  let centroidY = 0;
  let maxRadius = 0;
  let minRadius = Infinity;
  for (const unit of units) {
    centroidX += unit.position.x / count;
    centroidY += unit.position.y / count;
    maxRadius = Math.max(maxRadius, unit.radius);
    minRadius = Math.min(minRadius, unit.radius);
  }
  // the facing asked for, else the direction of travel (any direction will do for a group
  // already on the target)
  const facing = request.facing;
  const faced = facing !== undefined && hypot(facing.x, facing.y) > 1e-9;
  let forwardX = faced ? facing.x : target.x - centroidX;
  let forwardY = faced ? facing.y : target.y - centroidY;
  const travel = hypot(forwardX, forwardY);
  if (travel > 1e-9) {
    forwardX /= travel;
    forwardY /= travel;
  } else {
    forwardX = 1;
    forwardY = 0;
  }
  const leftX = -forwardY;
  const leftY = forwardX;
  const frame = { forwardX, forwardY, leftX, leftY };

  // the units furthest along the direction of travel first, then from right to left
  const order = units
    .map((unit, index) => ({
      index,
      along: (unit.position.x - centroidX) * forwardX + (unit.position.y - centroidY) * forwardY,
      across: (unit.position.x - centroidX) * leftX + (unit.position.y - centroidY) * leftY,
    }))
    .sort((a, b) => b.along - a.along || a.across - b.across || a.index - b.index);

  const slots: Vec2[] = new Array(count);
  if (minRadius === maxRadius) {
    const points = freeLatticePoints(request, count, maxRadius, frame);
    recentre(points, request, () => maxRadius);
    const placed = assignByRows(points, order, slots);
    for (let i = placed; i < count; i++) slots[order[i]!.index] = vec2(target.x, target.y);
    return slots;
  }
  packBySize(request, order, maxRadius, minRadius, frame, slots);
  return slots;
}

/** The direction of travel (forward) and its left, unit vectors. */
interface Frame {
  readonly forwardX: number;
  readonly forwardY: number;
  readonly leftX: number;
  readonly leftY: number;
}

/** A unit of the group in the group's order (see `arrangeSlots`). */
interface Member {
  readonly index: number;
  readonly along: number;
  readonly across: number;
}

/**
 * Gives `members` (in the group's order) the `points`, front rows first: the next members in
 * order fill each row, from right to left. Writes `slots` by member index; returns how many
 * members got a point.
 */
function assignByRows(points: LatticePoint[], members: readonly Member[], slots: Vec2[]): number {
  points.sort((a, b) => b.row - a.row || a.across - b.across);
  let next = 0;
  while (next < points.length && next < members.length) {
    const row = points[next]!.row;
    let end = next;
    while (end < points.length && end < members.length && points[end]!.row === row) end++;
    const inRow = members.slice(next, end).sort((a, b) => a.across - b.across || a.index - b.index);
    inRow.forEach((member, offset) => {
      const point = points[next + offset]!;
      slots[member.index] = vec2(point.x, point.y);
    });
    next = end;
  }
  return next;
}

/**
 * Slots for a group of several sizes (see the header): on a lattice LATTICE_REFINE times finer
 * than the smallest units' spacing, each size from the largest down takes, one unit at a time,
 * the free point nearest the target that keeps every unit placed so far at its distance (the sum
 * of the two radii and the gap for the larger of them). Then the slots are centred on the target
 * and each size's slots are shared among its units in the group's order. Units left without a
 * slot (a tiny world) get the target.
 */
function packBySize(request: FormationRequest, order: readonly Member[], maxRadius: number, minRadius: number, frame: Frame, slots: Vec2[]): void {
  const { units, target } = request;
  const gapFor = (radius: number): number => (request.gap * radius) / maxRadius;
  // the sizes, largest first, each with its members in the group's order
  const sizes = new Map<number, Member[]>();
  for (const member of order) {
    const radius = units[member.index]!.radius;
    const members = sizes.get(radius);
    if (members === undefined) sizes.set(radius, [member]);
    else members.push(member);
  }
  const bySize = [...sizes.entries()].sort((a, b) => b[0] - a[0]);
  const spacing = (2 * minRadius + gapFor(minRadius)) / LATTICE_REFINE;
  let reach = slotReach(units.map((unit) => unit.radius), request.gap);
  let placed: Array<{ point: LatticePoint; radius: number }> = [];
  // lattice points where not even the smallest disc may stand, kept as the search grows (its
  // lattice is the same, only wider)
  const unfit = new Set<number>();
  for (let attempt = 0; attempt <= MAX_SEARCH_DOUBLINGS; attempt++) {
    const candidates = latticePoints(target, spacing, reach, frame, request.area);
    placed = placeBySize(request, candidates, bySize, maxRadius, gapFor, unfit, spacing);
    if (placed.length === units.length || !mayGrow(request, reach, candidates.length)) break;
    reach *= 2;
  }
  const radiusOf = new Map(placed.map((entry) => [entry.point, entry.radius]));
  recentre(
    placed.map((entry) => entry.point),
    request,
    (point) => radiusOf.get(point)!,
  );
  for (const [radius, members] of bySize) {
    const points = placed.filter((entry) => entry.radius === radius).map((entry) => entry.point);
    const given = assignByRows(points, members, slots);
    for (let i = given; i < members.length; i++) slots[members[i]!.index] = vec2(target.x, target.y);
  }
}

/**
 * Places the sizes in turn (largest first) on the `candidates` (nearest the target first, on a
 * lattice `spacing` apart): each unit on the first candidate where a disc of its radius may stand
 * and that keeps its distance from every unit placed before it. Returns the points taken with the
 * radius each was taken for. `unfit` holds the lattice points (latticeKey) where not even a disc
 * of the smallest size may stand; points found so are added to it. A disc that may not stand
 * somewhere is never helped there by growing (walls, obstacles, the route's reach), so such a
 * point is passed over by every size still to come, and by the next, wider search: a group of
 * twelve sizes asked whether each point was free once per size, and again in each wider search,
 * 120,000 times in one tick (50 ms).
 */
function placeBySize(
  request: FormationRequest,
  candidates: readonly LatticePoint[],
  bySize: ReadonlyArray<[number, readonly Member[]]>,
  maxRadius: number,
  gapFor: (radius: number) => number,
  unfit: Set<number>,
  spacing: number,
): Array<{ point: LatticePoint; radius: number }> {
  // the units placed so far, listed by cells (over the candidates' box) of the widest distance
  // two of them must keep
  const cellSize = 2 * maxRadius + gapFor(maxRadius);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const point of candidates) {
    minX = Math.min(minX, point.x);
    minY = Math.min(minY, point.y);
    maxX = Math.max(maxX, point.x);
    maxY = Math.max(maxY, point.y);
  }
  const columns = Math.floor((maxX - minX) / cellSize) + 1;
  const rows = Math.floor((maxY - minY) / cellSize) + 1;
  const total = bySize.reduce((sum, [, members]) => sum + members.length, 0);
  const firstInCell = new Int32Array(columns * rows).fill(-1);
  const nextInCell = new Int32Array(total);
  const placedX = new Float64Array(total);
  const placedY = new Float64Array(total);
  const placedRadius = new Float64Array(total);
  const columnOf = (x: number): number => Math.min(columns - 1, Math.floor((x - minX) / cellSize));
  const rowOf = (y: number): number => Math.min(rows - 1, Math.floor((y - minY) / cellSize));
  const keepsClear = (x: number, y: number, radius: number): boolean => {
    const column = columnOf(x);
    const row = rowOf(y);
    for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
      for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++) {
        for (let other = firstInCell[r * columns + c]!; other >= 0; other = nextInCell[other]!) {
          const otherRadius = placedRadius[other]!;
          const reach = radius + otherRadius + gapFor(Math.max(radius, otherRadius)) - PLACE_TOLERANCE;
          const dx = x - placedX[other]!;
          const dy = y - placedY[other]!;
          if (dx * dx + dy * dy < reach * reach) return false;
        }
      }
    }
    return true;
  };
  const placed: Array<{ point: LatticePoint; radius: number }> = [];
  // candidates no unit can take any more (too near one placed, even for the smallest size): units
  // are only added, so they stay so; the nearest candidates fill first
  const smallest = bySize[bySize.length - 1]![0];
  const dead = new Uint8Array(candidates.length);
  let firstLive = 0;
  // a candidate no unit can take any more; the first live one moves on past it
  const markDead = (index: number): void => {
    dead[index] = 1;
    while (firstLive < candidates.length && dead[firstLive] === 1) firstLive++;
  };
  for (const [radius, members] of bySize) {
    // a candidate passed over for this size stays unusable for it
    let next = firstLive;
    for (let taken = 0; taken < members.length; taken++) {
      while (next < candidates.length) {
        const index = next++;
        if (dead[index] === 1) continue;
        const point = candidates[index]!;
        const key = latticeKey(point, spacing);
        if (unfit.has(key)) {
          markDead(index);
          continue;
        }
        if (!keepsClear(point.x, point.y, radius)) {
          if (radius === smallest || !keepsClear(point.x, point.y, smallest)) markDead(index);
          continue;
        }
        if (!request.isFree(point.x, point.y, radius)) {
          if (radius === smallest || !request.isFree(point.x, point.y, smallest)) {
            unfit.add(key);
            markDead(index);
          }
          continue;
        }
        markDead(index);
        const cell = rowOf(point.y) * columns + columnOf(point.x);
        const entry = placed.length;
        placedX[entry] = point.x;
        placedY[entry] = point.y;
        placedRadius[entry] = radius;
        nextInCell[entry] = firstInCell[cell]!;
        firstInCell[cell] = entry;
        placed.push({ point: { ...point }, radius });
        break;
      }
    }
  }
  return placed;
}

/** A lattice point's place on its lattice (`spacing` apart) as one number: its row and its column in half steps. */
function latticeKey(point: LatticePoint, spacing: number): number {
  return point.row * LATTICE_KEY_ROW + Math.round((2 * point.across) / spacing);
}

/** half steps across in a row of a lattice can never reach this many (MAX_CANDIDATES bounds it) */
const LATTICE_KEY_ROW = 1 << 20;

/**
 * How many times finer than the smallest units' spacing the lattice of a group of several sizes
 * is. On their own spacing the discs packed round the larger units left gaps the small ones
 * could not use (35 units of radius 0.4 with 5 of 1.0: 6.7 m from the target at most, 3 beyond
 * the group's arrival circle of 6.5 m); half as fine, 6.1 m.
 */
const LATTICE_REFINE = 2;
/** metres: two slots closer than their distance by less than this still count as clear (rounding) */
const PLACE_TOLERANCE = 1e-9;

/** The points of a hexagonal lattice `spacing` apart, rows across `frame`'s forward, within `reach` of the target and inside `area` (when given); nearest first. */
function latticePoints(target: ReadonlyVec2, spacing: number, reach: number, frame: Frame, area: FormationRequest['area']): LatticePoint[] {
  const rowHeight = spacing * ROW_HEIGHT_FACTOR;
  const rows = Math.ceil(reach / rowHeight);
  const columns = Math.ceil(reach / spacing) + 1;
  const points: LatticePoint[] = [];
  for (let row = -rows; row <= rows; row++) {
    const shift = (row & 1) === 0 ? 0 : 0.5;
    for (let column = -columns; column <= columns; column++) {
      const across = (column + shift) * spacing;
      const along = row * rowHeight;
      const distance = hypot(across, along);
      if (distance > reach) continue;
      const x = target.x + across * frame.leftX + along * frame.forwardX;
      const y = target.y + across * frame.leftY + along * frame.forwardY;
      if (area !== undefined && (x < area.minX || x > area.maxX || y < area.minY || y > area.maxY)) continue;
      points.push({ x, y, row, across, distance });
    }
  }
  // nearest first; ties broken by position so the choice never depends on iteration order
  points.sort((a, b) => a.distance - b.distance || a.row - b.row || a.across - b.across);
  return points;
}

/**
 * Metres from the target within which `arrangeSlots` first looks for free ground for units of
 * these radii, `gap` apart (further, doubling, only when too little of it is free): the planner
 * makes the route's costs ready over this disc before the slots are chosen.
 */
export function slotReach(radii: readonly number[], gap: number): number {
  let maxRadius = 0;
  let minRadius = Infinity;
  for (const radius of radii) {
    maxRadius = Math.max(maxRadius, radius);
    minRadius = Math.min(minRadius, radius);
  }
  if (radii.length < 2) return 0;
  if (minRadius === maxRadius) {
    // a hexagonal lattice holds one point per spacing^2 sqrt(3) / 2 of area
    return (2 * maxRadius + gap) * (Math.sqrt((radii.length * ROW_HEIGHT_FACTOR) / Math.PI) + 1.5);
  }
  // the area the group takes at each unit's own spacing, as a disc, and some room to spare
  const gapFor = (radius: number): number => (gap * radius) / maxRadius;
  let area = 0;
  for (const radius of radii) {
    const side = 2 * radius + gapFor(radius);
    area += side * side * ROW_HEIGHT_FACTOR;
  }
  return Math.sqrt(area / Math.PI) + 2 * maxRadius + gapFor(maxRadius) + (2 * minRadius + gapFor(minRadius)) / LATTICE_REFINE;
}

/** The `count` free lattice points nearest the target (fewer if the free space runs out). */
function freeLatticePoints(request: FormationRequest, count: number, radius: number, frame: Frame): LatticePoint[] {
  const spacing = 2 * radius + request.gap;
  let reach = slotReach(request.units.map((unit) => unit.radius), request.gap);
  let found: LatticePoint[] = [];
  for (let attempt = 0; attempt <= MAX_SEARCH_DOUBLINGS; attempt++) {
    const candidates = latticePoints(request.target, spacing, reach, frame, request.area);
    found = candidates.filter((point) => request.isFree(point.x, point.y, radius));
    if (found.length >= count || !mayGrow(request, reach, candidates.length)) break;
    reach *= 2;
  }
  return found.slice(0, count);
}

/**
 * Shifts the slots so their centre is the target (a lattice point sits on the target, so an even
 * group would otherwise lean to one side), unless that moves a slot off free ground.
 */
function recentre(points: LatticePoint[], request: FormationRequest, radiusOf: (point: LatticePoint) => number): void {
  if (points.length === 0) return;
  let offsetX = 0;
  let offsetY = 0;
  for (const point of points) {
    offsetX += (request.target.x - point.x) / points.length;
    offsetY += (request.target.y - point.y) / points.length;
  }
  if (!points.every((point) => request.isFree(point.x + offsetX, point.y + offsetY, radiusOf(point)))) return;
  for (const point of points) {
    point.x += offsetX;
    point.y += offsetY;
  }
}
