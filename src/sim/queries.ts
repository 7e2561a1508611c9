/**
 * The read side of the simulation's API: queries that never change a simulation. Views are the
 * live objects typed read-only, not copies. Re-exported by simulation.ts, where the rest of the API is.
 */
import { tracePath } from '../nav/route';
import { bodyCount } from '../physics/world';
import { drawSituations } from '../situations/index';
import type { SteeringConfig } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';
import { type ObstacleView, type Simulation, type SimulationSettings, type TickTiming, type UnitView, simulatedTime, stateOf } from './state';

/** The unit with that id, or undefined. */
export function getUnit(sim: Simulation, unitId: number): UnitView | undefined {
  return stateOf(sim).unitsById.get(unitId);
}

/** Every unit, in creation order (a live list: it changes as units are added and removed). */
export function listUnits(sim: Simulation): readonly UnitView[] {
  return stateOf(sim).units;
}

/** Every obstacle, in creation order (a live list). */
export function listObstacles(sim: Simulation): readonly ObstacleView[] {
  return stateOf(sim).obstacles;
}

/** The world's size, the tick length and whether orders are routed: what the simulation was made with. */
export function simulationSettings(sim: Simulation): SimulationSettings {
  return stateOf(sim).settings;
}

/** Ticks run so far. */
export function simulationTick(sim: Simulation): number {
  return stateOf(sim).tick;
}

/** Simulated seconds so far. */
export function simulationTime(sim: Simulation): number {
  return simulatedTime(stateOf(sim));
}

export function getAvoidance(sim: Simulation): AvoidanceName {
  return stateOf(sim).strategy.name;
}

export function getCollisionResponse(sim: Simulation): CollisionResponse {
  return stateOf(sim).response;
}

export function getSteeringConfig(sim: Simulation): Readonly<SteeringConfig> {
  return stateOf(sim).config;
}

/** Wall-clock milliseconds of the last tick: the whole tick, planck's step, and order planning. */
export function lastTickTiming(sim: Simulation): Readonly<TickTiming> {
  return stateOf(sim).timing;
}

/** Whether orders are queued for the next tick. */
export function hasPendingOrders(sim: Simulation): boolean {
  const state = stateOf(sim);
  return state.pendingOrders.length > 0 || state.planning.length > 0;
}

/** How many bodies the physics world holds (units, obstacles and one for the walls). */
export function physicsBodyCount(sim: Simulation): number {
  return bodyCount(stateOf(sim).physics);
}

/**
 * The line segments the situations taking part draw, as of the last tick ([x0, y0, x1, y1, ...],
 * appended to `segments`): each block's box and step aside, the doors where orders take turns and
 * the order whose turn it is, the doors passed in halves (situations/). For the page's overlay; not
 * part of the package's API.
 */
export function situationOverlay(sim: Simulation, segments: number[]): void {
  drawSituations(stateOf(sim), segments);
}

/**
 * The route a unit is following, from where it stands down its order's route to the
 * order's target, as [x0, y0, x1, y1, ...] (cell centres, at most `maxPoints` points before the
 * target); empty when it has no route (idle, a straight walk, or cut off). For drawing.
 */
export function traceRoute(sim: Simulation, unitId: number, maxPoints: number): number[] {
  const unit = stateOf(sim).unitsById.get(unitId);
  if (unit === undefined || unit.task.kind !== 'move' || unit.task.route === null) return [];
  return tracePath(unit.task.route, unit.position.x, unit.position.y, maxPoints);
}
