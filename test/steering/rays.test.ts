/**
 * The `rays` controller (src/steering/strategies/rays.ts): which units are threats (the relative
 * ray), the side a pair agrees on, the half-plane each unit leaves the other, the velocity chosen
 * under all of them, and the controller in a running simulation.
 */
import { describe, expect, it } from 'vitest';
import { LEFT, NO_SIDE, RIGHT, type Side, addUnit, createSimulation, getUnit, issueOrder, listUnits, simulationTick, stepSimulation } from '../../src/index';
import { DEFAULT_STEERING_CONFIG, type SteeringConfig } from '../../src/steering/config';
import { type ObstacleShape, prepareShape } from '../../src/math/shapes';
import { createHalfPlanes, solveVelocity } from '../../src/steering/halfplanes';
import { createSensing, offerNeighbour, relativeRayFraction } from '../../src/steering/sensing';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import { addReciprocalPlane, agreedSide } from '../../src/steering/strategies/rays';
import { NO_RULES, planeTerms } from '../../src/steering/strategy';
import { runTicks } from '../support';
import { type TestUnit, storeOf, testUnit as agent } from './units';

const rays = AVOIDANCE_STRATEGIES.rays;

/** Whether the strategy takes `other` for a possible threat to `me` (the two in a store of their own). */
function isThreat(strategy: typeof rays, me: TestUnit, other: TestUnit): boolean {
  return strategy.isThreat(storeOf([me, other]), 0, 1);
}

/** The side `me` and `other` agree on (the two in a store of their own). */
function sideOf(me: TestUnit, other: TestUnit): Side {
  return agreedSide(storeOf([me, other]), 0, 1);
}

// the agent most cases are seen from: at the origin, moving east (+x); its left is +y
const eastbound = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

/** The closest the two come within `horizon` seconds if they keep these velocities (centre to centre). */
function closestApproach(a: TestUnit, va: { x: number; y: number }, b: TestUnit, vb: { x: number; y: number }, horizon: number): number {
  const px = b.position.x - a.position.x;
  const py = b.position.y - a.position.y;
  const vx = vb.x - va.x;
  const vy = vb.y - va.y;
  const speedSq = vx * vx + vy * vy;
  const t = speedSq < 1e-12 ? 0 : Math.min(horizon, Math.max(0, -(px * vx + py * vy) / speedSq));
  return Math.hypot(px + vx * t, py + vy * t);
}

/** The velocity `me` picks against `other` alone, wanting `want`, with share 1/2. */
function pickAgainst(me: TestUnit, other: TestUnit, want: { x: number; y: number }, horizon = 3.5): { x: number; y: number; side: Side } {
  const planes = createHalfPlanes(4);
  const side = addReciprocalPlane(planes, storeOf([me, other]), 0, 1, { ...planeTerms(), share: 0.5, reach: me.radius + other.radius + 0.1, horizon, settle: 0.05 });
  const out = { x: 0, y: 0 };
  solveVelocity(planes, me.maxSpeed, want.x, want.y, out);
  return { ...out, side };
}

describe('which units are threats: the relative ray', () => {
  const { lookAheadTime, avoidClearance } = DEFAULT_STEERING_CONFIG;
  const soonest = (me: TestUnit, other: TestUnit) => relativeRayFraction(storeOf([me, other]), 0, 1, { avoidHorizon: lookAheadTime, avoidClearance });

  it('sees a crosser that is not in my path yet but will be when I get there', () => {
    // 2 m ahead and 2 m to the right, coming north at my speed: both reach (2, 0) in 0.5 s
    const crosser = agent({ id: 2, position: { x: 2, y: -2 }, velocity: { x: 0, y: 4 } });
    const fraction = soonest(eastbound, crosser);
    // relative velocity (4, -4) from the origin enters the 1.1 m circle around (2, -2) at
    // t = (2 sqrt 2 - 1.1) / (4 sqrt 2) s
    expect(fraction * lookAheadTime).toBeCloseTo((2 * Math.SQRT2 - 1.1) / (4 * Math.SQRT2), 9);
    expect(isThreat(rays, eastbound, crosser)).toBe(true);
  });

  it('ignores a crosser that is in my path now but will be gone when I get there', () => {
    const crosser = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: 0, y: 4 } });
    expect(soonest(eastbound, crosser)).toBe(-1);
  });

  it('never sees a unit walking alongside or ahead at my velocity, even while it avoids (no relative motion)', () => {
    const friend = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 4, y: 0 }, avoidSide: LEFT });
    expect(soonest(eastbound, friend)).toBe(-1);
    expect(isThreat(rays, eastbound, friend)).toBe(false);
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
    expect(isThreat(AVOIDANCE_STRATEGIES.none, eastbound, standing)).toBe(false);
  });
});

describe('the side a pair agrees on when one is dead ahead of the other', () => {
  it('adopts the side of a unit already avoiding (both turn the same way: they pass on opposite sides)', () => {
    expect(sideOf(eastbound, agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT }))).toBe(LEFT);
    expect(sideOf(agent({ ...eastbound, avoidSide: RIGHT }), agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } }))).toBe(RIGHT);
  });

  it('when both avoid on different sides, the side of the lower id; both units reach the same answer', () => {
    const a = agent({ ...eastbound, id: 1, avoidSide: LEFT });
    const b = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 }, avoidSide: RIGHT });
    expect(sideOf(a, b)).toBe(LEFT);
    expect(sideOf(b, a)).toBe(LEFT);
  });

  it('when neither avoids, each turns to its own right', () => {
    const b = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } });
    expect(sideOf(eastbound, b)).toBe(RIGHT);
    expect(sideOf(b, eastbound)).toBe(RIGHT);
  });
});

describe('the half-plane each unit leaves the other, and the velocity chosen under it', () => {
  it('two units head-on each take half the turn, to their own right, and then miss each other', () => {
    const a = eastbound;
    const b = agent({ id: 2, position: { x: 10, y: 0 }, velocity: { x: -4, y: 0 } });
    const va = pickAgainst(a, b, { x: 4, y: 0 });
    const vb = pickAgainst(b, a, { x: -4, y: 0 });
    expect(va.side).toBe(RIGHT);
    expect(vb.side).toBe(RIGHT);
    // each to its own right: A (east) goes south, B (west) goes north, by the same amount
    expect(va.y).toBeLessThan(0);
    expect(vb.y).toBeGreaterThan(0);
    expect(va.y).toBeCloseTo(-vb.y, 9);
    // together they clear the 1.1 m circle over the horizon, though neither alone would
    expect(closestApproach(a, va, b, vb, 3.5)).toBeGreaterThanOrEqual(1.1 - 1e-9);
    expect(closestApproach(a, va, b, b.velocity, 3.5)).toBeLessThan(1.1);
  });

  it('a crosser coming from the right is missed, and nothing changes for one that will not be met', () => {
    const a = eastbound;
    const crosser = agent({ id: 2, position: { x: 4, y: -4 }, velocity: { x: 0, y: 4 } });
    const va = pickAgainst(a, crosser, { x: 4, y: 0 });
    const vc = pickAgainst(crosser, a, { x: 0, y: 4 });
    expect(closestApproach(a, va, crosser, vc, 3.5)).toBeGreaterThanOrEqual(1.1 - 1e-9);
    const far = agent({ id: 2, position: { x: 4, y: -30 }, velocity: { x: 0, y: 4 } });
    const unchanged = pickAgainst(a, far, { x: 4, y: 0 });
    expect(unchanged.x).toBeCloseTo(4, 9);
    expect(unchanged.y).toBeCloseTo(0, 9);
  });

  it('two units already pressed together are asked to move apart; coincident ones get finite answers', () => {
    const a = agent({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
    const b = agent({ id: 2, position: { x: 0.9, y: 0 }, velocity: { x: 0, y: 0 } });
    const va = pickAgainst(a, b, { x: 0, y: 0 });
    expect(va.x).toBeLessThan(0);
    const same = agent({ id: 2, position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
    const v1 = pickAgainst(a, same, { x: 0, y: 0 });
    const v2 = pickAgainst(same, a, { x: 0, y: 0 });
    for (const value of [v1.x, v1.y, v2.x, v2.y]) expect(Number.isFinite(value)).toBe(true);
    // and apart: opposite ways
    expect(Math.sign(v1.x)).toBe(-Math.sign(v2.x));
  });
});

describe('the rays decision (the core alone: the rules over it are the situations, test/situations/)', () => {
  const config = DEFAULT_STEERING_CONFIG;
  const decide = (me: TestUnit, others: TestUnit[], preferred: { x: number; y: number }) => {
    const units = storeOf([me, ...others]);
    const sensing = createSensing();
    for (let slot = 1; slot <= others.length; slot++) offerNeighbour(sensing, slot, 0.5);
    const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
    rays.decide(decision, units, 0, sensing, preferred, config, NO_RULES);
    return decision;
  };

  it('adds no force with nothing to answer', () => {
    expect(decide(eastbound, [], { x: 4, y: 0 })).toEqual({ side: NO_SIDE, force: { x: 0, y: 0 }, lean: 0 });
  });

  it('turns the wanted velocity by a force toward the chosen one, and names the side it passes on', () => {
    const oncoming = agent({ id: 2, position: { x: 4, y: 0 }, velocity: { x: -4, y: 0 } });
    const decision = decide(eastbound, [oncoming], { x: 4, y: 0 });
    expect(decision.side).toBe(RIGHT);
    // to the right (south) and braking
    expect(decision.force.y).toBeLessThan(0);
    expect(decision.force.x).toBeLessThan(0);
  });

  it('shares the avoidance by mass: between equals half each, a vehicle four times a soldier\'s mass a fifth of it', () => {
    // head-on, 6 m apart, both at 4 m/s: the change of velocity each picks
    const change = (me: TestUnit, other: TestUnit): number => {
      const force = decide(me, [other], me.velocity).force;
      return (Math.hypot(force.x, force.y) * config.responseTime) / me.mass;
    };
    const soldier = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 } });
    const twin = agent({ id: 2, position: { x: 6, y: 0 }, velocity: { x: -4, y: 0 }, wanted: { x: -4, y: 0 } });
    expect(change(soldier, twin)).toBeGreaterThan(0.5);
    expect(change(soldier, twin)).toBeCloseTo(change(twin, soldier), 9);
    const vehicle = agent({ ...twin, radius: 1, mass: 4 * soldier.mass });
    // the pair still parts: the soldier takes four fifths of it
    expect(change(soldier, vehicle)).toBeGreaterThan(3 * change(vehicle, soldier));
    expect(change(vehicle, soldier)).toBeGreaterThan(0.1);
  });

  it('does not answer a standing unit further away than where it stops', () => {
    const standing = agent({ id: 2, position: { x: 2, y: 0 }, velocity: { x: 0, y: 0 }, groupId: 0 });
    expect(decide(agent({ ...eastbound, distanceToTarget: 0.5 }), [standing], { x: 4, y: 0 }).force).toEqual({ x: 0, y: 0 });
    expect(decide(agent({ ...eastbound, distanceToTarget: 5 }), [standing], { x: 4, y: 0 }).force.x).toBeLessThan(0);
  });
});

describe('obstacles in the rays decision', () => {
  const config = DEFAULT_STEERING_CONFIG;
  /** the velocity the agent keeps (the wanted one plus the avoidance force's change) among these obstacles and units */
  const choose = (me: TestUnit, obstacles: ObstacleShape[], others: TestUnit[], want: { x: number; y: number }, tuning: SteeringConfig = config) => {
    const units = storeOf([me, ...others]);
    const sensing = createSensing();
    for (let slot = 1; slot <= others.length; slot++) offerNeighbour(sensing, slot, 0.5);
    for (const shape of obstacles) sensing.obstacles[sensing.obstacleCount++] = prepareShape(shape);
    const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
    rays.decide(decision, units, 0, sensing, want, tuning, NO_RULES);
    const gain = me.mass / tuning.responseTime;
    return { x: want.x + decision.force.x / gain, y: want.y + decision.force.y / gain };
  };
  // a rock ahead and to the right: its top face 0.8 m below the agent's path, its near corner 1 m ahead
  const rock: ObstacleShape = { type: 'box', x: 2.5, y: -2, width: 3, height: 2.4, angle: 0 };

  it('walks past a corner it clears at full speed (the nearest point alone allowed under 1 m/s)', () => {
    const walking = agent({ position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 } });
    const chosen = choose(walking, [rock], [], { x: 4, y: 0 });
    expect(chosen.x).toBeCloseTo(4, 6);
    expect(chosen.y).toBeCloseTo(0, 6);
  });

  it('still slows for a corner its wanted velocity would run into', () => {
    const walking = agent({ position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 } });
    // aimed at the corner: the nearest point's plane, approach at most gap / horizon
    const chosen = choose(walking, [rock], [], { x: 4 * Math.cos(-0.675), y: 4 * Math.sin(-0.675) });
    const gap = Math.hypot(1, 0.8) - 0.5 - config.avoidClearance;
    const towardCorner = (chosen.x * 1 + chosen.y * -0.8) / Math.hypot(1, 0.8);
    expect(towardCorner).toBeLessThanOrEqual(gap / 1 + 1e-9);
  });

  it('keeps off obstacles over obstacleHorizon, never less than the time it takes to stop, nor beyond avoidHorizon', () => {
    const gap = Math.hypot(1, 0.8) - 0.5 - config.avoidClearance;
    const approach = (tuning: Partial<SteeringConfig>, maxForce = 251) => {
      const walking = agent({ position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 }, maxForce });
      const chosen = choose(walking, [rock], [], { x: 4 * Math.cos(-0.675), y: 4 * Math.sin(-0.675) }, { ...config, ...tuning });
      return (chosen.x * 1 + chosen.y * -0.8) / Math.hypot(1, 0.8);
    };
    // aimed at the corner, the nearest point's plane holds the approach to gap / horizon
    expect(approach({})).toBeCloseTo(gap / 1, 6);
    expect(approach({ obstacleHorizon: 0.5 })).toBeCloseTo(gap / 0.5, 6);
    // 4 m/s, 15.7 kg and 251 N: it stops in 0.25 s, so no shorter than that; with half the force, 0.5 s
    expect(approach({ obstacleHorizon: 0 })).toBeCloseTo(gap / ((4 * 15.7) / 251), 6);
    expect(approach({ obstacleHorizon: 0 }, 125.5)).toBeCloseTo(gap / ((4 * 15.7) / 125.5), 6);
    expect(approach({ avoidHorizon: 0.4 })).toBeCloseTo(gap / 0.4, 6);
    for (const value of [approach({ obstacleHorizon: 0 }, 1e9), approach({ obstacleHorizon: 0, avoidHorizon: 1e-6 })]) expect(Number.isFinite(value)).toBe(true);
  });

  it('in a door, backs off from a unit coming through instead of standing pressed to it', () => {
    // a 2.4 m door in a wall along x = 1..1.5; the agent at its mouth wants through, east; a unit
    // of another order 1.05 m ahead in the door comes west at 2 m/s
    const wall: ObstacleShape[] = [
      { type: 'box', x: 1.25, y: 6.2, width: 0.5, height: 10, angle: 0 },
      { type: 'box', x: 1.25, y: -6.2, width: 0.5, height: 10, angle: 0 },
    ];
    const me = agent({ position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } });
    const coming = agent({ id: 2, groupId: 2, position: { x: 1.05, y: 0 }, velocity: { x: -2, y: 0 } });
    // each door post alone leaves the way east: its leg
    const chosen = choose(me, wall, [coming], { x: 4, y: 0 });
    expect(chosen.x).toBeLessThan(-0.1);
  });
});

describe('the controller in a running simulation', () => {
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
      if (listUnits(sim)[unitFast.sensing.threat.unit]?.id === slow) sawIt = true;
      closest = Math.min(closest, Math.hypot(unitFast.position.x - unitSlow.position.x, unitFast.position.y - unitSlow.position.y));
    });
    expect(sawIt).toBe(true);
    expect(unitFast.position.x).toBeGreaterThan(unitSlow.position.x + 5);
    expect(closest).toBeGreaterThan(1);
  });

  it('a stationary unit in the way is recorded as the threat and passed without touching', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const mover = addUnit(sim, { x: 5, y: 10 });
    const standing = addUnit(sim, { x: 15, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 30, y: 10 } });
    const unit = getUnit(sim, mover)!;
    const other = getUnit(sim, standing)!;
    let sawIt = false;
    let avoided = false;
    let closest = Infinity;
    runTicks(sim, 600, () => {
      if (unit.sensing.threat.kind === 'unit' && listUnits(sim)[unit.sensing.threat.unit]?.id === standing) sawIt = true;
      if (unit.avoidSide !== NO_SIDE) avoided = true;
      closest = Math.min(closest, Math.hypot(unit.position.x - other.position.x, unit.position.y - other.position.y));
    });
    expect(sawIt).toBe(true);
    expect(avoided).toBe(true);
    expect(closest).toBeGreaterThan(1);
    expect(unit.position.x).toBeGreaterThan(29);
  });
});
