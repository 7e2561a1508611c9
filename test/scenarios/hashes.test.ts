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
  ['seed-largegroups', '2de1c343e83a7c68'],
  ['head-on', 'e7edce2039d96285'],
  ['crossing-90', 'f7a0eed5d829054e'],
  ['crossing-45', '7f910ce4fd5a8091'],
  ['crossing-135', 'a7980ad2b4db51cb'],
  ['crossing-20', '6615d3000f56c3cd'],
  ['four-groups', '698c9396f3eaa1bf'],
  ['circle-swap', '70185c59b2e59872'],
  ['corridor', 'bfcdc03c6988f011'],
  ['junction', 'e2c802ff31f49378'],
  ['doorway', '7e6b900b560fa1f0'],
  ['narrow-door', '0c30e2f9e0d227d2'],
  ['tight-door', '31344108a22829c5'],
  ['wide-door', 'aa2fd16adbbab10f'],
  ['obstacle-field', '6c78ab48fe2c27a9'],
  ['overtaking', '8cb2a098aee8b649'],
  ['large-groups', 'b755eb279730dd2c'],
  ['four-hundreds', 'd300761f6a8431b4'],
  ['mixed-sizes', '512151b53435fc2e'],
  ['seed-converge', '3ccb73f5faf273fe'],
  ['l-wall', '667d24c6144c55ab'],
  ['t-wall', '67d796da35b7dc83'],
  ['u-trap', 'e32bcc0709dc4a6c'],
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
