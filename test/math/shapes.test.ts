import { describe, expect, it } from 'vitest';
import { type ObstacleShape, nearestBoundaryPoint, prepareShape, signedDistance, tangentLegs } from '../../src/math/shapes';

const SHAPES: Array<[string, ObstacleShape]> = [
  ['a circle', { type: 'circle', x: 5, y: 5, radius: 2 }],
  ['a rotated box', { type: 'box', x: 5, y: 5, width: 4, height: 1, angle: 0.6 }],
  ['a triangle', { type: 'polygon', points: [[3, 3], [8, 4], [5, 8]] }],
];

// points outside, inside and on the edge of each shape, and its centre
const PROBES: Array<[number, number]> = [[0, 0], [10, 5], [5, 10], [5.2, 5.1], [5, 5], [6.9, 5], [4, 4.5]];

describe('nearestBoundaryPoint', () => {
  for (const [name, shape] of SHAPES) {
    it(`${name}: the point it gives lies on the boundary, as far from the probe as the signed distance says`, () => {
      const geometry = prepareShape(shape);
      for (const [x, y] of PROBES) {
        const out = { x: NaN, y: NaN };
        const distance = nearestBoundaryPoint(geometry, x, y, out);
        expect(distance).toBeCloseTo(signedDistance(geometry, x, y), 9);
        expect(signedDistance(geometry, out.x, out.y)).toBeCloseTo(0, 9);
        expect(Math.hypot(out.x - x, out.y - y)).toBeCloseTo(Math.abs(distance), 9);
      }
    });
  }

  it('gives a finite point from the very centre of a circle', () => {
    const out = { x: NaN, y: NaN };
    expect(nearestBoundaryPoint(prepareShape({ type: 'circle', x: 1, y: 1, radius: 0.5 }), 1, 1, out)).toBe(-0.5);
    expect(out).toEqual({ x: 1.5, y: 1 });
  });
});

describe('tangentLegs', () => {
  /** the least distance to the shape along the ray from (x, y) in direction (dx, dy), sampled finely over 40 m */
  const closestAlong = (geometry: ReturnType<typeof prepareShape>, x: number, y: number, dx: number, dy: number) => {
    let least = Infinity;
    for (let t = 0; t <= 40; t += 0.002) least = Math.min(least, signedDistance(geometry, x + dx * t, y + dy * t));
    return least;
  };
  const turn = (dx: number, dy: number, angle: number): [number, number] => [dx * Math.cos(angle) - dy * Math.sin(angle), dx * Math.sin(angle) + dy * Math.cos(angle)];
  const grow = 0.6;

  for (const [name, shape] of SHAPES) {
    it(`${name}: the legs graze the shape grown by the margin; turned outward they miss it, inward they hit it`, () => {
      const geometry = prepareShape(shape);
      for (const [x, y] of [[0, 0], [10, 5], [5, 10], [1, 9], [9.5, 1]] as const) {
        const legs = new Float64Array(4);
        expect(tangentLegs(geometry, x, y, grow, legs)).toBe(true);
        for (const [dx, dy, outward] of [[legs[0]!, legs[1]!, 1], [legs[2]!, legs[3]!, -1]] as const) {
          expect(Math.hypot(dx, dy)).toBeCloseTo(1, 12);
          expect(closestAlong(geometry, x, y, dx, dy)).toBeCloseTo(grow, 2);
          expect(closestAlong(geometry, x, y, ...turn(dx, dy, outward * 0.02))).toBeGreaterThan(grow);
          expect(closestAlong(geometry, x, y, ...turn(dx, dy, -outward * 0.02))).toBeLessThan(grow);
        }
        // left is counter-clockwise of right
        expect(legs[2]! * legs[1]! - legs[3]! * legs[0]!).toBeGreaterThan(0);
      }
    });
  }

  it('has no legs within the margin of a corner or of a circle', () => {
    const legs = new Float64Array(4);
    expect(tangentLegs(prepareShape({ type: 'box', x: 0, y: 0, width: 2, height: 2, angle: 0 }), 1.3, 1.3, grow, legs)).toBe(false);
    expect(tangentLegs(prepareShape({ type: 'circle', x: 0, y: 0, radius: 1 }), 1.5, 0, grow, legs)).toBe(false);
    expect(tangentLegs(prepareShape({ type: 'polygon', points: [[0, 0], [2, 0], [1, 2]] }), 2.3, -0.3, grow, legs)).toBe(false);
  });
});
