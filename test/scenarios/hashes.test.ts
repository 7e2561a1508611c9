/**
 * Same bits after a restructuring: the state hash of every built-in, seed 1, with the defaults
 * (`rays`, the sideways response, sleeping), after 1200 ticks (20 simulated seconds). A change
 * meant to keep behaviour (moving a rule to a file of its own, a store for the units) keeps every
 * hash here; a change of behaviour on purpose updates the table deliberately, in the same commit,
 * with the built-ins it moved and by how much (over seeds 1-5) said in the commit message.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/index';
import { BUILT_IN_SCENARIO_NAMES, buildBuiltInScenario } from '../../src/scenarios/builtins';
import { startScenarioRun, stepScenarioRun } from '../../src/scenarios/run';
import { BUILT_IN_HASHES as REFERENCE, BUILT_IN_HASH_TICKS as TICKS } from '../reference-hashes';

describe('built-ins keep their bits', () => {
  it('every built-in is in the table', () => {
    expect(REFERENCE.map(([name]) => name)).toEqual([...BUILT_IN_SCENARIO_NAMES]);
  });

  for (const [name, hash] of REFERENCE) {
    it(`${name}, seed 1: the committed state hash after ${TICKS} ticks`, () => {
      const run = startScenarioRun(buildBuiltInScenario(name, { seed: 1 }));
      for (let tick = 0; tick < TICKS; tick++) stepScenarioRun(run);
      expect(stateHash(run.sim)).toBe(hash);
    }, 60_000);
  }
});
