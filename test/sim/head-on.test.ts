import { describe, expect, it } from 'vitest';
import {
  type CollisionResponse,
  type AvoidanceName,
  type Side,
  NO_SIDE,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
} from '../../src/index';
import { centreDistance, recordArrivals, runTicks } from '../support';

/** Two units of radius 0.5 m, 20 m apart on y = 10, each ordered to the other's start. */
function headOn(avoidance: AvoidanceName, response: CollisionResponse) {
  const sim = createSimulation({ width: 40, height: 20, avoidance, response });
  const west = addUnit(sim, { x: 10, y: 10 });
  const east = addUnit(sim, { x: 30, y: 10 });
  issueOrder(sim, { kind: 'move', unitIds: [west], target: { x: 30, y: 10 } });
  issueOrder(sim, { kind: 'move', unitIds: [east], target: { x: 10, y: 10 } });
  const arrivals = recordArrivals(sim);
  return { sim, west: getUnit(sim, west)!, east: getUnit(sim, east)!, arrivals };
}

describe('two units meeting exactly head-on, with avoidance (rays, sideways response)', () => {
  it('both reach their goals, never touch, and turn to the same side', () => {
    const { sim, west, east, arrivals } = headOn('rays', 'sideways');
    let ticksBothAvoiding = 0;
    let lastSideWest: Side = NO_SIDE;
    let lastSideEast: Side = NO_SIDE;
    runTicks(sim, 600, () => {
      // measured closest approach: 1.10 m between centres (sum of radii 1 m)
      expect(centreDistance(west, east)).toBeGreaterThan(west.radius + east.radius);
      if (west.avoidSide !== NO_SIDE && east.avoidSide !== NO_SIDE) {
        ticksBothAvoiding++;
        expect(west.avoidSide).toBe(east.avoidSide);
      }
      if (west.avoidSide !== NO_SIDE) lastSideWest = west.avoidSide;
      if (east.avoidSide !== NO_SIDE) lastSideEast = east.avoidSide;
    });
    expect([...arrivals.keys()].sort((a, b) => a - b)).toEqual([west.id, east.id]);
    expect(ticksBothAvoiding).toBeGreaterThan(0);
    expect(lastSideWest).not.toBe(NO_SIDE);
    expect(lastSideWest).toBe(lastSideEast);
  });
});

describe('two units meeting exactly head-on without avoidance: the collision response decides', () => {
  // measured: both arrive at 5.383 s with the sideways response (5 s at full speed + starting up)
  const BOUND_SECONDS = 6;
  const BOUND_TICKS = Math.round(BOUND_SECONDS * 60);

  it(`with the sideways response they slide past each other and both arrive within ${BOUND_SECONDS} s`, () => {
    const { sim, west, east, arrivals } = headOn('none', 'sideways');
    runTicks(sim, BOUND_TICKS);
    expect(arrivals.has(west.id)).toBe(true);
    expect(arrivals.has(east.id)).toBe(true);
    expect(Math.max(...arrivals.values())).toBeLessThanOrEqual(BOUND_SECONDS);
  });

  it(`with the plain physics response they stay pinned together and neither arrives within ${BOUND_SECONDS} s`, () => {
    const { sim, west, east, arrivals } = headOn('none', 'physics');
    runTicks(sim, BOUND_TICKS);
    expect(arrivals.size).toBe(0);
    // still pressed together in the middle, on the line they started on
    expect(centreDistance(west, east)).toBeLessThan(west.radius + east.radius + 0.01);
    expect(west.position.x).toBeLessThan(20);
    expect(east.position.x).toBeGreaterThan(20);
  });
});
