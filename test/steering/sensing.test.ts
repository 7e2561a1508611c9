import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/steering/agent';
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
  resolveSteeringConfig,
  stepSimulation,
} from '../../src/index';
import { createSensing, layOutRays, rayLength } from '../../src/steering/sensing';
import { runTicks } from '../support';

const DIGITS = 12;

function agent(fields: Partial<Agent> & Pick<Agent, 'position' | 'velocity'>): Agent {
  return { id: 1, radius: 0.5, mass: 15.7, maxSpeed: 4, maxForce: 251, avoidSide: 0, groupId: 0, distanceToTarget: Infinity, lean: 0, obstacleSpace: 0.1, wanted: { x: 0, y: 0 }, ...fields };
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
    expect(layOutRays(sensing, moving, oneSecond)).toBe(true);
    expectRay(sensing.rays[RAY_CENTRE], { x: 2, y: 3 }, { x: 2, y: 6 });
    expectRay(sensing.rays[RAY_LEFT], { x: 1.5, y: 3 }, { x: 1.5, y: 6 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 2.5, y: 3 }, { x: 2.5, y: 6 });
  });

  it('offsets the side rays perpendicular to a diagonal velocity', () => {
    // velocity (3, 4): speed 5, direction (0.6, 0.8), left normal (-0.8, 0.6); radius 0.5
    const sensing = createSensing();
    const moving = agent({ position: { x: 10, y: 10 }, velocity: { x: 3, y: 4 }, radius: 0.5 });
    layOutRays(sensing, moving, oneSecond);
    // length = lookAheadTime (1 s) * 5 m/s = 5 m, so every end is origin + (3, 4)
    expectRay(sensing.rays[RAY_CENTRE], { x: 10, y: 10 }, { x: 13, y: 14 });
    expectRay(sensing.rays[RAY_LEFT], { x: 9.6, y: 10.3 }, { x: 12.6, y: 14.3 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 10.4, y: 9.7 }, { x: 13.4, y: 13.7 });
  });

  it('makes the rays lookAheadTime * speed long when that is longer than the diameter', () => {
    const sensing = createSensing();
    const config = resolveSteeringConfig({ lookAheadTime: 0.75 });
    const moving = agent({ position: { x: 0, y: 0 }, velocity: { x: -4, y: 0 }, radius: 0.5 });
    layOutRays(sensing, moving, config);
    expect(rayLength(moving, 4, config)).toBe(3);
    for (const ray of sensing.rays) expect(rayLengthOf(ray)).toBeCloseTo(3, DIGITS);
    expectRay(sensing.rays[RAY_CENTRE], { x: 0, y: 0 }, { x: -3, y: 0 });
    // moving -x: left of travel is -y
    expectRay(sensing.rays[RAY_LEFT], { x: 0, y: -0.5 }, { x: -3, y: -0.5 });
  });

  it('never makes the rays shorter than the diameter', () => {
    const sensing = createSensing();
    // 0.6 m/s * 1 s = 0.6 m < diameter 1.6 m
    const slow = agent({ position: { x: 5, y: 5 }, velocity: { x: 0.6, y: 0 }, radius: 0.8 });
    layOutRays(sensing, slow, DEFAULT_STEERING_CONFIG);
    expect(rayLength(slow, 0.6, DEFAULT_STEERING_CONFIG)).toBe(1.6);
    for (const ray of sensing.rays) expect(rayLengthOf(ray)).toBeCloseTo(1.6, DIGITS);
    expectRay(sensing.rays[RAY_LEFT], { x: 5, y: 5.8 }, { x: 6.6, y: 5.8 });
    expectRay(sensing.rays[RAY_RIGHT], { x: 5, y: 4.2 }, { x: 6.6, y: 4.2 });
  });

  it('casts nothing, leaving the rays as they were, for a unit slower than minAvoidSpeed', () => {
    const sensing = createSensing();
    const crawling = agent({ position: { x: 5, y: 5 }, velocity: { x: 0.19, y: 0 } });
    expect(layOutRays(sensing, crawling, DEFAULT_STEERING_CONFIG)).toBe(false);
    expect(layOutRays(sensing, agent({ position: { x: 5, y: 5 }, velocity: { x: 0, y: 0 } }), DEFAULT_STEERING_CONFIG)).toBe(false);
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
