/**
 * Where each unit of a group move stands: one slot per unit on a hexagonal lattice packed around
 * the target, rows across the direction of travel (or a facing given with the order), assigned
 * so the group keeps its order (the units furthest that way take the front rows; left stays left
 * inside a row), so paths cross as little as they can. Slots are spaced for the largest unit, so
 * mixed sizes never overlap. Units then walk parallel paths
 * instead of converging on one point, which is what squeezed groups into each other.
 */
import { hypot } from '../math/exact';
import { type ReadonlyVec2, type Vec2, vec2 } from '../math/vec2';

export interface FormationRequest {
  /** the units' current positions and radii (metres) */
  readonly units: ReadonlyArray<{ readonly position: ReadonlyVec2; readonly radius: number }>;
  /** metres: the point the group is sent to */
  readonly target: ReadonlyVec2;
  /** metres of free space between neighbouring units' edges */
  readonly gap: number;
  /** whether a disc of `radius` centred at (x, y) may stand there (inside the walls, off obstacles) */
  readonly isFree: (x: number, y: number, radius: number) => boolean;
  /** the direction the arrangement faces (its rows run across it); default the direction of
   * travel, from the units' centroid to the target */
  readonly facing?: ReadonlyVec2;
}

const ROW_HEIGHT_FACTOR = Math.sqrt(3) / 2;
/** how many times the searched disc may double before giving up on free lattice points */
const MAX_SEARCH_DOUBLINGS = 6;

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

  let centroidX = 0;
  let centroidY = 0;
  let maxRadius = 0;
  for (const unit of units) {
    centroidX += unit.position.x / count;
    centroidY += unit.position.y / count;
    maxRadius = Math.max(maxRadius, unit.radius);
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
  const spacing = 2 * maxRadius + request.gap;

  const points = freeLatticePoints(request, count, spacing, maxRadius, forwardX, forwardY, leftX, leftY);
  recentre(points, request, maxRadius);

  // front rows first; the units furthest along the direction of travel fill them
  points.sort((a, b) => b.row - a.row || a.across - b.across);
  const order = units
    .map((unit, index) => ({
      index,
      along: (unit.position.x - centroidX) * forwardX + (unit.position.y - centroidY) * forwardY,
      across: (unit.position.x - centroidX) * leftX + (unit.position.y - centroidY) * leftY,
    }))
    .sort((a, b) => b.along - a.along || a.across - b.across || a.index - b.index);

  const slots: Vec2[] = new Array(count);
  let next = 0;
  while (next < points.length) {
    const row = points[next]!.row;
    let end = next;
    while (end < points.length && points[end]!.row === row) end++;
    const members = order.slice(next, end).sort((a, b) => a.across - b.across || a.index - b.index);
    members.forEach((member, offset) => {
      const point = points[next + offset]!;
      slots[member.index] = vec2(point.x, point.y);
    });
    next = end;
  }
  for (let i = next; i < count; i++) slots[order[i]!.index] = vec2(target.x, target.y);
  return slots;
}

/** The `count` free lattice points nearest the target (fewer if the free space runs out). */
function freeLatticePoints(
  request: FormationRequest,
  count: number,
  spacing: number,
  radius: number,
  forwardX: number,
  forwardY: number,
  leftX: number,
  leftY: number,
): LatticePoint[] {
  const rowHeight = spacing * ROW_HEIGHT_FACTOR;
  // a hexagonal lattice holds about 1.1 points per spacing^2 / (sqrt(3) / 2) of area
  let reach = spacing * (Math.sqrt((count * ROW_HEIGHT_FACTOR) / Math.PI) + 1.5);
  let found: LatticePoint[] = [];
  for (let attempt = 0; attempt <= MAX_SEARCH_DOUBLINGS; attempt++) {
    found = [];
    const rows = Math.ceil(reach / rowHeight);
    const columns = Math.ceil(reach / spacing) + 1;
    for (let row = -rows; row <= rows; row++) {
      const shift = (row & 1) === 0 ? 0 : 0.5;
      for (let column = -columns; column <= columns; column++) {
        const across = (column + shift) * spacing;
        const along = row * rowHeight;
        const distance = hypot(across, along);
        if (distance > reach) continue;
        const x = request.target.x + across * leftX + along * forwardX;
        const y = request.target.y + across * leftY + along * forwardY;
        if (request.isFree(x, y, radius)) found.push({ x, y, row, across, distance });
      }
    }
    if (found.length >= count) break;
    reach *= 2;
  }
  // nearest first; ties broken by position so the choice never depends on iteration order
  found.sort((a, b) => a.distance - b.distance || a.row - b.row || a.across - b.across);
  return found.slice(0, count);
}

/**
 * Shifts the slots so their centre is the target (a lattice point sits on the target, so an even
 * group would otherwise lean to one side), unless that moves a slot off free ground.
 */
function recentre(points: LatticePoint[], request: FormationRequest, radius: number): void {
  if (points.length === 0) return;
  let offsetX = 0;
  let offsetY = 0;
  for (const point of points) {
    offsetX += (request.target.x - point.x) / points.length;
    offsetY += (request.target.y - point.y) / points.length;
  }
  if (!points.every((point) => request.isFree(point.x + offsetX, point.y + offsetY, radius))) return;
  for (const point of points) {
    point.x += offsetX;
    point.y += offsetY;
  }
}
