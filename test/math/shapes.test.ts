import { describe, expect, it } from 'vitest';
import { type ObstacleShape, nearestBoundaryPoint, prepareShape, signedDistance } from '../../src/math/shapes';

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
