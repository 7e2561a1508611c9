/**
 * The lockstep reference run as a script for GJS, which runs JavaScript on SpiderMonkey (Firefox's
 * engine). test/sim/lockstep-spidermonkey.test.ts bundles this file with everything it imports
 * and runs it; it prints the state hash after the reference's ticks.
 */
import { LOCKSTEP_REFERENCE, lockstepHash } from '../lockstep';

declare const print: (text: string) => void;
// GJS has no `performance`; the engine reads the clock only for its timing figures
globalThis.performance ??= { now: () => Date.now() } as Performance;
print(lockstepHash(LOCKSTEP_REFERENCE.ticks));
