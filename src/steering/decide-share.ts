/**
 * The avoidance choice of the decide phase split over threads, as the sense phase is
 * (sense-share.ts, sim/threads.ts): once the simulation's thread has worked out the velocity each
 * unit wants (its route, the situations' plans and intents: these read and write the simulation's
 * objects, so they stay on its thread), the strategy's choice for every unit sensed this tick is a
 * job. The choice reads only the unit store (its columns, the situations' included), the unit's
 * sensing (its record from the sense phase), the velocity it wants and the settings, and writes
 * only the unit's decision; so a sense thread gives the same numbers as the simulation's thread.
 */
import type { Vec2 } from '../math/vec2';
import { vec2 } from '../math/vec2';
import type { SteeringConfig } from './config';
import type { SenseWorld } from './pack';
import { type Claimable, type SenseJobs, chunkEnd, CHUNK, readSensing } from './sense-share';
import type { Sensing } from './sensing';
import type { UnitStore } from './store';
import type { AvoidanceDecision, AvoidanceRules, AvoidanceStrategy } from './strategy';

/** The shared arrays of one tick's choices (views of SharedArrayBuffers, for `capacity` jobs). */
export interface DecideJobs extends Claimable {
  readonly capacity: number;
  /** per job: the unit's slot, and its sense job this tick (its sensing's record) */
  readonly input: Int32Array;
  /** per job: the velocity the unit wants, x and y */
  readonly preferred: Float64Array;
  /** per job out: lean, force x, force y; and the side */
  readonly out: Float64Array;
  readonly sides: Int32Array;
}

export function createDecideJobs(capacity: number): DecideJobs {
  const ints = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * length));
  const floats = (length: number): Float64Array => new Float64Array(new SharedArrayBuffer(8 * length));
  return { capacity, control: ints(4), input: ints(2 * capacity), preferred: floats(2 * capacity), out: floats(3 * capacity), sides: ints(capacity) };
}

export function writeDecideJob(jobs: DecideJobs, index: number, slot: number, senseJob: number, preferred: Vec2): void {
  jobs.input[2 * index] = slot;
  jobs.input[2 * index + 1] = senseJob;
  jobs.preferred[2 * index] = preferred.x;
  jobs.preferred[2 * index + 1] = preferred.y;
}

/** The velocity job `index`'s unit wants, into `out`. */
export function readPreferred(jobs: DecideJobs, index: number, out: Vec2): Vec2 {
  out.x = jobs.preferred[2 * index]!;
  out.y = jobs.preferred[2 * index + 1]!;
  return out;
}

const _decide_preferred = vec2();

/**
 * Chooses for the jobs of one chunk (a sense thread): each unit's sensing read from its sense
 * record into the scratch `sensing`, the choice into the scratch `decision`, then into the job's
 * record.
 */
export function decideChunk(
  jobs: DecideJobs,
  chunk: number,
  senseJobs: SenseJobs,
  world: Pick<SenseWorld, 'obstacles' | 'walls'>,
  units: UnitStore,
  sensing: Sensing,
  decision: AvoidanceDecision,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
  rules: AvoidanceRules,
): void {
  for (let index = chunk * CHUNK, end = chunkEnd(jobs, chunk); index < end; index++) {
    readSensing(senseJobs, jobs.input[2 * index + 1]!, sensing, world);
    decision.lean = 0;
    strategy.decide(decision, units, jobs.input[2 * index]!, sensing, readPreferred(jobs, index, _decide_preferred), config, rules);
    jobs.out[3 * index] = decision.lean;
    jobs.out[3 * index + 1] = decision.force.x;
    jobs.out[3 * index + 2] = decision.force.y;
    jobs.sides[index] = decision.side;
  }
}

/** Job `index`'s choice into the unit's own decision (the simulation's thread). */
export function readDecision(jobs: DecideJobs, index: number, out: AvoidanceDecision): void {
  out.lean = jobs.out[3 * index]!;
  out.force.x = jobs.out[3 * index + 1]!;
  out.force.y = jobs.out[3 * index + 2]!;
  out.side = jobs.sides[index] as AvoidanceDecision['side'];
}
