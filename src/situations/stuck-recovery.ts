/**
 * Stuck recovery. A unit on a move order that has not come STUCK_PROGRESS metres nearer its target
 * for STUCK_TIME seconds (sim/progress.ts), and is not held up by other units (no unit threat, no
 * neighbour crowding it), tries to recover, in turn: it waits (stands, still avoiding) for
 * RECOVERY_TIME, then takes the other side, walking off at an angle to its way for RECOVERY_TIME,
 * and so on, alternating the side.
 *
 * Premise: the unit has made no progress along its route for STUCK_TIME seconds (times the
 * attempts so far), and nothing it senses holds it: what stands still is a wall or a rock the
 * route did not foresee, not a crowd. Held up by other units, a unit waits its turn: nudging it
 * about in a crowd only jams it more (in the doorway, 7 of 40 did not get through with it).
 *
 * Hooks: `afterStep` (starting and ending recoveries), `intent` (the recovery's velocity),
 * `restart`. Per-unit state: the recovery under way, until when, and the attempts so far.
 */
import { cos, sin } from '../math/exact';
import { type Vec2, lengthSquared } from '../math/vec2';
import { type Column, type UnitColumns, byteColumn, floatColumn } from '../steering/columns';
import { STUCK_TIME } from '../sim/progress';
import { type SimulationState, type Situation, type Unit, simulatedTime } from '../sim/state';

/** seconds a recovery lasts */
const RECOVERY_TIME = 1.5;
/** radians off its way a unit walks when it takes the other side */
const OTHER_SIDE_ANGLE = 1.2;

/** the recoveries (StuckRecovery.recovery) */
const NONE = 0;
const WAIT = 1;
const OTHER_SIDE = 2;

class StuckRecovery implements Situation {
  readonly name = 'stuck-recovery';
  readonly order = 90;
  readonly premise = 'the unit has made no progress for seconds and no unit holds it up';
  /** per unit: the recovery under way (NONE, WAIT or OTHER_SIDE), until when (simulated seconds),
   * and the recoveries tried since the last progress */
  readonly recovery: Column<Uint8Array>;
  private readonly until: Column<Float64Array>;
  private readonly attempts: Column<Float64Array>;

  constructor(columns: UnitColumns) {
    this.recovery = byteColumn(columns);
    this.until = floatColumn(columns);
    this.attempts = floatColumn(columns);
  }

  /** (every strategy) */
  applies(): boolean {
    return true;
  }

  reset(): void {
    this.recovery.data.fill(NONE);
  }

  afterStep(sim: SimulationState, unit: Unit): void {
    const slot = unit.slot;
    const time = simulatedTime(sim);
    const recovery = this.recovery.data;
    if (recovery[slot] !== NONE && time >= this.until.data[slot]!) recovery[slot] = NONE;
    const progress = unit.progress;
    if (progress.status === 'moving') this.attempts.data[slot] = 0;
    if (progress.status !== 'stalled') return;
    const waited = time - progress.since;
    const crowded = unit.sensing.threat.kind === 'unit' || lengthSquared(unit.sensing.crowding) > 0;
    const attempts = this.attempts.data[slot]!;
    if (!crowded && recovery[slot] === NONE && waited >= STUCK_TIME * (attempts + 1)) {
      this.attempts.data[slot] = attempts + 1;
      recovery[slot] = (attempts + 1) % 2 === 1 ? WAIT : OTHER_SIDE;
      this.until.data[slot] = time + RECOVERY_TIME;
    }
  }

  /**
   * The preferred velocity of a recovering unit: turned OTHER_SIDE_ANGLE off its way (to its left
   * on the first, third, ... attempts with a fresh side, alternating), or zero while it waits.
   */
  intent(_sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    const recovery = this.recovery.data[unit.slot];
    if (recovery === WAIT) {
      preferred.x = 0;
      preferred.y = 0;
    } else if (recovery === OTHER_SIDE) {
      // odd attempts wait; the even ones take a side, alternating: 2 -> left, 4 -> right, 6 -> left, ...
      const angle = (this.attempts.data[unit.slot]! / 2) % 2 === 1 ? OTHER_SIDE_ANGLE : -OTHER_SIDE_ANGLE;
      const c = cos(angle);
      const s = sin(angle);
      const x = preferred.x * c - preferred.y * s;
      preferred.y = preferred.x * s + preferred.y * c;
      preferred.x = x;
    }
    return false;
  }

  restart(_sim: SimulationState, unit: Unit): void {
    this.recovery.data[unit.slot] = NONE;
    this.until.data[unit.slot] = 0;
    this.attempts.data[unit.slot] = 0;
  }
}

export function createStuckRecovery(columns: UnitColumns): Situation & { readonly recovery: Column<Uint8Array> } {
  return new StuckRecovery(columns);
}

/** The recovery under way, by name, for tests and drawing. */
export const RECOVERY_NAMES = ['none', 'wait', 'other-side'] as const;
