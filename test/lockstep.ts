/**
 * The lockstep reference (issue 16): the built-in doorway (two groups through one door, walls,
 * routes, give-way) at seed 1, as the demo page sets it up, after 3600 ticks (one minute). Its
 * `stateHash` is committed here and checked in Node (test/sim/lockstep.test.ts), in the page's
 * worker and on Chromium's main thread (test/e2e/page.test.ts). planck does not promise
 * determinism across engines; this is the test that would notice. When a change to the engine
 * changes behaviour on purpose, update the hash here, deliberately, in the same commit.
 */
export const LOCKSTEP_REFERENCE = {
  choice: { name: 'doorway', seed: 1 },
  ticks: 3600,
  hash: '3dd0b4a4f5d06229',
} as const;
