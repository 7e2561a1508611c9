/**
 * The contract every avoidance strategy keeps. A simulation runs one strategy (switchable between
 * ticks); the sense phase (sense.ts) finds what the strategy asks for, then the controller calls
 * `decide` for every moving unit. The strategies themselves live in strategies/, one file each,
 * and strategies/index.ts lists them by name.
 */
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import { vec2 } from '../math/vec2';
import { type Agent, NO_SIDE, type Side } from './agent';
import type { SteeringConfig } from './config';
import type { Sensing } from './sensing';

/** The strategies there are (see strategies/index.ts for what each one is). */
export type AvoidanceName = 'rays' | 'seed004' | 'ahead' | 'feeler' | 'projection' | 'none';

/** What an avoidance strategy decided for one unit this tick. */
export interface AvoidanceDecision {
  /** the side this unit commits to (read by others next tick); NO_SIDE when not avoiding */
  side: Side;
  /** newtons, world frame; zero when not avoiding */
  force: Vec2;
  /** how strongly the unit leans to its right, from 0 to 1 (read by others next tick as
   * Agent.lean); 0 for strategies that do not lean */
  lean: number;
}

export function createAvoidanceDecision(): AvoidanceDecision {
  return { side: NO_SIDE, force: vec2(), lean: 0 };
}

/**
 * An avoidance method.
 *
 * How the sense phase looks (`senses`):
 * - `'rays'`: the three rays along the velocity for obstacles and the relative ray for units
 *   (sense.ts); units pass `isThreat` first. The soonest hit is `sensing.threat`.
 * - `'circles'`: every unit and obstacle (as its bounding circle) within `reach` of the unit is
 *   offered to `consider`, which records what the strategy needs in `sensing` (the classic
 *   methods, which all treat obstacles as circles).
 * - `'world-rays'`: three rays along the velocity cast through planck's world, the nearest unit
 *   they hit being the threat (the RTS article as written).
 * - `'none'`: nothing but the neighbours for separation.
 */
export interface AvoidanceStrategy {
  readonly name: AvoidanceName;
  readonly senses: 'rays' | 'world-rays' | 'circles' | 'none';
  /** whether units with no order also avoid (step out of the way of units that come at them,
   * then go back to where they stood); otherwise they only brake and separate */
  readonly idleUnitsAvoid: boolean;
  /** whether orders walking at each other step aside as blocks before they meet (up to
   * `passAside`), and orders crossing at a shallow angle take turns (at `crossingPace`):
   * sim/passing.ts */
  readonly passesGroups: boolean;
  /** rays: whether `other` may be a threat at all (a cheap filter before the relative ray) */
  isThreat(agent: Agent, other: Agent): boolean;
  /** circles: metres from the unit's centre within which a body's circle may matter */
  reach(agent: Agent, config: SteeringConfig): number;
  /** circles: one body near the unit, a unit (`unit` set) or an obstacle's bounding circle
   * (`obstacleId` set); the strategy writes what it finds into `sensing` */
  consider(sensing: Sensing, agent: Agent, centre: ReadonlyVec2, radius: number, unit: Agent | null, obstacleId: number, config: SteeringConfig): void;
  /** `preferred`: m/s, the velocity seek / arrive asks for this tick (its force is applied
   * besides); the decision's force is what avoidance adds to it */
  decide(out: AvoidanceDecision, agent: Agent, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig): void;
}

/** `reach` and `consider` of a strategy that does not sense circles. */
export const NO_CIRCLES = {
  reach: (): number => 0,
  consider: (): void => {},
} as const;

/** Clears a decision: no side, no force, no lean. */
export function decideNothing(out: AvoidanceDecision): void {
  out.side = NO_SIDE;
  out.lean = 0;
  out.force.x = 0;
  out.force.y = 0;
}
