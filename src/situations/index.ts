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
import type { SteeringConfig } from '../steering/config';
import type { Sensing } from '../steering/sensing';
import type { AvoidanceRules, PlaneTerms } from '../steering/strategy';
import type { UnitColumns } from '../steering/columns';
import type { UnitStore } from '../steering/store';
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
import { StandInStream } from './stand-in-stream';
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
    new StandInStream(columns),
  ];
  all.sort((a, b) => a.order - b.order);
  const lists = { plans: [], intents: [], pairs: [], leans: [], afterSteps: [] };
  const hot = hotPath(all, lists);
  return {
    all,
    on: [],
    ...lists,
    standing: null,
    restarts: all.filter((situation) => situation.restart !== undefined),
    shapeIntent: hot.shapeIntent,
    rules: hot.rules,
    gather: hot.gather,
    blocks,
    gatheredFor: null,
  };
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
  set.gather();
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
  return sim.situations.shapeIntent(sim, unit, preferred);
}

/** The segments every situation taking part draws ([x0, y0, x1, y1, ...]), appended to `segments`. */
export function drawSituations(sim: SimulationState, segments: number[]): void {
  for (const situation of sim.situations.on) situation.overlay?.(sim, segments);
}

/** The lists of hooks the hot path reads (SituationSet's, filled in place by gatherSituations). */
interface HookLists {
  readonly intents: Situation[];
  readonly pairs: Situation[];
  readonly leans: Situation[];
}

/**
 * The hooks called for every unit or every pair each tick (intent, pair, lean), run through one
 * switch on each situation's place in `all` rather than through a loop over the situations: each
 * case is a call site V8 sees a single function at, which it inlines, where a loop's one call
 * site seeing a dozen functions is a slow generic call each time (the decide phase took half as
 * long again). The switches run the situations in the lists' order; `gather` reads the lists.
 */
function hotPath(all: readonly Situation[], lists: HookLists): { shapeIntent: SituationSet['shapeIntent']; rules: AvoidanceRules; gather(): void } {
  const intents = new Uint8Array(all.length);
  const pairs = new Uint8Array(all.length);
  const leans = new Uint8Array(all.length);
  const counts = { intents: 0, pairs: 0, leans: 0 };
  const [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14] = all as [Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation, Situation];
  if (all.length !== 15) throw new Error(`situations: the hot path knows 15, got ${all.length}`);
  const fill = (kinds: Uint8Array, list: readonly Situation[]): number => {
    list.forEach((situation, index) => {
      kinds[index] = all.indexOf(situation);
    });
    return list.length;
  };
  return {
    gather(): void {
      counts.intents = fill(intents, lists.intents);
      counts.pairs = fill(pairs, lists.pairs);
      counts.leans = fill(leans, lists.leans);
    },
    shapeIntent(sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
      for (let index = 0; index < counts.intents; index++) {
        let held: boolean;
        // biome-ignore format: one case a situation
        switch (intents[index]) {
          case 0: held = s0.intent!(sim, unit, preferred); break;
          case 1: held = s1.intent!(sim, unit, preferred); break;
          case 2: held = s2.intent!(sim, unit, preferred); break;
          case 3: held = s3.intent!(sim, unit, preferred); break;
          case 4: held = s4.intent!(sim, unit, preferred); break;
          case 5: held = s5.intent!(sim, unit, preferred); break;
          case 6: held = s6.intent!(sim, unit, preferred); break;
          case 7: held = s7.intent!(sim, unit, preferred); break;
          case 8: held = s8.intent!(sim, unit, preferred); break;
          case 9: held = s9.intent!(sim, unit, preferred); break;
          case 10: held = s10.intent!(sim, unit, preferred); break;
          case 11: held = s11.intent!(sim, unit, preferred); break;
          case 12: held = s12.intent!(sim, unit, preferred); break;
          case 13: held = s13.intent!(sim, unit, preferred); break;
          default: held = s14.intent!(sim, unit, preferred); break;
        }
        if (held) return true;
      }
      return false;
    },
    rules: {
      pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void {
        for (let index = 0; index < counts.pairs; index++) {
          // biome-ignore format: one case a situation
          switch (pairs[index]) {
            case 0: s0.pair!(units, agent, other, terms, preferred); break;
            case 1: s1.pair!(units, agent, other, terms, preferred); break;
            case 2: s2.pair!(units, agent, other, terms, preferred); break;
            case 3: s3.pair!(units, agent, other, terms, preferred); break;
            case 4: s4.pair!(units, agent, other, terms, preferred); break;
            case 5: s5.pair!(units, agent, other, terms, preferred); break;
            case 6: s6.pair!(units, agent, other, terms, preferred); break;
            case 7: s7.pair!(units, agent, other, terms, preferred); break;
            case 8: s8.pair!(units, agent, other, terms, preferred); break;
            case 9: s9.pair!(units, agent, other, terms, preferred); break;
            case 10: s10.pair!(units, agent, other, terms, preferred); break;
            case 11: s11.pair!(units, agent, other, terms, preferred); break;
            case 12: s12.pair!(units, agent, other, terms, preferred); break;
            case 13: s13.pair!(units, agent, other, terms, preferred); break;
            default: s14.pair!(units, agent, other, terms, preferred); break;
          }
        }
      },
      aim(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig, aim: Vec2): number {
        let lean = 0;
        for (let index = 0; index < counts.leans; index++) {
          // biome-ignore format: one case a situation
          switch (leans[index]) {
            case 0: lean = s0.lean!(units, agent, sensing, preferred, lean); break;
            case 1: lean = s1.lean!(units, agent, sensing, preferred, lean); break;
            case 2: lean = s2.lean!(units, agent, sensing, preferred, lean); break;
            case 3: lean = s3.lean!(units, agent, sensing, preferred, lean); break;
            case 4: lean = s4.lean!(units, agent, sensing, preferred, lean); break;
            case 5: lean = s5.lean!(units, agent, sensing, preferred, lean); break;
            case 6: lean = s6.lean!(units, agent, sensing, preferred, lean); break;
            case 7: lean = s7.lean!(units, agent, sensing, preferred, lean); break;
            case 8: lean = s8.lean!(units, agent, sensing, preferred, lean); break;
            case 9: lean = s9.lean!(units, agent, sensing, preferred, lean); break;
            case 10: lean = s10.lean!(units, agent, sensing, preferred, lean); break;
            case 11: lean = s11.lean!(units, agent, sensing, preferred, lean); break;
            case 12: lean = s12.lean!(units, agent, sensing, preferred, lean); break;
            case 13: lean = s13.lean!(units, agent, sensing, preferred, lean); break;
            default: lean = s14.lean!(units, agent, sensing, preferred, lean); break;
          }
        }
        return leanAim(lean, preferred, config, aim);
      },
    },
  };
}

/** Turns `aim` (which comes in as `preferred`) to the right by `keepRight` radians at full lean; returns the lean. */
function leanAim(lean: number, preferred: ReadonlyVec2, config: SteeringConfig, aim: Vec2): number {
  if (lean > 0) {
    const angle = -config.keepRight * lean;
    const c = cos(angle);
    const s = sin(angle);
    aim.x = preferred.x * c - preferred.y * s;
    aim.y = preferred.x * s + preferred.y * c;
  }
  return lean;
}

/** The pair and lean hooks of `hooks` (read as they are at each call) as the avoidance core calls
 * them (AvoidanceRules), through a loop: for tests of a few situations. */
export function avoidanceRules(hooks: { readonly pairs: readonly Situation[]; readonly leans: readonly Situation[] }): AvoidanceRules {
  return {
    pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void {
      for (const situation of hooks.pairs) situation.pair!(units, agent, other, terms, preferred);
    },
    aim(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, config: SteeringConfig, aim: Vec2): number {
      let lean = 0;
      for (const situation of hooks.leans) lean = situation.lean!(units, agent, sensing, preferred, lean);
      return leanAim(lean, preferred, config, aim);
    },
  };
}
