import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createRandom, createSimulation, getUnit, issueOrder, listObstacles, stepSimulation, traceRoute } from '../../src/index';

/** metres from the segment (ax, ay)-(bx, by) to the point (px, py) */
function segmentDistance(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

describe('traceRoute', () => {
  it('gives the corners of a route through rocks, each stretch clear of them, from the unit to its target', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = createRandom(seed);
      const sim = createSimulation({ width: 100, height: 100 });
      for (let k = 0; k < 60; k++) {
        const x = 20 + random.next() * 60;
        const y = 20 + random.next() * 60;
        addObstacle(sim, { type: 'circle', x, y, radius: 1 + random.next() * 3 });
      }
      const unit = addUnit(sim, { x: 8, y: 8 });
      issueOrder(sim, { kind: 'move', unitIds: [unit], target: { x: 92, y: 92 } });
      expect(traceRoute(sim, unit)).toEqual({ state: 'idle', points: [] });
      let trace = traceRoute(sim, unit);
      for (let tick = 0; tick < 600 && trace.state !== 'walking'; tick++) {
        stepSimulation(sim);
        trace = traceRoute(sim, unit);
        // meanwhile the unit walks straight at the target
        if (trace.state === 'planning') expect(trace.points.slice(2)).toEqual([92, 92]);
      }
      expect(trace.state).toBe('walking');
      const { points } = trace;
      const position = getUnit(sim, unit)!.position;
      expect(points.slice(0, 2)).toEqual([position.x, position.y]);
      expect(points.slice(-2)).toEqual([92, 92]);
      // corners, not cells: a way about 120 m long over 0.25 m cells
      expect(points.length / 2).toBeLessThan(40);
      let length = 0;
      for (let k = 2; k < points.length; k += 2) {
        const [ax, ay, bx, by] = [points[k - 2]!, points[k - 1]!, points[k]!, points[k + 1]!];
        length += Math.hypot(bx - ax, by - ay);
        for (const obstacle of listObstacles(sim)) {
          const shape = obstacle.shape;
          if (shape.type !== 'circle') continue;
          // the unit's radius clear of every rock, less a navigation cell's slack
          expect(segmentDistance(ax, ay, bx, by, shape.x, shape.y) - shape.radius).toBeGreaterThan(0.5 - 0.25);
        }
      }
      expect(length).toBeGreaterThan(Math.hypot(84, 84) - 1);
      expect(length).toBeLessThan(1.5 * Math.hypot(84, 84));
      expect(traceRoute(sim, unit, 3).points).toHaveLength(6);
    }
  });

  it('says planning while a far order on a big rocky map is searched, then walking', () => {
    const random = createRandom(11);
    const sim = createSimulation({ width: 1000, height: 1000 });
    for (let k = 0; k < 1500; k++) addObstacle(sim, { type: 'circle', x: 20 + random.next() * 960, y: 20 + random.next() * 960, radius: 1 + random.next() * 4 });
    const unit = addUnit(sim, { x: 5, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [unit], target: { x: 995, y: 995 } });
    stepSimulation(sim);
    expect(traceRoute(sim, unit).state).toBe('planning');
    let ticks = 1;
    while (traceRoute(sim, unit).state === 'planning' && ticks < 300) {
      stepSimulation(sim);
      ticks++;
    }
    expect(traceRoute(sim, unit).state).toBe('walking');
    expect(ticks).toBeGreaterThan(1);
  });

  it('is a straight line where nothing is in the way', () => {
    const sim = createSimulation({ width: 50, height: 50 });
    const unit = addUnit(sim, { x: 5, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [unit], target: { x: 45, y: 30 } });
    stepSimulation(sim);
    const { x, y } = getUnit(sim, unit)!.position;
    expect(traceRoute(sim, unit)).toEqual({ state: 'walking', points: [x, y, 45, 30] });
  });
});
