import { describe, expect, it } from 'vitest';
import { type SimulationEvent, addObstacle, addUnit, createSimulation, issueOrder, onSimulationEvent } from '../../src/index';
import { internals, recoveryOf, runTicks } from '../support';

/** A unit ordered to a point behind a U-shaped wall that opens toward it. */
function uTrap(navigation: boolean) {
  const sim = createSimulation({ width: 60, height: 40, navigation });
  addObstacle(sim, { type: 'box', x: 36, y: 20, width: 1, height: 17, angle: 0 });
  addObstacle(sim, { type: 'box', x: 30, y: 12, width: 13, height: 1, angle: 0 });
  addObstacle(sim, { type: 'box', x: 30, y: 28, width: 13, height: 1, angle: 0 });
  const id = addUnit(sim, { x: 8, y: 20 });
  issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 52, y: 20 } });
  const events: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => events.push(event));
  return { sim, id, events };
}

describe('stuck units', () => {
  it('without routes, a unit caught in a U tries to recover (waiting, then taking a side), and is reported stuck once', () => {
    const { sim, id, events } = uTrap(false);
    // white-box: the recovery under way and the best distance are internal to the unit
    const unit = internals(sim).unitsById.get(id)!;
    const recoveries = new Set<string>();
    let lastProgress = 0;
    let best = Infinity;
    runTicks(sim, 60 * 60, (tick) => {
      recoveries.add(recoveryOf(sim, unit));
      if (unit.progress.best < best) {
        best = unit.progress.best;
        lastProgress = tick / 60;
      }
    });
    const stuck = events.filter((event) => event.type === 'stuck');
    expect(stuck).toHaveLength(1);
    const event = stuck[0]!;
    if (event.type !== 'stuck') return;
    expect(event.unitId).toBe(id);
    // reported 20 s after its last progress (to the tick), inside the U, far from its target
    expect(event.time - lastProgress).toBeGreaterThanOrEqual(20 - 1e-9);
    expect(event.time - lastProgress).toBeLessThan(20 + 0.05);
    expect(event.position.x).toBeGreaterThan(24);
    expect(event.position.x).toBeLessThan(36);
    expect(event.remaining).toBeGreaterThan(15);
    expect([...recoveries].sort()).toEqual(['none', 'other-side', 'wait']);
    // it keeps trying: still on its order
    expect(unit.task.kind).toBe('move');
  });

  it('with routes, the same unit walks round the U and is never reported stuck', () => {
    const { sim, id, events } = uTrap(true);
    runTicks(sim, 30 * 60);
    expect(events.filter((event) => event.type === 'stuck')).toEqual([]);
    expect(events.some((event) => event.type === 'arrived' && event.unitId === id)).toBe(true);
  });
});
