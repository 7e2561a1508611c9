/**
 * Same scenario, same seed, same bits: the committed reference hash (test/lockstep.ts) after 3600
 * ticks in Node, and the hash sees every unit's state (a tick later, or one unit nudged by a
 * nanometre, it differs).
 */
import { describe, expect, it } from 'vitest';
import { stepSession } from '../../src/app/session';
import { stateHash } from '../../src/index';
import { stateOf } from '../../src/sim/state';
import { LOCKSTEP_REFERENCE, runLockstepReference } from '../lockstep';

describe('lockstep', () => {
  it('the reference scenario gives the committed state hash after 3600 ticks in Node', () => {
    const session = runLockstepReference(LOCKSTEP_REFERENCE.ticks);
    expect(stateHash(session.sim)).toBe(LOCKSTEP_REFERENCE.hash);
    // the hash sees the clock and every unit's state
    const unit = stateOf(session.sim).units[17]!;
    const x = unit.position.x;
    unit.position.x = x + 1e-9;
    expect(stateHash(session.sim)).not.toBe(LOCKSTEP_REFERENCE.hash);
    unit.position.x = x;
    expect(stateHash(session.sim)).toBe(LOCKSTEP_REFERENCE.hash);
    stepSession(session);
    expect(stateHash(session.sim)).not.toBe(LOCKSTEP_REFERENCE.hash);
  }, 60_000);
});
