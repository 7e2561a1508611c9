/**
 * The lockstep reference (issue 16): the built-in doorway (two groups through one door, walls,
 * routes, give-way) at seed 1, as the demo page sets it up, after 3600 ticks (one minute). Its
 * `stateHash` is committed here and checked in Node (test/sim/lockstep.test.ts), in the page's
 * worker and on Chromium's main thread (test/e2e/page.test.ts), and under SpiderMonkey, Firefox's
 * engine, through GJS (test/sim/lockstep-spidermonkey.test.ts). planck does not promise
 * determinism across engines; these are the tests that would notice. When a change to the engine
 * changes behaviour on purpose, update the hash here, deliberately, in the same commit.
 */
import { setUpPageSession, stepSession } from '../src/app/session';
import { stateHash } from '../src/index';
import { DEFAULT_UNIT } from '../src/sim/defaults';

export const LOCKSTEP_REFERENCE = {
  choice: { name: 'doorway', seed: 1 },
  ticks: 3600,
  hash: '3f9c88f518da0556',
} as const;

/** Runs the reference scenario as the page sets it up, for `ticks` ticks; its session. */
export function runLockstepReference(ticks: number): ReturnType<typeof setUpPageSession> {
  const session = setUpPageSession({ choice: { ...LOCKSTEP_REFERENCE.choice }, settings: { avoidance: 'rays', response: 'sideways' }, tuning: {}, maxAcceleration: DEFAULT_UNIT.maxAcceleration });
  for (let tick = 0; tick < ticks; tick++) stepSession(session);
  return session;
}

/** The state hash of the reference run after `ticks` ticks. */
export function lockstepHash(ticks: number): string {
  return stateHash(runLockstepReference(ticks).sim);
}
