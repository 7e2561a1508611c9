/**
 * Small helpers shared by the simulation-core tests. They drive the public API; nothing here
 * replaces or mocks a part of the engine. `internals` is the one white-box door, for tests that
 * check state users cannot see (a unit's stuck recovery, the physics world's contacts).
 */
import {
  type Simulation,
  type UnitView,
  addObstacle,
  addUnit,
  createSimulation,
  hasPendingOrders,
  issueOrder,
  onSimulationEvent,
  type SimulationEvent,
  stepSimulation,
} from '../src/index';
import { ScenarioError, parseScenario } from '../src/scenarios/schema';
import { type SimulationState, stateOf } from '../src/sim/state';

/** Runs `ticks` fixed ticks, calling `afterTick` (with the tick number, 1-based) after each. */
export function runTicks(sim: Simulation, ticks: number, afterTick?: (tick: number) => void): void {
  for (let tick = 1; tick <= ticks; tick++) {
    stepSimulation(sim);
    afterTick?.(tick);
  }
}

/**
 * Steps until every order issued so far is planned (planning is spread over ticks within a budget
 * of navigation work); returns the ticks it took. Throws after `limit` ticks.
 */
export function runUntilPlanned(sim: Simulation, limit = 120): number {
  for (let tick = 1; tick <= limit; tick++) {
    stepSimulation(sim);
    if (!hasPendingOrders(sim)) return tick;
  }
  throw new Error(`orders still being planned after ${limit} ticks`);
}

/** Every event the simulation delivers from now on, in order. */
export function recordEvents(sim: Simulation): SimulationEvent[] {
  const seen: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => seen.push(event));
  return seen;
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

/**
 * A (id 1, eastbound along y = 20) meets B (id 2, westbound 0.4 m north of A's line), which
 * first dodges a post on its right by turning LEFT, toward A's line, so B is already avoiding
 * when the two meet.
 */
export function buildPostMeeting(): { sim: Simulation; a: number; b: number } {
  // no routing: the units walk straight, so the meeting is the avoidance controller's alone
  const sim = createSimulation({ width: 40, height: 40, navigation: false });
  const a = addUnit(sim, { x: 5, y: 20 });
  const b = addUnit(sim, { x: 15, y: 20.4 });
  addObstacle(sim, { type: 'circle', x: 11, y: 21, radius: 0.5 });
  issueOrder(sim, { kind: 'move', unitIds: [a], target: { x: 35, y: 20 } });
  issueOrder(sim, { kind: 'move', unitIds: [b], target: { x: 2, y: 20.4 } });
  return { sim, a, b };
}

/** The state behind a simulation handle, for white-box checks of what the API does not show. */
export function internals(sim: Simulation): SimulationState {
  return stateOf(sim);
}

/** The problems the scenario schema lists for `input` (fails the test when it is accepted). */
export function schemaProblems(input: unknown): readonly string[] {
  try {
    parseScenario(input, 'test.json');
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    return error.problems;
  }
  throw new Error('expected the scenario to be refused');
}
