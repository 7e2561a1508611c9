/**
 * Saving a running simulation and loading it again, to go on with the same bits: the same state
 * hash after any number of further ticks as the simulation that was saved (a game saved and
 * restored, a lockstep client joining late).
 *
 * A save is plain JSON in two parts:
 * - `physics`: the planck world, field by field (physics/snapshot.ts);
 * - `state`: everything else the engine keeps, written as an object graph (graph.ts): units,
 *   obstacles, orders in flight, routes half searched, the navigation maps and what nav/ keeps
 *   beside them, the situations' memories, the spatial grids, the clock and the id counters.
 *   Everything is written, caches included: a cache a loaded simulation filled again in another
 *   order would change which routes are ready on which tick.
 *
 * Loading makes a new simulation as createSimulation does (so every function and closure is the
 * reader's own), then reads the saved world into it and the saved state *into* its objects: the
 * objects closures hold (the state, its unit list, the physics world's record, the situations,
 * the blocks they share) keep their identity and take the saved fields. Listeners are not saved:
 * the loader adds its own. Units, obstacles and orders keep their ids.
 *
 * A save is read by the engine that wrote it: it is the engine's inside, which changes between
 * versions. `version` counts changes of the format; the state hash written with it is checked
 * after loading, so a save read back wrong is refused rather than run.
 */
import { type PhysicsSnapshot, bodiesInOrder, fixturesInOrder, restorePhysics, snapshotPhysics } from '../physics/snapshot';
import { type BestRoomsOwn, isBestRoomMap, makeBestRoomMap } from '../nav/best-rooms';
import type { NavMap } from '../nav/navmap';
import { PASSAGE_TABLES } from '../nav/passages';
import { ROUTE_TABLES } from '../nav/route';
import { vec2 } from '../math/vec2';
import { NO_NORMAL } from '../steering/sensing';
import { AVOIDANCE_STRATEGIES } from '../steering/strategies/index';
import { type ObjectCodec, type EncodedGraph, type SideTable, startReading, writeGraph } from './graph';
import { hashState } from './hash';
import { gatherSituations } from '../situations/index';
import type { ListenerErrorHandler } from './events';
import { obstacleJson, unitJson } from './json-views';
import { IDLE, type MoveTask, type Simulation, type SimulationState, type Unit, handleFor, moveTask, stateOf } from './state';
import { createSimulation } from './simulation';
import { describeValue } from './validate';

export const SAVE_FORMAT = 'rts-steer/save';
/** the format's version: a save of another is refused */
export const SAVE_VERSION = 1;

/** A saved simulation: plain JSON (`JSON.stringify` writes it, `JSON.parse` gives it back). */
export interface SavedSimulation {
  readonly format: typeof SAVE_FORMAT;
  readonly version: number;
  /** ticks run when it was saved */
  readonly tick: number;
  /** the state hash when it was saved (stateHash), checked after loading */
  readonly hash: string;
  /** what the simulation was made with */
  readonly settings: {
    readonly width: number;
    readonly height: number;
    readonly dt: number;
    readonly navigation: boolean;
    readonly sleeping: boolean;
  };
  readonly physics: EncodedGraph;
  readonly state: EncodedGraph;
}

/** What loadSimulation takes besides the save (as createSimulation's `onListenerError`). */
export interface LoadOptions {
  readonly onListenerError?: ListenerErrorHandler;
}

/** The simulation as plain JSON, to load with loadSimulation. Between ticks; changes nothing. */
export function saveSimulation(sim: Simulation): SavedSimulation {
  const state = stateOf(sim);
  const bodies = bodiesInOrder(state.physics.world);
  const keep = new Map<object, string>(readerKeeps(state));
  bodies.forEach((body, place) => {
    keep.set(body, `body:${place}`);
    fixturesInOrder(body).forEach((fixture, index) => {
      keep.set(fixture, `fixture:${place}:${index}`);
    });
  });
  // the situations' set is the reader's own (its hooks are gathered again), so their memories are
  // written beside the state
  const root = { state, situations: [...state.situations.all] };
  const written = writeGraph(root, { keep, merge: mergeNames(state), classes: classes(), codecs: codecs(), tables: sideTables() });
  const places = placesOfUnits(written, state);
  const snapshot = snapshotPhysics(state.physics, (owner) => {
    const place = places.get(owner);
    if (place === undefined) throw new Error(`save: a body belongs to unit ${owner.id}, which is not in the simulation`);
    return place;
  });
  const { width, height, dt, navigation, sleeping } = state.settings;
  return {
    format: SAVE_FORMAT,
    version: SAVE_VERSION,
    tick: state.tick,
    hash: hashState(state),
    settings: { width, height, dt, navigation, sleeping },
    physics: writeGraph(snapshot, { keep: new Map(), merge: new Map(), classes: {}, codecs: {}, tables: {} }),
    state: written,
  };
}

/**
 * A simulation that goes on from a save as the saved one would have. Throws, naming the field,
 * for anything that is not a save of this format; makes nothing else.
 */
export function loadSimulation(saved: SavedSimulation, options: LoadOptions = {}): Simulation {
  checkSave(saved);
  const { width, height, dt, navigation, sleeping } = saved.settings;
  const sim = createSimulation({ width, height, dt, navigation, sleeping, ...(options.onListenerError === undefined ? {} : { onListenerError: options.onListenerError }) });
  const state = stateOf(sim);
  const keep = new Map<string, unknown>();
  for (const [object, name] of readerKeeps(state)) keep.set(name, object);
  const merge = new Map<string, object>();
  for (const [object, name] of mergeNames(state)) merge.set(name, object);
  const reader = startReading(saved.state, { keep, merge, classes: classes(), codecs: codecs(), tables: sideTables() });
  const snapshot = startReading(saved.physics, { keep: new Map(), merge: new Map(), classes: {}, codecs: {}, tables: {} }).finish() as PhysicsSnapshot;
  const bodies = restorePhysics(state.physics, snapshot, (place) => reader.value({ r: place }) as Unit);
  const more = new Map<string, unknown>([['world', state.physics.world]]);
  bodies.forEach((body, place) => {
    more.set(`body:${place}`, body);
    fixturesInOrder(body).forEach((fixture, index) => {
      more.set(`fixture:${place}:${index}`, fixture);
    });
  });
  const root = reader.finish(more) as { state?: unknown } | null;
  if (root?.state !== state) throw new Error('save.state: the saved root is not a simulation');
  // the columns were read back into memory of this thread (sense threads share them anew when set)
  state.columns.shared = false;
  // the situations' hooks are gathered again for the saved config and strategy
  state.situations.gatheredFor = null;
  gatherSituations(state);
  const hash = hashState(state);
  if (hash !== saved.hash) throw new Error(`save.hash: the simulation read back hashes to ${hash}, saved ${saved.hash}`);
  return handleFor(state);
}

function checkSave(saved: unknown): asserts saved is SavedSimulation {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) throw new Error(`save: expected a saved simulation (an object), got ${describeValue(saved)}`);
  const s = saved as Record<string, unknown>;
  if (s.format !== SAVE_FORMAT) throw new Error(`save.format: expected "${SAVE_FORMAT}", got ${describeValue(s.format)}`);
  if (s.version !== SAVE_VERSION) throw new Error(`save.version: this engine reads version ${SAVE_VERSION}, got ${describeValue(s.version)}`);
  if (typeof s.hash !== 'string') throw new Error(`save.hash: expected text, got ${describeValue(s.hash)}`);
  if (typeof s.tick !== 'number' || !Number.isInteger(s.tick) || s.tick < 0) throw new Error(`save.tick: expected a whole number of ticks, got ${describeValue(s.tick)}`);
  const settings = s.settings as Record<string, unknown> | undefined;
  if (typeof settings !== 'object' || settings === null) throw new Error(`save.settings: expected an object, got ${describeValue(settings)}`);
  for (const key of ['width', 'height', 'dt'] as const) {
    if (typeof settings[key] !== 'number') throw new Error(`save.settings.${key}: expected a number, got ${describeValue(settings[key])}`);
  }
  for (const key of ['navigation', 'sleeping'] as const) {
    if (typeof settings[key] !== 'boolean') throw new Error(`save.settings.${key}: expected true or false, got ${describeValue(settings[key])}`);
  }
  for (const key of ['physics', 'state'] as const) {
    const graph = s[key] as Record<string, unknown> | undefined;
    if (typeof graph !== 'object' || graph === null || !Array.isArray(graph.objects) || typeof graph.tables !== 'object') {
      throw new Error(`save.${key}: expected a written graph ({ objects, root, tables }), got ${describeValue(graph)}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What is written how

/**
 * The objects written as names and read back as the reader's own: functions, the strategies,
 * the situations that keep nothing (plain objects of hooks), shared constants, and what holds
 * the listeners. The same list for the writer's state and the reader's (each its own objects).
 */
function readerKeeps(state: SimulationState): Array<[object, string]> {
  const keeps: Array<[object, string]> = [
    [state.physics.world, 'world'],
    [state.settings, 'settings'],
    [state.situations, 'situations'],
    [state.situations.blocks.keepers, 'blocks.keepers'],
    [state.events.listeners, 'events.listeners'],
    [state.events.onListenerError, 'events.onListenerError'],
    [state.senseWorld.castUnitRay, 'senseWorld.castUnitRay'],
    [unitJson, 'unitJson'],
    [obstacleJson, 'obstacleJson'],
    [IDLE, 'IDLE'],
    [NO_NORMAL, 'NO_NORMAL'],
  ];
  if (state.physics.unitContact !== null) keeps.push([state.physics.unitContact, 'physics.unitContact']);
  for (const [name, strategy] of Object.entries(AVOIDANCE_STRATEGIES)) keeps.push([strategy, `strategy:${name}`]);
  for (const situation of state.situations.all) {
    if (Object.getPrototypeOf(situation) === Object.prototype) keeps.push([situation, `situation:${situation.name}`]);
  }
  return keeps;
}

/** The objects read back into the reader's own (closures hold them): written whole. */
function mergeNames(state: SimulationState): Map<object, string> {
  const merge = new Map<object, string>([
    [state, 'state'],
    [state.units, 'units'],
    [state.physics, 'physics'],
    [state.events, 'events'],
    [state.situations.blocks, 'blocks'],
  ]);
  for (const situation of state.situations.all) {
    if (Object.getPrototypeOf(situation) !== Object.prototype) merge.set(situation, `situation:${situation.name}`);
  }
  return merge;
}

function classes(): Record<string, object> {
  return { Vector: Object.getPrototypeOf(vec2()) as object };
}

const MOVE_TASK_PROTOTYPE = Object.getPrototypeOf(moveTask(0, vec2(), 0, null, null, false)) as object;

/** A move task keeps the engine's part in private fields (state.ts): written through its getters,
 * made again by moveTask. */
const moveTaskCodec: ObjectCodec<MoveTask> = {
  matches: (value) => Object.getPrototypeOf(value) === MOVE_TASK_PROTOTYPE,
  parts: (task) => [task.orderId, task.target, task.stopRadius, task.group, task.route, task.waiting],
  make: ([orderId, target, stopRadius, group, route, waiting]) =>
    moveTask(orderId as number, target as MoveTask['target'], stopRadius as number, group as MoveTask['group'], route as MoveTask['route'], waiting as boolean),
};

/** A navigation map's companion shares its base's fields and counters through accessors: written
 * as its base and its own arrays, made again by makeBestRoomMap once its base is filled. */
const bestRoomMapCodec: ObjectCodec<NavMap> = {
  matches: isBestRoomMap,
  parts: (map) => [map.base, map.rooms, map.leastRoom, map.cellPoints],
  make: () => ({}) as NavMap,
  complete: (map, [base, rooms, leastRoom, cellPoints]) => {
    makeBestRoomMap(map, base as NavMap, { rooms, leastRoom, cellPoints } as BestRoomsOwn);
  },
};

function codecs(): Record<string, ObjectCodec<never>> {
  return { MoveTask: moveTaskCodec as ObjectCodec<never>, BestRoomMap: bestRoomMapCodec as ObjectCodec<never> };
}

function sideTables(): Record<string, SideTable> {
  return {
    'nav.layers': ROUTE_TABLES.layers,
    'nav.looks': ROUTE_TABLES.looks,
    'nav.passageAnswers': PASSAGE_TABLES.answers,
    'nav.filledAt': PASSAGE_TABLES.filledAt,
  } as Record<string, SideTable>;
}

/** Where each unit was written in the state's graph (what the physics part names owners by). */
function placesOfUnits(written: EncodedGraph, state: SimulationState): Map<Unit, number> {
  const places = new Map<Unit, number>();
  const list = written.objects.find((object) => 'm' in object && object.m === 'units') as { a: Array<{ r: number }> } | undefined;
  if (list === undefined) throw new Error('save: the unit list was not written');
  state.units.forEach((unit, index) => {
    places.set(unit, list.a[index]!.r);
  });
  return places;
}
