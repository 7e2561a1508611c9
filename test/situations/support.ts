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
import type { Agent } from '../../src/steering/agent';
import { DEFAULT_STEERING_CONFIG, type SituationName, type SteeringConfig } from '../../src/steering/config';
import { createSensing, offerNeighbour } from '../../src/steering/sensing';
import { AVOIDANCE_STRATEGIES } from '../../src/steering/strategies/index';
import type { AvoidanceDecision, AvoidanceRules } from '../../src/steering/strategy';

/** A unit as the pair and lean hooks read it: an Agent, and what the simulation's units add. */
export type TestUnit = Agent & {
  queueRank: number;
  queueSingleFile: boolean;
  doorDistance: number;
  orderHeading: { x: number; y: number };
  orderSize: number;
};

export function unit(fields: Partial<TestUnit> & Pick<TestUnit, 'position' | 'velocity'>): TestUnit {
  return {
    id: 1,
    radius: 0.5,
    mass: 15.7,
    maxSpeed: 4,
    maxForce: 251,
    avoidSide: NO_SIDE,
    groupId: 1,
    distanceToTarget: Infinity,
    queueRank: Infinity,
    queueSingleFile: false,
    doorDistance: Infinity,
    orderHeading: { x: 0, y: 0 },
    orderSize: 0,
    lean: 0,
    obstacleSpace: 0.1,
    wanted: { x: 0, y: 0 },
    ...fields,
  };
}

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
  const sensing = createSensing();
  for (const other of others) offerNeighbour(sensing, other, options.key ?? 0.5);
  for (const shape of options.obstacles ?? []) sensing.obstacles[sensing.obstacleCount++] = prepareShape(shape);
  const decision = { side: NO_SIDE as Side, force: { x: 0, y: 0 }, lean: 0 };
  AVOIDANCE_STRATEGIES.rays.decide(decision, me, sensing, preferred, options.config ?? DEFAULT_STEERING_CONFIG, options.rules ?? ALL_RULES);
  return decision;
}

export const size = (force: { x: number; y: number }): number => Math.hypot(force.x, force.y);
