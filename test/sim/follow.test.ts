/**
 * Follow (sim/order-follow.ts): six units follow a unit walking a loop, catch up and keep within
 * range of it as it moves, spread round it when it stops, and stop with a `target-lost` event
 * when it is removed; another order ends a follow; bad follows are refused; a saved follow goes on.
 */
import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, getUnit, issueOrder, removeUnit, type Simulation } from '../../src/index';
import { discGap, eventsOfType, hashesAfterSave, recordEvents, runTicks } from '../support';

function chase(): { sim: Simulation; target: number; followers: number[]; follow: number } {
  const sim = createSimulation({ width: 80, height: 60 });
  const target = addUnit(sim, { x: 40, y: 30, team: 1, maxSpeed: 2.5 });
  const followers = [0, 1, 2, 3, 4, 5].map((k) => addUnit(sim, { x: 5 + 2 * (k % 2), y: 10 + 2 * Math.floor(k / 2) }));
  issueOrder(sim, { kind: 'patrol', unitIds: [target], points: [{ x: 60, y: 45 }, { x: 20, y: 45 }, { x: 20, y: 15 }, { x: 60, y: 15 }] });
  const follow = issueOrder(sim, { kind: 'follow', unitIds: followers, targetId: target, range: 2 });
  return { sim, target, followers, follow };
}

describe('follow', () => {
  it('followers catch up with a unit walking a loop and keep within range as it goes; round it when it stops; stop when it is gone', () => {
    const { sim, target, followers, follow } = chase();
    const events = recordEvents(sim);
    runTicks(sim, 20 * 60);
    // from then on, every second, the followers keep close (range 2 m; a step behind as it turns)
    let worst = 0;
    runTicks(sim, 40 * 60, (tick) => {
      if (tick % 60 === 0) for (const id of followers) worst = Math.max(worst, discGap(sim, id, target));
    });
    expect(worst).toBeLessThan(3.5);
    issueOrder(sim, { kind: 'stop', unitIds: [target] });
    runTicks(sim, 10 * 60);
    for (const id of followers) {
      expect(discGap(sim, id, target)).toBeLessThanOrEqual(2.05);
      expect(discGap(sim, id, target)).toBeGreaterThan(0.5);
    }
    // spread round it: over more than a quarter turn
    const angles = followers.map((id) => Math.atan2(getUnit(sim, id)!.position.y - getUnit(sim, target)!.position.y, getUnit(sim, id)!.position.x - getUnit(sim, target)!.position.x));
    const sorted = [...angles].sort((a, b) => a - b);
    expect(sorted[sorted.length - 1]! - sorted[0]!).toBeGreaterThan(Math.PI / 2);
    expect(events.some((event) => event.type === 'stuck' || (event.type === 'done' && event.orderId === follow))).toBe(false);
    removeUnit(sim, target);
    runTicks(sim, 60);
    expect(eventsOfType(events, 'target-lost')).toEqual([{ type: 'target-lost', orderId: follow, targetId: target, unitIds: followers, time: expect.any(Number) }]);
    expect(eventsOfType(events, 'done').map((event) => event.orderId)).toContain(follow);
    expect(followers.every((id) => getUnit(sim, id)!.task.kind === 'idle')).toBe(true);
  });

  it('melee followers surround a unit that stands: all the way round it, each within reach, and it is not pushed away', () => {
    const sim = createSimulation({ width: 60, height: 40 });
    const target = addUnit(sim, { x: 35, y: 20, team: 1 });
    const followers = [0, 1, 2, 3, 4].map((k) => addUnit(sim, { x: 5 + 2 * (k % 2), y: 16 + 2 * Math.floor(k / 2) }));
    const events = recordEvents(sim);
    issueOrder(sim, { kind: 'follow', unitIds: followers, targetId: target, range: 0.3 });
    runTicks(sim, 25 * 60);
    // it stood its ground (asked to make way and dodging them, it was pushed 23 m in 25 s)
    const centre = getUnit(sim, target)!.position;
    expect(Math.hypot(centre.x - 35, centre.y - 20)).toBeLessThan(0.1);
    for (const id of followers) expect(discGap(sim, id, target)).toBeLessThanOrEqual(0.4);
    // on every side: no arc between two neighbours wider than 100 degrees (72 when even). On the
    // group lattice they spread round it too (92 degrees at most), but two of the five stood 0.5
    // and 0.58 m off it: out of a soldier's reach
    const angles = followers.map((id) => Math.atan2(getUnit(sim, id)!.position.y - centre.y, getUnit(sim, id)!.position.x - centre.x)).sort((a, b) => a - b);
    const arcs = angles.map((angle, k) => (k === 0 ? angles[0]! + 2 * Math.PI - angles[angles.length - 1]! : angle - angles[k - 1]!));
    expect(Math.max(...arcs)).toBeLessThan((100 * Math.PI) / 180);
    expect(events.some((event) => event.type === 'stuck')).toBe(false);
  });

  it('another order ends a follow for its units; the others follow on', () => {
    const { sim, target, followers } = chase();
    runTicks(sim, 20 * 60);
    issueOrder(sim, { kind: 'move', unitIds: followers.slice(0, 2), target: { x: 5, y: 55 } });
    runTicks(sim, 25 * 60);
    for (const id of followers.slice(0, 2)) expect(Math.hypot(getUnit(sim, id)!.position.x - 5, getUnit(sim, id)!.position.y - 55)).toBeLessThan(3);
    for (const id of followers.slice(2)) expect(discGap(sim, id, target)).toBeLessThan(3.5);
  });

  it('a saved follow goes on with the same bits', () => {
    const { sim } = chase();
    runTicks(sim, 700);
    const { original, loaded } = hashesAfterSave(sim, 900);
    expect(loaded).toBe(original);
  });

  it('refuses bad follows by field', () => {
    const { sim, target, followers } = chase();
    expect(() => issueOrder(sim, { kind: 'follow', unitIds: followers, targetId: 999, range: 1 })).toThrow('order.targetId: expected the id of a unit in the simulation, got 999');
    expect(() => issueOrder(sim, { kind: 'follow', unitIds: [target, ...followers], targetId: target, range: 1 })).toThrow(`order.targetId: expected a unit not among the order's units, got ${target}`);
    expect(() => issueOrder(sim, { kind: 'follow', unitIds: followers, targetId: target, range: -1 })).toThrow(/^order\.range: expected a finite number >= 0/);
    expect(() => issueOrder(sim, { kind: 'follow', unitIds: followers, targetId: target, range: 1, queue: true } as never)).toThrow('order.queue: a follow is never queued, got true');
  });
});
