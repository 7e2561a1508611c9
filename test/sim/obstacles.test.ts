import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, getUnit, issueOrder } from '../../src/index';
import { recordArrivals, runTicks } from '../support';

/** Distance from a point to the surface of a box (centre, full width/height, angle in radians); negative inside. */
function distanceToBox(
  point: { x: number; y: number },
  box: { x: number; y: number; width: number; height: number; angle: number },
): number {
  const dx = point.x - box.x;
  const dy = point.y - box.y;
  // into the box's own frame: rotate by -angle
  const cos = Math.cos(box.angle);
  const sin = Math.sin(box.angle);
  const localX = cos * dx + sin * dy;
  const localY = -sin * dx + cos * dy;
  const outX = Math.abs(localX) - box.width / 2;
  const outY = Math.abs(localY) - box.height / 2;
  if (outX <= 0 && outY <= 0) return Math.max(outX, outY);
  return Math.hypot(Math.max(outX, 0), Math.max(outY, 0));
}

describe('distanceToBox (the test\'s own geometry)', () => {
  it('measures to the nearest side and corner of a rotated box', () => {
    const box = { x: 0, y: 0, width: 2, height: 4, angle: Math.PI / 2 }; // now 4 wide, 2 high
    expect(distanceToBox({ x: 3, y: 0 }, box)).toBeCloseTo(1, 12);
    expect(distanceToBox({ x: 0, y: 3 }, box)).toBeCloseTo(2, 12);
    expect(distanceToBox({ x: 5, y: 4 }, box)).toBeCloseTo(Math.hypot(3, 3), 12);
    expect(distanceToBox({ x: 0, y: 0.5 }, box)).toBeCloseTo(-0.5, 12);
  });
});

describe('a unit seeking past an obstacle on its straight line', () => {
  it('goes around a circle and reaches its goal without touching it', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const circle = { type: 'circle' as const, x: 20, y: 10, radius: 1.5 };
    addObstacle(sim, circle);
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const unit = getUnit(sim, id)!;
    const arrivals = recordArrivals(sim);
    let closestGap = Infinity;
    runTicks(sim, 900, () => {
      const surfaceDistance = Math.hypot(unit.position.x - circle.x, unit.position.y - circle.y) - circle.radius;
      closestGap = Math.min(closestGap, surfaceDistance - unit.radius);
      expect(surfaceDistance).toBeGreaterThan(unit.radius);
    });
    expect(arrivals.has(id)).toBe(true);
    expect(closestGap).toBeGreaterThan(0);
  });

  it('goes around a rotated box and reaches its goal without touching it', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const box = { type: 'box' as const, x: 20, y: 10, width: 1, height: 4, angle: 0.4 };
    addObstacle(sim, box);
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const unit = getUnit(sim, id)!;
    const arrivals = recordArrivals(sim);
    runTicks(sim, 900, () => {
      expect(distanceToBox(unit.position, box)).toBeGreaterThan(unit.radius);
    });
    expect(arrivals.has(id)).toBe(true);
  });
});
