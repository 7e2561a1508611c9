import { describe, expect, it } from 'vitest';
import {
  LEFT,
  NO_SIDE,
  RIGHT,
  type Side,
  type Threat,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  stepSimulation,
  simulationTick,
} from '../../src/index';
import { type Agent, sideAwayFrom } from '../../src/steering/agent';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import { avoidanceVelocity, chooseSide, liesBeyondTarget } from '../../src/steering/strategies/rays';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { createSensing, relativeRayFraction } from '../../src/steering/sensing';
import { vec2 } from '../../src/math/vec2';
import { buildPostMeeting, runTicks } from '../support';

const rays = AVOIDANCE_STRATEGIES.rays;

function agent(fields: Partial<Agent> & Pick<Agent, 'position' | 'velocity'>): Agent {
  return { id: 1, radius: 0.5, mass: 15.7, maxSpeed: 4, maxForce: 251, avoidSide: NO_SIDE, groupId: 0, distanceToTarget: Infinity, ...fields };
}

function unitThreat(other: Agent): Threat {
  const threat = createSensing().threat;
  threat.kind = 'unit';
  threat.unit = other;
  threat.centre.x = other.position.x;
  threat.centre.y = other.position.y;
  threat.radius = other.radius;
  threat.velocity.x = other.velocity.x;
  threat.velocity.y = other.velocity.y;
  threat.fraction = 0.5;
  threat.ray = 0;
  return threat;
}

// the agent every case below is seen from: at the origin, moving east (+x); its left is +y
const eastbound = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

describe('chooseSide: the reciprocal turn', () => {
  describe('against a unit that is already avoiding: adopt its side', () => {
    it('adopts LEFT from a unit on my left (where my own rule would turn RIGHT)', () => {
      const other = agent({ id: 2, position: { x: 3, y: 0.4 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT });
      expect(sideAwayFrom(eastbound.velocity, { x: 3, y: 0.4 })).toBe(RIGHT);
      expect(chooseSide(eastbound, unitThreat(other))).toBe(LEFT);
    });

    it('adopts RIGHT from a unit on my right (where my own rule would turn LEFT)', () => {
      const other = agent({ id: 2, position: { x: 3, y: -0.4 }, velocity: { x: -4, y: 0 }, avoidSide: RIGHT });
      expect(sideAwayFrom(eastbound.velocity, { x: 3, y: -0.4 })).toBe(LEFT);
      expect(chooseSide(eastbound, unitThreat(other))).toBe(RIGHT);
    });
  });

  describe('when both already avoid on different sides: the lower id keeps its side', () => {
    it('keeps my side when my id is lower, instead of swapping with the other every tick', () => {
      const me = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: RIGHT });
      const other = agent({ id: 2, position: { x: 3, y: 0.4 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT });
      expect(chooseSide(me, unitThreat(other))).toBe(RIGHT);
    });

    it('adopts the other side when my id is higher', () => {
      const me = agent({ id: 3, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: RIGHT });
      const other = agent({ id: 2, position: { x: 3, y: 0.4 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT });
      expect(chooseSide(me, unitThreat(other))).toBe(LEFT);
    });

    it('adopts as usual when I already avoid on the same side', () => {
      const me = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: LEFT });
      const other = agent({ id: 2, position: { x: 3, y: 0.4 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT });
      expect(chooseSide(me, unitThreat(other))).toBe(LEFT);
    });
  });

  describe('against a unit that is not avoiding: turn away from the side it is on', () => {
    it('turns RIGHT (-1) when the other unit is on my left', () => {
      const other = agent({ id: 2, position: { x: 3, y: 0.6 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(RIGHT);
      expect(RIGHT).toBe(-1);
    });

    it('turns LEFT (+1) when the other unit is on my right', () => {
      const other = agent({ id: 2, position: { x: 3, y: -0.6 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(LEFT);
      expect(LEFT).toBe(1);
    });

    it('turns RIGHT when the other unit is exactly ahead', () => {
      const other = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(RIGHT);
    });

    it('turns RIGHT when the other is almost dead ahead (within half the sum of the radii of my path), whichever side it is on', () => {
      for (const y of [0.49, 0.2, -0.2, -0.49]) {
        expect(chooseSide(eastbound, unitThreat(agent({ id: 2, position: { x: 3, y }, velocity: { x: -4, y: 0 } })))).toBe(RIGHT);
      }
      expect(chooseSide(eastbound, unitThreat(agent({ id: 2, position: { x: 3, y: -0.51 }, velocity: { x: -4, y: 0 } })))).toBe(LEFT);
    });

    it('uses my own heading, not the world axes (moving north, something to the east is on my right)', () => {
      const northbound = agent({ position: { x: 5, y: 5 }, velocity: { x: 0, y: 2 } });
      const other = agent({ id: 2, position: { x: 5.7, y: 8 }, velocity: { x: 0, y: 0 } });
      expect(chooseSide(northbound, unitThreat(other))).toBe(LEFT);
    });

    it('reads the side along the relative velocity: a crosser on my right is passed behind (RIGHT), not in front', () => {
      // it comes north from (3, -1.5): on my right along my heading, but relative to it I move
      // (4, -4), and its centre lies 1.06 m left of that line
      const crosser = agent({ id: 2, position: { x: 3, y: -1.5 }, velocity: { x: 0, y: 4 } });
      expect(sideAwayFrom(eastbound.velocity, { x: 3, y: -1.5 })).toBe(LEFT);
      expect(chooseSide(eastbound, unitThreat(crosser))).toBe(RIGHT);
    });
  });

  it('turns away from the side an obstacle is on', () => {
    const threat = createSensing().threat;
    threat.kind = 'obstacle';
    threat.obstacleId = 1;
    threat.centre.x = 3;
    threat.centre.y = -0.9;
    threat.radius = 1;
    expect(chooseSide(eastbound, threat)).toBe(LEFT);
    threat.centre.y = 0.9;
    expect(chooseSide(eastbound, threat)).toBe(RIGHT);
  });
});

describe('walls (a box or polygon hit by a ray, with its surface normal)', () => {
  // a long wall along y = -2 (its normal points up, at the unit), centre far ahead at (10, -2)
  function wallThreat(): Threat {
    const threat = createSensing().threat;
    threat.kind = 'obstacle';
    threat.obstacleId = 1;
    threat.centre.x = 10;
    threat.centre.y = -2;
    threat.radius = 10;
    threat.normal.y = 1;
    threat.fraction = 0.5;
    return threat;
  }

  it('turns the way the velocity already runs along the wall, not round the wall\'s bounding circle', () => {
    // heading east and a little down onto a wall on its right: slide along it, to the left
    const slanting = agent({ position: { x: 0, y: 0 }, velocity: { x: 4, y: -0.4 } });
    expect(chooseSide(slanting, wallThreat())).toBe(LEFT);
    const velocity = avoidanceVelocity(vec2(), slanting, wallThreat(), LEFT, DEFAULT_STEERING_CONFIG);
    // along the wall, eastward, at the unit's speed: no braking
    expect(velocity.x).toBeCloseTo(Math.hypot(4, 0.4), 9);
    expect(velocity.y).toBeCloseTo(0, 9);
    // heading west and down onto the same wall: slide west (its right)
    const westward = agent({ position: { x: 0, y: 0 }, velocity: { x: -4, y: -0.4 } });
    expect(chooseSide(westward, wallThreat())).toBe(RIGHT);
    expect(avoidanceVelocity(vec2(), westward, wallThreat(), RIGHT, DEFAULT_STEERING_CONFIG).x).toBeCloseTo(-Math.hypot(4, 0.4), 9);
  });

  it('meeting a wall square on, takes the side away from the wall\'s centre, with no dead-ahead band', () => {
    const down = agent({ position: { x: 9.8, y: 0 }, velocity: { x: 0, y: -4 } });
    // heading south, the centre (10, -2) is a little to its left (east): turn right (west)
    expect(chooseSide(down, wallThreat())).toBe(RIGHT);
    expect(avoidanceVelocity(vec2(), down, wallThreat(), RIGHT, DEFAULT_STEERING_CONFIG).x).toBeCloseTo(-4, 9);
  });
});

describe('which units are threats: the relative ray', () => {
  const { lookAheadTime, avoidClearance } = DEFAULT_STEERING_CONFIG;
  const soonest = (me: Agent, other: Agent) => relativeRayFraction(me, other, lookAheadTime, avoidClearance);

  it('sees a crosser that is not in my path yet but will be when I get there', () => {
    // 2 m ahead and 2 m to the right, coming north at my speed: both reach (2, 0) in 0.5 s
    const crosser = agent({ id: 2, position: { x: 2, y: -2 }, velocity: { x: 0, y: 4 } });
    const fraction = soonest(eastbound, crosser);
    // relative velocity (4, -4) from the origin enters the 1.1 m circle around (2, -2) at
    // t = (2 sqrt 2 - 1.1) / (4 sqrt 2) s
    expect(fraction * lookAheadTime).toBeCloseTo((2 * Math.SQRT2 - 1.1) / (4 * Math.SQRT2), 9);
    expect(rays.isThreat(eastbound, crosser)).toBe(true);
  });

  it('ignores a crosser that is in my path now but will be gone when I get there', () => {
    const crosser = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: 0, y: 4 } });
    expect(soonest(eastbound, crosser)).toBe(-1);
  });

  it('never sees a unit walking alongside or ahead at my velocity, even while it avoids (no relative motion)', () => {
    const friend = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: LEFT });
    expect(soonest(eastbound, friend)).toBe(-1);
    expect(rays.isThreat(eastbound, friend)).toBe(false);
    const beside = agent({ id: 2, position: { x: 0, y: 1.05 }, velocity: { x: 4, y: 0 } });
    expect(soonest(eastbound, beside)).toBe(-1);
  });

  it('sees a slower unit ahead going my way, when I will catch it within the look-ahead', () => {
    // gap to the 1.1 m circle: 2.9 m, closing at 2 m/s: 1.45 s of the 1.5 s look-ahead
    const slower = agent({ id: 2, position: { x: 4, y: 0 }, velocity: { x: 2, y: 0 } });
    expect(soonest(eastbound, slower)).toBeCloseTo(1.45 / lookAheadTime, 9);
    const farAhead = agent({ id: 2, position: { x: 9, y: 0 }, velocity: { x: 2, y: 0 } });
    expect(soonest(eastbound, farAhead)).toBe(-1);
  });

  it('sees a stationary unit in the way, and one coming the other way twice as soon', () => {
    const standing = agent({ id: 2, position: { x: 5, y: 0 }, velocity: { x: 0, y: 0 } });
    const oncoming = agent({ id: 2, position: { x: 5, y: 0 }, velocity: { x: -4, y: 0 } });
    expect(soonest(eastbound, standing)).toBeCloseTo(3.9 / 4 / lookAheadTime, 9);
    expect(soonest(eastbound, oncoming)).toBeCloseTo(3.9 / 8 / lookAheadTime, 9);
  });

  it('reads fraction 0 inside the personal space or touching while the gap still closes, and nothing once it opens', () => {
    const close = agent({ id: 2, position: { x: 1.05, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(soonest(eastbound, close)).toBe(0);
    const touching = agent({ id: 2, position: { x: 0.9, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(soonest(eastbound, touching)).toBe(0);
    const leaving = agent({ id: 2, position: { x: 0.9, y: 0 }, velocity: { x: 5, y: 0 } });
    expect(soonest(eastbound, leaving)).toBe(-1);
    const behind = agent({ id: 2, position: { x: -0.9, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(soonest(eastbound, behind)).toBe(-1);
  });

  it('gives -1, not NaN, for coincident centres and for zero relative velocity', () => {
    expect(soonest(eastbound, agent({ id: 2, position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } }))).toBe(-1);
    const still = agent({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(soonest(still, agent({ id: 2, position: { x: 1.05, y: 0 }, velocity: { x: 0, y: 0 } }))).toBe(-1);
  });

  it('sees no threats at all with avoidance "none"', () => {
    const standing = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(AVOIDANCE_STRATEGIES.none.isThreat(eastbound, standing)).toBe(false);
  });
});

describe('the avoidance velocity: the relative velocity turned onto the grazing line', () => {
  const config = DEFAULT_STEERING_CONFIG;
  const clearRadius = 0.5 + 0.5 + config.avoidClearance;

  it('against a standing unit ahead, turns to the chosen side just enough to graze its clearance circle', () => {
    const standing = agent({ id: 2, position: { x: 3, y: 0.2 }, velocity: { x: 0, y: 0 } });
    const threat = unitThreat(standing);
    const velocity = avoidanceVelocity(vec2(), eastbound, threat, RIGHT, config);
    expect(velocity.y).toBeLessThan(0);
    // the new heading makes exactly asin(R / d) with the line of centres
    const toOther = Math.atan2(0.2, 3);
    const heading = Math.atan2(velocity.y, velocity.x);
    expect(toOther - heading).toBeCloseTo(Math.asin(clearRadius / Math.hypot(3, 0.2)), 9);
    expect(Math.hypot(velocity.x, velocity.y)).toBeLessThanOrEqual(4 + 1e-12);
  });

  it('against a crosser, leaves a relative velocity that misses it (slowing down or speeding up, not only turning)', () => {
    // both at 1.5 m/s, so the new velocity stays under the 4 m/s cap
    const me = agent({ position: { x: 0, y: 0 }, velocity: { x: 1.5, y: 0 } });
    const crosser = agent({ id: 2, position: { x: 2, y: -2 }, velocity: { x: 0, y: 1.5 } });
    for (const side of [LEFT, RIGHT]) {
      const velocity = avoidanceVelocity(vec2(), me, unitThreat(crosser), side, config);
      expect(Math.hypot(velocity.x, velocity.y)).toBeLessThan(4);
      const after = agent({ position: me.position, velocity });
      // grazing: the ray no longer enters a circle a hair smaller than the clearance circle
      expect(relativeRayFraction(after, crosser, config.lookAheadTime, config.avoidClearance - 1e-6)).toBe(-1);
      expect(Math.hypot(velocity.x, velocity.y)).toBeLessThanOrEqual(4 + 1e-12);
    }
  });

  it('returns the own velocity, finite, when the centres coincide', () => {
    const same = agent({ id: 2, position: { x: 0, y: 0 }, velocity: { x: -4, y: 0 } });
    expect(avoidanceVelocity(vec2(), eastbound, unitThreat(same), RIGHT, config)).toEqual({ x: 4, y: 0 });
  });
});

describe('the rays strategy: a bounded force that grows as the hit gets closer', () => {
  const config = DEFAULT_STEERING_CONFIG;
  const standing = agent({ id: 2, position: { x: 3, y: 0.2 }, velocity: { x: 0, y: 0 } });
  const preferred = { x: 4, y: 0 };

  function forceAt(fraction: number): number {
    const sensing = createSensing();
    sensing.raysCast = true;
    Object.assign(sensing.threat, unitThreat(standing), { fraction });
    const decision = { side: NO_SIDE as Side, force: vec2() };
    rays.decide(decision, eastbound, sensing, preferred, config);
    return Math.hypot(decision.force.x, decision.force.y);
  }

  it('is zero at the end of the look-ahead, grows as the hit nears, and is full from 1 - 1 / avoidWeight on', () => {
    const full = forceAt(0);
    expect(forceAt(1)).toBe(0);
    expect(forceAt(0.9)).toBeGreaterThan(0);
    expect(forceAt(0.9)).toBeLessThan(forceAt(0.8));
    expect(forceAt(1 - 1 / config.avoidWeight)).toBeCloseTo(full, 9);
    // the full force changes the wanted velocity into the avoidance velocity over one response time
    const avoid = avoidanceVelocity(vec2(), eastbound, unitThreat(standing), RIGHT, config);
    expect(full).toBeCloseTo((eastbound.mass * Math.hypot(avoid.x - 4, avoid.y)) / config.responseTime, 9);
  });
});

describe('group-mates and what lies beyond the target', () => {
  it("a threat further away than the unit's stopping point is not avoided", () => {
    const other = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 } });
    const threat = unitThreat(other);
    threat.point.x = 1.5;
    threat.point.y = 0;
    expect(liesBeyondTarget(agent({ ...eastbound, distanceToTarget: 1.2 }), threat)).toBe(true);
    expect(liesBeyondTarget(agent({ ...eastbound, distanceToTarget: 1.8 }), threat)).toBe(false);
    const sensing = createSensing();
    sensing.raysCast = true;
    Object.assign(sensing.threat, threat);
    const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 } };
    const preferred = { x: 4, y: 0 };
    rays.decide(decision, agent({ ...eastbound, distanceToTarget: 1.2 }), sensing, preferred, DEFAULT_STEERING_CONFIG);
    expect(decision).toEqual({ side: NO_SIDE, force: { x: 0, y: 0 } });
    rays.decide(decision, agent({ ...eastbound, distanceToTarget: 5 }), sensing, preferred, DEFAULT_STEERING_CONFIG);
    expect(decision.side).not.toBe(NO_SIDE);
  });
});

describe('the reciprocal turn in a running simulation', () => {
  it('a unit whose threat is an avoiding unit takes its side, unless both avoid on different sides and its id is lower', () => {
    // B (westbound, 0.4 m north of A's line) first dodges a post on its right by turning LEFT
    // (south, toward A's line); A then meets B while B is avoiding.
    const { sim, a, b } = buildPostMeeting();
    const unitA = getUnit(sim, a)!;
    const unitB = getUnit(sim, b)!;
    let ticksChecked = 0;
    for (let tick = 0; tick < 600; tick++) {
      // what A's decision reads: B's side committed on the previous tick, and A's own
      const sideOfB = unitB.avoidSide;
      const ownSide = unitA.avoidSide;
      stepSimulation(sim);
      const threat = unitA.sensing.threat;
      if (threat.kind !== 'unit' || threat.unit?.id !== b || sideOfB === NO_SIDE) continue;
      ticksChecked++;
      const keepsOwn = ownSide !== NO_SIDE && ownSide !== sideOfB && a < b;
      expect(unitA.avoidSide).toBe(keepsOwn ? ownSide : sideOfB);
    }
    expect(ticksChecked).toBeGreaterThan(0);
  });

  it('a unit that is not avoiding, met exactly head-on, is avoided by turning RIGHT', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const a = addUnit(sim, { x: 10, y: 10 });
    const b = addUnit(sim, { x: 30, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [a], target: { x: 30, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [b], target: { x: 10, y: 10 } });
    const unitA = getUnit(sim, a)!;
    const unitB = getUnit(sim, b)!;
    const firstSides: Side[] = [];
    while (firstSides.length === 0 && simulationTick(sim) < 600) {
      stepSimulation(sim);
      if (unitA.avoidSide !== NO_SIDE || unitB.avoidSide !== NO_SIDE) firstSides.push(unitA.avoidSide, unitB.avoidSide);
    }
    // both see each other on the same tick, neither was avoiding yet, each exactly ahead
    expect(firstSides).toEqual([RIGHT, RIGHT]);
  });

  it('a faster unit behind a slower one going the same way sees it and overtakes without touching', () => {
    const sim = createSimulation({ width: 60, height: 20 });
    const fast = addUnit(sim, { x: 2, y: 10, maxSpeed: 4 });
    const slow = addUnit(sim, { x: 6, y: 10, maxSpeed: 1 });
    issueOrder(sim, { kind: 'move', unitIds: [fast], target: { x: 58, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [slow], target: { x: 58, y: 10 } });
    const unitFast = getUnit(sim, fast)!;
    const unitSlow = getUnit(sim, slow)!;
    let sawIt = false;
    let closest = Infinity;
    runTicks(sim, 600, () => {
      if (unitFast.sensing.threat.unit?.id === slow) sawIt = true;
      closest = Math.min(closest, Math.hypot(unitFast.position.x - unitSlow.position.x, unitFast.position.y - unitSlow.position.y));
    });
    expect(sawIt).toBe(true);
    expect(unitFast.position.x).toBeGreaterThan(unitSlow.position.x + 5);
    expect(closest).toBeGreaterThan(1);
  });

  it('a stationary unit in the way is recorded as the threat and avoided', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const mover = addUnit(sim, { x: 5, y: 10 });
    const standing = addUnit(sim, { x: 15, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 30, y: 10 } });
    const unit = getUnit(sim, mover)!;
    let sawIt = false;
    runTicks(sim, 300, () => {
      if (unit.sensing.threat.kind === 'unit' && unit.sensing.threat.unit?.id === standing) {
        sawIt = true;
        expect(unit.avoidSide).not.toBe(NO_SIDE);
      }
    });
    expect(sawIt).toBe(true);
  });
});
