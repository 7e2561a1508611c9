/**
 * Attack-moves (sim/order-engage.ts): units on a move with `engage` stop while an enemy is within
 * range (an `engaged` event naming it), are held rather than stuck, and walk on to their target
 * once it is gone (`disengaged`); a team list limits whom they stop for; bad engages are refused.
 */
import { describe, expect, it } from 'vitest';
import { addUnit, createSimulation, getUnit, issueOrder, onSimulationEvent, removeUnit, type Simulation, type SimulationEvent } from '../../src/index';
import { discGap, runTicks } from '../support';

/** Six units of team 0 on the left of a 90 m field, an enemy of team 1 standing in the middle. */
function field(): { sim: Simulation; ids: number[]; enemy: number; events: SimulationEvent[] } {
  const sim = createSimulation({ width: 90, height: 30 });
  const ids = [0, 1, 2, 3, 4, 5].map((k) => addUnit(sim, { x: 5 + 2 * (k % 2), y: 12 + 2 * Math.floor(k / 2) }));
  const enemy = addUnit(sim, { x: 45, y: 14, team: 1 });
  const events: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => events.push(event));
  return { sim, ids, enemy, events };
}

describe('attack-move', () => {
  it('units stop while an enemy is in range, held not stuck, and walk on to their target once it is gone', () => {
    const { sim, ids, enemy, events } = field();
    const order = issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 80, y: 14 }, engage: { range: 6 } });
    const gapsAtStop: number[] = [];
    onSimulationEvent(sim, (event) => {
      if (event.type === 'engaged') gapsAtStop.push(discGap(sim, event.unitId, enemy));
    });
    runTicks(sim, 20 * 60);
    const engaged = events.filter((event) => event.type === 'engaged');
    // every unit met it, each stopping as it came within the range (the tick it was seen)
    expect(engaged.map((event) => (event as { unitId: number }).unitId).sort()).toEqual([...ids].sort());
    expect(engaged.every((event) => event.type === 'engaged' && event.enemyId === enemy && event.orderId === order)).toBe(true);
    for (const gap of gapsAtStop) expect(gap).toBeLessThanOrEqual(6);
    // the view names the enemy each unit stands for
    expect(ids.map((id) => getUnit(sim, id)!.engagedWith)).toEqual(ids.map(() => enemy));
    // and they stand short of it, at rest (pressed a little closer by those behind)
    for (const id of ids) {
      expect(discGap(sim, id, enemy)).toBeGreaterThan(1.5);
      expect(Math.hypot(getUnit(sim, id)!.velocity.x, getUnit(sim, id)!.velocity.y)).toBeLessThan(0.05);
    }
    expect(events.some((event) => event.type === 'stuck' || event.type === 'done')).toBe(false);
    // the enemy dies: they walk on and arrive
    removeUnit(sim, enemy);
    runTicks(sim, 25 * 60);
    const resumed = events.filter((event) => event.type === 'disengaged').map((event) => (event as { unitId: number }).unitId);
    expect(ids.map((id) => getUnit(sim, id)!.engagedWith)).toEqual(ids.map(() => 0));
    expect(resumed.sort()).toEqual(engaged.map((event) => (event as { unitId: number }).unitId).sort());
    expect(events.some((event) => event.type === 'done' && event.orderId === order)).toBe(true);
    expect(ids.every((id) => getUnit(sim, id)!.position.x > 74)).toBe(true);
  });

  it('a team list limits whom they stop for; a plain move stops for nobody', () => {
    for (const order of [{ engage: { range: 6, teams: [2] } }, {}]) {
      const { sim, ids, events } = field();
      issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 80, y: 14 }, ...order });
      runTicks(sim, 30 * 60);
      expect(events.some((event) => event.type === 'engaged')).toBe(false);
      expect(ids.every((id) => getUnit(sim, id)!.position.x > 74)).toBe(true);
    }
  });

  it('refuses bad engages by field', () => {
    const { sim, ids } = field();
    const move = (engage: unknown) => () => issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 1, y: 1 }, engage } as never);
    expect(move({ range: -1 })).toThrow(/^order\.engage\.range: expected a finite number >= 0/);
    expect(move({})).toThrow(/^order\.engage\.range: expected a finite number/);
    expect(move({ range: 5, teams: [] })).toThrow('order.engage.teams: expected a list of teams, got an array of 0');
    expect(move({ range: 5, teams: [1.5] })).toThrow(/^order\.engage\.teams\[0\]: expected an integer/);
  });
});
