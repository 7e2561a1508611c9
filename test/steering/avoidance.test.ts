import { describe, expect, it } from 'vitest';
import {
  AVOIDANCE_STRATEGIES,
  LEFT,
  NO_SIDE,
  RAY_CENTRE,
  RIGHT,
  type Agent,
  type Side,
  type Threat,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  stepSimulation,
} from '../../src/index';
import { chooseSide, isSameWayAndCalm, isSameWayGroupMate, liesBeyondTarget, sideAwayFrom } from '../../src/steering/avoidance';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { createSensing } from '../../src/steering/sensing';
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
      const other = agent({ id: 2, position: { x: 3, y: 0.4 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(RIGHT);
      expect(RIGHT).toBe(-1);
    });

    it('turns LEFT (+1) when the other unit is on my right', () => {
      const other = agent({ id: 2, position: { x: 3, y: -0.4 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(LEFT);
      expect(LEFT).toBe(1);
    });

    it('turns RIGHT when the other unit is exactly ahead', () => {
      const other = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } });
      expect(chooseSide(eastbound, unitThreat(other))).toBe(RIGHT);
    });

    it('uses my own heading, not the world axes (moving north, something to the east is on my right)', () => {
      const northbound = agent({ position: { x: 5, y: 5 }, velocity: { x: 0, y: 2 } });
      const other = agent({ id: 2, position: { x: 5.3, y: 8 }, velocity: { x: 0, y: 0 } });
      expect(chooseSide(northbound, unitThreat(other))).toBe(LEFT);
    });
  });

  it('turns away from the side an obstacle is on', () => {
    const threat = createSensing().threat;
    threat.kind = 'obstacle';
    threat.obstacleId = 1;
    threat.centre.x = 3;
    threat.centre.y = -0.2;
    threat.radius = 1;
    expect(chooseSide(eastbound, threat)).toBe(LEFT);
    threat.centre.y = 0.2;
    expect(chooseSide(eastbound, threat)).toBe(RIGHT);
  });
});

describe('which units are threats (rays strategy)', () => {
  it('sees a unit crossing at 90 degrees: the seed\'s same-way test alone would ignore it', () => {
    const crosser = agent({ id: 2, position: { x: 2, y: -2 }, velocity: { x: 0, y: 4 } });
    // the seed's test: |v1 + v2|^2 = 32 > |v1|^2 = 16 counts it as going the same way
    expect((4 + 0) ** 2 + (0 + 4) ** 2).toBeGreaterThan(4 ** 2);
    expect(isSameWayAndCalm(eastbound, crosser)).toBe(false);
    expect(rays.isThreat(eastbound, crosser)).toBe(true);
  });

  it('ignores a calm unit ahead at 45 degrees to my heading going my way (relative speed below mine)', () => {
    const diagonal = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 4 * Math.SQRT1_2, y: 4 * Math.SQRT1_2 } });
    expect(isSameWayAndCalm(eastbound, diagonal)).toBe(true);
  });

  it('does not treat a friend ahead at the same velocity as a threat, even while it avoids (no closing speed)', () => {
    const friend = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: LEFT });
    expect(isSameWayAndCalm(eastbound, friend)).toBe(false);
    expect(rays.isThreat(eastbound, friend)).toBe(false);
  });

  it('ignores a unit going the same way that is not avoiding', () => {
    const ahead = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 2, y: 0 } });
    expect(isSameWayAndCalm(eastbound, ahead)).toBe(true);
    expect(rays.isThreat(eastbound, ahead)).toBe(false);
  });

  it('treats a unit going the same way that IS avoiding as a threat', () => {
    const ahead = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 2, y: 0 }, avoidSide: LEFT });
    expect(isSameWayAndCalm(eastbound, ahead)).toBe(false);
    expect(rays.isThreat(eastbound, ahead)).toBe(true);
  });

  it('treats a stationary unit in the way as a threat', () => {
    const standing = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(isSameWayAndCalm(eastbound, standing)).toBe(false);
    expect(rays.isThreat(eastbound, standing)).toBe(true);
  });

  it('treats a unit coming the other way as a threat', () => {
    const oncoming = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: -4, y: 0 } });
    expect(rays.isThreat(eastbound, oncoming)).toBe(true);
  });

  it('sees no threats at all with avoidance "none"', () => {
    const standing = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 } });
    expect(AVOIDANCE_STRATEGIES.none.isThreat(eastbound, standing)).toBe(false);
  });
});

describe('group-mates and what lies beyond the target', () => {
  const ahead = { position: { x: 2, y: 0.3 }, velocity: { x: 3, y: 1 }, avoidSide: LEFT } as const;

  it('a group-mate going the same way is ignored even while it avoids', () => {
    const me = agent({ ...eastbound, groupId: 7 });
    const mate = agent({ id: 2, ...ahead, groupId: 7 });
    expect(isSameWayGroupMate(me, mate)).toBe(true);
    expect(rays.isThreat(me, mate)).toBe(false);
  });

  it('a unit of another group doing the same is still a threat (seed 004)', () => {
    const me = agent({ ...eastbound, groupId: 7 });
    const stranger = agent({ id: 2, ...ahead, groupId: 8 });
    expect(isSameWayGroupMate(me, stranger)).toBe(false);
    expect(rays.isThreat(me, stranger)).toBe(true);
  });

  it('a group-mate standing still or coming the other way is a threat', () => {
    const me = agent({ ...eastbound, groupId: 7 });
    expect(rays.isThreat(me, agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 }, groupId: 7 }))).toBe(true);
    expect(rays.isThreat(me, agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: -4, y: 0 }, groupId: 7 }))).toBe(true);
  });

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
    rays.decide(decision, agent({ ...eastbound, distanceToTarget: 1.2 }), sensing, DEFAULT_STEERING_CONFIG);
    expect(decision).toEqual({ side: NO_SIDE, force: { x: 0, y: 0 } });
    rays.decide(decision, agent({ ...eastbound, distanceToTarget: 5 }), sensing, DEFAULT_STEERING_CONFIG);
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
    while (firstSides.length === 0 && sim.tick < 600) {
      stepSimulation(sim);
      if (unitA.avoidSide !== NO_SIDE || unitB.avoidSide !== NO_SIDE) firstSides.push(unitA.avoidSide, unitB.avoidSide);
    }
    // both see each other on the same tick, neither was avoiding yet, each exactly ahead
    expect(firstSides).toEqual([RIGHT, RIGHT]);
  });

  it('a faster unit behind a slower one going the same way records no threat from it', () => {
    const sim = createSimulation({ width: 60, height: 20 });
    const fast = addUnit(sim, { x: 2, y: 10, maxSpeed: 4 });
    const slow = addUnit(sim, { x: 6, y: 10, maxSpeed: 1 });
    issueOrder(sim, { kind: 'move', unitIds: [fast], target: { x: 58, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [slow], target: { x: 58, y: 10 } });
    const unitFast = getUnit(sim, fast)!;
    const unitSlow = getUnit(sim, slow)!;
    let ticksInReach = 0;
    runTicks(sim, 150, () => {
      expect(unitFast.sensing.threat.kind).toBe('none');
      // the centre ray (laid out along +x) reaches the slow unit's 0.6 m clearance circle
      const ray = unitFast.sensing.rays[RAY_CENTRE]!;
      if (unitFast.sensing.raysCast && ray.end.x > unitSlow.position.x - 0.6) ticksInReach++;
    });
    expect(ticksInReach).toBeGreaterThan(0);
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
