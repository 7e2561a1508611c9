import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, getUnit, issueOrder, removeUnit, listUnits, stepSimulation } from '../../src/index';
import { prepareShape } from '../../src/math/shapes';
import { NAV_CELL, addNavObstacle, createNavMap, roomAt } from '../../src/nav/navmap';
import { isNarrowPassageAt, passageAhead } from '../../src/nav/passages';
import { createRoute, navLayer, routeCost, steerPoint } from '../../src/nav/route';
import type { Column } from '../../src/steering/columns';
import { decide, sense } from '../../src/sim/phases';
import type { SimulationState, Situation } from '../../src/sim/state';
import { findSituation } from '../../src/situations/index';
import { internals, recordArrivals, recordEvents, runTicks, runUntilPlanned } from '../support';

/** The four walls of a 6 x 6 m room (1 m thick) centred on (cx, cy), no door. */
function room(cx: number, cy: number) {
  return [
    { type: 'box' as const, x: cx, y: cy - 3, width: 7, height: 1, angle: 0 },
    { type: 'box' as const, x: cx, y: cy + 3, width: 7, height: 1, angle: 0 },
    { type: 'box' as const, x: cx - 3, y: cy, width: 1, height: 7, angle: 0 },
    { type: 'box' as const, x: cx + 3, y: cy, width: 1, height: 7, angle: 0 },
  ];
}

/**
 * Runs `ticks` and returns the closest the unit's centre came to the surface of the 1 x 24 m
 * wall standing at x = 20 from the bottom edge to y = 24 (the wall of the first tests).
 */
function closestToTallWall(sim: ReturnType<typeof createSimulation>, unit: { position: { x: number; y: number } }, ticks: number): number {
  let closest = Infinity;
  runTicks(sim, ticks, () => {
    const dx = Math.max(0, Math.abs(unit.position.x - 20) - 0.5);
    const dy = Math.max(0, unit.position.y - 24);
    closest = Math.min(closest, Math.hypot(dx, dy));
  });
  return closest;
}

describe('routes around walls', () => {
  it('a unit ordered to the far side of a wall walks round it, without touching it, and arrives', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    const wallShape = { type: 'box' as const, x: 20, y: 12, width: 1, height: 24, angle: 0 };
    addObstacle(sim, wallShape);
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, id)!;
    const closest = closestToTallWall(sim, unit, 30 * 60);
    expect(arrivals.has(id)).toBe(true);
    expect(closest).toBeGreaterThan(unit.radius);
    // it went over the wall's free end, not through it
    expect(unit.position.x).toBeGreaterThan(30);
  });

  it('a target inside an obstacle moves to the nearest free ground beside it, and the unit arrives there', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    addObstacle(sim, { type: 'circle', x: 30, y: 10, radius: 2 });
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 30, y: 10 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 20 * 60);
    expect(arrivals.has(id)).toBe(true);
    const unit = getUnit(sim, id)!;
    const fromCentre = Math.hypot(unit.position.x - 30, unit.position.y - 10);
    expect(fromCentre).toBeGreaterThan(2 + unit.radius);
    expect(fromCentre).toBeLessThan(2 + unit.radius + 1);
  });

  it('a walled-in target: an unreachable event, and the units go to the closest point they can reach', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    for (const wallShape of room(30, 10)) addObstacle(sim, wallShape);
    const seen = recordEvents(sim);
    const ids = [addUnit(sim, { x: 5, y: 9 }), addUnit(sim, { x: 5, y: 11 })];
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 20 * 60);
    const unreachable = seen.filter((event) => event.type === 'unreachable');
    expect(unreachable).toHaveLength(1);
    const event = unreachable[0]!;
    expect(event.type === 'unreachable' && event.requested).toEqual({ x: 30, y: 10 });
    if (event.type !== 'unreachable') return;
    expect([...event.unitIds]).toEqual(ids);
    // outside the room, on the side the units came from
    expect(event.target.x).toBeLessThan(27);
    expect(event.target.x).toBeGreaterThan(25);
    for (const id of ids) {
      expect(arrivals.has(id)).toBe(true);
      const unit = getUnit(sim, id)!;
      expect(unit.position.x).toBeLessThan(27);
      expect(Number.isFinite(unit.position.x) && Number.isFinite(unit.position.y)).toBe(true);
    }
  });

  it('an obstacle added after the grid was built is routed round by the next order', () => {
    const sim = createSimulation({ width: 40, height: 30 });
    addObstacle(sim, { type: 'circle', x: 35, y: 25, radius: 1 });
    const id = addUnit(sim, { x: 5, y: 10 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 8, y: 10 } });
    runTicks(sim, 2 * 60);
    addObstacle(sim, { type: 'box', x: 20, y: 12, width: 1, height: 24, angle: 0 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 35, y: 10 } });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, id)!;
    const closest = closestToTallWall(sim, unit, 30 * 60);
    expect(arrivals.has(id)).toBe(true);
    // round the new wall's free end, keeping off it
    expect(closest).toBeGreaterThan(unit.radius);
  });

  it('finds the passages on a way: a door, a gap between rocks; not a lone wall or a wall\'s end', () => {
    // a 1 m thick wall across x = 20 with a 4 m door at y = 18..22, a lone wall along y = 35, and
    // two rocks 3 m apart at x = 40
    const map = createNavMap(60, 40);
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 20, y: 9, width: 1, height: 18, angle: 0 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 20, y: 26, width: 1, height: 8, angle: 0 }));
    addNavObstacle(map, 3, prepareShape({ type: 'box', x: 40, y: 36, width: 30, height: 1, angle: 0 }));
    addNavObstacle(map, 4, prepareShape({ type: 'circle', x: 40, y: 8, radius: 2 }));
    addNavObstacle(map, 5, prepareShape({ type: 'circle', x: 40, y: 15, radius: 2 }));
    const clearance = 0.65;
    // through the door from 8 m before it: it starts within the door's mouth, not in the open
    const door = passageAhead(map, clearance, 12, 20, 28, 20);
    expect(door).toBeGreaterThan(5.5);
    expect(door).toBeLessThan(8);
    // through the door at a slant, and from inside it
    expect(passageAhead(map, clearance, 14, 16, 26, 23)).toBeLessThan(8);
    expect(passageAhead(map, clearance, 20, 20, 28, 20)).toBe(0);
    // between the rocks (3 m apart, the room across bounded on both sides)
    expect(passageAhead(map, clearance, 34, 11.5, 46, 11.5)).toBeLessThan(6);
    // along the lone wall, 1 m off it; round the end of the wall with the door; in the open
    expect(passageAhead(map, clearance, 30, 34.5, 50, 34.5)).toBe(Infinity);
    expect(passageAhead(map, clearance, 18, 32, 22, 32)).toBe(Infinity);
    expect(passageAhead(map, clearance, 5, 5, 10, 30)).toBe(Infinity);
    // a segment shorter than a cell, and one of zero length, are never in a passage
    expect(passageAhead(map, clearance, 20, 20, 20, 20)).toBe(Infinity);
  });

  it('a unit in a gap, off its middle, looks on through the gap, not across to the free cells in the middle', () => {
    // two rocks 3 m thick leave a 2 m gap at x = 18.5..21.5, y = 19..21; the goal beyond it
    const map = createNavMap(40, 40);
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 20, y: 9.5, width: 3, height: 19, angle: 0 }));
    addNavObstacle(map, 2, prepareShape({ type: 'box', x: 20, y: 30.5, width: 3, height: 19, angle: 0 }));
    const route = createRoute(navLayer(map, 0.65), 30, 20);
    const waypoint = { x: NaN, y: NaN };
    // in the gap, 0.6 m from the lower rock: the disc (radius 0.5) fits, with less room than the
    // route keeps; it looks on through the gap instead of stepping across it to the middle
    expect(steerPoint(route, 20, 19.6, 12, waypoint)).toBe(true);
    expect(waypoint.x).toBeGreaterThan(21.5);
    // from free ground in front of the gap, as before
    expect(steerPoint(route, 16, 20, 12, waypoint)).toBe(true);
    expect(waypoint.x).toBeGreaterThan(21.5);
  });

  it("wherever a unit's disc fits by a gap's mouth, even two cells into the wall's margin by a corner, it has a route length (its queue rank and progress)", () => {
    let fits = 0;
    let twoDeep = 0;
    // the same 2 m gap between two rocks 3 m thick, shifted off the grid by a fraction of a cell
    for (const shift of [0, 0.06, 0.11, 0.17, 0.21]) {
      const west = 18.5 + shift;
      const south = 19 + shift;
      const map = createNavMap(40, 40);
      addNavObstacle(map, 1, prepareShape({ type: 'box', x: west + 1.5, y: south / 2, width: 3, height: south, angle: 0 }));
      addNavObstacle(map, 2, prepareShape({ type: 'box', x: west + 1.5, y: (south + 2 + 40) / 2, width: 3, height: 40 - south - 2, angle: 0 }));
      const route = createRoute(navLayer(map, 0.65), 30, 20);
      /** metres from (x, y) to the nearer rock (negative: inside one) */
      const toRocks = (x: number, y: number): number => {
        const dx = Math.max(west - x, 0, x - west - 3);
        if (dx === 0 && (y < south || y > south + 2)) return -1;
        return Math.min(Math.hypot(dx, Math.max(0, y - south)), Math.hypot(dx, Math.max(0, south + 2 - y)));
      };
      const free = (column: number, row: number): boolean => roomAt(map, column, row) >= 0.65;
      // the cells round the gap's west mouth and inside it
      for (let row = Math.floor((south - 1.5) / NAV_CELL); row < Math.ceil((south + 3.5) / NAV_CELL); row++) {
        for (let column = Math.floor((west - 2) / NAV_CELL); column < Math.ceil((west + 3) / NAV_CELL); column++) {
          const x = (column + 0.5) * NAV_CELL;
          const y = (row + 0.5) * NAV_CELL;
          if (toRocks(x, y) < 0) expect(routeCost(route, x, y)).toBe(Infinity);
          if (toRocks(x, y) <= 0.5) continue;
          fits++;
          expect(Number.isFinite(routeCost(route, x, y)), `shift ${shift}: (${x}, ${y})`).toBe(true);
          let ringOneFree = false;
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) ringOneFree ||= free(column + dx, row + dy);
          if (!ringOneFree) twoDeep++;
        }
      }
    }
    expect(fits).toBeGreaterThan(500);
    expect(twoDeep).toBeGreaterThan(0);
  });

  it('never routes through a thin wall, on a large map too', () => {
    // 600 x 400 m; a 0.2 m wall from the bottom to y = 300 at x = 300
    const map = createNavMap(600, 400);
    addNavObstacle(map, 1, prepareShape({ type: 'box', x: 300, y: 150, width: 0.2, height: 300, angle: 0.01 }));
    const route = createRoute(navLayer(map, 0.65), 310, 100);
    // from just the other side, the only way is round the wall's top end: at least 2 x 200 m
    const across = routeCost(route, 290, 100);
    expect(across).toBeGreaterThan(2 * Math.hypot(10, 200));
    expect(across).toBeLessThan(1.1 * 2 * Math.hypot(10, 205));
  });

  it('keeps a group\'s slots on the target\'s side of a wall, and every unit gets there', () => {
    // the target is 0.8 m from a thin wall: slots on its far side would be near in a straight line only
    const sim = createSimulation({ width: 60, height: 40 });
    addObstacle(sim, { type: 'box', x: 30, y: 17, width: 0.3, height: 34, angle: 0 });
    const ids = Array.from({ length: 20 }, (_, i) => addUnit(sim, { x: 5 + (i % 5) * 1.5, y: 10 + Math.floor(i / 5) * 1.5 }));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 29.2, y: 15 } });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 1);
    for (const id of ids) {
      const task = getUnit(sim, id)!.task;
      expect(task.kind === 'move' && task.target.x).toBeLessThan(30);
    }
    runTicks(sim, 40 * 60);
    for (const id of ids) expect(arrivals.has(id)).toBe(true);
  });

  it('an order whose units are all gone is dropped without harm', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    addObstacle(sim, { type: 'circle', x: 20, y: 10, radius: 2 });
    const id = addUnit(sim, { x: 5, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 30, y: 10 } });
    removeUnit(sim, id);
    expect(() => runTicks(sim, 2)).not.toThrow();
    expect(listUnits(sim)).toEqual([]);
  });
});

describe('turns at a door one unit wide', () => {
  /** The tick the unit came into a passage one unit wide (situations/single-file.ts), -1: none. */
  const enteredOf = (unit: { slot: number }): number => passageEnteredOf(unit.slot);
  let passageEnteredOf = (_slot: number): number => -1;
  /** Sets it (as if the unit had come in at `tick`). */
  let setEntered = (_unit: { slot: number }, _tick: number): void => {};
  /** Senses, then marks the turns at passages one unit wide (the single-file situation's plan). */
  function markTurns(state: SimulationState): void {
    sense(state);
    findSituation(state.situations, 'single-file').plan!(state);
  }
  /** Points the helpers above at the simulation's single-file situation. */
  function watchPassages(state: SimulationState): void {
    const entered = (findSituation(state.situations, 'single-file') as Situation & { entered: Column<Float64Array> }).entered;
    passageEnteredOf = (slot) => entered.data[slot]!;
    setEntered = (unit, tick) => {
      entered.data[unit.slot] = tick;
    };
  }

  /** A 2 m door in a wall at x = 15 (y 11..13), one unit walking through it from the west. */
  function unitInTheDoor() {
    const sim = createSimulation({ width: 30, height: 24 });
    addObstacle(sim, { type: 'box', x: 15, y: 5.5, width: 1, height: 11, angle: 0 });
    addObstacle(sim, { type: 'box', x: 15, y: 18.5, width: 1, height: 11, angle: 0 });
    const id = addUnit(sim, { x: 10, y: 12 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 25, y: 12 } });
    const unit = internals(sim).units.find((candidate) => candidate.id === id)!;
    watchPassages(internals(sim));
    let ticks = 0;
    while (enteredOf(unit) < 0 && ticks++ < 300) stepSimulation(sim);
    expect(enteredOf(unit)).toBeGreaterThanOrEqual(0);
    const route = unit.task.kind === 'move' ? unit.task.route! : null;
    return { sim, unit, layer: route!.layer };
  }

  /**
   * A 1.5 m door in a wall at x = 15 (y 11.25..12.75); a unit ordered east through it and one
   * ordered west, each put standing where given once their routes are planned, then sensed,
   * decided (which looks down the route for the passage) and sensed again (which marks the turns).
   */
  function twoOrdersAtADoor(eastboundAt: { x: number; y: number }, westboundAt: { x: number; y: number }) {
    // the single-file situation alone: the door's cells read as a door where orders take turns
    // from one side and as one unit wide from the other, and door-turns would hold one of the two
    // back as soon as both looked down their routes (a tick of planning earlier or later)
    const sim = createSimulation({ width: 30, height: 24, steering: { situations: { 'door-turns': false } } });
    addObstacle(sim, { type: 'box', x: 15, y: 5.625, width: 1, height: 11.25, angle: 0 });
    addObstacle(sim, { type: 'box', x: 15, y: 18.375, width: 1, height: 11.25, angle: 0 });
    const west = addUnit(sim, { x: 8, y: 12 });
    const east = addUnit(sim, { x: 22, y: 12 });
    issueOrder(sim, { kind: 'move', unitIds: [west], target: { x: 25, y: 12 } });
    issueOrder(sim, { kind: 'move', unitIds: [east], target: { x: 5, y: 12 } });
    runUntilPlanned(sim);
    const state = internals(sim);
    watchPassages(state);
    const [eastbound, westbound] = [west, east].map((id) => state.units.find((unit) => unit.id === id)!);
    for (const [unit, at] of [[eastbound!, eastboundAt], [westbound!, westboundAt]] as const) {
      unit.position.x = at.x;
      unit.position.y = at.y;
      unit.velocity.x = 0;
      unit.velocity.y = 0;
      unit.waypointTick = -1;
    }
    markTurns(state);
    decide(state);
    markTurns(state);
    return { state, eastbound: eastbound!, westbound: westbound! };
  }

  it('a unit shoved a little way back out of the door keeps the turn it came in at, for half a second', () => {
    const { sim, unit, layer } = unitInTheDoor();
    const state = internals(sim);
    const entered = enteredOf(unit);
    // (it was last seen in the door on the tick before: the turns are marked before the step)
    const seenAt = state.tick - 1;
    // just short of where the door's cells begin, still queueing for it
    let x = 14.5;
    while (isNarrowPassageAt(layer.map, layer.clearance, x, 12)) x -= 0.05;
    expect(x).toBeGreaterThan(12.5);
    unit.position.x = x - 0.1;
    unit.position.y = 12;
    markTurns(state);
    expect(unit.queueRank).toBeLessThan(Infinity);
    expect(enteredOf(unit)).toBe(entered);
    // still out of it more than half a second later: its turn is gone
    state.tick = seenAt + 31;
    markTurns(state);
    expect(enteredOf(unit)).toBe(-1);
  });

  it("a unit pressed aside into the wall's margin inside the door keeps its turn; one that has come out on the far side gives it up at once", () => {
    const { sim, unit, layer } = unitInTheDoor();
    const state = internals(sim);
    const entered = enteredOf(unit);
    // inside the door, 0.55 m from its south post: the disc fits, the cell is in the margin
    unit.position.x = 15;
    unit.position.y = 11.55;
    expect(isNarrowPassageAt(layer.map, layer.clearance, 15, 11.55)).toBe(false);
    expect(isNarrowPassageAt(layer.map, layer.clearance, 15, 11.55, true)).toBe(true);
    state.tick += 60;
    markTurns(state);
    expect(enteredOf(unit)).toBe(entered);
    // a unit with no turn does not start one there
    setEntered(unit, -1);
    markTurns(state);
    expect(enteredOf(unit)).toBe(-1);
    unit.position.y = 12;
    markTurns(state);
    expect(enteredOf(unit)).toBeGreaterThanOrEqual(0);
    // out on the far side
    unit.position.x = 16.6;
    markTurns(state);
    expect(enteredOf(unit)).toBe(-1);
  });

  it('two units of different orders face to face in a 1.5 m door: the one that came in later backs out, the other goes on', () => {
    // both in the door, 1.2 m apart, standing; the eastbound unit came in a few ticks earlier
    const { state, eastbound: first, westbound: second } = twoOrdersAtADoor({ x: 14.4, y: 12 }, { x: 15.6, y: 12 });
    expect(enteredOf(first)).toBeGreaterThanOrEqual(0);
    expect(enteredOf(second)).toBeGreaterThanOrEqual(0);
    expect(state.tick).toBeGreaterThan(0);
    setEntered(first, 0);
    setEntered(second, state.tick);
    decide(state);
    expect(first.wanting.x).toBeGreaterThan(1);
    expect(second.wanting.x).toBeGreaterThan(0);
    // and the other way round
    setEntered(first, state.tick);
    setEntered(second, 0);
    decide(state);
    expect(first.wanting.x).toBeLessThan(0);
    expect(second.wanting.x).toBeLessThan(-1);
  });

  it('a unit waiting at the mouth of a 1.5 m door steps across the way of one of another order coming out at it', () => {
    // the eastbound unit 1.3 m short of the door, a little north of its middle; the westbound in it
    const { state, eastbound: waiting, westbound: coming } = twoOrdersAtADoor({ x: 13.2, y: 12.3 }, { x: 14.8, y: 12 });
    expect(enteredOf(coming)).toBeGreaterThanOrEqual(0);
    expect(enteredOf(waiting)).toBe(-1);
    decide(state);
    // it waits (no step toward the door) and steps north, out of the other's way
    expect(waiting.wanting.x).toBeLessThanOrEqual(0);
    expect(waiting.wanting.y).toBeGreaterThan(1);
    // south of the middle, it steps south (moved where the sense phase left it: in the unit store)
    waiting.position.y = 11.7;
    state.store.position.data[2 * waiting.slot + 1] = 11.7;
    decide(state);
    expect(waiting.wanting.y).toBeLessThan(-1);
  });

  it('a lone unit goes through a door 1.4 m wide from wherever it starts, keeping no more personal space from the posts than its route keeps', () => {
    // with the usual 0.1 m of personal space, one coming at the door from 4 or 6 m off its middle
    // stood at its mouth for good (held off the post), and from 3 to 6 m below it took 20 s
    for (const startY of [14, 16, 18, 20.5, 23, 24, 26]) {
      const sim = createSimulation({ width: 50, height: 40 });
      addObstacle(sim, { type: 'box', x: 25, y: 9.65, width: 1, height: 19.3, angle: 0 });
      addObstacle(sim, { type: 'box', x: 25, y: 30.35, width: 1, height: 19.3, angle: 0 });
      const arrivals = recordArrivals(sim);
      const id = addUnit(sim, { x: 12, y: startY });
      issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 40, y: 20 } });
      runUntilPlanned(sim);
      const unit = internals(sim).units.find((candidate) => candidate.id === id)!;
      runTicks(sim, 1);
      // the narrow route keeps 0.05 m beyond the radius at the middles of its cells
      expect(unit.obstacleSpace).toBeCloseTo(0.05, 2);
      runTicks(sim, 60 * 12);
      expect(arrivals.has(id), `from y = ${startY}`).toBe(true);
    }
  });

  it('two groups of ten exchange sides through a door 1.6 m wide (too narrow for the routes\' margin): every unit arrives', () => {
    const sim = createSimulation({ width: 50, height: 40 });
    addObstacle(sim, { type: 'box', x: 25, y: 9.6, width: 1, height: 19.2, angle: 0 });
    addObstacle(sim, { type: 'box', x: 25, y: 30.4, width: 1, height: 19.2, angle: 0 });
    const events = recordEvents(sim);
    const arrivals = recordArrivals(sim);
    const west: number[] = [];
    const east: number[] = [];
    for (let k = 0; k < 10; k++) {
      west.push(addUnit(sim, { x: 10 + Math.floor(k / 4) * 1.2, y: 18.2 + (k % 4) * 1.2 }));
      east.push(addUnit(sim, { x: 40 - Math.floor(k / 4) * 1.2, y: 18.2 + (k % 4) * 1.2 }));
    }
    issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 40, y: 20 } });
    issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 10, y: 20 } });
    runTicks(sim, 60 * 90);
    expect(events.some((event) => event.type === 'unreachable')).toBe(false);
    expect(arrivals.size).toBe(20);
  });
});
