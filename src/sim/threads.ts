/**
 * The sense phase on several threads (the `workers` setting): the simulation's own thread and
 * `workers - 1` sense threads (sim/sense-thread.ts) share the tick's jobs (steering/sense-share.ts).
 * Each job gives the same numbers on any thread, so the results, and the state hash, are those of
 * one thread whatever the number of workers, whichever thread takes which job, and whether the
 * threads have started yet.
 *
 * The simulation core knows no thread API: a host (the Node entry, cli/threads.ts; the page's
 * simulation worker, app/threads.ts) says how a thread is started with `useThreadHost`. Without a
 * host, without SharedArrayBuffer (a page not cross-origin isolated), or for a strategy whose
 * sensing reads the physics world or keeps its own records, every unit is sensed on the
 * simulation's thread, as with one worker.
 */
import type { SenseThreadMessage } from './sense-thread';
import { shareColumns } from '../steering/columns';
import {
  CHUNK,
  MAX_CHUNKS,
  type SenseJobs,
  awaitChunks,
  chunkEnd,
  claimChunk,
  createSenseJobs,
  finishChunk,
  openJobs,
  readSensing,
  settingOrder,
  shapePlaces,
  writeJob,
  writeScalars,
  writeSensing,
} from '../steering/sense-share';
import { type DecideJobs, createDecideJobs, readDecision, readPreferred, writeDecideJob } from '../steering/decide-share';
import { vec2, type Vec2 } from '../math/vec2';
import type { ShapeGeometry } from '../math/shapes';
import { describeValue } from './validate';
import { senseOne } from './waking';
import { type Simulation, type SimulationState, type Unit, stateOf } from './state';

/** A thread started by a host: messages to it, and a way to end it. */
export interface ThreadPort {
  post(message: SenseThreadMessage): void;
  close(): void;
}

/** How the host starts a sense thread, and whether the simulation's thread may block (Atomics.wait)
 * while it waits for the threads' last chunks (not on a page's main thread, where it spins). */
export interface ThreadHost {
  start(): ThreadPort;
  readonly mayBlock: boolean;
}

/** the most workers a simulation takes */
export const MAX_WORKERS = 16;
/** milliseconds: a tick waits this long for a sense thread's chunks before it gives up with an error */
const THREAD_TIMEOUT_MS = 10_000;
/** below this many jobs a tick senses everything itself: a message costs more than the jobs */
const FEWEST_SHARED_JOBS = 4 * CHUNK;

let host: ThreadHost | null = null;

/** Says how sense threads are started here (null: never). Simulations set up later use it. */
export function useThreadHost(threadHost: ThreadHost | null): void {
  host = threadHost;
}

/** Whether this host can run sense threads: a host is set and SharedArrayBuffer is usable. */
export function threadsAvailable(): boolean {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return host !== null && typeof SharedArrayBuffer === 'function' && isolated !== false;
}

interface SenseThreads {
  readonly workers: number;
  readonly ports: ThreadPort[];
  readonly mayBlock: boolean;
  /** per thread, 1 once it is set up (it says so in shared memory: the simulation's thread may be
   * running ticks without ever returning to its event loop) */
  readonly ready: Int32Array;
  jobs: SenseJobs;
  /** per thread, whether it was sent the current jobs' arrays */
  readonly jobsSent: boolean[];
  generation: number;
  /** per thread, the columns' capacity when their arrays were last sent (arrays are replaced only
   * as the capacity grows), and the obstacle version */
  readonly columnsSent: number[];
  readonly obstaclesSent: number[];
  readonly order: ReturnType<typeof settingOrder>;
  /** per chunk, whether this thread sensed it */
  own: Uint8Array;
  /** units sensed since the threads started, and how many of them on a sense thread */
  sensed: number;
  sensedOnThreads: number;
  /** per slot, the generation of its sense job and the job's number (its sensing's record) */
  senseStamp: Int32Array;
  senseIndex: Int32Array;
  /** the generation of this tick's shared sense phase; 0 when the tick sensed alone */
  sharedSense: number;
  /** the obstacles' and walls' places (how records name shapes), for the obstacle version */
  places: Map<ShapeGeometry, number>;
  placesVersion: number;
  /** this tick's choices left to the threads: the units, in the order the decide phase met them */
  decideJobs: DecideJobs;
  readonly decideJobsSent: boolean[];
  readonly deferred: Unit[];
  /** per thread, the situations' gathering it was last told of */
  readonly gatheredSent: Array<object | null>;
  /** choices made since the threads started, and how many of them on a sense thread */
  decided: number;
  decidedOnThreads: number;
}

const pools = new WeakMap<SimulationState, SenseThreads>();

/** Checks a `workers` setting: a whole number from 1 to MAX_WORKERS. */
export function checkWorkers(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_WORKERS) {
    throw new Error(`${field}: expected a whole number of workers from 1 to ${MAX_WORKERS}, got ${describeValue(value)}`);
  }
  return value;
}

/** How many workers the simulation senses with (1 when it has no threads). */
export function workersOf(state: SimulationState): number {
  return pools.get(state)?.workers ?? 1;
}

/**
 * Senses with `workers` threads from the next tick on (ending the threads it had). More than one
 * starts workers - 1 sense threads where threads are available (see threadsAvailable), and moves
 * the unit store into shared memory; elsewhere it stays one thread.
 */
export function setWorkers(state: SimulationState, workers: number): void {
  if (workers === workersOf(state)) return;
  stopThreads(state);
  if (workers <= 1 || !threadsAvailable()) return;
  const threadHost = host!;
  shareColumns(state.columns);
  const order = settingOrder(state.config);
  const ready = new Int32Array(new SharedArrayBuffer(4 * (workers - 1)));
  const ports: ThreadPort[] = [];
  const setup = {
    type: 'setup' as const,
    width: state.settings.width,
    height: state.settings.height,
    cellSize: state.senseWorld.grid.cellSize,
    walls: [...state.senseWorld.walls],
    ready,
  };
  for (let index = 0; index < workers - 1; index++) {
    const port = threadHost.start();
    port.post({ ...setup, index });
    ports.push(port);
  }
  pools.set(state, {
    workers,
    ports,
    mayBlock: threadHost.mayBlock,
    ready,
    jobs: createSenseJobs(256, order.length),
    jobsSent: ports.map(() => false),
    generation: 0,
    columnsSent: ports.map(() => -1),
    obstaclesSent: ports.map(() => -1),
    order,
    own: new Uint8Array(32),
    sensed: 0,
    sensedOnThreads: 0,
    senseStamp: new Int32Array(state.columns.capacity),
    senseIndex: new Int32Array(state.columns.capacity),
    sharedSense: 0,
    places: new Map(),
    placesVersion: -1,
    decideJobs: createDecideJobs(256),
    decideJobsSent: ports.map(() => false),
    deferred: [],
    gatheredSent: ports.map(() => null),
    decided: 0,
    decidedOnThreads: 0,
  });
}

/** Ends the simulation's sense threads, if it has any. */
export function stopThreads(state: SimulationState): void {
  const pool = pools.get(state);
  if (pool === undefined) return;
  pools.delete(state);
  for (const port of pool.ports) {
    port.post({ type: 'stop' });
    port.close();
  }
}

/** Resolves once every sense thread of the simulation is set up (at once without threads). */
export async function threadsReady(state: SimulationState): Promise<void> {
  const pool = pools.get(state);
  if (pool === undefined) return;
  // (the host's timer: the core is typed without the DOM's or Node's globals)
  const later = (globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown }).setTimeout;
  while (pool.ready.some((flag) => flag === 0)) await new Promise<void>((resolve) => later(resolve, 5));
}

/**
 * Blocks until every sense thread of the simulation is set up, or `timeoutMs` passed (false). For
 * Node and workers, where a thread may block: a benchmark starts timing with its threads running.
 */
export function waitForThreads(state: SimulationState, timeoutMs: number): boolean {
  const pool = pools.get(state);
  if (pool === undefined) return true;
  const end = Date.now() + timeoutMs;
  for (let index = 0; index < pool.ready.length; index++) {
    while (Atomics.load(pool.ready, index) === 0) {
      const left = end - Date.now();
      if (left <= 0) return false;
      Atomics.wait(pool.ready, index, 0, left);
    }
  }
  return true;
}

/**
 * Senses the first `count` of `units` (each searching its look-ahead or not, `searches`), sharing
 * them with the sense threads where the simulation has any and the tick has enough of them; the
 * same numbers either way.
 */
export function senseAll(state: SimulationState, units: ReadonlyArray<Unit | null>, searches: readonly boolean[], count: number): void {
  const pool = pools.get(state);
  if (pool !== undefined) {
    pool.sensed += count;
    pool.sharedSense = 0;
  }
  if (pool === undefined || count < FEWEST_SHARED_JOBS || state.strategy.senses !== 'rays' || state.strategy.name !== 'rays' || !anyReady(pool)) {
    for (let index = 0; index < count; index++) senseOne(state, units[index]!, searches[index]!);
    return;
  }
  senseShared(state, pool, units, searches, count);
}

/** Whether any of the threads is set up. */
function anyReady(pool: SenseThreads): boolean {
  for (let index = 0; index < pool.ready.length; index++) if (pool.ready[index] === 1) return true;
  return false;
}

function senseShared(state: SimulationState, pool: SenseThreads, units: ReadonlyArray<Unit | null>, searches: readonly boolean[], count: number): void {
  if (count > pool.jobs.capacity || Math.ceil(count / CHUNK) > MAX_CHUNKS) {
    pool.jobs = createSenseJobs(Math.max(count, 2 * pool.jobs.capacity), pool.order.length);
    pool.jobsSent.fill(false);
  }
  const jobs = pool.jobs;
  const looksAhead = state.strategy.idleUnitsAvoid;
  const generation = ++pool.generation;
  if (pool.senseStamp.length < state.columns.capacity) {
    pool.senseStamp = new Int32Array(state.columns.capacity);
    pool.senseIndex = new Int32Array(state.columns.capacity);
  }
  if (pool.placesVersion !== state.senseWorld.obstacleVersion) {
    pool.places = shapePlaces(state.senseWorld);
    pool.placesVersion = state.senseWorld.obstacleVersion;
  }
  for (let index = 0; index < count; index++) {
    const unit = units[index]!;
    writeJob(jobs, index, unit.slot, unit.sensing, searches[index]!, looksAhead || unit.task.kind !== 'idle');
    pool.senseStamp[unit.slot] = generation;
    pool.senseIndex[unit.slot] = index;
  }
  pool.sharedSense = generation;
  writeScalars(jobs, state.senseWorld, state.config, pool.order);
  const chunks = openJobs(jobs, generation, count);
  if (pool.own.length < chunks) pool.own = new Uint8Array(2 * chunks);
  pool.own.fill(0, 0, chunks);
  tellThreads(state, pool, generation);
  for (let chunk = claimChunk(jobs, generation); chunk >= 0; chunk = claimChunk(jobs, generation)) {
    pool.own[chunk] = 1;
    for (let index = chunk * CHUNK, end = chunkEnd(jobs, chunk); index < end; index++) {
      const unit = units[index]!;
      senseOne(state, unit, searches[index]!);
      // (its record too: the decide phase may leave its choice to a thread)
      writeSensing(jobs, index, unit.sensing, pool.places);
    }
    finishChunk(jobs);
  }
  if (!awaitChunks(jobs, chunks, THREAD_TIMEOUT_MS, pool.mayBlock)) {
    throw new Error(`sense threads: no answer within ${THREAD_TIMEOUT_MS} ms (a thread stopped; set workers to 1)`);
  }
  for (let chunk = 0; chunk < chunks; chunk++) {
    if (pool.own[chunk] === 1) continue;
    const first = chunk * CHUNK;
    const end = chunkEnd(jobs, chunk);
    for (let index = first; index < end; index++) {
      const unit = units[index]!;
      readSensing(jobs, index, unit.sensing, state.senseWorld);
      unit.sensedNow = true;
    }
    pool.sensedOnThreads += end - first;
  }
}

/** The threads a tick's decide phase may leave choices to (opaque: for deferDecision). */
export type DecisionSharing = SenseThreads;

/** The simulation's threads when this tick's sense phase was shared (its units' choices may be
 * left to them), else null: asked once a tick, not once a unit. */
export function decisionSharing(state: SimulationState): DecisionSharing | null {
  const pool = pools.get(state);
  return pool === undefined || pool.sharedSense === 0 ? null : pool;
}

/**
 * Leaves a unit's avoidance choice to the threads (`decisionSharing`) when the unit was among the
 * jobs of this tick's shared sense phase (its sensing has a record): true when it did, and the decide phase
 * finishes the unit's force once the choices are in (`finishDecisions`); false when the caller
 * chooses now.
 */
export function deferDecision(pool: DecisionSharing, unit: Unit, preferred: Vec2): boolean {
  if (pool.senseStamp[unit.slot] !== pool.sharedSense) return false;
  const index = pool.deferred.length;
  if (index === pool.decideJobs.capacity) {
    const grown = createDecideJobs(2 * index);
    grown.input.set(pool.decideJobs.input);
    grown.preferred.set(pool.decideJobs.preferred);
    pool.decideJobs = grown;
    pool.decideJobsSent.fill(false);
  }
  writeDecideJob(pool.decideJobs, index, unit.slot, pool.senseIndex[unit.slot]!, preferred);
  pool.deferred.push(unit);
  return true;
}

const _finish_preferred = vec2();

/**
 * Makes the choices left to the threads (deferDecision) on every thread, then hands each of those
 * units, in the order they were left, with the velocity it wants, to `finish`.
 */
export function finishDecisions(state: SimulationState, finish: (state: SimulationState, unit: Unit, preferred: Vec2) => void): void {
  const pool = pools.get(state);
  if (pool === undefined) return;
  pool.sharedSense = 0;
  const units = pool.deferred;
  const count = units.length;
  if (count === 0) return;
  const jobs = pool.decideJobs;
  const generation = ++pool.generation;
  const chunks = openJobs(jobs, generation, count);
  if (pool.own.length < chunks) pool.own = new Uint8Array(2 * chunks);
  pool.own.fill(0, 0, chunks);
  tellDecide(state, pool, generation);
  const { strategy, store, config } = state;
  const rules = state.situations.rules;
  for (let chunk = claimChunk(jobs, generation); chunk >= 0; chunk = claimChunk(jobs, generation)) {
    pool.own[chunk] = 1;
    for (let index = chunk * CHUNK, end = chunkEnd(jobs, chunk); index < end; index++) {
      const unit = units[index]!;
      unit.avoidance.lean = 0;
      strategy.decide(unit.avoidance, store, unit.slot, unit.sensing, readPreferred(jobs, index, _finish_preferred), config, rules);
    }
    finishChunk(jobs);
  }
  if (!awaitChunks(jobs, chunks, THREAD_TIMEOUT_MS, pool.mayBlock)) {
    throw new Error(`sense threads: no answer within ${THREAD_TIMEOUT_MS} ms (a thread stopped; set workers to 1)`);
  }
  pool.decided += count;
  for (let chunk = 0; chunk < chunks; chunk++) {
    if (pool.own[chunk] === 1) continue;
    const end = chunkEnd(jobs, chunk);
    for (let index = chunk * CHUNK; index < end; index++) readDecision(jobs, index, units[index]!.avoidance);
    pool.decidedOnThreads += end - chunk * CHUNK;
  }
  for (let index = 0; index < count; index++) finish(state, units[index]!, readPreferred(jobs, index, _finish_preferred));
  units.length = 0;
}

/** Tells each ready thread of the tick's choices, with the situations' rules when they changed. */
function tellDecide(state: SimulationState, pool: SenseThreads, generation: number): void {
  const gathered = state.situations.gatheredFor;
  for (let index = 0; index < pool.ports.length; index++) {
    if (pool.ready[index] !== 1) continue;
    const message: Extract<SenseThreadMessage, { type: 'decide' }> = { type: 'decide', generation };
    if (!pool.decideJobsSent[index]) {
      message.jobs = pool.decideJobs;
      pool.decideJobsSent[index] = true;
    }
    if (pool.gatheredSent[index] !== gathered) {
      message.rules = { pairs: state.situations.pairs.map((situation) => situation.name), leans: state.situations.leans.map((situation) => situation.name) };
      pool.gatheredSent[index] = gathered;
    }
    pool.ports[index]!.post(message);
  }
}

/** Tells each ready thread of the tick, with whatever it has not seen yet. */
function tellThreads(state: SimulationState, pool: SenseThreads, generation: number): void {
  if (!state.columns.shared) {
    // (a loaded game's columns, read back out of shared memory)
    shareColumns(state.columns);
    pool.columnsSent.fill(-1);
  }
  for (let index = 0; index < pool.ports.length; index++) {
    if (pool.ready[index] !== 1) continue;
    const message: Extract<SenseThreadMessage, { type: 'tick' }> = { type: 'tick', generation };
    if (pool.columnsSent[index] !== state.columns.capacity) {
      message.columns = state.columns.all.map((column) => column.data);
      pool.columnsSent[index] = state.columns.capacity;
    }
    if (!pool.jobsSent[index]) {
      message.jobs = pool.jobs;
      pool.jobsSent[index] = true;
    }
    if (pool.obstaclesSent[index] !== state.senseWorld.obstacleVersion) {
      message.obstacles = state.obstacles.map((obstacle) => ({ id: obstacle.id, shape: obstacle.shape }));
      pool.obstaclesSent[index] = state.senseWorld.obstacleVersion;
    }
    pool.ports[index]!.post(message);
  }
}

/**
 * Senses the simulation's units on `workers` threads from the next tick on (1: on the simulation's
 * thread alone). The same results for any number. Throws, changing nothing, on a bad number; where
 * no thread can be started (no host, or no SharedArrayBuffer) it stays on one thread, and
 * `simulationWorkers` says so.
 */
export function setSimulationWorkers(sim: Simulation, workers: number): void {
  setWorkers(stateOf(sim), checkWorkers(workers, 'workers'));
}

/** How many threads the simulation senses on (1 without sense threads). */
export function simulationWorkers(sim: Simulation): number {
  return workersOf(stateOf(sim));
}

/** Units sensed and avoidance choices made since the simulation's sense threads started, and how
 * many of each on a sense thread rather than the simulation's own (all 0 without threads). */
export function workerShare(sim: Simulation): { sensed: number; onThreads: number; decided: number; decidedOnThreads: number } {
  const pool = pools.get(stateOf(sim));
  return { sensed: pool?.sensed ?? 0, onThreads: pool?.sensedOnThreads ?? 0, decided: pool?.decided ?? 0, decidedOnThreads: pool?.decidedOnThreads ?? 0 };
}

/** Resolves once the simulation's sense threads are started and set up. Until then their share of
 * the work is done on the simulation's thread, with the same results. */
export function workersReady(sim: Simulation): Promise<void> {
  return threadsReady(stateOf(sim));
}
