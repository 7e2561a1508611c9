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
  ['seed-largegroups', '346bbae93e00ce8e'],
  ['head-on', '3abf0d2914505b06'],
  ['crossing-90', 'bdadaed6a3e20117'],
  ['crossing-45', 'b94639ddebd7826a'],
  ['crossing-135', 'f93e71c5fa94e142'],
  ['crossing-20', '6615d3000f56c3cd'],
  ['four-groups', '8cf8f0e57a1a62ae'],
  ['circle-swap', '012a0c8acc5e7a4b'],
  ['corridor', 'd4fde417ae312ad0'],
  ['junction', '3098874b7a48daa4'],
  ['doorway', '1fa9cec5dcd5fdf6'],
  ['narrow-door', 'c3fae6747ab53861'],
  ['tight-door', '3180555f648c5508'],
  ['wide-door', 'a9b2858adc5305f3'],
  ['obstacle-field', 'a7fd6c1c521005e1'],
  ['overtaking', '8cb2a098aee8b649'],
  ['large-groups', 'a52c45dd9ec7bd9a'],
  ['four-hundreds', '1a957a657d9a15fa'],
  ['mixed-sizes', '61b74cdc8bc5d949'],
  ['seed-converge', '24ee688d08295ade'],
  ['l-wall', '667d24c6144c55ab'],
  ['t-wall', 'b75bcfd5ce0b47b2'],
  ['u-trap', 'b5bbb8df5aebb4d0'],
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
