import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEERING_CONFIG,
  RAY_CENTRE,
  RAY_LEFT,
  RAY_RIGHT,
  type Ray,
  type Simulation,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  listUnits,
  removeUnit,
  resolveSteeringConfig,
  stepSimulation,
} from '../../src/index';
import { createSensing, forgetSlot, layOutRays, offerNeighbour, rayLength, recordUnitThreat } from '../../src/steering/sensing';
import { runTicks } from '../support';
import { type TestUnit, storeOf, testUnit } from './units';

const DIGITS = 12;

/** A store holding one unit (at slot 0) with these fields, and no order. */
function agent(fields: Partial<TestUnit> & Pick<TestUnit, 'position' | 'velocity'>) {
  return storeOf([testUnit({ groupId: 0, ...fields })]);
}

function expectRay(ray: Ray, origin: { x: number; y: number }, end: { x: number; y: number }): void {
  expect(ray.origin.x).toBeCloseTo(origin.x, DIGITS);
  expect(ray.origin.y).toBeCloseTo(origin.y, DIGITS);
  expect(ray.end.x).toBeCloseTo(end.x, DIGITS);
  expect(ray.end.y).toBeCloseTo(end.y, DIGITS);
}

function rayLengthOf(ray: Ray): number {
  return Math.hypot(ray.end.x - ray.origin.x, ray.end.y - ray.origin.y);
}

describe('layOutRays (three rays from the centre and the two edges)', () => {
  // a one-second look-ahead keeps the numbers below round
  const oneSecond = resolveSteeringConfig({ lookAheadTime: 1 });

  it('starts the centre ray at the centre and the side rays one radius to either side, left = counter-clockwise', () => {
    // moving north: left of travel is -x (y up)
    const sensing = createSensing();
    const moving = agent({ position: { x: 2, y: 3 }, velocity: { x: 0, y: 3 }, radius: 0.5 });
    expect(layOutRays(sensing, moving, 0, oneSecond)).toBe(true);
    expectRay(sensing.rays[RAY_CENTRE], { x: 2, y: 3 }, { x: 2, y: 6 });
    expectRay(sensing.rays[RAY_LEFT], { x: 1.5, y: 3 }, { x: 1.5, y: 6 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 2.5, y: 3 }, { x: 2.5, y: 6 });
  });

  it('offsets the side rays perpendicular to a diagonal velocity', () => {
    // velocity (3, 4): speed 5, direction (0.6, 0.8), left normal (-0.8, 0.6); radius 0.5
    const sensing = createSensing();
    const moving = agent({ position: { x: 10, y: 10 }, velocity: { x: 3, y: 4 }, radius: 0.5 });
    layOutRays(sensing, moving, 0, oneSecond);
    // length = lookAheadTime (1 s) * 5 m/s = 5 m, so every end is origin + (3, 4)
    expectRay(sensing.rays[RAY_CENTRE], { x: 10, y: 10 }, { x: 13, y: 14 });
    expectRay(sensing.rays[RAY_LEFT], { x: 9.6, y: 10.3 }, { x: 12.6, y: 14.3 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 10.4, y: 9.7 }, { x: 13.4, y: 13.7 });
  });

  it('makes the rays lookAheadTime * speed long when that is longer than the diameter', () => {
    const sensing = createSensing();
    const config = resolveSteeringConfig({ lookAheadTime: 0.75 });
    const moving = agent({ position: { x: 0, y: 0 }, velocity: { x: -4, y: 0 }, radius: 0.5 });
    layOutRays(sensing, moving, 0, config);
    expect(rayLength(0.5, 4, config)).toBe(3);
    for (const ray of sensing.rays) expect(rayLengthOf(ray)).toBeCloseTo(3, DIGITS);
    expectRay(sensing.rays[RAY_CENTRE], { x: 0, y: 0 }, { x: -3, y: 0 });
    // moving -x: left of travel is -y
    expectRay(sensing.rays[RAY_LEFT], { x: 0, y: -0.5 }, { x: -3, y: -0.5 });
  });

  it('never makes the rays shorter than the diameter', () => {
    const sensing = createSensing();
    // 0.6 m/s * 1 s = 0.6 m < diameter 1.6 m
    const slow = agent({ position: { x: 5, y: 5 }, velocity: { x: 0.6, y: 0 }, radius: 0.8 });
    layOutRays(sensing, slow, 0, DEFAULT_STEERING_CONFIG);
    expect(rayLength(0.8, 0.6, DEFAULT_STEERING_CONFIG)).toBe(1.6);
    for (const ray of sensing.rays) expect(rayLengthOf(ray)).toBeCloseTo(1.6, DIGITS);
    expectRay(sensing.rays[RAY_LEFT], { x: 5, y: 5.8 }, { x: 6.6, y: 5.8 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 5, y: 4.2 }, { x: 6.6, y: 4.2 });
  });

  it('casts nothing, leaving the rays as they were, for a unit slower than minAvoidSpeed', () => {
    const sensing = createSensing();
    const crawling = agent({ position: { x: 5, y: 5 }, velocity: { x: 0.19, y: 0 } });
    expect(layOutRays(sensing, crawling, 0, DEFAULT_STEERING_CONFIG)).toBe(false);
    expect(layOutRays(sensing, agent({ position: { x: 5, y: 5 }, velocity: { x: 0, y: 0 } }), 0, DEFAULT_STEERING_CONFIG)).toBe(false);
    for (const ray of sensing.rays) {
      expect(ray.origin).toEqual({ x: 0, y: 0 });
      expect(ray.end).toEqual({ x: 0, y: 0 });
    }
  });
});

describe('rays in a running simulation', () => {
  /** Steps once and returns the state the sense phase saw (position and velocity before the step). */
  function stepAndSeenState(sim: Simulation, unitId: number) {
    const unit = getUnit(sim, unitId)!;
    const position = { ...unit.position };
    const velocity = { ...unit.velocity };
    stepSimulation(sim);
    return { position, velocity, rays: getUnit(sim, unitId)!.sensing.rays };
  }

  function expectRaysLaidOutFrom(
    rays: readonly Ray[],
    position: { x: number; y: number },
    velocity: { x: number; y: number },
    radius: number,
    length: number,
  ): void {
    const speed = Math.hypot(velocity.x, velocity.y);
    const dirX = velocity.x / speed;
    const dirY = velocity.y / speed;
    const leftX = -dirY * radius;
    const leftY = dirX * radius;
    const along = { x: dirX * length, y: dirY * length };
    const centre = position;
    const left = { x: position.x + leftX, y: position.y + leftY };
    const right = { x: position.x - leftX, y: position.y - leftY };
    expectRay(rays[RAY_CENTRE] as Ray, centre, { x: centre.x + along.x, y: centre.y + along.y });
    expectRay(rays[RAY_LEFT] as Ray, left, { x: left.x + along.x, y: left.y + along.y });
    expectRay(rays[RAY_RIGHT] as Ray, right, { x: right.x + along.x, y: right.y + along.y });
  }

  // one second, so a unit below 1 m/s has rays of one diameter
  const lookAheadTime = 1;

  function diagonalMover() {
    const sim = createSimulation({ width: 60, height: 40, steering: { lookAheadTime } });
    const id = addUnit(sim, { x: 5, y: 5, radius: 0.5 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 50, y: 35 } });
    return { sim, id };
  }

  it('casts no rays on the first tick, when the unit is still at rest', () => {
    const { sim, id } = diagonalMover();
    stepSimulation(sim);
    expect(getUnit(sim, id)!.sensing.raysCast).toBe(false);
  });

  it('lays the rays out from the position and velocity the unit had when it sensed, at full length at speed', () => {
    const { sim, id } = diagonalMover();
    runTicks(sim, 90);
    const seen = stepAndSeenState(sim, id);
    const speed = Math.hypot(seen.velocity.x, seen.velocity.y);
    expect(speed).toBeGreaterThan(1); // the lookAheadTime * speed regime
    expect(getUnit(sim, id)!.sensing.raysCast).toBe(true);
    expectRaysLaidOutFrom(seen.rays, seen.position, seen.velocity, 0.5, lookAheadTime * speed);
  });

  it('keeps the rays one diameter long while the unit is still slow', () => {
    const { sim, id } = diagonalMover();
    stepSimulation(sim);
    const seen = stepAndSeenState(sim, id);
    const speed = Math.hypot(seen.velocity.x, seen.velocity.y);
    expect(speed).toBeGreaterThanOrEqual(DEFAULT_STEERING_CONFIG.minAvoidSpeed);
    expect(speed).toBeLessThan(1); // lookAheadTime * speed would be shorter than the diameter
    expect(getUnit(sim, id)!.sensing.raysCast).toBe(true);
    expectRaysLaidOutFrom(seen.rays, seen.position, seen.velocity, 0.5, 1);
  });
});

describe('a removed unit leaves the sensing that names it (forgetSlot)', () => {
  it('drops it from the neighbours and the threat, and moves the slots after it down one, keys in order', () => {
    const units = storeOf([0, 1, 2, 3, 4, 5].map((slot) => testUnit({ id: slot + 1, position: { x: slot, y: 0 }, velocity: { x: 0, y: 0 } })));
    const sensing = createSensing();
    offerNeighbour(sensing, 3, 0.2);
    offerNeighbour(sensing, 1, 0.5);
    offerNeighbour(sensing, 5, 0.7);
    recordUnitThreat(sensing.threat, units, 5, 0.7, 0, 0, 0);
    forgetSlot(sensing, 3);
    expect(Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount))).toEqual([1, 4]);
    expect(Array.from(sensing.neighbourKeys.subarray(0, sensing.neighbourCount))).toEqual([0.5, 0.7]);
    expect(sensing.threat.unit).toBe(4);
    forgetSlot(sensing, 4);
    expect(Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount))).toEqual([1]);
    expect(sensing.threat.kind).toBe('none');
    expect(sensing.threat.unit).toBe(-1);
  });

  it('in a simulation: after a removal, every unit\'s neighbours and threat name the same units as before it', () => {
    // two orders crossing, so units know neighbours and threats; the first unit made (slot 0) is
    // removed, which renames every other unit
    const sim = createSimulation({ width: 40, height: 20, navigation: false });
    const west = [0, 1, 2, 3].map((row) => addUnit(sim, { x: 5, y: 7 + 2 * row }));
    const east = [0, 1, 2, 3].map((row) => addUnit(sim, { x: 35, y: 7.5 + 2 * row }));
    issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 35, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 5, y: 10 } });
    runTicks(sim, 150);
    const named = () =>
      listUnits(sim).map((unit) => {
        const ids = listUnits(sim).map((other) => other.id);
        const { neighbours, neighbourCount, threat } = unit.sensing;
        return { id: unit.id, neighbours: Array.from(neighbours.subarray(0, neighbourCount), (slot) => ids[slot]), threat: threat.unit < 0 ? null : ids[threat.unit] };
      });
    const before = named().filter((entry) => entry.id !== west[0]);
    expect(before.some((entry) => entry.neighbours.includes(west[1]) && entry.threat !== null)).toBe(true);
    removeUnit(sim, west[0]!);
    const gone = (id: number | null | undefined) => id !== west[0];
    expect(named()).toEqual(before.map((entry) => ({ ...entry, neighbours: entry.neighbours.filter(gone), threat: gone(entry.threat) ? entry.threat : null })));
  });
});
