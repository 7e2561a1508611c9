/**
 * How often a unit chooses its avoidance (SteeringConfig.avoidEvery): every tick by default; with
 * 2 each unit senses and chooses once in two ticks, half of them on each tick, and keeps its
 * choice in between while the rest of its force follows the velocity it wants every tick
 * (docs/controller.md, cost).
 */
import { describe, expect, it } from 'vitest';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { runScenario } from '../../src/scenarios/run';
import { addUnit, createSimulation, issueOrder, stepSimulation, updateSteeringConfig } from '../../src/sim/simulation';
import { stateOf } from '../../src/sim/state';
import { DEFAULT_STEERING_CONFIG } from '../../src/steering/config';

/** Two blocks of 20 walking at each other: how many units sensed on each of `ticks` ticks, and
 * the ids of those that did. */
function countTurns(avoidEvery: number, ticks: number): { sensed: number[]; who: Array<Set<number>> } {
  const sim = createSimulation({ width: 60, height: 30, steering: { avoidEvery } });
  const west: number[] = [];
  const east: number[] = [];
  for (let k = 0; k < 20; k++) {
    west.push(addUnit(sim, { x: 5 + (k % 4) * 1.2, y: 12 + Math.floor(k / 4) * 1.2 }));
    east.push(addUnit(sim, { x: 55 - (k % 4) * 1.2, y: 12 + Math.floor(k / 4) * 1.2 }));
  }
  issueOrder(sim, { kind: 'move', unitIds: west, target: { x: 52, y: 15 } });
  issueOrder(sim, { kind: 'move', unitIds: east, target: { x: 8, y: 15 } });
  const sensed: number[] = [];
  const who: Array<Set<number>> = [];
  for (let tick = 0; tick < ticks; tick++) {
    stepSimulation(sim);
    const these = stateOf(sim).awake.filter((unit) => unit.sensedNow);
    sensed.push(these.length);
    who.push(new Set(these.map((unit) => unit.id)));
  }
  return { sensed, who };
}

/** Whether every one of `ids` is in at least one of each `window` consecutive sets of `who`. */
function everyoneWithin(who: Array<Set<number>>, window: number, ids: readonly number[]): boolean {
  for (let start = 0; start + window <= who.length; start++) {
    for (const id of ids) {
      if (!who.slice(start, start + window).some((set) => set.has(id))) return false;
    }
  }
  return true;
}

/** the ids `countTurns` gives its 40 units (the simulation's first) */
const IDS = Array.from({ length: 40 }, (_, k) => k + 1);

describe('the avoidance cadence', () => {
  it('is every tick by default', () => {
    expect(DEFAULT_STEERING_CONFIG.avoidEvery).toBe(1);
  });

  it('with avoidEvery 2, about half the units sense on each tick once they know their neighbours; with 1, all of them', () => {
    // the first ticks everyone senses (no neighbour known yet); then the blocks close in
    const halvesRun = countTurns(2, 120);
    const halves = halvesRun.sensed.slice(30);
    const all = countTurns(1, 120).sensed.slice(30);
    expect(all.every((count) => count === 40)).toBe(true);
    // ids alternate by parity: 20 of one parity, plus any unit that knows no neighbour yet
    expect(Math.max(...halves)).toBeLessThan(30);
    expect(Math.min(...halves)).toBeGreaterThanOrEqual(20);
    // in any two ticks running every unit has had its turn
    expect(everyoneWithin(halvesRun.who, 2, IDS)).toBe(true);
  });

  it('every 4 ticks: each unit still senses at least once in any four ticks running, and not all on one', () => {
    const run = countTurns(4, 120);
    expect(everyoneWithin(run.who, 4, IDS)).toBe(true);
    expect(everyoneWithin(run.who, 3, IDS)).toBe(false);
    expect(Math.max(...run.sensed.slice(30))).toBeLessThan(40);
  });

  it('a unit that knows no neighbour senses on every tick, so a unit coming into reach is not missed for a turn', () => {
    const sim = createSimulation({ width: 40, height: 10 });
    const lone = addUnit(sim, { x: 5, y: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [lone], target: { x: 35, y: 5 } });
    const unit = stateOf(sim).units.find((candidate) => candidate.id === lone)!;
    for (let tick = 0; tick < 20; tick++) {
      stepSimulation(sim);
      expect(unit.sensing.neighbourCount).toBe(0);
      expect(unit.sensedNow).toBe(true);
    }
  });

  it('with avoidEvery 2, a standing unit awake senses on every tick (a mover is coming at it); the mover takes turns', () => {
    const sim = createSimulation({ width: 40, height: 10, steering: { avoidEvery: 2 } });
    const mover = addUnit(sim, { x: 5, y: 5 });
    const standing = addUnit(sim, { x: 20, y: 5.2 });
    issueOrder(sim, { kind: 'move', unitIds: [mover], target: { x: 35, y: 5 } });
    const units = stateOf(sim).units;
    const moving = units.find((unit) => unit.id === mover)!;
    const still = units.find((unit) => unit.id === standing)!;
    let awakeTicks = 0;
    let moverTurns = 0;
    let moverTicks = 0;
    for (let tick = 0; tick < 300; tick++) {
      stepSimulation(sim);
      if (!still.asleep) {
        awakeTicks++;
        expect(still.sensedNow).toBe(true);
      }
      if (moving.sensing.neighbourCount > 0) {
        moverTicks++;
        if (moving.sensedNow) moverTurns++;
      }
    }
    expect(awakeTicks).toBeGreaterThan(30);
    expect(moverTicks).toBeGreaterThan(30);
    expect(moverTurns).toBeLessThan(0.6 * moverTicks);
  });

  it('crossing at 90 degrees every tick and every other tick, seeds 1-3: every unit in, no touch', () => {
    // (every third tick is cheaper still, but units touch: docs/controller.md, cost)
    for (const avoidEvery of [1, 2]) {
      for (const seed of [1, 2, 3]) {
        const result = runScenario(buildBuiltInScenario('crossing-90', { seed }), { avoidance: 'rays', response: 'sideways', steering: { avoidEvery } });
        expect({ avoidEvery, seed, arrived: result.arrived, collisions: result.collisions }).toEqual({ avoidEvery, seed, arrived: result.units, collisions: 0 });
      }
    }
  }, 60_000);

  it('refuses a cadence that is not a whole number from 1 to 4, naming the setting, and keeps the one it had', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    expect(() => updateSteeringConfig(sim, { avoidEvery: 1.5 })).toThrow('steering.avoidEvery: expected a whole number >= 1 and <= 4, got 1.5');
    expect(() => updateSteeringConfig(sim, { avoidEvery: 0 })).toThrow('steering.avoidEvery: expected a whole number >= 1 and <= 4, got 0');
    expect(() => updateSteeringConfig(sim, { avoidEvery: 5 })).toThrow(/^steering\.avoidEvery: /);
    expect(() => createSimulation({ width: 20, height: 20, steering: { avoidEvery: Number.NaN } })).toThrow('steering.avoidEvery: expected a whole number >= 1 and <= 4, got NaN');
    expect(stateOf(sim).config.avoidEvery).toBe(1);
    updateSteeringConfig(sim, { avoidEvery: 3 });
    expect(stateOf(sim).config.avoidEvery).toBe(3);
  });
});
