/**
 * The committed state hash of every built-in, seed 1, with the defaults (`rays`, the sideways
 * response, sleeping), after BUILT_IN_HASH_TICKS ticks: checked as they stand in
 * test/scenarios/hashes.test.ts, and with the sense phase on several threads in
 * test/sim/workers.test.ts.
 */
export const BUILT_IN_HASH_TICKS = 1200;

/** built-in name -> stateHash after BUILT_IN_HASH_TICKS ticks at seed 1 */
export const BUILT_IN_HASHES: ReadonlyArray<readonly [string, string]> = [
  ['seed-onemiddle', 'd4a89e0bd35042b8'],
  ['seed-onetop', 'df123c1459119075'],
  ['seed-smallgroups', '7a73c163612dc0b0'],
  ['seed-largegroups', '346bbae93e00ce8e'],
  ['head-on', '3abf0d2914505b06'],
  ['crossing-90', 'bdadaed6a3e20117'],
  ['crossing-45', 'b94639ddebd7826a'],
  ['crossing-135', '7119cb48fea7c0f9'],
  ['crossing-20', '6615d3000f56c3cd'],
  ['four-groups', '8cf8f0e57a1a62ae'],
  ['circle-swap', '012a0c8acc5e7a4b'],
  ['corridor', 'd4fde417ae312ad0'],
  ['junction', '7f9d5100c63e1dcd'],
  ['doorway', '45ac0f1fc70e66a0'],
  ['narrow-door', 'c3fae6747ab53861'],
  ['tight-door', '3180555f648c5508'],
  ['wide-door', '06a8ff0ec1f0f9f3'],
  ['obstacle-field', '02cf6d6987221a8a'],
  ['overtaking', '8cb2a098aee8b649'],
  ['large-groups', 'a52c45dd9ec7bd9a'],
  ['four-hundreds', '41163c47360ebb28'],
  ['mixed-sizes', '61b74cdc8bc5d949'],
  ['seed-converge', '24ee688d08295ade'],
  ['l-wall', '667d24c6144c55ab'],
  ['t-wall', 'b75bcfd5ce0b47b2'],
  ['u-trap', 'b5bbb8df5aebb4d0'],
  ['maze', 'd2bdcda11000502a'],
  ['rock-field-1km', '70073271fb3935f6'],
  ['base-build', 'd63d7b5d8cd43e96'],
];
