/**
 * The contract every avoidance strategy keeps. A simulation runs one strategy (switchable between
 * ticks); the sense phase (sense.ts) finds what the strategy asks for, then the controller calls
 * `decide` for every moving unit. The strategies themselves live in strategies/, one file each,
 * and strategies/index.ts lists them by name.
 */
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import { vec2 } from '../math/vec2';
import { NO_SIDE, type Side } from './agent';
import type { SteeringConfig } from './config';
import type { Sensing } from './sensing';
import type { UnitStore } from './store';

/** The strategies there are (see strategies/index.ts for what each one is). */
export type AvoidanceName = 'rays' | 'seed004' | 'ahead' | 'feeler' | 'projection' | 'none';

/** What an avoidance strategy decided for one unit this tick. */
export interface AvoidanceDecision {
  /** the side this unit commits to (read by others next tick); NO_SIDE when not avoiding */
  side: Side;
  /** newtons, world frame; zero when not avoiding */
  force: Vec2;
  /** how strongly the unit leans to its right, from 0 to 1 (read by others next tick as
   * the store's `lean`); 0 for strategies that do not lean */
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
   * src/situations/) */
  readonly passesGroups: boolean;
  /** rays: whether the unit at slot `other` may be a threat at all to the one at `agent` (a cheap
   * filter before the relative ray) */
  isThreat(units: UnitStore, agent: number, other: number): boolean;
  /** circles: metres from the unit's centre within which a body's circle may matter */
  reach(units: UnitStore, agent: number, config: SteeringConfig): number;
  /** circles: one body near the unit, a unit (its slot `other`) or an obstacle's bounding circle
   * (`obstacleId` set, `other` -1); the strategy writes what it finds into `sensing` */
  consider(sensing: Sensing, units: UnitStore, agent: number, centre: ReadonlyVec2, radius: number, other: number, obstacleId: number, config: SteeringConfig): void;
  /** `preferred`: m/s, the velocity seek / arrive asks for this tick (its force is applied
   * besides); the decision's force is what avoidance adds to it. `rules`: the simulation's rules
   * over the choice (strategies that choose by half-planes read them; the others ignore them) */
  decide(out: AvoidanceDecision, units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig, rules: AvoidanceRules): void;
}

/**
 * How the half-plane a unit keeps against one neighbour is made (strategies/rays.ts,
 * addReciprocalPlane). The core fills it for each neighbour; the rules over it (AvoidanceRules.pair)
 * may change the first five fields and the last two. Filled in place: numbers handed to a call
 * one by one are boxed on the heap each time by V8, a few dozen thousand a tick in a crowd; fields
 * of one object kept for the purpose are not.
 */
export interface PlaneTerms {
  /** the part of the way out the agent takes (0 to 1) */
  share: number;
  /** metres between centres the two must keep */
  reach: number;
  /** seconds ahead the velocity obstacle looks */
  horizon: number;
  /** seconds within which two units already within reach must part */
  settle: number;
  /** the side the pair passes on whichever edge is nearer; NO_SIDE: the geometry decides */
  passOn: Side;
  /** the core's share: the other's part of the pair's mass, or all of it for a standing agent */
  baseShare: number;
  /** metres: the sum of the two radii */
  contact: number;
  /** whether no obstacle or wall is near the agent */
  openGround: boolean;
  /** whether the plane is laid as if the agent stood still (its velocity taken as zero, both in
   * the relative velocity and as the velocity the change is measured from) */
  agentAtRest: boolean;
  /** whether the plane is laid as if `other` stood still */
  otherAtRest: boolean;
}

export function planeTerms(): PlaneTerms {
  return { share: 0, reach: 0, horizon: 0, settle: 0, passOn: NO_SIDE, baseShare: 0, contact: 0, openGround: true, agentAtRest: false, otherAtRest: false };
}

/**
 * The rules a simulation layers over a strategy's choice (src/situations/): the terms of each pair,
 * and where the agent aims. Units come as their slots in the store.
 */
export interface AvoidanceRules {
  /** may change `terms` (share, reach, horizon, settle, passOn) of the plane of the unit at slot
   * `agent` against the one at `other` */
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void;
  /** the velocity the agent aims its choice at, into `aim` (which comes in as `preferred`); returns
   * how strongly it leans to its right (0 to 1, committed as the store's `lean`) */
  aim(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig, aim: Vec2): number;
}

/** No rules: the core alone. */
export const NO_RULES: AvoidanceRules = {
  pair: () => {},
  aim: () => 0,
};

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
