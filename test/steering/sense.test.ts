/**
 * The sense phase (src/steering/sense.ts) run through a real simulation: which hit becomes the
 * threat. Candidates come in grid order (units) or list order (obstacles), so every case is
 * built both ways round.
 */
import { describe, expect, it } from 'vitest';
import {
  RAY_CENTRE,
  RAY_LEFT,
  RAY_RELATIVE,
  addObstacle,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  listUnits,
  removeUnit,
  stepSimulation,
  updateSteeringConfig,
} from '../../src/index';
import { buildBenchArmy } from '../../src/scenarios/builtins';
import { createScenarioSimulation } from '../../src/scenarios/run';
import { createCellGrid, sortIntoCells } from '../../src/spatial/grid';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';
import { type SenseWorld, createUnitPack, packUnits } from '../../src/steering/pack';
import { senseUnit } from '../../src/steering/sense';
import { type Sensing, createSensing } from '../../src/steering/sensing';
import { raysAvoidance } from '../../src/steering/strategies/rays';
import { internals, runTicks, speedOf } from '../support';
import { storeOf, testUnit } from './units';

/** The id of the unit at `slot` (as the sense phase names units: its place in creation order); -1 for none. */
function idAt(sim: ReturnType<typeof createSimulation>, slot: number): number {
  return listUnits(sim)[slot]?.id ?? -1;
}


/**
 * Every case builds a runner at (2, 10) with a look-ahead near 0 and the two things to choose
 * between; `runUntilSeen` runs it east along y = 10 until it is at speed, then sets the
 * look-ahead to 1 s in one go, so both come into reach on the same tick.
 */
function runUntilSeen(sim: ReturnType<typeof createSimulation>, runner: number) {
  issueOrder(sim, { kind: 'move', unitIds: [runner], target: { x: 38, y: 10 } });
  const unit = getUnit(sim, runner)!;
  while (unit.position.x < 10.5) stepSimulation(sim);
  expect(unit.sensing.threat.kind).toBe('none');
  expect(speedOf(unit)).toBeCloseTo(4, 6);
  updateSteeringConfig(sim, { lookAheadTime: 1, avoidHorizon: 1 });
  const seenX = unit.position.x;
  const seenSpeed = speedOf(unit);
  stepSimulation(sim);
  return { threat: unit.sensing.threat, rays: unit.sensing.rays, seenX, reach: seenSpeed };
}

describe('the threat is the unit the runner will touch soonest, whatever order candidates come in', () => {
  for (const order of ['near-first', 'far-first'] as const) {
    it(`keeps the nearer of two standing units on its line, both in one grid cell (${order})`, () => {
      const sim = createSimulation({ width: 40, height: 20, steering: { lookAheadTime: 0.01, avoidHorizon: 0.01 }, navigation: false });
      const runner = addUnit(sim, { x: 2, y: 10 });
      // x = 12.2 and 13.8 share the 2 m cell [12, 14): the grid hands them over in creation order
      const places = order === 'near-first' ? [{ x: 12.2, y: 10.1 }, { x: 13.8, y: 10 }] : [{ x: 13.8, y: 10 }, { x: 12.2, y: 10.1 }];
      const created = places.map((place) => addUnit(sim, place));
      const nearId = order === 'near-first' ? created[0] : created[1];
      const { threat, seenX, reach } = runUntilSeen(sim, runner);
      // contact distance 1 m plus 0.1 m clearance: the far unit is entered at 12.7 m, in reach
      expect(seenX + reach).toBeGreaterThan(13.8 - 1.1);
      expect(threat.kind).toBe('unit');
      expect(idAt(sim, threat.unit)).toBe(nearId);
      expect(threat.ray).toBe(RAY_RELATIVE);
      const entry = 12.2 - Math.sqrt(1.1 ** 2 - 0.1 ** 2);
      expect(threat.fraction).toBeCloseTo((entry - seenX) / reach, 9);
      // where the runner will be when it gets there
      expect(threat.point.x).toBeCloseTo(entry, 9);
    });

    it(`keeps a unit off its line that it will graze sooner over one on its line further on (${order})`, () => {
      // the near unit at y = 10.9 is entered at x = 13 - sqrt(1.1^2 - 0.9^2); the far one at 13.1
      const sim = createSimulation({ width: 40, height: 20, steering: { lookAheadTime: 0.01, avoidHorizon: 0.01 }, navigation: false });
      const runner = addUnit(sim, { x: 2, y: 10 });
      const places = order === 'near-first' ? [{ x: 13, y: 10.9 }, { x: 14.2, y: 10 }] : [{ x: 14.2, y: 10 }, { x: 13, y: 10.9 }];
      const created = places.map((place) => addUnit(sim, place));
      const nearId = order === 'near-first' ? created[0] : created[1];
      const { threat, seenX, reach } = runUntilSeen(sim, runner);
      expect(seenX + reach).toBeGreaterThan(14.2 - 1.1);
      expect(idAt(sim, threat.unit)).toBe(nearId);
      expect(threat.fraction).toBeCloseTo((13 - Math.sqrt(1.1 ** 2 - 0.9 ** 2) - seenX) / reach, 9);
    });
  }
});

describe('the ring search stops early only when nothing further can be sooner', () => {
  it('finds a fast unit coming head-on from rings away that will be touched before a near slow one ahead', () => {
    const sim = createSimulation({ width: 60, height: 20, steering: { lookAheadTime: 0.01, avoidHorizon: 0.01 } });
    const runner = addUnit(sim, { x: 2, y: 10 });
    // 2.4 m ahead of the runner's stopping point: a unit walking the same way at 1 m/s...
    const slow = addUnit(sim, { x: 14, y: 10, maxSpeed: 1 });
    // ...and, 12 m further (six grid rings), one coming straight at it at 4 m/s
    const fast = addUnit(sim, { x: 26, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [slow], target: { x: 58, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [fast], target: { x: 1, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: [runner], target: { x: 58, y: 10 } });
    const unit = getUnit(sim, runner)!;
    const slowUnit = getUnit(sim, slow)!;
    const fastUnit = getUnit(sim, fast)!;
    while (unit.position.x < 8) stepSimulation(sim);
    updateSteeringConfig(sim, { lookAheadTime: 1.5, avoidHorizon: 1.5 });
    const gapToSlow = slowUnit.position.x - unit.position.x - 1.1;
    const gapToFast = fastUnit.position.x - unit.position.x - 1.1;
    const closingSlow = speedOf(unit) - speedOf(slowUnit);
    const closingFast = speedOf(unit) + speedOf(fastUnit);
    // the set-up really is the hard case: the far unit is the sooner one
    expect(gapToFast / closingFast).toBeLessThan(gapToSlow / closingSlow);
    expect(gapToFast / closingFast).toBeLessThan(1.5);
    stepSimulation(sim);
    expect(idAt(sim, unit.sensing.threat.unit)).toBe(fast);
  });
});

describe('obstacles: the closest hit over the three rays, whatever order they were added in', () => {
  for (const order of ['near-first', 'far-first'] as const) {
    it(`keeps a near hit on the left ray over a farther hit on the centre ray (${order})`, () => {
      // circles of radius 0.5 seen 0.1 m larger. The near one at y = 10.9 is 0.4 m from the left
      // ray (y = 10.5) and 0.9 m from the centre ray: only the left ray meets it, at
      // x = 13 - sqrt(0.6^2 - 0.4^2)
      const sim = createSimulation({ width: 40, height: 20, steering: { lookAheadTime: 0.01, avoidHorizon: 0.01 }, navigation: false });
      const runner = addUnit(sim, { x: 2, y: 10 });
      const near = { type: 'circle' as const, x: 13, y: 10.9, radius: 0.5 };
      const far = { type: 'circle' as const, x: 14.2, y: 10, radius: 0.5 };
      const created = (order === 'near-first' ? [near, far] : [far, near]).map((shape) => addObstacle(sim, shape));
      const nearId = order === 'near-first' ? created[0] : created[1];
      const { threat, rays, seenX, reach } = runUntilSeen(sim, runner);
      const leftEntry = 13 - Math.sqrt(0.6 * 0.6 - 0.4 * 0.4);
      const centreEntry = 14.2 - 0.6;
      expect(seenX + reach).toBeGreaterThan(centreEntry);
      expect(threat.kind).toBe('obstacle');
      expect(threat.obstacleId).toBe(nearId);
      expect(threat.ray).toBe(RAY_LEFT);
      expect(threat.fraction).toBeCloseTo((leftEntry - seenX) / reach, 9);
      expect(rays[RAY_CENTRE]!.hitFraction).toBeCloseTo((centreEntry - seenX) / reach, 9);
    });
  }

  it('sees a box corner that passes between the rays, with the personal-space margin', () => {
    // a box whose corner pokes to y = 10.55, between the left ray (10.5) and the unit's edge
    // plus margin (10.6): the left ray, moved out by the 0.1 m margin to 10.6, meets it
    const sim = createSimulation({ width: 40, height: 20, steering: { lookAheadTime: 0.01, avoidHorizon: 0.01 }, navigation: false });
    const runner = addUnit(sim, { x: 2, y: 10 });
    const box = addObstacle(sim, { type: 'box', x: 14, y: 10.55 + 0.5, width: 1, height: 1, angle: 0 });
    const { threat, seenX, reach } = runUntilSeen(sim, runner);
    expect(threat.kind).toBe('obstacle');
    expect(threat.obstacleId).toBe(box);
    expect(threat.ray).toBe(RAY_LEFT);
    expect(threat.fraction).toBeCloseTo((13.5 - seenX) / reach, 9);
  });
});

describe('neighbours between searches', () => {
  it('a removed unit is nobody\'s neighbour on the next tick, and a unit added is found at once', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const west = [0, 1, 2, 3].map((row) => addUnit(sim, { x: 5, y: 7 + 2 * row }));
    const east = [0, 1, 2, 3].map((row) => addUnit(sim, { x: 35, y: 7 + 2 * row }));
    issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 35, y: 10 } });
    issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 5, y: 10 } });
    for (let tick = 0; tick < 120; tick++) stepSimulation(sim);
    const neighboursOf = (id: number): number[] => {
      const sensing = getUnit(sim, id)!.sensing;
      return Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount), (slot) => idAt(sim, slot));
    };
    const known = east[1]!;
    expect(west.some((id) => neighboursOf(id).includes(known))).toBe(true);
    removeUnit(sim, known);
    stepSimulation(sim);
    for (const unit of listUnits(sim)) expect(neighboursOf(unit.id)).not.toContain(known);
    // a newcomer right in front of the west group is a neighbour of its front units on the next tick
    const front = getUnit(sim, west[1]!)!;
    const newcomer = addUnit(sim, { x: front.position.x + 3, y: front.position.y });
    stepSimulation(sim);
    expect(neighboursOf(west[1]!)).toContain(newcomer);
  });
});

/**
 * The simulation's sense world, and beside it the same units in a grid of a single cell, where
 * every unit is tested and nothing is ruled out; both sorted and packed as the units stand now
 * (the simulation's grid was sorted before the last step).
 */
function prunedAndWhole(world: SenseWorld): { world: SenseWorld; whole: SenseWorld } {
  const width = world.grid.columns * world.grid.cellSize;
  const height = world.grid.rows * world.grid.cellSize;
  const whole: SenseWorld = { ...world, grid: createCellGrid(width, height, Math.max(width, height) + 1), pack: createUnitPack() };
  for (const each of [world, whole]) {
    sortIntoCells(each.grid, world.units.position.data, world.count);
    packUnits(each);
  }
  return { world, whole };
}

describe('the pruned neighbour search', () => {
  it('finds the same neighbours, keys and threat as testing every unit, beside standing blocks and in a head-on crowd', () => {
    // 600 units: 200 crossing head-on in a lane between two standing blocks (the benchmark's
    // standing army), after the lane has met; and the same units in a grid of a single cell,
    // where every unit is tested and nothing is ruled out
    const { sim } = createScenarioSimulation(buildBenchArmy(600, 200), { avoidance: 'rays', response: 'sideways' });
    const state = internals(sim);
    // the crossing units: the ones under a move order once it is applied, on the first tick
    runTicks(sim, 1);
    const crossing = new Set(state.units.filter((unit) => unit.task.kind === 'move').map((unit) => unit.id));
    expect(crossing.size).toBe(200);
    runTicks(sim, 239);
    const { world, whole } = prunedAndWhole(state.senseWorld);
    let compared = 0;
    let threats = 0;
    for (const unit of state.units) {
      // each crossing unit, on its way or (the first few) already standing at its slot
      if (!crossing.has(unit.id)) continue;
      const pruned = createSensing();
      const every = createSensing();
      senseUnit(world, unit.slot, pruned, state.strategy, state.config, true, true);
      senseUnit(whole, unit.slot, every, state.strategy, state.config, true, true);
      const list = (sensing: Sensing) => Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount), (other, index) => `${other}:${sensing.neighbourKeys[index]}`);
      expect(list(pruned)).toEqual(list(every));
      expect(pruned.threat.unit).toBe(every.threat.unit);
      expect(pruned.threat.fraction).toBe(every.threat.fraction);
      expect(pruned.crowding.x).toBeCloseTo(every.crowding.x, 9);
      expect(pruned.crowding.y).toBeCloseTo(every.crowding.y, 9);
      compared++;
      if (every.threat.kind === 'unit') threats++;
    }
    expect(compared).toBe(200);
    // the lane has met: most movers have a unit threat to answer
    expect(threats).toBeGreaterThan(100);
  });

  it('finds the same for standing units too, with personal space wider than the separation reach', () => {
    // standing units key a unit inside their personal space among the threats: with a personal
    // space of 0.6 m (past the 0.25 m separation reach) such units lie in cells the search may
    // rule out, so its bounds must use the same key
    const { sim } = createScenarioSimulation(buildBenchArmy(600, 200), { avoidance: 'rays', response: 'sideways', steering: { avoidClearance: 0.6 } });
    const state = internals(sim);
    runTicks(sim, 240);
    const { world, whole } = prunedAndWhole(state.senseWorld);
    let pressed = 0;
    for (const unit of state.units) {
      if (unit.task.kind !== 'idle') continue;
      const pruned = createSensing();
      const every = createSensing();
      senseUnit(world, unit.slot, pruned, state.strategy, state.config, true, true);
      senseUnit(whole, unit.slot, every, state.strategy, state.config, true, true);
      // the same keys, and the same units but for ties: units keyed alike (many at 0 with this much
      // personal space, and the unjittered blocks' equal gaps) come in the order the two grids
      // hand them over, and of two tied for the last place the first one offered keeps it
      const keys = (sensing: Sensing) => sensing.neighbourKeys.slice(0, sensing.neighbourCount).sort((a, b) => a - b);
      expect(keys(pruned)).toEqual(keys(every));
      const last = every.neighbourCount === 10 ? every.neighbourKeys[9]! : Infinity;
      const untied = (sensing: Sensing) =>
        Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount))
          .filter((_, index) => sensing.neighbourKeys[index]! !== last)
          .sort((a, b) => a - b);
      expect(untied(pruned)).toEqual(untied(every));
      for (let index = 0; index < every.neighbourCount; index++) {
        const other = state.units[every.neighbours[index]!]!;
        const gap = Math.hypot(other.position.x - unit.position.x, other.position.y - unit.position.y) - unit.radius - other.radius;
        if (gap >= 0.25 && gap < 0.6 && every.neighbourKeys[index]! < 1) pressed++;
      }
    }
    // standing units beside the lane, pressed by it: some have such a neighbour past the
    // separation reach, keyed below 1
    expect(pressed).toBeGreaterThan(0);
  });
});

describe('a unit pressed against the agent', () => {
  it('stays among its neighbours when a column coming at it fills the list with threats', () => {
    // a standing unit (making way, it answers everyone) with another standing 4 cm north of it
    // (neither closing in on the other),
    // and twelve units of a column 7 to 13 m west coming east at it: each a threat within the
    // look-ahead, keyed below 1. The pressed one, not a threat, is keyed by its gap, but inside
    // personal space among the threats about to touch, so it is not crowded out of the ten.
    const agentOf = (id: number, x: number, y: number, vx: number) =>
      testUnit({ id, groupId: vx === 0 ? 0 : 1, wanted: { x: vx, y: 0 }, position: { x, y }, velocity: { x: vx, y: 0 } });
    const column = Array.from({ length: 12 }, (_, k) => agentOf(3 + k, 22 - 1.2 * Math.floor(k / 2), k % 2 === 0 ? 14.6 : 15.4, 4));
    // the standing unit at slot 0, the pressed one at slot 1, the column after them
    const units = storeOf([agentOf(1, 30, 15, 0), agentOf(2, 30, 16.04, 0), ...column]);
    const world: SenseWorld = {
      units,
      count: 14,
      grid: createCellGrid(60, 30, 2),
      obstacles: [],
      walls: [],
      castUnitRay: () => undefined,
      pack: createUnitPack(),
      obstacleVersion: 0,
      maxRadius: 0.5,
      maxSpeed: 4,
    };
    sortIntoCells(world.grid, units.position.data, world.count);
    packUnits(world);
    const sensing = createSensing();
    senseUnit(world, 0, sensing, raysAvoidance, DEFAULT_STEERING_CONFIG, true, true);
    const listed = Array.from(sensing.neighbours.subarray(0, sensing.neighbourCount));
    const keys = sensing.neighbourKeys.slice(0, sensing.neighbourCount);
    expect(sensing.neighbourCount).toBe(10);
    // the list is full of the column's units, every one a threat
    expect(listed.filter((slot) => units.group.data[slot] === 1).length).toBe(9);
    expect(keys.every((key) => key < 1)).toBe(true);
    // and the pressed unit is in it, first: nothing of the column is as near
    expect(listed[0]).toBe(1);
    expect(keys[0]).toBeCloseTo(0.04 / (DEFAULT_STEERING_CONFIG.avoidHorizon * 8), 9);
  });
});
