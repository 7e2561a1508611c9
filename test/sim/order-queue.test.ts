/**
 * Queued orders and patrols (sim/order-queue.ts): waypoints walked in turn by the group, each
 * starting once the whole group is idle, with a `step` event; an order without `queue` empties the
 * queue (`replaced` for the steps that never started); patrols loop until another order; removed
 * units leave their steps; a saved patrol goes on; bad orders are refused by field.
 */
import { describe, expect, it } from 'vitest';
import {
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  onSimulationEvent,
  queuedOrders,
  removeUnit,
  type Simulation,
  stateHash,
  stepSimulation,
} from '../../src/index';
import { eventsOfType, hashesAfterSave, recordEvents, runTicks } from '../support';

/** Six units in two rows on the left of an open map. */
function six(): { sim: Simulation; ids: number[] } {
  const sim = createSimulation({ width: 80, height: 40 });
  const ids = [0, 1, 2, 3, 4, 5].map((k) => addUnit(sim, { x: 5 + 2 * (k % 2), y: 16 + 2 * Math.floor(k / 2) }));
  return { sim, ids };
}

const near = (sim: Simulation, ids: readonly number[], x: number, y: number, within: number): boolean =>
  ids.every((id) => Math.hypot(getUnit(sim, id)!.position.x - x, getUnit(sim, id)!.position.y - y) <= within);

describe('queued orders', () => {
  it('a group walks its waypoints in turn: each starts once every unit is idle, with a step event; each is done in turn', () => {
    const { sim, ids } = six();
    const events = recordEvents(sim);
    const a = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const b = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 60, y: 30 }, queue: true });
    const c = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 20, y: 30 }, queue: true, facing: { x: -1, y: 0 } });
    const idleAtStep: boolean[] = [];
    onSimulationEvent(sim, (event) => {
      if (event.type === 'step') idleAtStep.push(near(sim, ids, event.orderId === b ? 30 : 60, event.orderId === b ? 10 : 30, 3.5));
    });
    runTicks(sim, 60 * 60);
    expect(eventsOfType(events, 'step').map((event) => [event.orderId, event.unitIds, event.target])).toEqual([
      [b, ids, { x: 60, y: 30 }],
      [c, ids, { x: 20, y: 30 }],
    ]);
    // each step began with the whole group standing at the waypoint before it
    expect(idleAtStep).toEqual([true, true]);
    expect(eventsOfType(events, 'done').map((event) => event.orderId)).toEqual([a, b, c]);
    expect(eventsOfType(events, 'done').every((event) => event.arrived.length === ids.length)).toBe(true);
    expect(near(sim, ids, 20, 30, 3.5)).toBe(true);
    expect(ids.every((id) => getUnit(sim, id)!.task.kind === 'idle')).toBe(true);
  });

  it('queuedOrders lists what waits for a unit, in the order it starts: not the order it walks', () => {
    const { sim, ids } = six();
    const a = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const b = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 60, y: 30 }, queue: true, engage: { range: 4, teams: [2] } });
    const c = issueOrder(sim, { kind: 'hold', unitIds: ids.slice(0, 3), queue: true });
    expect(queuedOrders(sim, ids[0]!)).toEqual([
      { orderId: b, kind: 'move', target: { x: 60, y: 30 }, engage: { range: 4, teams: [2] } },
      { orderId: c, kind: 'hold', target: null, engage: null },
    ]);
    expect(queuedOrders(sim, ids[5]!).map((step) => step.orderId)).toEqual([b]);
    // plain data: changing it changes nothing
    (queuedOrders(sim, ids[0]!)[0]!.target as { x: number }).x = 0;
    expect(queuedOrders(sim, ids[0]!)[0]!.target).toEqual({ x: 60, y: 30 });
    runTicks(sim, 1);
    const walking = getUnit(sim, ids[0]!)!;
    expect(walking.task.kind === 'move' && walking.task.orderId).toBe(a);
    runTicks(sim, 40 * 60);
    expect(queuedOrders(sim, ids[0]!)).toEqual([]);
    expect(getUnit(sim, ids[0]!)!.holding).toBe(true);
    expect(getUnit(sim, ids[5]!)!.holding).toBe(false);
    // a patrol's next leg waits in the queue, under the patrol's id
    const patrol = issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [{ x: 10, y: 10 }, { x: 40, y: 10 }] });
    runTicks(sim, 1);
    expect(queuedOrders(sim, ids[0]!)).toEqual([{ orderId: patrol, kind: 'patrol', target: { x: 40, y: 10 }, engage: null }]);
    expect(getUnit(sim, ids[0]!)!.holding).toBe(false);
    expect(() => queuedOrders(sim, 999)).toThrow(/unitId: .*999/);
  });

  it('a queued order for idle units starts on the next tick, as an order given at once would', () => {
    const queued = six();
    const plain = six();
    issueOrder(queued.sim, { kind: 'move', unitIds: queued.ids, target: { x: 50, y: 20 }, queue: true });
    issueOrder(plain.sim, { kind: 'move', unitIds: plain.ids, target: { x: 50, y: 20 } });
    for (let tick = 0; tick < 600; tick++) {
      stepSimulation(queued.sim);
      stepSimulation(plain.sim);
      expect(stateHash(queued.sim)).toBe(stateHash(plain.sim));
    }
  });

  it('an order without queue empties the queue: the steps that never started are replaced', () => {
    const { sim, ids } = six();
    const events = recordEvents(sim);
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const b = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 60, y: 30 }, queue: true });
    const c = issueOrder(sim, { kind: 'move', unitIds: ids.slice(0, 2), target: { x: 20, y: 30 }, queue: true });
    runTicks(sim, 30);
    const d = issueOrder(sim, { kind: 'move', unitIds: ids.slice(0, 3), target: { x: 10, y: 35 } });
    runTicks(sim, 1);
    const replaced = eventsOfType(events, 'replaced').filter((event) => event.orderId === b || event.orderId === c);
    expect(replaced.map((event) => [event.orderId, event.byOrderId, event.unitIds])).toEqual([
      [b, d, ids.slice(0, 3)],
      [c, d, ids.slice(0, 2)],
    ]);
    runTicks(sim, 40 * 60);
    // the rest of the group still walked b; c lost all its units and never started
    expect(eventsOfType(events, 'step').map((event) => [event.orderId, event.unitIds])).toEqual([[b, ids.slice(3)]]);
    expect(near(sim, ids.slice(3), 60, 30, 3.5)).toBe(true);
    expect(near(sim, ids.slice(0, 3), 10, 35, 3.5)).toBe(true);
  });

  it('a stop empties the queue too; a removed unit leaves its steps and the others go on', () => {
    const { sim, ids } = six();
    const events = recordEvents(sim);
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 30, y: 10 } });
    const b = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 60, y: 30 }, queue: true });
    runTicks(sim, 30);
    const stop = issueOrder(sim, { kind: 'stop', unitIds: [ids[0]!] });
    removeUnit(sim, ids[1]!);
    runTicks(sim, 40 * 60);
    expect(eventsOfType(events, 'replaced').filter((event) => event.orderId === b).map((event) => [event.byOrderId, event.unitIds])).toEqual([[stop, [ids[0]]]]);
    expect(eventsOfType(events, 'step').map((event) => event.unitIds)).toEqual([ids.slice(2)]);
    expect(near(sim, ids.slice(2), 60, 30, 3.5)).toBe(true);
    // a step whose units are all removed goes
    const e = issueOrder(sim, { kind: 'move', unitIds: [ids[2]!], target: { x: 5, y: 5 }, queue: true });
    removeUnit(sim, ids[2]!);
    runTicks(sim, 10);
    expect(eventsOfType(events, 'step').some((event) => event.orderId === e)).toBe(false);
  });
});

describe('patrols', () => {
  it('walk the points in a loop as a group until another order, never done until then', () => {
    const { sim, ids } = six();
    const events = recordEvents(sim);
    const patrol = issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [{ x: 30, y: 10 }, { x: 60, y: 30 }, { x: 30, y: 30 }] });
    runTicks(sim, 90 * 60);
    const legs = eventsOfType(events, 'step').filter((event) => event.orderId === patrol).map((event) => event.leg);
    expect(legs.length).toBeGreaterThanOrEqual(7);
    expect(legs.slice(0, 7)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(eventsOfType(events, 'done')).toEqual([]);
    // a move queued after a patrol waits for ever
    const after = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 5, y: 5 }, queue: true });
    runTicks(sim, 30 * 60);
    expect(eventsOfType(events, 'step').some((event) => event.orderId === after)).toBe(false);
    // a stop ends it
    const stop = issueOrder(sim, { kind: 'stop', unitIds: ids });
    runTicks(sim, 2);
    expect(eventsOfType(events, 'replaced').map((event) => [event.orderId, event.byOrderId])).toContainEqual([patrol, stop]);
    expect(eventsOfType(events, 'done').map((event) => event.orderId)).toContain(patrol);
    const stepsBefore = eventsOfType(events, 'step').length;
    runTicks(sim, 20 * 60);
    expect(eventsOfType(events, 'step').length).toBe(stepsBefore);
  });

  it('one point: between where the group stood and the point', () => {
    const { sim, ids } = six();
    const events = recordEvents(sim);
    issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [{ x: 50, y: 20 }] });
    let back = false;
    onSimulationEvent(sim, (event) => {
      // the second leg's start: the group stands at the point; the third's: back where it began
      if (event.type === 'step' && event.leg === 0 && eventsOfType(events, 'step').length > 2) back = near(sim, ids, 6, 18, 3.5);
    });
    runTicks(sim, 40 * 60);
    expect(eventsOfType(events, 'step').map((event) => event.leg).slice(0, 4)).toEqual([0, 1, 0, 1]);
    expect(eventsOfType(events, 'step')[1]!.target).toEqual({ x: 6, y: 18 });
    expect(back).toBe(true);
  });

  it('a saved patrol goes on with the same bits', () => {
    const { sim, ids } = six();
    issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [{ x: 30, y: 10 }, { x: 60, y: 30 }] });
    issueOrder(sim, { kind: 'move', unitIds: ids.slice(0, 2), target: { x: 5, y: 35 }, queue: true });
    runTicks(sim, 700);
    const { original, loaded } = hashesAfterSave(sim, 1200);
    expect(loaded).toBe(original);
  });

  it('refuses bad orders by field', () => {
    const { sim, ids } = six();
    expect(() => issueOrder(sim, { kind: 'stop', unitIds: ids, queue: true } as never)).toThrow('order.queue: a stop is never queued (it empties the queue), got true');
    expect(() => issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 1, y: 1 }, queue: 'yes' } as never)).toThrow('order.queue: expected true or false, got "yes"');
    expect(() => issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [] })).toThrow(/^order\.points: expected 1 to 64 points, got/);
    expect(() => issueOrder(sim, { kind: 'patrol', unitIds: ids, points: [{ x: 1, y: 1 }, { x: 2, y: Number.NaN }] })).toThrow(/^order\.points\[1\]\.y: expected a finite number/);
    expect(() => issueOrder(sim, { kind: 'patrol', unitIds: ids, points: Array.from({ length: 65 }, () => ({ x: 1, y: 1 })) })).toThrow(/^order\.points: expected 1 to 64 points/);
  });
});
