import { describe, expect, it } from 'vitest';
import { type SimulationEvent, addObstacle, addUnit, createSimulation, issueOrder, onSimulationEvent, traceRoute } from '../../src/index';
import { runUntilPlanned } from '../support';

/**
 * A wall across a square world of `size` metres at x = size / 2, 1 m thick, with one gap of `gap`
 * metres centred at y = size / 2; one unit of radius 0.5 m 10 m before it, ordered 10 m past it.
 * Returns whether the order was routed through the gap (no `unreachable` event, a route whose
 * points cross the wall inside the gap).
 */
function routedThroughGap(size: number, gap: number): boolean {
  const sim = createSimulation({ width: size, height: size });
  const middle = size / 2;
  const below = middle - gap / 2;
  const above = size - (middle + gap / 2);
  addObstacle(sim, { type: 'box', x: middle, y: below / 2, width: 1, height: below, angle: 0 });
  addObstacle(sim, { type: 'box', x: middle, y: size - above / 2, width: 1, height: above, angle: 0 });
  const events: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => events.push(event));
  const unit = addUnit(sim, { x: middle - 10, y: middle + 1 });
  issueOrder(sim, { kind: 'move', unitIds: [unit], target: { x: middle + 10, y: middle - 1 } });
  runUntilPlanned(sim, 2000);
  if (events.some((event) => event.type === 'unreachable')) return false;
  const route = traceRoute(sim, unit, 10_000);
  for (let k = 2; k < route.length; k += 2) {
    const [x0, y0, x1, y1] = [route[k - 2]!, route[k - 1]!, route[k]!, route[k + 1]!];
    if ((x0 - middle) * (x1 - middle) <= 0) {
      const y = y0 + ((y1 - y0) * (middle - x0)) / (x1 - x0 || 1);
      return Math.abs(y - middle) < gap / 2;
    }
  }
  return false;
}

describe('gaps are open exactly when the unit fits, whatever the map size', () => {
  // radius 0.5 m plus the 0.15 m margin: a centre needs 1.3 m between the gap's sides, and the
  // navigation cells (0.25 m, every point of a free cell keeping the clearance) a little more
  for (const size of [40, 200, 400, 1000]) {
    it(`on a ${size} m map: a 1.2 m gap is closed, 2 m and 3 m gaps are open`, () => {
      expect(routedThroughGap(size, 1.2)).toBe(false);
      expect(routedThroughGap(size, 2)).toBe(true);
      expect(routedThroughGap(size, 3)).toBe(true);
    });
  }
});

describe('units of several sizes', () => {
  it('a route is made for its order\'s largest unit: small units take a gap the large ones cannot', () => {
    // a 1.6 m gap: open for radius 0.3 (centres keep 0.45 m), closed for radius 0.6 (0.75 m)
    const sim = createSimulation({ width: 60, height: 40 });
    addObstacle(sim, { type: 'box', x: 30, y: 9.6, width: 1, height: 19.2, angle: 0 });
    addObstacle(sim, { type: 'box', x: 30, y: 30.4, width: 1, height: 19.2, angle: 0 });
    const events: SimulationEvent[] = [];
    onSimulationEvent(sim, (event) => events.push(event));
    const small = [addUnit(sim, { x: 20, y: 18, radius: 0.3 }), addUnit(sim, { x: 20, y: 22, radius: 0.3 })];
    const large = addUnit(sim, { x: 20, y: 30, radius: 0.6 });
    const mixed = [addUnit(sim, { x: 15, y: 18, radius: 0.3 }), addUnit(sim, { x: 15, y: 22, radius: 0.6 })];
    issueOrder(sim, { kind: 'move', unitIds: small, target: { x: 40, y: 20 } });
    issueOrder(sim, { kind: 'move', unitIds: [large], target: { x: 40, y: 20 } });
    issueOrder(sim, { kind: 'move', unitIds: mixed, target: { x: 40, y: 24 } });
    runUntilPlanned(sim);
    const unreachable = events.flatMap((event) => (event.type === 'unreachable' ? [...event.unitIds] : []));
    // the small pair is routed through; the large unit and the mixed pair (routed for its large unit) are not
    expect(unreachable.sort()).toEqual([large, ...mixed].sort());
    const route = traceRoute(sim, small[0]!, 1000);
    expect(route[route.length - 2]).toBeGreaterThan(35);
  });
});
