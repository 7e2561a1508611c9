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

const TICKS = 1200;

/** built-in name -> stateHash after TICKS ticks at seed 1 */
const REFERENCE: ReadonlyArray<readonly [string, string]> = [
  ['seed-onemiddle', 'd4a89e0bd35042b8'],
  ['seed-onetop', 'df123c1459119075'],
  ['seed-smallgroups', '7a73c163612dc0b0'],
  ['seed-largegroups', 'b87c4d0c2b07ebe5'],
  ['head-on', 'e180b61e183cc14f'],
  ['crossing-90', 'e1f76151bec9e2ca'],
  ['crossing-45', '5e2ca3e087b388fd'],
  ['crossing-135', 'fc9112e14ca6df12'],
  ['crossing-20', '6615d3000f56c3cd'],
  ['four-groups', '8cf8f0e57a1a62ae'],
  ['circle-swap', '012a0c8acc5e7a4b'],
  ['corridor', 'd4fde417ae312ad0'],
  ['junction', '730916a6d410a2eb'],
  ['doorway', '035e344a85249117'],
  ['narrow-door', '0e701228716a3fa9'],
  ['tight-door', 'b51ff29dc6a1ce92'],
  ['wide-door', '38c092e54d5fad2a'],
  ['obstacle-field', '4150d5496c62bdd6'],
  ['overtaking', '8cb2a098aee8b649'],
  ['large-groups', 'eef376abcace8824'],
  ['four-hundreds', '4d34b425e368cfc2'],
  ['mixed-sizes', '3d4bbc30652bd9d1'],
  ['seed-converge', '675b50d6c8dff3c3'],
  ['l-wall', '667d24c6144c55ab'],
  ['t-wall', 'b75bcfd5ce0b47b2'],
  ['u-trap', '8975c65245172487'],
  ['maze', 'd2bdcda11000502a'],
  ['rock-field-1km', '70073271fb3935f6'],
  ['base-build', '15cf57615ed23572'],
];

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
