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
  ['crossing-45', '856913fa359b1303'],
  ['crossing-135', '8e7b11ceece92907'],
  ['crossing-20', '6615d3000f56c3cd'],
  ['four-groups', '54488b54d4cf5ff1'],
  ['circle-swap', '0714aee66b948287'],
  ['corridor', 'd4fde417ae312ad0'],
  ['junction', '7f9d5100c63e1dcd'],
  ['doorway', 'a835ef9802b70875'],
  ['narrow-door', 'c3fae6747ab53861'],
  ['tight-door', '93e2465c3baa0929'],
  ['wide-door', 'fe854465bd993316'],
  ['obstacle-field', '02cf6d6987221a8a'],
  ['overtaking', '8cb2a098aee8b649'],
  ['large-groups', 'a52c45dd9ec7bd9a'],
  ['four-hundreds', '83e3f55bf721c12c'],
  ['mixed-sizes', '0ef7f8dd878ba5ba'],
  ['seed-converge', '24ee688d08295ade'],
  ['l-wall', '667d24c6144c55ab'],
  ['t-wall', 'b75bcfd5ce0b47b2'],
  ['u-trap', 'b5bbb8df5aebb4d0'],
  ['maze', 'd2bdcda11000502a'],
  ['rock-field-1km', '70073271fb3935f6'],
  ['base-build', '2beaf2764f5e8963'],
];
