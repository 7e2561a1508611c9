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

/**
 * How much heavier a unit holding its position is (a hold order): its body's mass times this,
 * while it holds. A friend pressing on it then moves it a tenth as much (planck shares a push by
 * the bodies' masses), and it walks back home at once. Enemies still collide with it.
 */
export const HOLD_MASS_SCALE = 10;

/** seconds: a holding unit pushed off its ground heads back at the speed that would take it there
 * in this time (at most its max speed) */
export const HOLD_RETURN_TIME = 0.25;
