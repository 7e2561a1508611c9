/**
 * Obstacle shapes as plain geometry: the shape definitions every layer shares, and signed
 * distances to them (the metrics' contact test, the formation's free-space test).
 */

import { cos, hypot, sin } from './exact';

/** A static obstacle. Metres; `angle` in radians, counter-clockwise; polygons convex, CCW or CW. */
export type ObstacleShape =
  | { type: 'circle'; x: number; y: number; radius: number }
  | { type: 'box'; x: number; y: number; width: number; height: number; angle: number }
  | { type: 'polygon'; points: ReadonlyArray<readonly [number, number]> };

/** An obstacle as given to `addObstacle`: a box's angle (radians) may be left out, meaning 0. */
export type ObstacleDef = Exclude<ObstacleShape, { type: 'box' }> | { type: 'box'; x: number; y: number; width: number; height: number; angle?: number };

/** A copy of the shape that shares nothing with it (a polygon's points copied too). */
export function copyShape(shape: ObstacleShape): ObstacleShape {
  return shape.type === 'polygon' ? { type: 'polygon', points: shape.points.map(([x, y]) => [x, y] as [number, number]) } : { ...shape };
}

/** An obstacle prepared for fast distance queries. */
export interface ShapeGeometry {
  readonly kind: 'circle' | 'box' | 'polygon';
  /** metres: axis-aligned bounds of the shape */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** metres: centre of a circle or box */
  readonly centreX: number;
  readonly centreY: number;
  /** metres: circle radius */
  readonly radius: number;
  /** cosine and sine of a box's angle */
  readonly cos: number;
  readonly sin: number;
  /** metres: half the box's width and height in its own frame */
  readonly halfWidth: number;
  readonly halfHeight: number;
  /** polygon corners as x0, y0, x1, y1, ... in counter-clockwise order */
  readonly points: Float64Array;
}

/** metres from the point to the shape's boundary: positive outside, zero or negative inside */
export function signedDistance(obstacle: ShapeGeometry, x: number, y: number): number {
  switch (obstacle.kind) {
    case 'circle':
      return hypot(x - obstacle.centreX, y - obstacle.centreY) - obstacle.radius;
    case 'box':
      return boxSignedDistance(obstacle, x, y);
    case 'polygon':
      return polygonSignedDistance(obstacle.points, x, y);
  }
}

/** With `out`, also writes the nearest point of the box's boundary there. */
function boxSignedDistance(box: ShapeGeometry, x: number, y: number, out: { x: number; y: number } | null = null): number {
  const relativeX = x - box.centreX;
  const relativeY = y - box.centreY;
  // into the box's own frame (rotate by -angle)
  const localX = relativeX * box.cos + relativeY * box.sin;
  const localY = -relativeX * box.sin + relativeY * box.cos;
  const overX = Math.abs(localX) - box.halfWidth;
  const overY = Math.abs(localY) - box.halfHeight;
  if (out !== null) {
    let nearX: number;
    let nearY: number;
    if (overX > 0 || overY > 0) {
      nearX = Math.min(Math.max(localX, -box.halfWidth), box.halfWidth);
      nearY = Math.min(Math.max(localY, -box.halfHeight), box.halfHeight);
    } else if (overX > overY) {
      // inside, nearer a vertical side
      nearX = localX >= 0 ? box.halfWidth : -box.halfWidth;
      nearY = localY;
    } else {
      nearX = localX;
      nearY = localY >= 0 ? box.halfHeight : -box.halfHeight;
    }
    out.x = box.centreX + nearX * box.cos - nearY * box.sin;
    out.y = box.centreY + nearX * box.sin + nearY * box.cos;
  }
  const outsideX = Math.max(overX, 0);
  const outsideY = Math.max(overY, 0);
  return Math.sqrt(outsideX * outsideX + outsideY * outsideY) + Math.min(Math.max(overX, overY), 0);
}

/**
 * A box's four corners, counter-clockwise from its own bottom-left, turned by its angle with the
 * exact trigonometry (the physics body, the page and the pictures all draw the same box).
 */
export function boxCorners(box: Extract<ObstacleShape, { type: 'box' }>): Array<[number, number]> {
  const c = cos(box.angle);
  const s = sin(box.angle);
  const hx = box.width / 2;
  const hy = box.height / 2;
  return [
    [-hx, -hy],
    [hx, -hy],
    [hx, hy],
    [-hx, hy],
  ].map(([x, y]): [number, number] => [box.x + x! * c - y! * s, box.y + x! * s + y! * c]);
}

/**
 * `points` counter-clockwise; for a convex polygon the nearest edge gives the distance on both
 * sides. With `out`, also writes the nearest point of the boundary there.
 */
function polygonSignedDistance(points: Float64Array, x: number, y: number, out: { x: number; y: number } | null = null): number {
  const count = points.length >> 1;
  let inside = true;
  let nearestSquared = Infinity;
  for (let index = 0; index < count; index++) {
    const next = index + 1 === count ? 0 : index + 1;
    const ax = points[2 * index]!;
    const ay = points[2 * index + 1]!;
    const edgeX = points[2 * next]! - ax;
    const edgeY = points[2 * next + 1]! - ay;
    const relativeX = x - ax;
    const relativeY = y - ay;
    // right of a counter-clockwise edge means outside
    if (edgeX * relativeY - edgeY * relativeX < 0) inside = false;
    const edgeLengthSquared = edgeX * edgeX + edgeY * edgeY;
    let along = edgeLengthSquared > 0 ? (relativeX * edgeX + relativeY * edgeY) / edgeLengthSquared : 0;
    along = along < 0 ? 0 : along > 1 ? 1 : along;
    const offsetX = relativeX - edgeX * along;
    const offsetY = relativeY - edgeY * along;
    const squared = offsetX * offsetX + offsetY * offsetY;
    if (squared < nearestSquared) {
      nearestSquared = squared;
      if (out !== null) {
        out.x = ax + edgeX * along;
        out.y = ay + edgeY * along;
      }
    }
  }
  const nearest = Math.sqrt(nearestSquared);
  return inside ? -nearest : nearest;
}

export function prepareShape(shape: ObstacleShape): ShapeGeometry {
  const base = {
    centreX: 0,
    centreY: 0,
    radius: 0,
    cos: 1,
    sin: 0,
    halfWidth: 0,
    halfHeight: 0,
    points: new Float64Array(0),
  };
  switch (shape.type) {
    case 'circle':
      return {
        ...base,
        kind: 'circle',
        minX: shape.x - shape.radius,
        minY: shape.y - shape.radius,
        maxX: shape.x + shape.radius,
        maxY: shape.y + shape.radius,
        centreX: shape.x,
        centreY: shape.y,
        radius: shape.radius,
      };
    case 'box': {
      const c = cos(shape.angle);
      const s = sin(shape.angle);
      const halfWidth = shape.width / 2;
      const halfHeight = shape.height / 2;
      // half extents of the rotated box along the world axes
      const extentX = Math.abs(c) * halfWidth + Math.abs(s) * halfHeight;
      const extentY = Math.abs(s) * halfWidth + Math.abs(c) * halfHeight;
      return {
        ...base,
        kind: 'box',
        minX: shape.x - extentX,
        minY: shape.y - extentY,
        maxX: shape.x + extentX,
        maxY: shape.y + extentY,
        centreX: shape.x,
        centreY: shape.y,
        cos: c,
        sin: s,
        halfWidth,
        halfHeight,
      };
    }
    case 'polygon': {
      const count = shape.points.length;
      let doubleArea = 0;
      for (let index = 0; index < count; index++) {
        const [ax, ay] = shape.points[index]!;
        const [bx, by] = shape.points[(index + 1) % count]!;
        doubleArea += ax * by - bx * ay;
      }
      // store counter-clockwise whatever the input order
      const ordered = doubleArea >= 0 ? shape.points : [...shape.points].reverse();
      const points = new Float64Array(2 * count);
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      ordered.forEach(([x, y], index) => {
        points[2 * index] = x;
        points[2 * index + 1] = y;
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      });
      return { ...base, kind: 'polygon', minX, minY, maxX, maxY, points };
    }
  }
}

/**
 * The point of the shape's boundary nearest to (x, y), into `out`; returns the signed distance
 * (positive outside, negative inside), as `signedDistance` does.
 */
export function nearestBoundaryPoint(obstacle: ShapeGeometry, x: number, y: number, out: { x: number; y: number }): number {
  switch (obstacle.kind) {
    case 'circle': {
      const dx = x - obstacle.centreX;
      const dy = y - obstacle.centreY;
      const distance = Math.sqrt(dx * dx + dy * dy);
      // at the very centre any boundary point is nearest: take the one along +x
      const ux = distance > 1e-12 ? dx / distance : 1;
      const uy = distance > 1e-12 ? dy / distance : 0;
      out.x = obstacle.centreX + ux * obstacle.radius;
      out.y = obstacle.centreY + uy * obstacle.radius;
      return distance - obstacle.radius;
    }
    case 'box':
      return boxSignedDistance(obstacle, x, y, out);
    case 'polygon':
      return polygonSignedDistance(obstacle.points, x, y, out);
  }
}

/**
 * The two directions from (x, y) that graze the shape grown by `inflate` metres (a disc of that
 * radius swept round it): every straight path from the point that comes within `inflate` of the
 * shape starts between them. Writes unit vectors, `left` then `right` (as seen from the point,
 * looking at the shape), into `out` as leftX, leftY, rightX, rightY and returns true; false when
 * the point is within `inflate` of a corner (or of a circle), where the grown shape's outline
 * does not separate into two legs.
 */
export function tangentLegs(obstacle: ShapeGeometry, x: number, y: number, inflate: number, out: Float64Array): boolean {
  _legs_count = 0;
  switch (obstacle.kind) {
    case 'circle':
      if (!addCornerLegs(obstacle.centreX - x, obstacle.centreY - y, obstacle.radius + inflate, out)) return false;
      break;
    case 'box':
      for (let corner = 0; corner < 4; corner++) {
        const localX = corner === 0 || corner === 3 ? obstacle.halfWidth : -obstacle.halfWidth;
        const localY = corner < 2 ? obstacle.halfHeight : -obstacle.halfHeight;
        const cornerX = obstacle.centreX + localX * obstacle.cos - localY * obstacle.sin;
        const cornerY = obstacle.centreY + localX * obstacle.sin + localY * obstacle.cos;
        if (!addCornerLegs(cornerX - x, cornerY - y, inflate, out)) return false;
      }
      break;
    case 'polygon':
      for (let index = 0; index < obstacle.points.length; index += 2) {
        if (!addCornerLegs(obstacle.points[index]! - x, obstacle.points[index + 1]! - y, inflate, out)) return false;
      }
      break;
  }
  return true;
}

/** how many corners tangentLegs has taken in so far */
let _legs_count = 0;

/**
 * Takes the disc of `radius` at (px, py) (relative to the point) into the legs in `out`: each leg
 * becomes the outermost of its own and the disc's tangent on that side. False when the point is
 * within the disc.
 */
function addCornerLegs(px: number, py: number, radius: number, out: Float64Array): boolean {
  const distanceSq = px * px + py * py;
  const radiusSq = radius * radius;
  if (distanceSq <= radiusSq) return false;
  const along = Math.sqrt(distanceSq - radiusSq);
  // the line to the disc's centre turned by asin(radius / distance) either way, unit length
  const leftX = (px * along - py * radius) / distanceSq;
  const leftY = (px * radius + py * along) / distanceSq;
  const rightX = (px * along + py * radius) / distanceSq;
  const rightY = (-px * radius + py * along) / distanceSq;
  if (_legs_count === 0 || out[0]! * leftY - out[1]! * leftX > 0) {
    out[0] = leftX;
    out[1] = leftY;
  }
  if (_legs_count === 0 || out[2]! * rightY - out[3]! * rightX < 0) {
    out[2] = rightX;
    out[3] = rightY;
  }
  _legs_count++;
  return true;
}
