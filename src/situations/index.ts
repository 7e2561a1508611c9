/**
 * The situations: every rule the simulation layers over the avoidance core, one file each, behind
 * one interface (`Situation`, sim/state.ts). This file makes a simulation's situations, gathers the
 * hooks of those taking part into flat lists (when the strategy or the settings change, not every
 * tick), and hands the avoidance core its rules (the pair and lean hooks) as one object.
 *
 * Their order is the order of SITUATION_NAMES (steering/config.ts); each situation's `order`
 * places its hooks, and `docs/situations.md` says what each one checks and buys.
 */
import { cos, sin } from '../math/exact';
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { Agent } from '../steering/agent';
import type { SteeringConfig } from '../steering/config';
import type { Sensing } from '../steering/sensing';
import { type AvoidanceRules, NO_RULES, type PlaneTerms } from '../steering/strategy';
import type { UnitColumns } from '../sim/columns';
import type { SimulationState, Situation, SituationSet, Unit } from '../sim/state';
import { createBlocks } from './blocks';
import { carriedLean } from './carried-lean';
import { createCrossingPace } from './crossing-pace';
import { createDoorHalves } from './door-halves';
import { createDoorTurns } from './door-turns';
import { followHeldUp } from './follow-held-up';
import { createGiveWay } from './give-way';
import { keepRight } from './keep-right';
import { offCourseAhead } from './off-course-ahead';
import { queueOrder } from './queue-order';
import { ruleOfTheRoad } from './rule-of-the-road';
import { createSingleFile } from './single-file';
import { createStepAside } from './step-aside';
import { createStuckRecovery } from './stuck-recovery';
import { createWideDoorTurns } from './wide-door-turns';

/** A simulation's situations, none gathered yet (gatherSituations does, before the first tick). */
export function createSituations(columns: UnitColumns): SituationSet {
  const blocks = createBlocks();
  // (door halves are made before wide-door turns: their settlements are kept in that order)
  const doorHalves = createDoorHalves(blocks);
  const all: Situation[] = [
    createGiveWay(columns),
    createSingleFile(columns),
    createDoorTurns(columns),
    createWideDoorTurns(blocks),
    doorHalves,
    createStepAside(blocks),
    createCrossingPace(blocks),
    createStuckRecovery(columns),
    ruleOfTheRoad,
    followHeldUp,
    offCourseAhead,
    queueOrder,
    keepRight,
    carriedLean,
  ];
  all.sort((a, b) => a.order - b.order);
  const set: SituationSet = {
    all,
    on: [],
    plans: [],
    standing: null,
    intents: [],
    pairs: [],
    leans: [],
    afterSteps: [],
    restarts: all.filter((situation) => situation.restart !== undefined),
    rules: NO_RULES,
    gatheredFor: null,
  };
  // (the lists are filled in place by gatherSituations: the rules read them as they are)
  return { ...set, rules: avoidanceRules(set) };
}

/** The situation named `name` (every simulation has all of them, on or off). */
export function findSituation(set: SituationSet, name: Situation['name']): Situation {
  return set.all.find((situation) => situation.name === name)!;
}

/**
 * Gathers the hooks of the situations taking part (switched on in the settings, and applying to
 * the strategy and settings), in order, when the strategy or the settings changed since the last
 * time; a situation that stops taking part drops what it kept from tick to tick.
 */
export function gatherSituations(sim: SimulationState): void {
  const set = sim.situations;
  const gathered = set.gatheredFor;
  if (gathered !== null && gathered.config === sim.config && gathered.strategy === sim.strategy) return;
  const was = new Set(set.on);
  set.on.length = 0;
  for (const situation of set.all) {
    if (sim.config.situations[situation.name] && situation.applies(sim)) set.on.push(situation);
    else if (was.has(situation)) situation.reset?.(sim);
  }
  const withHook = (hook: keyof Situation): Situation[] => set.on.filter((situation) => situation[hook] !== undefined);
  replace(set.plans, withHook('plan'));
  replace(set.intents, withHook('intent'));
  replace(set.pairs, withHook('pair'));
  replace(set.leans, withHook('lean'));
  replace(set.afterSteps, withHook('afterStep'));
  set.standing = withHook('standing')[0] ?? null;
  set.gatheredFor = { config: sim.config, strategy: sim.strategy };
}

function replace(list: Situation[], items: readonly Situation[]): void {
  list.length = 0;
  for (const item of items) list.push(item);
}

/** Runs the plans of the situations taking part, in order (once a tick, before any unit decides). */
export function planSituations(sim: SimulationState): void {
  for (const situation of sim.situations.plans) situation.plan!(sim);
}

/**
 * The intent hooks of the situations taking part, for a unit on the move, in order: each may
 * change the velocity it wants; the first that holds it ends the chain. Returns whether one held it.
 */
export function shapeIntent(sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
  for (const situation of sim.situations.intents) if (situation.intent!(sim, unit, preferred)) return true;
  return false;
}

/** The segments every situation taking part draws ([x0, y0, x1, y1, ...]), appended to `segments`. */
export function drawSituations(sim: SimulationState, segments: number[]): void {
  for (const situation of sim.situations.on) situation.overlay?.(sim, segments);
}

/** The pair and lean hooks of `hooks` (read as they are at each call) as the avoidance core calls
 * them (AvoidanceRules). */
export function avoidanceRules(hooks: { readonly pairs: readonly Situation[]; readonly leans: readonly Situation[] }): AvoidanceRules {
  return {
    pair(agent: Agent, other: Agent, terms: PlaneTerms, preferred: ReadonlyVec2): void {
      const pairs = hooks.pairs;
      for (let index = 0; index < pairs.length; index++) pairs[index]!.pair!(agent as Unit, other as Unit, terms, preferred);
    },
    aim(agent: Agent, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig, aim: Vec2): number {
      const leans = hooks.leans;
      let lean = 0;
      for (let index = 0; index < leans.length; index++) lean = leans[index]!.lean!(agent as Unit, sensing, preferred, lean);
      if (lean > 0) {
        // leaning right: the aim turns clockwise by keepRight at full lean
        const angle = -config.keepRight * lean;
        const c = cos(angle);
        const s = sin(angle);
        aim.x = preferred.x * c - preferred.y * s;
        aim.y = preferred.x * s + preferred.y * c;
      }
      return lean;
    },
  };
}
