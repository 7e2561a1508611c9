/**
 * Save and restore (sim/save.ts): a simulation loaded from a save goes on with the same bits as
 * the one saved, on every built-in, saved at several ticks (orders just issued, routes still being
 * planned, crowds in doors), through JSON text, with each avoidance strategy and response; a save
 * of a loaded simulation is the same text; bad saves are refused by field.
 */
import { describe, expect, it } from 'vitest';
import {
  addUnit,
  createSimulation,
  issueOrder,
  listUnits,
  loadSimulation,
  onSimulationEvent,
  saveSimulation,
  stateHash,
  stepSimulation,
  traceRoute,
  AVOIDANCE_NAMES,
  type SimulationEvent,
} from '../../src/index';
import { BUILT_IN_SCENARIO_NAMES, buildBuiltInScenario, createScenarioRecorder, startScenarioRun, stepScenarioRun, type ScenarioRun } from '../../src/scenarios/index';

/** a run of the same scenario on a loaded simulation, at the same place in its changes */
function twin(run: ScenarioRun, text: string): ScenarioRun {
  return {
    scenario: run.scenario,
    sim: loadSimulation(JSON.parse(text)),
    obstacleIds: [...run.obstacleIds],
    changesMade: run.changesMade,
    unitIds: run.unitIds,
    recorder: createScenarioRecorder(run.scenario),
    positions: new Float64Array(run.positions),
  };
}

/** Runs `name` to `at`, saves, loads, and runs both `after` more ticks: the first tick their
 * hashes differ (0: never), and whether saving the loaded one gives the same text. */
function saveAndGoOn(name: string, at: number, after: number, change?: (run: ScenarioRun) => void): { differs: number; resaved: boolean } {
  const run = startScenarioRun(buildBuiltInScenario(name));
  for (let tick = 0; tick < at; tick++) stepScenarioRun(run);
  change?.(run);
  const text = JSON.stringify(saveSimulation(run.sim));
  const other = twin(run, text);
  const resaved = JSON.stringify(saveSimulation(other.sim)) === text;
  for (let tick = 1; tick <= after; tick++) {
    stepScenarioRun(run);
    stepScenarioRun(other);
    if (stateHash(run.sim) !== stateHash(other.sim)) return { differs: tick, resaved };
  }
  return { differs: 0, resaved };
}

describe('save and restore', () => {
  it.each(BUILT_IN_SCENARIO_NAMES)('%s: saved at tick 90, goes on with the same bits for 60 ticks', (name) => {
    expect(saveAndGoOn(name, 90, 60)).toEqual({ differs: 0, resaved: true });
  });

  it.each([
    ['doorway', 0],
    ['doorway', 1],
    ['maze', 2],
    ['tight-door', 7],
    ['base-build', 45],
    ['rock-field-1km', 3],
  ])('%s: saved at tick %i (orders pending or still planned) goes on with the same bits', (name, at) => {
    expect(saveAndGoOn(name, at, 200)).toEqual({ differs: 0, resaved: true });
  });

  it('carries the queries’ own navigation map and orders issued since the last tick', () => {
    const result = saveAndGoOn('u-trap', 60, 250, (run) => {
      const [first] = listUnits(run.sim);
      traceRoute(run.sim, first!.id);
      issueOrder(run.sim, { kind: 'move', unitIds: [first!.id], target: { x: 5, y: 5 } });
    });
    expect(result).toEqual({ differs: 0, resaved: true });
  });

  it.each(AVOIDANCE_NAMES)('with avoidance %s and both responses', (avoidance) => {
    for (const response of ['sideways', 'physics'] as const) {
      const scenario = { ...buildBuiltInScenario('crossing-90'), avoidance, response };
      const run = startScenarioRun(scenario);
      for (let tick = 0; tick < 120; tick++) stepScenarioRun(run);
      const other = twin(run, JSON.stringify(saveSimulation(run.sim)));
      for (let tick = 0; tick < 90; tick++) {
        stepScenarioRun(run);
        stepScenarioRun(other);
      }
      expect(stateHash(other.sim), `${avoidance}, ${response}`).toBe(stateHash(run.sim));
    }
  });

  it('keeps ids, counters and the clock; listeners are the loader’s', () => {
    const sim = createSimulation({ width: 40, height: 40 });
    const a = addUnit(sim, { x: 5, y: 20 });
    const b = addUnit(sim, { x: 5, y: 20 }); // coincident
    issueOrder(sim, { kind: 'move', unitIds: [a, b], target: { x: 35, y: 20 } });
    for (let tick = 0; tick < 30; tick++) stepSimulation(sim);
    const loaded = loadSimulation(JSON.parse(JSON.stringify(saveSimulation(sim))));
    expect(listUnits(loaded).map((unit) => unit.toJSON())).toEqual(listUnits(sim).map((unit) => unit.toJSON()));
    const heard: SimulationEvent['type'][] = [];
    onSimulationEvent(loaded, (event) => heard.push(event.type));
    const c = addUnit(loaded, { x: 20, y: 5 });
    expect(c).toBe(addUnit(sim, { x: 20, y: 5 }));
    expect(issueOrder(loaded, { kind: 'stop', unitIds: [a] })).toBe(issueOrder(sim, { kind: 'stop', unitIds: [a] }));
    for (let tick = 0; tick < 600; tick++) {
      stepSimulation(sim);
      stepSimulation(loaded);
    }
    expect(stateHash(loaded)).toBe(stateHash(sim));
    expect(heard).toContain('replaced');
    expect(heard).toContain('done');
  });

  it('saves an empty simulation and one of a single standing unit', () => {
    const empty = createSimulation({ width: 10, height: 10, navigation: false, sleeping: false });
    expect(stateHash(loadSimulation(saveSimulation(empty)))).toBe(stateHash(empty));
    const one = createSimulation({ width: 10, height: 10 });
    addUnit(one, { x: 5, y: 5 });
    const loaded = loadSimulation(JSON.parse(JSON.stringify(saveSimulation(one))));
    for (let tick = 0; tick < 120; tick++) {
      stepSimulation(one);
      stepSimulation(loaded);
    }
    expect(stateHash(loaded)).toBe(stateHash(one));
  });

  it('refuses what is not a save of this format, naming the field', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    addUnit(sim, { x: 5, y: 5 });
    stepSimulation(sim);
    const saved = JSON.parse(JSON.stringify(saveSimulation(sim)));
    expect(() => loadSimulation(null as never)).toThrow(/^save: expected a saved simulation/);
    expect(() => loadSimulation({ ...saved, format: 'other' })).toThrow(/^save\.format: expected "rts-steer\/save", got "other"/);
    expect(() => loadSimulation({ ...saved, version: 99 })).toThrow(/^save\.version: this engine reads version 1, got 99/);
    expect(() => loadSimulation({ ...saved, tick: -1 })).toThrow(/^save\.tick:/);
    expect(() => loadSimulation({ ...saved, settings: { ...saved.settings, width: '20' } })).toThrow(/^save\.settings\.width: expected a number, got "20"/);
    expect(() => loadSimulation({ ...saved, state: { objects: 3 } })).toThrow(/^save\.state: expected a written graph/);
    // a number changed inside: read back, it no longer hashes as saved
    const text = JSON.stringify(saved);
    const position = JSON.stringify(listUnits(sim)[0]!.position.x);
    const tampered = JSON.parse(text.replace(position, String(Number(position) + 1)));
    expect(() => loadSimulation(tampered)).toThrow(/^save\.hash: the simulation read back hashes to/);
    // the simulation saved is untouched by saving
    const hash = stateHash(sim);
    saveSimulation(sim);
    expect(stateHash(sim)).toBe(hash);
  });
});
