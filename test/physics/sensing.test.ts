/**
 * The sense phase (src/physics/sensing.ts) run through a real simulation: which hit becomes the
 * threat. planck reports query candidates in tree order, which depends on creation order, so
 * every case is built both ways round.
 */
import { describe, expect, it } from 'vitest';
import {
  RAY_CENTRE,
  RAY_LEFT,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  stepSimulation,
  updateSteeringConfig,
} from '../../src/index';
import { speedOf } from '../support';

describe('the threat is the closest hit over the three rays, whatever order the hits come in', () => {
  /**
   * A runs east along y = 10 with 1 m rays (lookAheadTime near 0) until it is at speed, then the
   * rays are lengthened to 4 m in one go so that two stationary units come into reach together.
   * `order` says which of the two is created first (planck reports candidates in tree order).
   */
  function firstThreat(near: { x: number; y: number }, far: { x: number; y: number }, order: 'near-first' | 'far-first') {
    const sim = createSimulation({ width: 40, height: 20, steering: { lookAheadTime: 0.01 } });
    const runner = addUnit(sim, { x: 2, y: 10 });
    const [first, second] = order === 'near-first' ? [near, far] : [far, near];
    const firstId = addUnit(sim, first);
    const secondId = addUnit(sim, second);
    const nearId = order === 'near-first' ? firstId : secondId;
    issueOrder(sim, { kind: 'move', unitIds: [runner], target: { x: 38, y: 10 } });
    const unit = getUnit(sim, runner)!;
    while (unit.position.x < 10.5) stepSimulation(sim);
    expect(unit.sensing.threat.kind).toBe('none');
    expect(speedOf(unit)).toBeCloseTo(4, 6);
    updateSteeringConfig(sim, { lookAheadTime: 1 });
    const seenX = unit.position.x;
    const seenSpeed = speedOf(unit);
    stepSimulation(sim);
    return { threat: unit.sensing.threat, nearId, seenX, rayLength: seenSpeed, rays: unit.sensing.rays };
  }

  for (const order of ['near-first', 'far-first'] as const) {
    it(`keeps the nearer of two units on the centre line (${order})`, () => {
      const { threat, nearId, seenX, rayLength: length } = firstThreat({ x: 13, y: 10 }, { x: 14, y: 10 }, order);
      // both are in reach: the far unit's edge (+ 0.1 m clearance) starts at 13.4 m
      expect(seenX + length).toBeGreaterThan(14 - 0.6);
      expect(threat.kind).toBe('unit');
      expect(threat.unit?.id).toBe(nearId);
      expect(threat.ray).toBe(RAY_CENTRE);
      expect(threat.fraction).toBeCloseTo((13 - 0.6 - seenX) / length, 9);
    });

    it(`keeps a near hit on the left ray over a farther hit on the centre ray (${order})`, () => {
      // the near unit at y = 10.9 is 0.4 m from the left ray (y = 10.5) and 0.9 m from the centre
      // ray: only the left ray meets its 0.6 m clearance circle, entering at x = 13 - sqrt(0.2)
      const { threat, nearId, seenX, rayLength: length, rays } = firstThreat({ x: 13, y: 10.9 }, { x: 14.2, y: 10 }, order);
      const leftEntry = 13 - Math.sqrt(0.6 * 0.6 - 0.4 * 0.4);
      const centreEntry = 14.2 - 0.6;
      expect(seenX + length).toBeGreaterThan(centreEntry);
      expect(threat.kind).toBe('unit');
      expect(threat.unit?.id).toBe(nearId);
      expect(threat.ray).toBe(RAY_LEFT);
      expect(threat.fraction).toBeCloseTo((leftEntry - seenX) / length, 9);
      expect(rays[RAY_CENTRE]!.hitFraction).toBeCloseTo((centreEntry - seenX) / length, 9);
    });
  }
});
