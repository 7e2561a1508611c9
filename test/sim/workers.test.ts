/**
 * The sense phase on several threads (sim/threads.ts) gives the bits of one thread: the committed
 * built-in hashes (test/reference-hashes.ts) and the lockstep reference (test/lockstep.ts) with 2
 * and 4 workers, the threads sensing a real share of the units (counted); units and obstacles
 * added and removed while threads run; the setting changed mid-run; saves; bad settings refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepSession } from '../../src/app/session';
import { useNodeThreads } from '../../src/cli/threads';
import {
  addObstacle,
  addUnit,
  createSimulation,
  issueOrder,
  listUnits,
  loadSimulation,
  removeObstacle,
  removeUnit,
  saveSimulation,
  setAvoidance,
  setSimulationWorkers,
  simulationWorkers,
  stateHash,
  stepSimulation,
  type Simulation,
  updateSteeringConfig,
  workerShare,
} from '../../src/index';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { startScenarioRun, stepScenarioRun } from '../../src/scenarios/run';
import { stateOf } from '../../src/sim/state';
import { useThreadHost, waitForThreads } from '../../src/sim/threads';
import { LOCKSTEP_REFERENCE, runLockstepReference } from '../lockstep';
import { BUILT_IN_HASHES, BUILT_IN_HASH_TICKS } from '../reference-hashes';

/** the built-ins run here: rocks, boxes and walls, many units, a building added mid-run (a tick shares
 * its units only when it senses at least 32) */
const CHOSEN: ReadonlyArray<readonly [string, number]> = [
  ['four-hundreds', 4],
  ['obstacle-field', 2],
  ['base-build', 4],
  ['large-groups', 2],
  ['rock-field-1km', 2],
];

beforeAll(() => useNodeThreads());
afterAll(() => useThreadHost(null));

/** Blocks until the simulation's sense threads are set up (a run timed before they start would
 * sense everything on its own thread and prove nothing). */
function threadsRunning(sim: Simulation): void {
  expect(waitForThreads(stateOf(sim), 30_000)).toBe(true);
}

describe('sense threads: the bits of one thread', () => {
  for (const [name, workers] of CHOSEN) {
    it(`${name}, seed 1, with ${workers} workers: the committed hash after ${BUILT_IN_HASH_TICKS} ticks, the threads sensing a share`, () => {
      const expected = BUILT_IN_HASHES.find(([built]) => built === name)![1];
      const run = startScenarioRun(buildBuiltInScenario(name, { seed: 1 }), { workers });
      expect(simulationWorkers(run.sim)).toBe(workers);
      threadsRunning(run.sim);
      for (let tick = 0; tick < BUILT_IN_HASH_TICKS; tick++) stepScenarioRun(run);
      const share = workerShare(run.sim);
      setSimulationWorkers(run.sim, 1);
      expect(stateHash(run.sim)).toBe(expected);
      expect(share.onThreads).toBeGreaterThan(share.sensed * 0.05);
      expect(share.decidedOnThreads).toBeGreaterThan(share.decided * 0.05);
    }, 120_000);
  }

  it('the lockstep reference with 2 workers: the committed hash after 3600 ticks', () => {
    const session = runLockstepReference(0);
    setSimulationWorkers(session.sim, 2);
    threadsRunning(session.sim);
    for (let tick = 0; tick < LOCKSTEP_REFERENCE.ticks; tick++) stepSession(session);
    expect(workerShare(session.sim).onThreads).toBeGreaterThan(0);
    setSimulationWorkers(session.sim, 1);
    expect(stateHash(session.sim)).toBe(LOCKSTEP_REFERENCE.hash);
  }, 120_000);

  it('units and obstacles added and removed while threads run, and the setting changed mid-run, keep the bits', () => {
    const play = (workersAt: (tick: number) => number): { hash: string; onThreads: number } => {
      const sim = createSimulation({ width: 80, height: 60 });
      let onThreads = 0;
      let workers = 1;
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) ids.push(addUnit(sim, { x: 5 + (i % 10) * 1.3, y: 10 + Math.floor(i / 10) * 1.3, team: 0 }));
      for (let i = 0; i < 60; i++) ids.push(addUnit(sim, { x: 70 - (i % 10) * 1.3, y: 12 + Math.floor(i / 10) * 1.3, team: 1 }));
      issueOrder(sim, { kind: 'move', unitIds: ids.slice(0, 60), target: { x: 70, y: 15 } });
      issueOrder(sim, { kind: 'move', unitIds: ids.slice(60), target: { x: 8, y: 14 } });
      let rock = 0;
      for (let tick = 0; tick < 600; tick++) {
        const wanted = workersAt(tick);
        if (wanted !== workers) {
          onThreads += workerShare(sim).onThreads;
          setSimulationWorkers(sim, wanted);
          if (wanted > 1) threadsRunning(sim);
          workers = wanted;
        }
        if (tick === 100) {
          // past the columns' first capacity (64): their arrays are made anew, and sent again
          const more: number[] = [];
          for (let i = 0; i < 40; i++) more.push(addUnit(sim, { x: 40 + (i % 8) * 1.2, y: 45 + Math.floor(i / 8) * 1.2, team: 2 }));
          issueOrder(sim, { kind: 'move', unitIds: more, target: { x: 40, y: 5 } });
        }
        if (tick === 150) rock = addObstacle(sim, { type: 'circle', x: 38, y: 20, radius: 3 });
        if (tick === 200) addObstacle(sim, { type: 'box', x: 30, y: 35, width: 6, height: 2 });
        // a situation switched off and on (the threads' rules gathered again), and a strategy
        // whose sensing stays on the simulation's thread for a while
        if (tick === 250) updateSteeringConfig(sim, { situations: { 'keep-right': false } });
        if (tick === 280) setAvoidance(sim, 'feeler');
        if (tick === 300) removeUnit(sim, ids[5]!);
        if (tick === 330) setAvoidance(sim, 'rays');
        if (tick === 380) updateSteeringConfig(sim, { situations: { 'keep-right': true } });
        if (tick === 350) removeObstacle(sim, rock);
        stepSimulation(sim);
      }
      onThreads += workerShare(sim).onThreads;
      setSimulationWorkers(sim, 1);
      return { hash: stateHash(sim), onThreads };
    };
    const one = play(() => 1);
    const two = play(() => 2);
    const changing = play((tick) => (tick < 120 ? 1 : tick < 320 ? 3 : tick < 420 ? 1 : 2));
    expect(one.onThreads).toBe(0);
    expect(two.onThreads).toBeGreaterThan(0);
    expect(changing.onThreads).toBeGreaterThan(0);
    expect(two.hash).toBe(one.hash);
    expect(changing.hash).toBe(one.hash);
  }, 120_000);

  it('a save taken while threads run loads to the same game, and goes on with threads to the same bits', () => {
    const alone = startScenarioRun(buildBuiltInScenario('crossing-90', { seed: 2 }));
    const threaded = startScenarioRun(buildBuiltInScenario('crossing-90', { seed: 2 }), { workers: 2 });
    threadsRunning(threaded.sim);
    for (let tick = 0; tick < 200; tick++) {
      stepScenarioRun(alone);
      stepScenarioRun(threaded);
    }
    const saved = saveSimulation(threaded.sim);
    setSimulationWorkers(threaded.sim, 1);
    expect(saved.hash).toBe(stateHash(alone.sim));
    const loaded = loadSimulation(JSON.parse(JSON.stringify(saved)));
    setSimulationWorkers(loaded, 2);
    threadsRunning(loaded);
    for (let tick = 0; tick < 300; tick++) {
      stepSimulation(alone.sim);
      stepSimulation(loaded);
    }
    expect(workerShare(loaded).onThreads).toBeGreaterThan(0);
    setSimulationWorkers(loaded, 1);
    expect(stateHash(loaded)).toBe(stateHash(alone.sim));
    expect(listUnits(loaded).length).toBe(80);
  }, 60_000);

  it('a bad workers setting is refused, naming the field and the value, and changes nothing', () => {
    for (const bad of [0, 1.5, 17, -2, Number.NaN, '2']) {
      expect(() => createSimulation({ width: 10, height: 10, workers: bad as number })).toThrow(/^simulation\.workers: expected a whole number of workers from 1 to 16, got /);
    }
    const sim = createSimulation({ width: 10, height: 10, workers: 2 });
    threadsRunning(sim);
    expect(() => setSimulationWorkers(sim, 0)).toThrow(/^workers: expected a whole number of workers from 1 to 16, got 0/);
    expect(simulationWorkers(sim)).toBe(2);
    setSimulationWorkers(sim, 1);
    expect(simulationWorkers(sim)).toBe(1);
  });

  it('without a thread host a simulation asked for workers senses on its own thread', () => {
    useThreadHost(null);
    try {
      const sim = createSimulation({ width: 10, height: 10, workers: 4 });
      expect(simulationWorkers(sim)).toBe(1);
    } finally {
      useNodeThreads();
    }
  });
});
