/**
 * Helpers for the tests of the situations that shape the avoidance core's choice (the pair and lean
 * hooks): a unit as those hooks read it, and the `rays` decision against given neighbours with the
 * rules of the situations named, or of all of them as a simulation runs them.
 */
import { type ObstacleShape, prepareShape } from '../../src/math/shapes';
import type { Situation } from '../../src/sim/state';
import { carriedLean } from '../../src/situations/carried-lean';
import { followHeldUp } from '../../src/situations/follow-held-up';
import { avoidanceRules } from '../../src/situations/index';
import { keepRight } from '../../src/situations/keep-right';
import { offCourseAhead } from '../../src/situations/off-course-ahead';
import { queueOrder } from '../../src/situations/queue-order';
import { ruleOfTheRoad } from '../../src/situations/rule-of-the-road';
import { NO_SIDE, type Side } from '../../src/steering/agent';
import { DEFAULT_STEERING_CONFIG, type SituationName, type SteeringConfig } from '../../src/steering/config';
import { createSensing, offerNeighbour } from '../../src/steering/sensing';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import type { AvoidanceDecision, AvoidanceRules } from '../../src/steering/strategy';
import { type TestUnit, storeOf, testUnit } from '../steering/units';

export type { TestUnit };

/** A unit as the pair and lean hooks read it (test/steering/units.ts). */
export const unit = testUnit;

/** the situations with pair or lean hooks, in the order a simulation runs them */
const PAIRS: readonly Situation[] = [ruleOfTheRoad, followHeldUp, offCourseAhead, queueOrder];
const LEANS: readonly Situation[] = [keepRight, carriedLean];

/** The rules of every pair and lean situation but those named (as a simulation with them switched off). */
export function rulesWithout(...names: SituationName[]): AvoidanceRules {
  return avoidanceRules({ pairs: PAIRS.filter((s) => !names.includes(s.name)), leans: LEANS.filter((s) => !names.includes(s.name)) });
}

/** The rules of every pair and lean situation, as a simulation runs them by default. */
export const ALL_RULES = rulesWithout();

export interface DecideOptions {
  rules?: AvoidanceRules;
  config?: SteeringConfig;
  /** obstacles the agent senses (it is then not in the open) */
  obstacles?: ObstacleShape[];
  /** each neighbour's key (the fraction of the look-ahead at which it will be touched); 0.5 */
  key?: number;
}

/** The `rays` decision of `me` against `others`, wanting `preferred`. */
export function decideAgainst(me: TestUnit, others: TestUnit[], preferred: { x: number; y: number }, options: DecideOptions = {}): AvoidanceDecision {
  // `me` at slot 0, the others after it
  const units = storeOf([me, ...others]);
  const sensing = createSensing();
  for (let slot = 1; slot <= others.length; slot++) offerNeighbour(sensing, slot, options.key ?? 0.5);
  for (const shape of options.obstacles ?? []) sensing.obstacles[sensing.obstacleCount++] = prepareShape(shape);
  const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
  AVOIDANCE_STRATEGIES.rays.decide(decision, units, 0, sensing, preferred, options.config ?? DEFAULT_STEERING_CONFIG, options.rules ?? ALL_RULES);
  return decision;
}

export const size = (force: { x: number; y: number }): number => Math.hypot(force.x, force.y);
