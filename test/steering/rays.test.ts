/**
 * The `rays` controller (src/steering/strategies/rays.ts): which units are threats (the relative
 * ray), the side a pair agrees on, the half-plane each unit leaves the other, the velocity chosen
 * under all of them, and the controller in a running simulation.
 */
import { describe, expect, it } from 'vitest';
import { LEFT, NO_SIDE, RIGHT, type Side, addUnit, createSimulation, getUnit, issueOrder, simulationTick, stepSimulation } from '../../src/index';
import type { Agent } from '../../src/steering/agent';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { type ObstacleShape, prepareShape } from '../../src/math/shapes';
import { createHalfPlanes, solveVelocity } from '../../src/steering/halfplanes';
import { createSensing, offerNeighbour, relativeRayFraction } from '../../src/steering/sensing';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import { addReciprocalPlane, agreedSide, planeTerms } from '../../src/steering/strategies/rays';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { runScenario } from '../../src/scenarios/run';
import { runTicks } from '../support';

const rays = AVOIDANCE_STRATEGIES.rays;

function agent(fields: Partial<Agent> & Pick<Agent, 'position' | 'velocity'>): Agent {
  return { id: 1, radius: 0.5, mass: 15.7, maxSpeed: 4, maxForce: 251, avoidSide: NO_SIDE, groupId: 1, distanceToTarget: Infinity, queueRank: Infinity, queueSingleFile: false, doorDistance: Infinity, orderHeading: { x: 0, y: 0 }, orderSize: 0, lean: 0, obstacleSpace: 0.1, wanted: { x: 0, y: 0 }, ...fields };
}

// the agent most cases are seen from: at the origin, moving east (+x); its left is +y
const eastbound = agent({ id: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 } });

/** The closest the two come within `horizon` seconds if they keep these velocities (centre to centre). */
function closestApproach(a: Agent, va: { x: number; y: number }, b: Agent, vb: { x: number; y: number }, horizon: number): number {
  const px = b.position.x - a.position.x;
  const py = b.position.y - a.position.y;
  const vx = vb.x - va.x;
  const vy = vb.y - va.y;
  const speedSq = vx * vx + vy * vy;
  const t = speedSq < 1e-12 ? 0 : Math.min(horizon, Math.max(0, -(px * vx + py * vy) / speedSq));
  return Math.hypot(px + vx * t, py + vy * t);
}

/** The velocity `me` picks against `other` alone, wanting `want`, with share 1/2. */
function pickAgainst(me: Agent, other: Agent, want: { x: number; y: number }, horizon = 3.5): { x: number; y: number; side: Side } {
  const planes = createHalfPlanes(4);
  const side = addReciprocalPlane(planes, me, other, planeTerms(0.5, me.radius + other.radius + 0.1, horizon, 0.05));
  const out = { x: 0, y: 0 };
  solveVelocity(planes, me.maxSpeed, want.x, want.y, out);
  return { ...out, side };
}

describe('which units are threats: the relative ray', () => {
  const { lookAheadTime, avoidClearance } = DEFAULT_STEERING_CONFIG;
  const soonest = (me: Agent, other: Agent) => relativeRayFraction(me, other, { avoidHorizon: lookAheadTime, avoidClearance });

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

describe('the side a pair agrees on when one is dead ahead of the other', () => {
  it('adopts the side of a unit already avoiding (both turn the same way: they pass on opposite sides)', () => {
    expect(agreedSide(eastbound, agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 }, avoidSide: LEFT }))).toBe(LEFT);
    expect(agreedSide(agent({ ...eastbound, avoidSide: RIGHT }), agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } }))).toBe(RIGHT);
  });

  it('when both avoid on different sides, the side of the lower id; both units reach the same answer', () => {
    const a = agent({ ...eastbound, id: 1, avoidSide: LEFT });
    const b = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 }, avoidSide: RIGHT });
    expect(agreedSide(a, b)).toBe(LEFT);
    expect(agreedSide(b, a)).toBe(LEFT);
  });

  it('when neither avoids, each turns to its own right', () => {
    const b = agent({ id: 2, position: { x: 3, y: 0 }, velocity: { x: -4, y: 0 } });
    expect(agreedSide(eastbound, b)).toBe(RIGHT);
    expect(agreedSide(b, eastbound)).toBe(RIGHT);
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

describe('the rays decision', () => {
  const config = DEFAULT_STEERING_CONFIG;
  const decide = (me: Agent, others: Agent[], preferred: { x: number; y: number }) => {
    const sensing = createSensing();
    for (const other of others) offerNeighbour(sensing, other, 0.5);
    const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
    rays.decide(decision, me, sensing, preferred, config);
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
    const change = (me: Agent, other: Agent): number => {
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

  it('orders crossing or converging give way to the right: the unit with the other on its right passes behind it, though it would reach the crossing first', () => {
    // heading east; a unit of another order 2.5 m ahead and 3.5 m to the right comes north: the
    // agent would be past first, and takes the edge ahead of it unless the orders cross
    const crosser = agent({ id: 2, groupId: 2, position: { x: 2.5, y: -3.5 }, velocity: { x: 0, y: 4 }, wanted: { x: 0, y: 4 } });
    const me = agent({ id: 1, groupId: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 } });
    const east = { x: 1, y: 0 };
    const north = { x: 0, y: 1 };
    const unheaded = decide(me, [crosser], me.velocity);
    expect(unheaded.side).toBe(LEFT);
    const crossing = decide({ ...me, orderHeading: east }, [{ ...crosser, orderHeading: north }], me.velocity);
    expect(crossing.side).toBe(RIGHT);
    // behind it: the agent brakes and turns right (south)
    expect(crossing.force.x).toBeLessThan(0);
    // the crosser, with the agent on its left, goes first, turning right too (east)
    const other = decide({ ...crosser, orderHeading: north }, [{ ...me, orderHeading: east }], crosser.velocity);
    expect(other.side).toBe(RIGHT);
    // orders 30 degrees apart (overtaking, nearly), or of one order: the nearer edge, as before
    expect(decide({ ...me, orderHeading: east }, [{ ...crosser, orderHeading: { x: Math.sqrt(3) / 2, y: 0.5 } }], me.velocity).side).toBe(LEFT);
    expect(decide({ ...me, orderHeading: east }, [{ ...crosser, groupId: 1, orderHeading: north }], me.velocity).side).toBe(LEFT);
  });

  it('orders crossing give way to the right by walls too, but not within 4 m of a door on either unit\'s way (the door\'s rules decide there)', () => {
    const crosser = agent({ id: 2, groupId: 2, position: { x: 2.5, y: -3.5 }, velocity: { x: 0, y: 4 }, wanted: { x: 0, y: 4 }, orderHeading: { x: 0, y: 1 } });
    const me = agent({ id: 1, groupId: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, orderHeading: { x: 1, y: 0 } });
    const sideBy = (a: Agent, b: Agent): Side => {
      const sensing = createSensing();
      offerNeighbour(sensing, b, 0.5);
      // a wall 6 m to the north, along the agent's way: it is not in the open
      sensing.obstacles[0] = prepareShape({ type: 'box', x: 0, y: 6.5, width: 40, height: 1, angle: 0 });
      sensing.obstacleCount = 1;
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      rays.decide(decision, a, sensing, a.velocity, config);
      return decision.side;
    };
    // by the wall, as in the open: it passes behind the crosser (its right)
    expect(sideBy(me, crosser)).toBe(RIGHT);
    // a door 3 m ahead on its way, or on the crosser's: the nearer edge, ahead of it
    expect(sideBy({ ...me, doorDistance: 3 }, crosser)).toBe(LEFT);
    expect(sideBy(me, { ...crosser, doorDistance: 3 })).toBe(LEFT);
    expect(sideBy({ ...me, doorDistance: 5 }, crosser)).toBe(RIGHT);
  });

  it('of two blocks crossing at right angles, the one with the other on its right takes nine tenths of the avoidance, unless it is the heavier', () => {
    const me = agent({ id: 1, groupId: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, orderHeading: { x: 1, y: 0 }, orderSize: 30 });
    // the crosser, 8 m ahead and 7.5 m to the right, coming north, is at the crossing first
    const crosser = agent({ id: 2, groupId: 2, position: { x: 8, y: -7.5 }, velocity: { x: 0, y: 4 }, wanted: { x: 0, y: 4 }, orderHeading: { x: 0, y: 1 }, orderSize: 30 });
    // without the lean to the right (both would lean as far as the force allows)
    const change = (a: Agent, b: Agent): number => {
      const sensing = createSensing();
      offerNeighbour(sensing, b, 0.5);
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      rays.decide(decision, a, sensing, a.velocity, { ...config, keepRight: 0 });
      return (Math.hypot(decision.force.x, decision.force.y) * config.responseTime) / a.mass;
    };
    // the crosser comes from the agent's right: the agent gives way, the crosser walks on
    expect(change(me, crosser)).toBeGreaterThan(0.3);
    expect(change(me, crosser)).toBeGreaterThan(5 * change(crosser, me));
    // a vehicle (four times the mass) with the crosser on its right does not give way to it: the
    // masses decide, and the infantry makes way
    const vehicle = { ...me, radius: 0.9, mass: 4 * me.mass };
    expect(change(crosser, vehicle)).toBeGreaterThan(2 * change(vehicle, crosser));
    // lone units: equal shares
    const lone = change({ ...me, orderSize: 1 }, { ...crosser, orderSize: 1 }) / change({ ...crosser, orderSize: 1 }, { ...me, orderSize: 1 });
    expect(lone).toBeGreaterThan(0.9);
    expect(lone).toBeLessThan(1.1);
  });

  it('of two blocks converging at 45 degrees, the one with the other on its right takes nine tenths of the avoidance; lone units share it equally', () => {
    // heading east; a unit of another order 4.24 m to the right heads north-east: both would
    // reach (6, 0) in 1.5 s
    const northEast = { x: Math.SQRT1_2, y: Math.SQRT1_2 };
    const east = { x: 1, y: 0 };
    const me = agent({ id: 1, groupId: 1, position: { x: 0, y: 0 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, orderHeading: east });
    const merger = agent({ id: 2, groupId: 2, position: { x: 6 - 6 * northEast.x, y: -6 * northEast.y }, velocity: { x: 4 * northEast.x, y: 4 * northEast.y }, wanted: { x: 4 * northEast.x, y: 4 * northEast.y }, orderHeading: northEast });
    const change = (a: Agent, b: Agent): number => {
      const force = decide(a, [b], a.velocity).force;
      return (Math.hypot(force.x, force.y) * config.responseTime) / a.mass;
    };
    const blocks = (size: number): [number, number] => {
      const mine = { ...me, orderSize: size };
      const theirs = { ...merger, orderSize: size };
      return [change(mine, theirs), change(theirs, mine)];
    };
    const [giving, standing] = blocks(40);
    expect(giving).toBeGreaterThan(0.3);
    expect(giving).toBeGreaterThan(5 * standing);
    // lone units (and a lone unit against a block): equal shares, as between any equals
    const [loneA, loneB] = blocks(1);
    expect(loneA / loneB).toBeGreaterThan(0.9);
    expect(loneA / loneB).toBeLessThan(1.1);
    expect(change({ ...me, orderSize: 1 }, { ...merger, orderSize: 40 })).toBeCloseTo(loneA, 9);
  });

  it('two blocks of 100 converging at 45 degrees cross without one carrying the other along: every unit in, 95% within 22 s', () => {
    // seed 4: 18.7 s; with equal shares 26.6 s, the last units of the block giving way caught
    // inside the other after it stopped (the last in after 56 s). Over seeds 1-5: 18.7 to 21.4 s,
    // against 24.9 to 38.3 s.
    const result = runScenario(buildBuiltInScenario('crossing-45', { seed: 4, units: 200 }), { avoidance: 'rays', response: 'sideways' });
    expect(result.arrived).toBe(200);
    expect(result.p95TimeToGoal!).toBeLessThan(22);
  });

  it('three vehicles crossing a column of 60 soldiers of another order are not carried along it: at three timings each drifts under 10 m and all are in within 20 s', () => {
    // measured: 4.3, 7.6 and 6.7 m, in after 17.2, 17.0 and 17.0 s; taking the nearer edge, 24.7,
    // 37.7 and 13.1 m, in after 29.2, 39.4 and 18.7 s
    for (const startX of [4, 8, 12]) {
      const sim = createSimulation({ width: 60, height: 90 });
      const soldiers = Array.from({ length: 60 }, (_, i) => addUnit(sim, { x: 26 + (i % 6) * 1.2, y: 6 + Math.floor(i / 6) * 1.2, radius: 0.35, maxSpeed: 4 }));
      const vehicles = [0, 1, 2].map((k) => addUnit(sim, { x: startX, y: 40 + k * 2.6, radius: 0.9, maxSpeed: 3 }));
      issueOrder(sim, { kind: 'move', unitIds: soldiers, target: { x: 29, y: 80 } });
      issueOrder(sim, { kind: 'move', unitIds: vehicles, target: { x: 52, y: 42.6 } });
      let drift = 0;
      let arrived = -1;
      for (let tick = 0; tick < 60 * 20 && arrived < 0; tick++) {
        stepSimulation(sim);
        vehicles.forEach((id, k) => {
          drift = Math.max(drift, Math.abs(getUnit(sim, id)!.position.y - (40 + k * 2.6)));
        });
        if (vehicles.every((id) => getUnit(sim, id)!.task.kind === 'idle')) arrived = tick;
      }
      expect(drift).toBeLessThan(10);
      expect(arrived).toBeGreaterThan(0);
    }
  });

  it('queueing at a passage: the unit nearer the way through goes on, the one behind gives way as usual', () => {
    // two units of one order converge on a door's mouth from either side; they would touch in 1 s
    const up = { x: 1.73, y: 1 };
    const down = { x: 1.73, y: -1 };
    const first = (queueRank: number, groupId = 1) => agent({ id: 1, position: { x: -2, y: -1.55 }, velocity: up, queueRank, groupId });
    const second = (queueRank: number, groupId = 1) => agent({ id: 2, position: { x: -2, y: 1.55 }, velocity: down, queueRank, groupId });
    const size = (force: { x: number; y: number }) => Math.hypot(force.x, force.y);
    // not queueing: each gives way
    expect(size(decide(first(Infinity), [second(Infinity)], up).force)).toBeGreaterThan(10);
    // queueing, 1 m nearer the way through: the first walks on; the second answers as before
    expect(decide(first(2), [second(3)], up).force).toEqual({ x: 0, y: 0 });
    expect(decide(second(3), [first(2)], down)).toEqual(decide(second(Infinity), [first(Infinity)], down));
    // about level (within a quarter metre of route), or of different orders: both give way
    expect(size(decide(first(2.9), [second(3)], up).force)).toBeGreaterThan(10);
    expect(size(decide(first(2, 1), [second(3, 2)], up).force)).toBeGreaterThan(10);
  });

  it('queueing at a passage one unit wide: the one behind gives all of the way to the one nearer through', () => {
    // as above: two units of one order converge on a mouth, the first 1 m nearer the way through
    const up = { x: 1.73, y: 1 };
    const down = { x: 1.73, y: -1 };
    const first = agent({ id: 1, position: { x: -2, y: -1.55 }, velocity: up, queueRank: 2 });
    const second = (queueSingleFile: boolean, queueRank = 3) => agent({ id: 2, position: { x: -2, y: 1.55 }, velocity: down, queueRank, queueSingleFile });
    const size = (force: { x: number; y: number }) => Math.hypot(force.x, force.y);
    const asUsual = size(decide(second(false), [first], down).force);
    expect(asUsual).toBeGreaterThan(10);
    expect(size(decide(second(true), [first], down).force)).toBeGreaterThan(1.9 * asUsual);
    // about level with it, the one behind keeps its half
    expect(size(decide(second(true, 2.1), [first], down).force)).toBeCloseTo(size(decide(second(false, 2.1), [first], down).force), 9);
  });

  it('in the open, takes all of the avoidance behind a held-up unit of its own order; by a wall, half', () => {
    // a teammate 2.5 m ahead at 1 m/s: the agent at 4 m/s would touch it in half a second
    const slower = agent({ id: 2, position: { x: 2.5, y: 0 }, velocity: { x: 1, y: 0 } });
    const decideWith = (other: Agent, obstacle: boolean) => {
      const sensing = createSensing();
      offerNeighbour(sensing, other, 0.2);
      // a wall 30 m off: too far to leave a half-plane, but the agent is no longer in the open
      if (obstacle) {
        sensing.obstacles[0] = prepareShape({ type: 'box', x: 0, y: 30, width: 60, height: 1, angle: 0 });
        sensing.obstacleCount = 1;
      }
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      rays.decide(decision, eastbound, sensing, { x: 4, y: 0 }, config);
      return decision.force;
    };
    const open = decideWith(slower, false);
    const byWall = decideWith(slower, true);
    // twice the change of velocity: all of it instead of half
    expect(Math.hypot(open.x, open.y)).toBeGreaterThan(1.9 * Math.hypot(byWall.x, byWall.y));
    expect(Math.hypot(byWall.x, byWall.y)).toBeGreaterThan(10);
  });

  it('takes all of the avoidance behind a unit of its own order moving off its course (braking, turning back), half otherwise', () => {
    // a teammate 2 m ahead at 3 m/s (not held up): the agent at 4 m/s closes on it at 1 m/s
    const ahead = (wanted: { x: number; y: number }, groupId = 1) =>
      agent({ id: 2, position: { x: 2, y: 0.3 }, velocity: { x: 3, y: 0 }, wanted, groupId });
    const forceAgainst = (other: Agent) => {
      const sensing = createSensing();
      offerNeighbour(sensing, other, 0.3);
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      // without the lean to the right for units of other orders, so only the share differs
      rays.decide(decision, eastbound, sensing, { x: 4, y: 0 }, { ...config, keepRight: 0 });
      return Math.hypot(decision.force.x, decision.force.y);
    };
    const onCourse = forceAgainst(ahead({ x: 3, y: 0 }));
    expect(onCourse).toBeGreaterThan(10);
    // past its slot, it wants to go back: the agent behind gives it all the room
    expect(forceAgainst(ahead({ x: -4, y: 0 }))).toBeGreaterThan(1.9 * onCourse);
    // braking (it wants 2 m/s): the same
    expect(forceAgainst(ahead({ x: 2, y: 0 }))).toBeGreaterThan(1.9 * onCourse);
    // a unit of another order off its course: half, as usual
    expect(forceAgainst(ahead({ x: -4, y: 0 }, 2))).toBeCloseTo(onCourse, 6);
  });

  it('leans right for a threat of another order coming the other way, across or its way ahead, not for one converging at 45 degrees', () => {
    const decideWith = (other: Agent, keepRight: number) => {
      const sensing = createSensing();
      offerNeighbour(sensing, other, 0.3);
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      rays.decide(decision, eastbound, sensing, { x: 4, y: 0 }, { ...config, keepRight });
      return decision.force;
    };
    const leans = (other: Agent) => {
      const without = decideWith(other, 0);
      const withLean = decideWith(other, config.keepRight);
      return Math.hypot(withLean.x - without.x, withLean.y - without.y) > 1;
    };
    const velocity = (angle: number) => ({ x: 4 * Math.cos(angle), y: 4 * Math.sin(angle) });
    // coming in at `angle` to the agent's way (from its right), to meet it 2 m on
    const coming = (angle: number) =>
      agent({ id: 2, groupId: 2, position: { x: 2 - 2 * Math.cos(angle), y: -2 * Math.sin(angle) }, velocity: velocity(angle), wanted: velocity(angle) });
    expect(leans(agent({ id: 2, groupId: 2, position: { x: 3, y: 0.3 }, velocity: velocity(Math.PI), wanted: velocity(Math.PI) }))).toBe(true);
    expect(leans(agent({ id: 2, groupId: 2, position: { x: 4, y: 0.3 }, velocity: { x: 1, y: 0 }, wanted: { x: 1, y: 0 } }))).toBe(true);
    expect(leans(coming(Math.PI / 2))).toBe(true);
    expect(rays.isThreat(eastbound, coming(Math.PI / 4))).toBe(true);
    expect(leans(coming(Math.PI / 4))).toBe(false);
  });

  it('pressed behind a unit of its own order that leans, takes up nine tenths of its lean; not from one behind it, further off, or of another order', () => {
    // nothing of another order near: all the lean there is comes from the unit just ahead
    const decideBehind = (other: Agent) => {
      const sensing = createSensing();
      offerNeighbour(sensing, other, 1.2);
      const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
      rays.decide(decision, eastbound, sensing, { x: 4, y: 0 }, config);
      return decision;
    };
    // walking just ahead at the agent's velocity: nothing to avoid, so the force is the lean's alone
    const teammate = (x: number, lean: number, groupId = 1) => agent({ id: 2, groupId, position: { x, y: 0.2 }, velocity: { x: 4, y: 0 }, wanted: { x: 4, y: 0 }, lean });
    const pressed = decideBehind(teammate(1.6, 1));
    expect(pressed.lean).toBeCloseTo(0.9, 12);
    // and the lean turns its wanted velocity to its right (-y): the force pulls that way
    const straight = decideBehind(teammate(1.6, 0));
    expect(straight.lean).toBe(0);
    expect(pressed.force.y).toBeLessThan(straight.force.y - 10);
    expect(decideBehind(teammate(1.6, 0.5)).lean).toBeCloseTo(0.45, 12);
    // behind the agent, more than a metre ahead (edge to edge), or of another order: none
    expect(decideBehind(teammate(-1.6, 1)).lean).toBe(0);
    expect(decideBehind(teammate(2.6, 1)).lean).toBe(0);
    expect(decideBehind(teammate(1.6, 1, 2)).lean).toBe(0);
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
  const choose = (me: Agent, obstacles: ObstacleShape[], others: Agent[], want: { x: number; y: number }) => {
    const sensing = createSensing();
    for (const other of others) offerNeighbour(sensing, other, 0.5);
    for (const shape of obstacles) sensing.obstacles[sensing.obstacleCount++] = prepareShape(shape);
    const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
    rays.decide(decision, me, sensing, want, config);
    const gain = me.mass / config.responseTime;
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
      if (unitFast.sensing.threat.unit?.id === slow) sawIt = true;
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
      if (unit.sensing.threat.kind === 'unit' && unit.sensing.threat.unit?.id === standing) sawIt = true;
      if (unit.avoidSide !== NO_SIDE) avoided = true;
      closest = Math.min(closest, Math.hypot(unit.position.x - other.position.x, unit.position.y - other.position.y));
    });
    expect(sawIt).toBe(true);
    expect(avoided).toBe(true);
    expect(closest).toBeGreaterThan(1);
    expect(unit.position.x).toBeGreaterThan(29);
  });
});
