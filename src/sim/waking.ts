/**
 * Waking a sleeping unit (see the sense phase, phases.ts): it searches its neighbours afresh, as
 * what it knew is from before it slept. A unit woken after the sense phase (a mover asked it to
 * step aside: situations/give-way.ts) joins the tick's awake units and is sensed at once.
 */
import { senseUnit } from '../steering/sense';
import type { SimulationState, Unit } from './state';

export function wake(unit: Unit): void {
  unit.asleep = false;
  unit.sensing.neighbourCount = 0;
}

/** Senses one unit this tick (its turn, see SteeringConfig.avoidEvery): decide then chooses its
 * avoidance afresh. */
export function senseOne(sim: SimulationState, unit: Unit, searches: boolean): void {
  const looksAhead = unit.task.kind !== 'idle' || sim.strategy.idleUnitsAvoid;
  senseUnit(sim.senseWorld, unit.slot, unit.sensing, sim.strategy, sim.config, looksAhead, searches);
  unit.sensedNow = true;
}

/** Wakes a sleeping unit after the sense phase, sensing it then (it searches its neighbours anew). */
export function wakeNow(sim: SimulationState, unit: Unit): void {
  wake(unit);
  sim.awake.push(unit);
  senseOne(sim, unit, true);
}
