import type { ObstacleShape } from '../math/shapes';
import { checkNumber, describeValue } from './validate';

/** planck's limit on polygon vertices */
export const MAX_POLYGON_POINTS = 12;
/** square metres: the smallest area an obstacle may have */
const MIN_AREA = 1e-6;

/**
 * Checks an obstacle definition and returns a clean copy. Throws naming the field and value:
 * non-finite numbers, a radius / width / height <= 0, a polygon that is not convex, has fewer
 * than 3 or more than 12 points, repeats a point, or has no area.
 */
export function validateObstacle(input: unknown, field = 'obstacle'): ObstacleShape {
  if (typeof input !== 'object' || input === null) {
    throw new Error(`${field}: expected an object, got ${describeValue(input)}`);
  }
  const def = input as Record<string, unknown>;
  switch (def.type) {
    case 'circle':
      return {
        type: 'circle',
        x: checkNumber(def.x, `${field}.x`),
        y: checkNumber(def.y, `${field}.y`),
        radius: checkNumber(def.radius, `${field}.radius`, { min: 0, minInclusive: false }),
      };
    case 'box':
      return {
        type: 'box',
        x: checkNumber(def.x, `${field}.x`),
        y: checkNumber(def.y, `${field}.y`),
        width: checkNumber(def.width, `${field}.width`, { min: 0, minInclusive: false }),
        height: checkNumber(def.height, `${field}.height`, { min: 0, minInclusive: false }),
        angle: def.angle === undefined ? 0 : checkNumber(def.angle, `${field}.angle`),
      };
    case 'polygon':
      return { type: 'polygon', points: validatePolygon(def.points, `${field}.points`) };
    default:
      throw new Error(`${field}.type: expected "circle", "box" or "polygon", got ${describeValue(def.type)}`);
  }
}

function validatePolygon(input: unknown, field: string): Array<[number, number]> {
  if (!Array.isArray(input) || input.length < 3 || input.length > MAX_POLYGON_POINTS) {
    throw new Error(`${field}: expected 3 to ${MAX_POLYGON_POINTS} points, got ${describeValue(input)}`);
  }
  const points = input.map((point, index): [number, number] => {
    if (!Array.isArray(point) || point.length !== 2) {
      throw new Error(`${field}[${index}]: expected [x, y], got ${describeValue(point)}`);
    }
    return [checkNumber(point[0], `${field}[${index}][0]`), checkNumber(point[1], `${field}[${index}][1]`)];
  });
  // signed area (shoelace) and the turn at every corner must agree in sign for a convex polygon
  let doubleArea = 0;
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % points.length]!;
    doubleArea += ax * by - bx * ay;
  }
  if (Math.abs(doubleArea) / 2 < MIN_AREA) {
    throw new Error(`${field}: expected a polygon with area, got area ${Math.abs(doubleArea) / 2}`);
  }
  const orientation = Math.sign(doubleArea);
  for (let i = 0; i < points.length; i++) {
    const [ax, ay] = points[i]!;
    const [bx, by] = points[(i + 1) % points.length]!;
    const [cx, cy] = points[(i + 2) % points.length]!;
    if (ax === bx && ay === by) {
      throw new Error(`${field}[${(i + 1) % points.length}]: repeats the point before it (${bx}, ${by})`);
    }
    const turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (turn * orientation <= 0) {
      throw new Error(
        `${field}: expected a convex polygon with no straight or reflex corner, got one at point ${(i + 1) % points.length} (${bx}, ${by})`,
      );
    }
  }
  return points;
}
