/**
 * The articles' classic methods (src/steering/strategies/), each on hand-made geometry: what it sees,
 * which body it picks, and the force it makes.
 */
import { getAvoidance } from '../../src/index';
import { describe, expect, it } from 'vitest';
import { NO_SIDE, RIGHT, LEFT, type Side } from '../../src/steering/agent';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import { FEELER_LENGTH_FACTOR } from '../../src/steering/strategies/feeler';
import { type AvoidanceStrategy, NO_RULES } from '../../src/steering/strategy';
import { DEFAULT_STEERING_CONFIG, resolveSteeringConfig } from '../../src/steering/config';
import { createSensing } from '../../src/steering/sensing';
import { type TestUnit, storeOf, testUnit } from './units';

const config = resolveSteeringConfig({ lookAheadTime: 1.5 });
const maxForce = 251;

/** At the origin, eastbound at 4 m/s, no order, with `fields` over that. */
function agent(fields: Partial<TestUnit> = {}): TestUnit {
  return testUnit({ maxForce, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, groupId: 0, ...fields });
}

type Circle = [x: number, y: number, radius: number];

/** Offers the circles (as obstacles with ids 1, 2, ...) to the strategy, then decides. */
function run(strategy: AvoidanceStrategy, me: TestUnit, circles: Circle[]) {
  const units = storeOf([me]);
  const sensing = createSensing();
  circles.forEach(([x, y, radius], index) => {
    strategy.consider(sensing, units, 0, { x, y }, radius, -1, index + 1, config);
  });
  const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
  strategy.decide(decision, units, 0, sensing, me.velocity, config, NO_RULES);
  return { threat: sensing.threat, sensing, decision };
}

describe('ahead ("Understanding Steering Behaviors: Collision Avoidance")', () => {
  const ahead = AVOIDANCE_STRATEGIES.ahead;
  // eastbound at 4 m/s with a 1.5 s look-ahead: `ahead` at (6, 0), `ahead2` at (3, 0)

  it('sees a circle that holds the ahead point and pushes along ahead - centre at full force', () => {
    const { threat, decision } = run(ahead, agent(), [[6, 0.5, 1]]);
    expect(threat.kind).toBe('obstacle');
    expect(threat.obstacleId).toBe(1);
    // ahead - centre = (0, -0.5): straight to the right of the heading
    expect(decision.force.x).toBeCloseTo(0, 9);
    expect(decision.force.y).toBeCloseTo(-maxForce, 9);
    expect(decision.side).toBe(RIGHT);
  });

  it('sees a circle that holds only ahead2, and one that holds only the unit itself (the first fix)', () => {
    expect(run(ahead, agent(), [[3, 0.8, 1]]).threat.obstacleId).toBe(1);
    expect(run(ahead, agent(), [[0.5, 0.9, 1.1]]).threat.obstacleId).toBe(1);
  });

  it('ignores a circle beside the path that holds none of the three points', () => {
    const { threat, decision } = run(ahead, agent(), [[3, 1.5, 1]]);
    expect(threat.kind).toBe('none');
    expect(decision.force).toEqual({ x: 0, y: 0 });
  });

  it('picks the circle closest to the unit, whichever is offered first', () => {
    expect(run(ahead, agent(), [[6, 0.5, 1], [3, 0.5, 1]]).threat.obstacleId).toBe(2);
    expect(run(ahead, agent(), [[3, 0.5, 1], [6, 0.5, 1]]).threat.obstacleId).toBe(1);
  });

  it('looks ahead in proportion to speed (the second fix, with MAX_SEE_AHEAD kept)', () => {
    expect(run(ahead, agent(), [[6, 0.2, 1]]).threat.kind).toBe('obstacle');
    // at 2 m/s the points are at (3, 0) and (1.5, 0): the same circle is out of sight
    expect(run(ahead, agent({ velocity: { x: 2, y: 0 } }), [[6, 0.2, 1]]).threat.kind).toBe('none');
  });

  it('gives no force, and no NaN, when the ahead point is exactly on the centre, or at rest', () => {
    expect(run(ahead, agent(), [[6, 0, 1]]).decision.force).toEqual({ x: 0, y: 0 });
    expect(run(ahead, agent({ velocity: { x: 0, y: 0 } }), [[0.3, 0, 1]]).decision.force).toEqual({ x: 0, y: 0 });
  });
});

describe('feeler ("AI for Game Developers")', () => {
  const feeler = AVOIDANCE_STRATEGIES.feeler;
  const length = FEELER_LENGTH_FACTOR * 2 * 0.5;

  it('a circle whose centre is within its radius of the feeler, ahead and within its length, pushes sideways', () => {
    const { threat, decision } = run(feeler, agent(), [[2, 0.3, 0.5]]);
    expect(threat.obstacleId).toBe(1);
    // on the left of the heading: pushed right, maxForce x |feeler| / |a|
    expect(decision.force.x).toBeCloseTo(0, 9);
    expect(decision.force.y).toBeCloseTo((-maxForce * length) / Math.hypot(2, 0.3), 9);
    expect(decision.side).toBe(RIGHT);
  });

  it('reads the side in the unit\'s own frame: heading north, a circle to the east is on its right', () => {
    const north = agent({ velocity: { x: 0, y: 3 } });
    const { decision } = run(feeler, north, [[0.2, 2, 0.5]]);
    expect(decision.force.x).toBeLessThan(0);
    expect(decision.force.y).toBeCloseTo(0, 9);
    expect(decision.side).toBe(LEFT);
  });

  it('ignores circles behind the unit (the book\'s bug), beyond the feeler, or off it by their radius', () => {
    expect(run(feeler, agent(), [[-2, 0.3, 0.5]]).decision.force).toEqual({ x: 0, y: 0 });
    expect(run(feeler, agent(), [[length + 0.5, 0, 0.5]]).decision.force).toEqual({ x: 0, y: 0 });
    expect(run(feeler, agent(), [[2, 0.6, 0.5]]).decision.force).toEqual({ x: 0, y: 0 });
  });

  it('sums the pushes of every circle in the way, as the book does', () => {
    const one = run(feeler, agent(), [[2, 0.3, 0.5]]).decision.force.y;
    const other = run(feeler, agent(), [[3, -0.2, 0.5]]).decision.force.y;
    const both = run(feeler, agent(), [[2, 0.3, 0.5], [3, -0.2, 0.5]]);
    expect(both.decision.force.y).toBeCloseTo(one + other, 9);
    // the nearer one along the feeler is the one shown as the threat
    expect(both.threat.obstacleId).toBe(1);
  });
});

describe('projection ("Steering Behaviors: Obstacle Avoidance")', () => {
  const projection = AVOIDANCE_STRATEGIES.projection;
  // ray = lookAheadTime x maxSpeed = 6 m; the unit's width is 1 m

  it('a circle in the path: the heading turned 90 degrees away at max speed x (1 - p / ray), then the velocity scaled by p / ray', () => {
    const me = agent();
    const { threat, decision } = run(projection, me, [[3, 1.2, 0.5]]);
    expect(threat.fraction).toBeCloseTo(0.5, 12);
    // on the left: turn right; push 4 x 0.5 = 2 m/s; new velocity ((4, 0) + (0, -2)) x 0.5 = (2, -1)
    const gain = me.mass / DEFAULT_STEERING_CONFIG.responseTime;
    expect(decision.force.x).toBeCloseTo((2 - 4) * gain, 9);
    expect(decision.force.y).toBeCloseTo((-1 - 0) * gain, 9);
    expect(decision.side).toBe(RIGHT);
  });

  it('ignores circles behind, beyond the ray, or further from the line than radius + width', () => {
    for (const circle of [[-3, 0.2, 0.5], [6.5, 0, 0.5], [3, 1.6, 0.5]] as Circle[]) {
      expect(run(projection, agent(), [circle]).threat.kind).toBe('none');
    }
  });

  it('avoids only the closest circle along the heading, whichever is offered first', () => {
    expect(run(projection, agent(), [[5, 0.5, 0.5], [2, -0.5, 0.5]]).threat.obstacleId).toBe(2);
    expect(run(projection, agent(), [[2, -0.5, 0.5], [5, 0.5, 0.5]]).threat.obstacleId).toBe(1);
  });
});

describe('every strategy in a running simulation', () => {
  it('has a name, and the sense phase finds units as circles for the classic ones', async () => {
    const { addUnit, createSimulation, getUnit, issueOrder, listUnits, stepSimulation } = await import('../../src/index');
    for (const name of ['ahead', 'feeler', 'projection'] as const) {
      const sim = createSimulation({ width: 40, height: 20, avoidance: name });
      const mover = addUnit(sim, { x: 5, y: 10 });
      const standing = addUnit(sim, { x: 9, y: 10.2 });
      issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 30, y: 10 } });
      let sawIt = false;
      for (let tick = 0; tick < 90; tick++) {
        stepSimulation(sim);
        if (listUnits(sim)[getUnit(sim, mover)!.sensing.threat.unit]?.id === standing) sawIt = true;
      }
      expect(getAvoidance(sim)).toBe(name);
      expect(sawIt, name).toBe(true);
    }
  });
});
