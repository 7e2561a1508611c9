import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, getUnit, hasPendingOrders, issueOrder, lastTickTiming, listUnits, onSimulationEvent, type Simulation, type SimulationEvent, stepSimulation } from '../../src/index';
import { type Random, createRandom } from '../../src/math/random';
import { LOOK_BUDGET, PLAN_BUDGET } from '../../src/sim/planning';
import { internals } from '../support';

/**
 * `count` rocks placed at random in the square from `from` to `to` metres: circles of radius 1 to
 * 3 m, or with `boxes`, about half of them rotated boxes.
 */
function scatterRocks(sim: Simulation, random: Random, count: number, from: number, to: number, boxes = false): void {
  for (let k = 0; k < count; k++) {
    const x = random.range(from, to);
    const y = random.range(from, to);
    if (boxes && random.next() >= 0.5) addObstacle(sim, { type: 'box', x, y, width: random.range(1, 10), height: random.range(1, 3), angle: random.range(0, Math.PI) });
    else addObstacle(sim, { type: 'circle', x, y, radius: random.range(1, 3) });
  }
}

describe('planning many orders at once', () => {
  it('50 group orders in one tick are planned over several ticks, each within the budget, while every unit already walks', () => {
    const random = createRandom(3);
    const sim = createSimulation({ width: 400, height: 400 });
    scatterRocks(sim, random, 300, 60, 380);
    const groups = Array.from({ length: 50 }, (_, g) =>
      Array.from({ length: 4 }, (_, k) => addUnit(sim, { x: 8 + (g % 10) * 4 + (k % 2) * 1.2, y: 8 + Math.floor(g / 10) * 4 + Math.floor(k / 2) * 1.2 })),
    );
    for (const unitIds of groups) issueOrder(sim, { kind: 'move', unitIds, target: { x: random.range(200, 380), y: random.range(200, 380) } });
    let ticks = 0;
    let worst = 0;
    let total = 0;
    while (hasPendingOrders(sim)) {
      stepSimulation(sim);
      ticks++;
      // the budget, and at most the one step under way when it ran out: a side settled (its
      // tile searched and the four tiles beside it filled with their obstacles) or a route begun
      // (the goal's tiles filled and searched), each well under 70,000
      worst = Math.max(worst, lastTickTiming(sim).planWork);
      total += lastTickTiming(sim).planWork;
      if (ticks === 30) {
        // orders still waiting for their routes already walk toward their targets
        expect(listUnits(sim).every((unit) => Math.hypot(unit.velocity.x, unit.velocity.y) > 0.3)).toBe(true);
      }
      expect(ticks).toBeLessThan(2000);
    }
    expect(ticks).toBeGreaterThan(30);
    expect(worst).toBeLessThan(PLAN_BUDGET + 70_000);
    // all of it in one tick would have been this much
    expect(total).toBeGreaterThan(20 * (PLAN_BUDGET + 70_000));
    expect(internals(sim).units.every((unit) => unit.task.kind === 'move' && !unit.task.waiting && unit.task.route !== null)).toBe(true);
  });

  it('a group sent into a room walled in across a big map: the nearest point outside and the slots round it are searched within the budget too', () => {
    // Asking the route about ground in the room (the units' cells from the target's side, the
    // room's cells from the units' side and from the point outside) once had the search cover all
    // the ground it could reach in one tick: some 21 million cells of work here.
    const random = createRandom(5);
    const sim = createSimulation({ width: 300, height: 300 });
    scatterRocks(sim, random, 200, 40, 260);
    addObstacle(sim, { type: 'box', x: 270, y: 264, width: 13, height: 1 });
    addObstacle(sim, { type: 'box', x: 270, y: 276, width: 13, height: 1 });
    addObstacle(sim, { type: 'box', x: 264, y: 270, width: 1, height: 13 });
    addObstacle(sim, { type: 'box', x: 276, y: 270, width: 1, height: 13 });
    const ids = Array.from({ length: 20 }, (_, k) => addUnit(sim, { x: 10 + (k % 5) * 1.5, y: 10 + Math.floor(k / 5) * 1.5 }));
    const events: SimulationEvent[] = [];
    onSimulationEvent(sim, (event) => events.push(event));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 270, y: 270 } });
    let ticks = 0;
    let worst = 0;
    while (hasPendingOrders(sim)) {
      stepSimulation(sim);
      ticks++;
      worst = Math.max(worst, lastTickTiming(sim).planWork);
      expect(ticks).toBeLessThan(1000);
    }
    expect(worst).toBeLessThan(PLAN_BUDGET + 70_000);
    const unreachable = events.filter((event) => event.type === 'unreachable');
    expect(unreachable).toHaveLength(1);
    const event = unreachable[0]!;
    if (event.type !== 'unreachable') return;
    // outside the room, next to it
    const outside = Math.max(Math.abs(event.target.x - 270), Math.abs(event.target.y - 270));
    expect(outside).toBeGreaterThan(6.5);
    expect(outside).toBeLessThan(9);
    for (const id of ids) {
      const task = internals(sim).unitsById.get(id)!.task;
      expect(task.kind === 'move' && !task.waiting).toBe(true);
      if (task.kind !== 'move') continue;
      // every slot outside the room's walls
      expect(Math.max(Math.abs(task.target.x - 270), Math.abs(task.target.y - 270))).toBeGreaterThan(6.5);
      expect(getUnit(sim, id)).toBeDefined();
    }
  });

  it('looks down routes outside the planner make at most a budget of tiles a tick; the planner makes the rest, and every unit arrives', () => {
    // A unit looks down its route for its waypoint every quarter second, and a look reading a
    // tile not made yet makes it. Here the group's first look from its corner once asked 1.9
    // million units of work in one tick (the tile beside the start, far from where the route's
    // search had been); now looks stop at LOOK_BUDGET a tick, read what is not made as not
    // reached, and the planner makes it the next tick.
    const random = createRandom(1);
    const sim = createSimulation({ width: 200, height: 200 });
    scatterRocks(sim, random, 150, 30, 190, true);
    const ids = Array.from({ length: 20 }, (_, k) => addUnit(sim, { x: 8 + (k % 5) * 1.5, y: 8 + Math.floor(k / 5) * 1.5 }));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 185, y: 185 } });
    const map = internals(sim).navMap;
    let worstOutside = 0;
    for (let tick = 0; tick < 75 * 60; tick++) {
      const before = map.work;
      stepSimulation(sim);
      worstOutside = Math.max(worstOutside, map.work - before - lastTickTiming(sim).planWork);
    }
    // the budget was reached (the first look), and passed by at most the step under way
    expect(worstOutside).toBeGreaterThanOrEqual(LOOK_BUDGET);
    expect(worstOutside).toBeLessThan(LOOK_BUDGET + 70_000);
    expect(ids.every((id) => internals(sim).unitsById.get(id)!.task.kind === 'idle')).toBe(true);
  });
});
