/**
 * Hold (a hold order): a unit on the line of a column of its own team marching past stands its
 * ground and is back home once they have passed, where a stopped unit makes way; the column still
 * gets through round it; a later order ends the hold; a queued hold starts at the last waypoint; a
 * saved hold goes on with the same bits.
 */
import { describe, expect, it } from 'vitest';
import {
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  onSimulationEvent,
  type Simulation,
} from '../../src/index';
import { hashesAfterSave, runTicks } from '../support';

/** A column of 12 (3 wide) of team 0 marching right through where one unit of its team stands. */
function column(order: 'hold' | 'stop'): { sim: Simulation; stander: number; marchers: number[]; farthest: () => number } {
  const sim = createSimulation({ width: 80, height: 30 });
  const stander = addUnit(sim, { x: 40, y: 15 });
  const marchers: number[] = [];
  for (let row = 0; row < 4; row++) for (let file = 0; file < 3; file++) marchers.push(addUnit(sim, { x: 8 + 1.3 * row, y: 13.7 + 1.3 * file }));
  issueOrder(sim, { kind: order, unitIds: [stander] });
  issueOrder(sim, { kind: 'move', unitIds: marchers, target: { x: 70, y: 15 } });
  let farthest = 0;
  const watch = () => {
    const at = getUnit(sim, stander)!.position;
    farthest = Math.max(farthest, Math.hypot(at.x - 40, at.y - 15));
  };
  runTicks(sim, 20 * 60, watch);
  return { sim, stander, marchers, farthest: () => farthest };
}

describe('hold', () => {
  it('a holding unit stands its ground as its own column marches past, where a stopped one makes way; the column gets through', () => {
    const held = column('hold');
    const stopped = column('stop');
    const home = (sim: Simulation, id: number) => Math.hypot(getUnit(sim, id)!.position.x - 40, getUnit(sim, id)!.position.y - 15);
    // (the stopped unit steps out of the column's lane, a few tenths of a metre; the holding one
    // is pressed a few centimetres at most, and walks back)
    expect(stopped.farthest()).toBeGreaterThan(0.15);
    expect(held.farthest()).toBeLessThan(stopped.farthest() / 4);
    expect(home(held.sim, held.stander)).toBeLessThan(0.02);
    for (const id of held.marchers) expect(getUnit(held.sim, id)!.position.x).toBeGreaterThan(62);
  });

  it('a later order ends the hold: the unit walks like any other', () => {
    const { sim, stander } = column('hold');
    const events: string[] = [];
    onSimulationEvent(sim, (event) => {
      if (event.type === 'arrived' && event.unitId === stander) events.push('arrived');
    });
    issueOrder(sim, { kind: 'move', unitIds: [stander], target: { x: 10, y: 25 } });
    runTicks(sim, 12 * 60);
    expect(events).toEqual(['arrived']);
    // walking at its max speed, not slowed by a held unit's weight
    const plain = createSimulation({ width: 80, height: 30 });
    const other = addUnit(plain, { x: 40, y: 15 });
    issueOrder(plain, { kind: 'move', unitIds: [other], target: { x: 10, y: 25 } });
    runTicks(plain, 60);
    const walked = createSimulation({ width: 80, height: 30 });
    const again = addUnit(walked, { x: 40, y: 15 });
    issueOrder(walked, { kind: 'hold', unitIds: [again] });
    runTicks(walked, 10);
    issueOrder(walked, { kind: 'move', unitIds: [again], target: { x: 10, y: 25 } });
    runTicks(walked, 60);
    expect(getUnit(walked, again)!.velocity).toEqual(getUnit(plain, other)!.velocity);
  });

  it('a queued hold starts once the waypoint is reached', () => {
    const sim = createSimulation({ width: 60, height: 30 });
    const unit = addUnit(sim, { x: 5, y: 15 });
    issueOrder(sim, { kind: 'move', unitIds: [unit], target: { x: 30, y: 15 } });
    const hold = issueOrder(sim, { kind: 'hold', unitIds: [unit], queue: true });
    const steps: number[] = [];
    onSimulationEvent(sim, (event) => {
      if (event.type === 'step') steps.push(event.orderId);
    });
    runTicks(sim, 15 * 60);
    expect(steps).toEqual([hold]);
    // a friend walking through its place goes round it
    const friend = addUnit(sim, { x: 20, y: 15 });
    issueOrder(sim, { kind: 'move', unitIds: [friend], target: { x: 45, y: 15 } });
    let farthest = 0;
    runTicks(sim, 15 * 60, () => {
      const at = getUnit(sim, unit)!.position;
      farthest = Math.max(farthest, Math.hypot(at.x - 30, at.y - 15));
    });
    expect(farthest).toBeLessThan(0.2);
    expect(getUnit(sim, friend)!.position.x).toBeGreaterThan(43);
  });

  it('a saved hold goes on with the same bits', () => {
    const sim = createSimulation({ width: 80, height: 30 });
    const stander = addUnit(sim, { x: 40, y: 15 });
    const marchers = [0, 1, 2, 3, 4, 5].map((k) => addUnit(sim, { x: 10 + 1.3 * (k % 3), y: 14 + 1.3 * Math.floor(k / 3) }));
    issueOrder(sim, { kind: 'hold', unitIds: [stander] });
    issueOrder(sim, { kind: 'move', unitIds: marchers, target: { x: 70, y: 15 } });
    runTicks(sim, 400);
    const { original, loaded } = hashesAfterSave(sim, 600);
    expect(loaded).toBe(original);
  });
});
