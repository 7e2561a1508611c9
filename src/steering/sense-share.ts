/**
 * The sense phase split over threads: what the simulation's thread and the sense threads share
 * (sim/threads.ts starts them, sim/sense-thread.ts is their loop), in shared memory.
 *
 * Sensing one unit (senseUnit) reads only the unit store, the units packed in grid order and the
 * obstacles, and writes only that unit's `Sensing`; so the units to sense this tick (the jobs) can
 * be sensed in any order on any thread and give the same numbers. The jobs are cut into chunks
 * that every thread, the simulation's own included, claims one at a time until none is left; a
 * thread writes what it found into the job's record here, and the simulation's thread copies it
 * into the unit's `Sensing` (the chunks it sensed itself it wrote there directly).
 *
 * A claim is one compare-and-swap on a word holding the tick's generation and the next chunk, so
 * a thread that comes late (its message arrives after the tick's jobs are done) can never claim a
 * chunk of a later tick: it finds a generation it was not told about and does nothing.
 */
import type { ShapeGeometry } from '../math/shapes';
import type { SteeringConfig, NumericSetting } from './config';
import type { SenseWorld } from './pack';
import { MAX_NEIGHBOURS, type Sensing } from './sensing';
import { senseUnit } from './sense';
import { MAX_SENSED_OBSTACLES } from './sense-obstacles';
import type { AvoidanceStrategy } from './strategy';

/** jobs per chunk: small enough that the threads finish together, big enough that claiming costs
 * nothing next to sensing */
export const CHUNK = 8;

// control words
/** generation (high 16 bits, modulo 2^15) and the next chunk to claim (low 16 bits); a thread
 * would have to be told of a tick 2^15 generations late (hours of ticks) to take one for another */
const CLAIM = 0;
/** chunks finished this generation */
const DONE = 1;
/** chunks this generation */
const CHUNKS = 2;
/** jobs this generation */
const JOBS = 3;
export const CONTROL_WORDS = 4;
/** chunk numbers fit in the claim word's low half */
export const MAX_CHUNKS = 0xffff;

// per job, integers in: slot, flags, previous neighbour count, the previous neighbours
const JOB_SLOT = 0;
const JOB_FLAGS = 1;
const JOB_PREVIOUS = 2;
export const JOB_INTS = 3 + MAX_NEIGHBOURS;
const SEARCHES = 1;
const LOOKS_AHEAD = 2;

// per job, numbers out
const OUT_RAYS = 0;
const OUT_CENTRE = 15;
const OUT_RADIUS = 17;
const OUT_VELOCITY = 18;
const OUT_NORMAL = 20;
const OUT_FRACTION = 22;
const OUT_POINT = 23;
const OUT_CROWDING = 25;
const OUT_PUSH = 27;
const OUT_KEYS = 29;
export const OUT_FLOATS = OUT_KEYS + MAX_NEIGHBOURS;
// per job, integers out
const OUT_CAST = 0;
const OUT_KIND = 1;
const OUT_UNIT = 2;
const OUT_OBSTACLE_ID = 3;
const OUT_RAY = 4;
const OUT_NEIGHBOUR_COUNT = 5;
const OUT_NEIGHBOURS = 6;
const OUT_OBSTACLE_COUNT = OUT_NEIGHBOURS + MAX_NEIGHBOURS;
const OUT_OBSTACLES = OUT_OBSTACLE_COUNT + 1;
export const OUT_INTS = OUT_OBSTACLES + MAX_SENSED_OBSTACLES;

const KINDS: ReadonlyArray<Sensing['threat']['kind']> = ['none', 'unit', 'obstacle'];

/** The shared arrays of one tick's jobs (all views of SharedArrayBuffers, sized for `capacity` jobs). */
export interface SenseJobs {
  readonly capacity: number;
  readonly control: Int32Array;
  readonly input: Int32Array;
  readonly floats: Float64Array;
  readonly ints: Int32Array;
  /** the world's numbers this tick: unit count, largest radius, largest speed, then the steering
   * settings in SETTING_ORDER */
  readonly scalars: Float64Array;
}

/** The numeric steering settings in the order they are shared. */
export function settingOrder(config: SteeringConfig): NumericSetting[] {
  return (Object.keys(config) as Array<keyof SteeringConfig>).filter((key): key is NumericSetting => key !== 'situations').sort();
}

export function createSenseJobs(capacity: number, settings: number): SenseJobs {
  const ints = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * length));
  const floats = (length: number): Float64Array => new Float64Array(new SharedArrayBuffer(8 * length));
  return {
    capacity,
    control: ints(CONTROL_WORDS),
    input: ints(capacity * JOB_INTS),
    floats: floats(capacity * OUT_FLOATS),
    ints: ints(capacity * OUT_INTS),
    scalars: floats(3 + settings),
  };
}

/** Writes job `index`: sense the unit at `slot`, searching its look-ahead or testing again the
 * neighbours `sensing` holds. */
export function writeJob(jobs: SenseJobs, index: number, slot: number, sensing: Sensing, searches: boolean, looksAhead: boolean): void {
  const at = index * JOB_INTS;
  const input = jobs.input;
  input[at + JOB_SLOT] = slot;
  input[at + JOB_FLAGS] = (searches ? SEARCHES : 0) | (looksAhead ? LOOKS_AHEAD : 0);
  const count = searches ? 0 : sensing.neighbourCount;
  input[at + JOB_PREVIOUS] = count;
  for (let k = 0; k < count; k++) input[at + JOB_PREVIOUS + 1 + k] = sensing.neighbours[k]!;
}

export function jobSlot(jobs: SenseJobs, index: number): number {
  return jobs.input[index * JOB_INTS + JOB_SLOT]!;
}

export function jobSearches(jobs: SenseJobs, index: number): boolean {
  return (jobs.input[index * JOB_INTS + JOB_FLAGS]! & SEARCHES) !== 0;
}

export function jobLooksAhead(jobs: SenseJobs, index: number): boolean {
  return (jobs.input[index * JOB_INTS + JOB_FLAGS]! & LOOKS_AHEAD) !== 0;
}

/** What claiming reads of a set of jobs: its control words. */
export interface Claimable {
  readonly control: Int32Array;
}

/** Opens generation `generation` with `count` jobs (written first): chunks may be claimed from now. */
export function openJobs(jobs: Claimable, generation: number, count: number): number {
  const chunks = Math.ceil(count / CHUNK);
  const control = jobs.control;
  Atomics.store(control, JOBS, count);
  Atomics.store(control, CHUNKS, chunks);
  Atomics.store(control, DONE, 0);
  Atomics.store(control, CLAIM, (generation & 0x7fff) << 16);
  return chunks;
}

/** Claims the next chunk of `generation`: its number, or -1 when none is left (or the jobs are
 * another generation's). */
export function claimChunk(jobs: Claimable, generation: number): number {
  const control = jobs.control;
  const tag = (generation & 0x7fff) << 16;
  for (;;) {
    const word = Atomics.load(control, CLAIM);
    if ((word & ~0xffff) !== tag) return -1;
    const chunk = word & 0xffff;
    if (chunk >= Atomics.load(control, CHUNKS)) return -1;
    if (Atomics.compareExchange(control, CLAIM, word, word + 1) === word) return chunk;
  }
}

/** The jobs of chunk `chunk` are [chunk * CHUNK, chunkEnd(jobs, chunk)). */
export function chunkEnd(jobs: Claimable, chunk: number): number {
  return Math.min((chunk + 1) * CHUNK, Atomics.load(jobs.control, JOBS));
}

/** Marks a chunk finished, waking a thread waiting for the last. */
export function finishChunk(jobs: Claimable): void {
  Atomics.add(jobs.control, DONE, 1);
  Atomics.notify(jobs.control, DONE);
}

/** Waits until every chunk of the generation is finished; false when `timeoutMs` passed first.
 * Where the thread may not block (a page's main thread), it spins. */
export function awaitChunks(jobs: Claimable, chunks: number, timeoutMs: number, mayBlock: boolean): boolean {
  const control = jobs.control;
  const start = Date.now();
  let blocks = mayBlock;
  for (;;) {
    const done = Atomics.load(control, DONE);
    if (done >= chunks) return true;
    if (Date.now() - start > timeoutMs) return false;
    if (!blocks) continue;
    try {
      Atomics.wait(control, DONE, done, 50);
    } catch {
      // (a thread that may not block after all, as a page's main thread: it spins)
      blocks = false;
    }
  }
}

/** Writes the tick's world numbers and the steering settings. */
export function writeScalars(jobs: SenseJobs, world: SenseWorld, config: SteeringConfig, order: readonly NumericSetting[]): void {
  const scalars = jobs.scalars;
  scalars[0] = world.count;
  scalars[1] = world.maxRadius;
  scalars[2] = world.maxSpeed;
  for (let k = 0; k < order.length; k++) scalars[3 + k] = config[order[k]!];
}

/** Reads them back on a sense thread. */
export function readScalars(jobs: SenseJobs, world: SenseWorld, config: SteeringConfig, order: readonly NumericSetting[]): void {
  const scalars = jobs.scalars;
  world.count = scalars[0]!;
  world.maxRadius = scalars[1]!;
  world.maxSpeed = scalars[2]!;
  for (let k = 0; k < order.length; k++) config[order[k]!] = scalars[3 + k]!;
}

/**
 * Senses the jobs of one chunk into their records (a sense thread). `sensing` is scratch: it is
 * given each job's previous neighbours before senseUnit runs, as the unit's own would hold them.
 */
export function senseChunk(
  jobs: SenseJobs,
  chunk: number,
  world: SenseWorld,
  places: ReadonlyMap<ShapeGeometry, number>,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
): void {
  const input = jobs.input;
  for (let index = chunk * CHUNK, end = chunkEnd(jobs, chunk); index < end; index++) {
    const at = index * JOB_INTS;
    const count = input[at + JOB_PREVIOUS]!;
    for (let k = 0; k < count; k++) sensing.neighbours[k] = input[at + JOB_PREVIOUS + 1 + k]!;
    sensing.neighbourCount = count;
    senseUnit(world, input[at + JOB_SLOT]!, sensing, strategy, config, jobLooksAhead(jobs, index), jobSearches(jobs, index));
    writeSensing(jobs, index, sensing, places);
  }
}

/** Writes what was found for job `index` (the fields senseUnit writes; obstacles by their place in
 * the world's list, walls after them). */
export function writeSensing(jobs: SenseJobs, index: number, sensing: Sensing, places: ReadonlyMap<ShapeGeometry, number>): void {
  const f = index * OUT_FLOATS;
  const i = index * OUT_INTS;
  const { floats, ints } = jobs;
  ints[i + OUT_CAST] = sensing.raysCast ? 1 : 0;
  if (sensing.raysCast) {
    for (let r = 0; r < 3; r++) {
      const ray = sensing.rays[r as 0 | 1 | 2];
      const at = f + OUT_RAYS + 5 * r;
      floats[at] = ray.origin.x;
      floats[at + 1] = ray.origin.y;
      floats[at + 2] = ray.end.x;
      floats[at + 3] = ray.end.y;
      floats[at + 4] = ray.hitFraction;
    }
  }
  const threat = sensing.threat;
  ints[i + OUT_KIND] = KINDS.indexOf(threat.kind);
  ints[i + OUT_UNIT] = threat.unit;
  ints[i + OUT_OBSTACLE_ID] = threat.obstacleId;
  ints[i + OUT_RAY] = threat.ray;
  floats[f + OUT_CENTRE] = threat.centre.x;
  floats[f + OUT_CENTRE + 1] = threat.centre.y;
  floats[f + OUT_RADIUS] = threat.radius;
  floats[f + OUT_VELOCITY] = threat.velocity.x;
  floats[f + OUT_VELOCITY + 1] = threat.velocity.y;
  floats[f + OUT_NORMAL] = threat.normal.x;
  floats[f + OUT_NORMAL + 1] = threat.normal.y;
  floats[f + OUT_FRACTION] = threat.fraction;
  floats[f + OUT_POINT] = threat.point.x;
  floats[f + OUT_POINT + 1] = threat.point.y;
  floats[f + OUT_CROWDING] = sensing.crowding.x;
  floats[f + OUT_CROWDING + 1] = sensing.crowding.y;
  floats[f + OUT_PUSH] = sensing.push.x;
  floats[f + OUT_PUSH + 1] = sensing.push.y;
  ints[i + OUT_NEIGHBOUR_COUNT] = sensing.neighbourCount;
  for (let k = 0; k < sensing.neighbourCount; k++) {
    ints[i + OUT_NEIGHBOURS + k] = sensing.neighbours[k]!;
    floats[f + OUT_KEYS + k] = sensing.neighbourKeys[k]!;
  }
  ints[i + OUT_OBSTACLE_COUNT] = sensing.obstacleCount;
  for (let k = 0; k < sensing.obstacleCount; k++) ints[i + OUT_OBSTACLES + k] = places.get(sensing.obstacles[k]!)!;
}

/** Each obstacle's shape by its place in the world's list, and each wall's by its place after
 * them: how a thread names the shapes a unit's sensing lists. */
export function shapePlaces(world: SenseWorld): Map<ShapeGeometry, number> {
  const places = new Map<ShapeGeometry, number>();
  world.obstacles.forEach((obstacle, place) => {
    places.set(obstacle.geometry, place);
  });
  world.walls.forEach((wall, place) => {
    places.set(wall, world.obstacles.length + place);
  });
  return places;
}

/**
 * Copies job `index`'s record into the unit's own `sensing` (the simulation's thread), field for
 * field as senseUnit would have written it there: what senseUnit leaves alone (rays not cast, a
 * threat's centre and point when there is none, entries past the counts) stays as it was.
 */
export function readSensing(jobs: SenseJobs, index: number, sensing: Sensing, world: Pick<SenseWorld, 'obstacles' | 'walls'>): void {
  const f = index * OUT_FLOATS;
  const i = index * OUT_INTS;
  const { floats, ints } = jobs;
  sensing.raysCast = ints[i + OUT_CAST] === 1;
  if (sensing.raysCast) {
    for (let r = 0; r < 3; r++) {
      const ray = sensing.rays[r as 0 | 1 | 2];
      const at = f + OUT_RAYS + 5 * r;
      ray.origin.x = floats[at]!;
      ray.origin.y = floats[at + 1]!;
      ray.end.x = floats[at + 2]!;
      ray.end.y = floats[at + 3]!;
      ray.hitFraction = floats[at + 4]!;
    }
  }
  const threat = sensing.threat;
  threat.kind = KINDS[ints[i + OUT_KIND]!]!;
  threat.unit = ints[i + OUT_UNIT]!;
  threat.obstacleId = ints[i + OUT_OBSTACLE_ID]!;
  threat.ray = ints[i + OUT_RAY]!;
  if (threat.kind !== 'none') {
    threat.centre.x = floats[f + OUT_CENTRE]!;
    threat.centre.y = floats[f + OUT_CENTRE + 1]!;
    threat.point.x = floats[f + OUT_POINT]!;
    threat.point.y = floats[f + OUT_POINT + 1]!;
  }
  threat.radius = floats[f + OUT_RADIUS]!;
  threat.velocity.x = floats[f + OUT_VELOCITY]!;
  threat.velocity.y = floats[f + OUT_VELOCITY + 1]!;
  threat.normal.x = floats[f + OUT_NORMAL]!;
  threat.normal.y = floats[f + OUT_NORMAL + 1]!;
  threat.fraction = floats[f + OUT_FRACTION]!;
  sensing.crowding.x = floats[f + OUT_CROWDING]!;
  sensing.crowding.y = floats[f + OUT_CROWDING + 1]!;
  sensing.push.x = floats[f + OUT_PUSH]!;
  sensing.push.y = floats[f + OUT_PUSH + 1]!;
  const count = ints[i + OUT_NEIGHBOUR_COUNT]!;
  sensing.neighbourCount = count;
  for (let k = 0; k < count; k++) {
    sensing.neighbours[k] = ints[i + OUT_NEIGHBOURS + k]!;
    sensing.neighbourKeys[k] = floats[f + OUT_KEYS + k]!;
  }
  const obstacles = world.obstacles;
  const shapes = ints[i + OUT_OBSTACLE_COUNT]!;
  sensing.obstacleCount = shapes;
  for (let k = 0; k < shapes; k++) {
    const place = ints[i + OUT_OBSTACLES + k]!;
    sensing.obstacles[k] = place < obstacles.length ? obstacles[place]!.geometry : world.walls[place - obstacles.length]!;
  }
}
