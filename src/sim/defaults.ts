/**
 * Every default of a simulation and of a unit, in one place: the API, the scenario format, the
 * command line and the page all take their defaults from here.
 */
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';

/** Defaults of `SimulationDef` (see simulation.ts). */
export const DEFAULT_SIMULATION: Readonly<{
  /** seconds per tick */
  dt: number;
  avoidance: AvoidanceName;
  response: CollisionResponse;
  /** whether move orders are routed round obstacles */
  navigation: boolean;
  /** whether idle units at rest sleep */
  sleeping: boolean;
}> = Object.freeze({ dt: 1 / 60, avoidance: 'rays', response: 'sideways', navigation: true, sleeping: true });

/** Defaults of `UnitDef` (see simulation.ts). */
export const DEFAULT_UNIT: Readonly<{
  /** metres */
  radius: number;
  /** m/s */
  maxSpeed: number;
  /** kilograms per square metre of the unit's disc (the RTS article's demos): mass = density pi r^2 */
  density: number;
  /** m/s^2: max force per kilogram (the RTS article's demos: about 15) */
  maxAcceleration: number;
  team: number;
  /** radians: the direction a unit faces before it first moves (+x) */
  heading: number;
}> = Object.freeze({ radius: 0.5, maxSpeed: 4, density: 20, maxAcceleration: 16, team: 0, heading: 0 });
