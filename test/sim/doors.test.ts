import { describe, expect, it } from 'vitest';
import { type Simulation, addObstacle, addUnit, createSimulation, issueOrder, listUnits, updateUnit } from '../../src/index';
import { buildOverlays } from '../../src/render/snapshot';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { createScenarioSimulation } from '../../src/scenarios/run';
import { stateOf } from '../../src/sim/state';
import { doorTurnsOf, recordArrivals, recordEvents, runTicks } from '../support';

/** Runs the built-in until every unit arrived (or `ticks` ran); per team, the seconds at which
 * each of its units first stood on the other side of the wall at x = `wallX`. */
function crossings(sim: Simulation, wallX: number, ticks: number, afterTick?: () => void): { crossed: number[][]; arrived: number; units: number } {
  const units = listUnits(sim);
  const startSide = new Map(units.map((unit) => [unit.id, Math.sign(unit.position.x - wallX)]));
  const crossed: number[][] = [[], []];
  const seen = new Set<number>();
  const arrivals = recordArrivals(sim);
  runTicks(sim, ticks, (tick) => {
    for (const unit of listUnits(sim)) {
      if (seen.has(unit.id) || Math.sign(unit.position.x - wallX) === startSide.get(unit.id)) continue;
      seen.add(unit.id);
      crossed[unit.team]!.push(tick / 60);
    }
    afterTick?.();
  });
  return { crossed, arrived: arrivals.size, units: units.length };
}

describe('orders coming to a door from opposite sides take turns (src/situations/door-turns.ts)', () => {
  it('in the doorway, one group goes through while the other waits aside, then the other', () => {
    for (const seed of [1, 2]) {
      const scenario = buildBuiltInScenario('doorway', { seed });
      const { sim } = createScenarioSimulation(scenario, { avoidance: 'rays', response: 'sideways' });
      const events = recordEvents(sim);
      const { crossed, arrived, units } = crossings(sim, scenario.world.width / 2, 40 * 60);
      const [first, second] = crossed[0]![0]! < crossed[1]![0]! ? [crossed[0]!, crossed[1]!] : [crossed[1]!, crossed[0]!];
      expect(first.length).toBe(20);
      expect(second.length).toBe(20);
      // every unit of the second group comes through after the last of the first (without
      // turns both groups pushed into the door at once: on seed 1 the first group's last unit
      // came through at 29.7 s, the second group's first at 8.2 s)
      expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
      // measured on seeds 1 and 2: the first group through by 6.7 s and 6.5 s, the second by 19.2 s and 14.1 s
      expect(Math.max(...second)).toBeLessThan(25);
      expect(arrived).toBe(units);
      // holding back for the other group's turn is not being stuck
      expect(events.filter((event) => event.type === 'stuck')).toEqual([]);
    }
  });

  it('a door 6 m wide (open ground to the queues) takes turns too: two blocks of 49 exchange sides through it', () => {
    // a wall across a 60 x 40 m field at x = 30, its door from y = 17 to 23
    const sim = createSimulation({ width: 60, height: 40 });
    addObstacle(sim, { type: 'box', x: 30, y: 8.5, width: 1, height: 17 });
    addObstacle(sim, { type: 'box', x: 30, y: 31.5, width: 1, height: 17 });
    const west: number[] = [];
    const east: number[] = [];
    for (let k = 0; k < 49; k++) {
      west.push(addUnit(sim, { x: 8 + Math.floor(k / 7) * 1.5, y: 15.5 + (k % 7) * 1.5, team: 0 }));
      east.push(addUnit(sim, { x: 52 - Math.floor(k / 7) * 1.5, y: 15.5 + (k % 7) * 1.5, team: 1 }));
    }
    issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 50, y: 20 } });
    issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 10, y: 20 } });
    let doors = 0;
    const { crossed, arrived, units } = crossings(sim, 30, 45 * 60, () => {
      doors = Math.max(doors, doorTurnsOf(sim).filter((door) => door.holder !== 0).length);
    });
    // one door with a turn (its two streams' points 5 m apart made two doors, each with a turn of
    // its own)
    expect(doors).toBe(1);
    // all in (measured 33.4 s); before, the door was open ground and both blocks pressed into
    // it at once: 47 of 98 in after 45 s
    expect(arrived).toBe(units);
    const [first, second] = crossed[0]![0]! < crossed[1]![0]! ? [crossed[0]!, crossed[1]!] : [crossed[1]!, crossed[0]!];
    // the second block's first unit comes through after nine in ten of the first's (measured:
    // the first through from 3.5 to 13.5 s, the second from 12.8 s)
    expect(Math.min(...second)).toBeGreaterThan([...first].sort((a, b) => a - b)[43]!);
  });

  it('finds the door and whose turn it is, and the page overlay marks it', () => {
    const scenario = buildBuiltInScenario('doorway', { seed: 1 });
    const { sim } = createScenarioSimulation(scenario, { avoidance: 'rays', response: 'sideways' });
    runTicks(sim, 120);
    const doors = doorTurnsOf(sim);
    expect(doors.length).toBe(1);
    const [door] = doors;
    // the door is in the middle of the wall (1 m thick), both orders at it from opposite sides
    expect(Math.abs(door!.centre.x - scenario.world.width / 2)).toBeLessThan(1.5);
    expect(Math.abs(door!.centre.y - scenario.world.height / 2)).toBeLessThan(1.5);
    expect(door!.orders.length).toBe(2);
    const [a, b] = door!.orders;
    expect(a!.way.x * b!.way.x + a!.way.y * b!.way.y).toBeLessThan(-0.9);
    expect([a!.orderId, b!.orderId]).toContain(door!.holder);
    const request = { routes: false, rays: false, forces: false, sides: false, velocity: false, blocks: true, selected: [] };
    // no blocks in a door (units on routes take no step aside): a square and the way through
    expect(buildOverlays(sim, request).blocks.length).toBe(5 * 4);
    expect(buildOverlays(sim, { ...request, blocks: false }).blocks.length).toBe(0);
  });

  it('a turn lapses when the order holding it gets nobody through for 5 s: the others go', () => {
    const scenario = buildBuiltInScenario('doorway', { seed: 1 });
    const { sim } = createScenarioSimulation(scenario, { avoidance: 'rays', response: 'sideways' });
    runTicks(sim, 60);
    const holder = doorTurnsOf(sim)[0]!.holder;
    expect(holder).not.toBe(0);
    // the order with the turn all but stops where it stands, short of the door
    const team = (id: number) => listUnits(sim).find((unit) => unit.id === id)!.team;
    const holderUnits = listUnits(sim).filter((unit) => unit.task.kind === 'move' && unit.task.orderId === holder);
    for (const unit of holderUnits) updateUnit(sim, unit.id, { maxSpeed: 0.01 });
    const waitingTeam = 1 - team(holderUnits[0]!.id);
    const wallX = scenario.world.width / 2;
    const waiting = listUnits(sim).filter((unit) => unit.team === waitingTeam);
    const startSide = Math.sign(waiting[0]!.position.x - wallX);
    runTicks(sim, 30 * 60);
    // the other group came through the door (held on its side for ever without the lapse: none of
    // the 20 in 30 s; its slots are where the stopped group stands, so it cannot settle on them).
    // Measured: all 20 through 22 s after the stop (19 s before the tile searches' passes moved
    // the doorway's planning a tick sooner: the threading past the stopped group is chaotic)
    expect(waiting.filter((unit) => Math.sign(unit.position.x - wallX) !== startSide).length).toBe(20);
  });

  it('two orders waiting at two gaps never wait for each other (every door ranks the orders alike)', () => {
    // obstacle-field seed 3: in a first version (each door ranking orders by its own first comer,
    // and counting every unit of an order standing before a door as still to go through it), two
    // orders each held a different gap and waited at the other's for the rest of the run (3 of 40
    // arrived)
    const { sim } = createScenarioSimulation(buildBuiltInScenario('obstacle-field', { seed: 3 }), { avoidance: 'rays', response: 'sideways' });
    const arrivals = recordArrivals(sim);
    runTicks(sim, 30 * 60);
    expect(arrivals.size).toBe(40);
  });

  it('a lone order at a door takes no turn, and the seed strategies take none', () => {
    // a wall across a 40 x 20 m field with a door 4 m wide in the middle
    const lone = createSimulation({ width: 40, height: 20 });
    addObstacle(lone, { type: 'box', x: 20, y: 4, width: 1, height: 8, angle: 0 });
    addObstacle(lone, { type: 'box', x: 20, y: 16, width: 1, height: 8, angle: 0 });
    const ids = [0, 1, 2, 3].map((k) => addUnit(lone, { x: 8, y: 8 + k * 1.2 }));
    issueOrder(lone, { kind: 'move', unitIds: ids, target: { x: 32, y: 10 } });
    const arrivals = recordArrivals(lone);
    let doors = 0;
    runTicks(lone, 600, () => {
      const turns = doorTurnsOf(lone);
      doors = Math.max(doors, turns.length);
      expect(turns.every((door) => door.holder === 0)).toBe(true);
      expect(stateOf(lone).units.every((unit) => !unit.held)).toBe(true);
    });
    // it was seen coming to the door, and went through
    expect(doors).toBeGreaterThan(0); // TEMP
    expect(arrivals.size).toBe(4);

    const { sim } = createScenarioSimulation(buildBuiltInScenario('doorway', { seed: 1 }), { avoidance: 'seed004', response: 'sideways' });
    runTicks(sim, 300, () => expect(doorTurnsOf(sim)).toEqual([]));
  });
});
