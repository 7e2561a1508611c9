/**
 * Small helpers shared by the simulation-core tests. They only drive the public API; nothing
 * here replaces or mocks a part of the engine.
 */
import {
  type Simulation,
  type UnitView,
  onSimulationEvent,
  stepSimulation,
} from '../src/index';

/** Runs `ticks` fixed ticks, calling `afterTick` (with the tick number, 1-based) after each. */
export function runTicks(sim: Simulation, ticks: number, afterTick?: (tick: number) => void): void {
  for (let tick = 1; tick <= ticks; tick++) {
    stepSimulation(sim);
    afterTick?.(tick);
  }
}

/** Records the simulated time of every unit's first arrival, by unit id. */
export function recordArrivals(sim: Simulation): Map<number, number> {
  const arrivals = new Map<number, number>();
  onSimulationEvent(sim, (event) => {
    if (event.type === 'arrived' && !arrivals.has(event.unitId)) arrivals.set(event.unitId, event.time);
  });
  return arrivals;
}

export function centreDistance(a: UnitView, b: UnitView): number {
  return Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y);
}

export function speedOf(unit: UnitView): number {
  return Math.hypot(unit.velocity.x, unit.velocity.y);
}
