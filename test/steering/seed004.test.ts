/**
 * `seed004`, the RTS article "Avoidance Behaviours" as written (src/steering/strategies/seed004.ts):
 * its rays through planck's world, its rules, and its force.
 */
import { describe, expect, it } from 'vitest';
import { LEFT, NO_SIDE, RIGHT, type Side, addObstacle, addUnit, createSimulation, getUnit, issueOrder, listUnits, stepSimulation } from '../../src/index';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { createSensing, recordUnitThreat } from '../../src/steering/sensing';
import { seed004Avoidance } from '../../src/steering/strategies/seed004';
import { NO_RULES } from '../../src/steering/strategy';
import { type TestUnit, storeOf, testUnit as agent } from './units';

const eastbound = agent({ position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

/** seed004's decision of `me` (slot 0) with `other` (slot 1) its threat at `fraction` of the look-ahead. */
function decide(me: TestUnit, other: TestUnit, fraction: number) {
  const units = storeOf([me, other]);
  const sensing = createSensing();
  sensing.raysCast = true;
  recordUnitThreat(sensing.threat, units, 1, fraction, 0, 0, 0);
  const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
  seed004Avoidance.decide(decision, units, 0, sensing, { x: 4, y: 0 }, DEFAULT_STEERING_CONFIG, NO_RULES);
  return decision;
}

describe('seed004: the article\'s rules', () => {
  it('turns away from the side the threat is on, or adopts the side of a threat that avoids', () => {
    expect(decide(eastbound, agent({ id: 2, position: { x: 3, y: 0.3 }, velocity: { x: -4, y: 0 } }), 0.5).side).toBe(RIGHT);
    expect(decide(eastbound, agent({ id: 2, position: { x: 3, y: -0.3 }, velocity: { x: -4, y: 0 } }), 0.5).side).toBe(LEFT);
    expect(decide(eastbound, agent({ id: 2, position: { x: 3, y: 0.3 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT }), 0.5).side).toBe(LEFT);
  });

  it('ignores a threat going the same way that is not avoiding, but not one that is', () => {
    const ahead = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: 2, y: 0 } });
    expect(decide(eastbound, ahead, 0.5)).toEqual({ side: NO_SIDE, force: { x: 0, y: 0 }, lean: 0 });
    expect(decide(eastbound, agent({ ...ahead, avoidSide: RIGHT }), 0.5).side).toBe(RIGHT);
  });

  it('pushes harder the sooner the hit: the force goes as 1 / fraction', () => {
    const other = agent({ id: 2, position: { x: 3, y: 0.3 }, velocity: { x: -4, y: 0 } });
    const far = decide(eastbound, other, 0.8).force;
    const near = decide(eastbound, other, 0.2).force;
    expect(near.x / far.x).toBeCloseTo(4, 9);
    expect(near.y / far.y).toBeCloseTo(4, 9);
  });
});

describe('seed004: rays through the physics world', () => {
  it('the threat is the nearest unit on the rays, whatever order planck reports hits in (the article\'s bug fixed)', () => {
    for (const order of ['near-first', 'far-first'] as const) {
      const sim = createSimulation({ width: 40, height: 20, avoidance: 'seed004', navigation: false });
      const runner = addUnit(sim, { x: 2, y: 10 });
      const places = order === 'near-first' ? [{ x: 11, y: 10 }, { x: 12.2, y: 10 }] : [{ x: 12.2, y: 10 }, { x: 11, y: 10 }];
      const ids = places.map((place) => addUnit(sim, place));
      const near = order === 'near-first' ? ids[0] : ids[1];
      issueOrder(sim, { kind: 'move', unitIds: [runner], target: { x: 38, y: 10 } });
      const unit = getUnit(sim, runner)!;
      let seen: number | undefined;
      for (let tick = 0; tick < 200 && seen === undefined; tick++) {
        stepSimulation(sim);
        seen = listUnits(sim)[unit.sensing.threat.unit]?.id;
      }
      expect(seen, order).toBe(near);
    }
  });

  it('does not see obstacles, and a unit slower than sqrt(radius) casts no rays', () => {
    const sim = createSimulation({ width: 40, height: 20, avoidance: 'seed004', navigation: false });
    const runner = addUnit(sim, { x: 2, y: 10, maxSpeed: 0.6 });
    addObstacle(sim, { type: 'circle', x: 5, y: 10, radius: 1 });
    issueOrder(sim, { kind: 'move', unitIds: [runner], target: { x: 38, y: 10 } });
    for (let tick = 0; tick < 120; tick++) {
      stepSimulation(sim);
      // 0.6 m/s: 0.36 m^2/s^2 is below the 0.5 m radius, so the article's unit does not look
      expect(getUnit(sim, runner)!.sensing.raysCast).toBe(false);
    }
    const fast = createSimulation({ width: 40, height: 20, avoidance: 'seed004', navigation: false });
    const id = addUnit(fast, { x: 2, y: 10 });
    addObstacle(fast, { type: 'circle', x: 6, y: 10, radius: 1 });
    issueOrder(fast, { kind: 'move', unitIds: [id], target: { x: 38, y: 10 } });
    for (let tick = 0; tick < 40; tick++) {
      stepSimulation(fast);
      expect(getUnit(fast, id)!.sensing.threat.kind).toBe('none');
    }
    expect(getUnit(fast, id)!.sensing.raysCast).toBe(true);
  });
});
