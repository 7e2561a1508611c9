import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, issueOrder, onSimulationEvent, removeUnit, type Simulation, type SimulationEvent, stepSimulation } from '../../src/index';

function record(sim: Simulation): SimulationEvent[] {
  const events: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => events.push(event));
  return events;
}

function run(sim: Simulation, ticks: number): void {
  for (let t = 0; t < ticks; t++) stepSimulation(sim);
}

/** Four units in a row on the left of an open map. */
function four(): { sim: Simulation; ids: number[] } {
  const sim = createSimulation({ width: 60, height: 30 });
  const ids = [0, 1, 2, 3].map((k) => addUnit(sim, { x: 5, y: 9 + 2 * k }));
  return { sim, ids };
}

const ofType = <T extends SimulationEvent['type']>(events: SimulationEvent[], type: T): Extract<SimulationEvent, { type: T }>[] =>
  events.filter((event): event is Extract<SimulationEvent, { type: T }> => event.type === type);

describe('order events', () => {
  it('say which units a later order took, and when each order is done, with who arrived', () => {
    const { sim, ids } = four();
    const events = record(sim);
    const first = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 40, y: 12 } });
    run(sim, 60);
    const second = issueOrder(sim, { kind: 'move', unitIds: [ids[2]!, ids[3]!], target: { x: 20, y: 25 } });
    run(sim, 1);
    expect(ofType(events, 'replaced')).toEqual([{ type: 'replaced', orderId: first, byOrderId: second, unitIds: [ids[2], ids[3]], time: 60 * (1 / 60) }]);
    expect(ofType(events, 'done')).toEqual([]);
    run(sim, 20 * 60);
    const done = ofType(events, 'done');
    expect(done.map((event) => event.orderId).sort()).toEqual([first, second].sort());
    const arrivedOf = (orderId: number): number[] => ofType(events, 'arrived').filter((event) => event.orderId === orderId).map((event) => event.unitId);
    for (const event of done) {
      // every arrival on the order, in the order they came, and the event after the last of them
      expect(event.arrived).toEqual(arrivedOf(event.orderId));
      const lastArrival = Math.max(...ofType(events, 'arrived').filter((arrival) => arrival.orderId === event.orderId).map((arrival) => arrival.time));
      expect(event.time).toBe(lastArrival);
    }
    expect(done.find((event) => event.orderId === first)!.arrived.slice().sort()).toEqual([ids[0], ids[1]].sort());
    // plain data: what a game may log or send
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });

  it('end an order that is stopped, or whose units are all removed, with no unit arrived', () => {
    const { sim, ids } = four();
    const events = record(sim);
    const walked = issueOrder(sim, { kind: 'move', unitIds: [ids[0]!, ids[1]!], target: { x: 40, y: 12 } });
    const removed = issueOrder(sim, { kind: 'move', unitIds: [ids[2]!, ids[3]!], target: { x: 40, y: 20 } });
    run(sim, 30);
    const stop = issueOrder(sim, { kind: 'stop', unitIds: [ids[0]!, ids[1]!] });
    removeUnit(sim, ids[2]!);
    run(sim, 1);
    // one unit of the second order still walks it; the order took them at the tick's start, and
    // the first order was done at its end
    expect(ofType(events, 'done')).toEqual([{ type: 'done', orderId: walked, arrived: [], time: 31 * (1 / 60) }]);
    expect(ofType(events, 'replaced')).toEqual([{ type: 'replaced', orderId: walked, byOrderId: stop, unitIds: [ids[0], ids[1]], time: 30 * (1 / 60) }]);
    removeUnit(sim, ids[3]!);
    run(sim, 1);
    expect(ofType(events, 'done').map((event) => [event.orderId, event.arrived])).toEqual([
      [walked, []],
      [removed, []],
    ]);
    run(sim, 60);
    expect(ofType(events, 'done')).toHaveLength(2);
  });

  it('follow two orders given to one unit in one tick, and an order replaced before it began', () => {
    const { sim, ids } = four();
    const events = record(sim);
    const old = issueOrder(sim, { kind: 'move', unitIds: [ids[0]!], target: { x: 40, y: 5 } });
    run(sim, 10);
    const a = issueOrder(sim, { kind: 'move', unitIds: [ids[0]!], target: { x: 40, y: 10 } });
    const b = issueOrder(sim, { kind: 'move', unitIds: [ids[0]!], target: { x: 40, y: 15 } });
    run(sim, 1);
    expect(ofType(events, 'replaced').map((event) => [event.orderId, event.byOrderId, event.unitIds])).toEqual([
      [old, a, [ids[0]]],
      [a, b, [ids[0]]],
    ]);
    // both earlier orders are done that tick; the last goes on
    expect(ofType(events, 'done').map((event) => event.orderId)).toEqual([old, a]);
    run(sim, 20 * 60);
    expect(ofType(events, 'done').map((event) => [event.orderId, event.arrived])).toEqual([
      [old, []],
      [a, []],
      [b, [ids[0]]],
    ]);
  });
});
