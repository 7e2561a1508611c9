/**
 * Runs of built-in scenarios for the command lines: one run is a scenario, a seed and a
 * strategy (`detour` too: DetourCrowd, the comparison peer, see detour.ts). Many runs can go to
 * several worker threads at once (`runAll`); each run is the same whichever thread plays it.
 */
import { Worker } from 'node:worker_threads';
import { buildBuiltInScenario } from '../scenarios/builtins';
import { buildFamilyInstance } from '../scenarios/families';
import { type ScenarioResult, runScenario } from '../scenarios/run';
import type { SteeringOverrides } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import { runDetourScenario } from './detour';

/** The strategies a comparison can run: the engine's, and DetourCrowd as a peer. */
export type PeerName = AvoidanceName | 'detour';
export const PEER_NAMES: readonly PeerName[] = [...AVOIDANCE_NAMES, 'detour'];

export interface RunSpec {
  /** a built-in's name, or a map family's (with `family`) */
  scenario: string;
  /** the built-in's seed, or the family's instance */
  seed: number;
  /** whether `scenario` names a map family (scenarios/families.ts) rather than a built-in */
  family?: boolean;
  /** total units; the built-in's default when missing */
  units?: number;
  avoidance: PeerName;
  /** ignored for `detour` (it has its own collision handling) */
  response: CollisionResponse;
  /** controller tuning over the defaults; ignored for `detour` */
  steering?: SteeringOverrides;
}

/** A run's figures; `avoidance` and `response` are 'detour' for DetourCrowd. A family's run
 * names its instance as `scenario` (`forest-3`) and the family as `family`. */
export type RunResult = Omit<ScenarioResult, 'avoidance' | 'response'> & { avoidance: string; response: string; family?: string };

export async function runSpec(spec: RunSpec): Promise<RunResult> {
  const family = spec.family === true ? { family: spec.scenario } : {};
  const result = await runOne(spec);
  return { ...result, ...family };
}

async function runOne(spec: RunSpec): Promise<RunResult> {
  if (spec.family === true && spec.units !== undefined) throw new Error(`units: the instances of a family draw their own unit counts, got ${spec.units} for ${spec.scenario}`);
  const scenario =
    spec.family === true ? buildFamilyInstance(spec.scenario, spec.seed) : buildBuiltInScenario(spec.scenario, { seed: spec.seed, ...(spec.units === undefined ? {} : { units: spec.units }) });
  if (spec.avoidance === 'detour') return runDetourScenario(scenario);
  const result = runScenario(scenario, { avoidance: spec.avoidance, response: spec.response, ...(spec.steering === undefined ? {} : { steering: spec.steering }) });
  return { ...result, avoidance: strategyLabel(spec) };
}

/** A run's strategy as the tables name it: `rays`, or `rays without NAME+NAME` when situations
 * (src/situations/) were switched off for it. */
export function strategyLabel(spec: RunSpec): string {
  const off = Object.entries(spec.steering?.situations ?? {})
    .filter(([, on]) => on === false)
    .map(([name]) => name);
  return off.length === 0 ? spec.avoidance : `${spec.avoidance} without ${off.join('+')}`;
}

/**
 * Runs every spec and returns the results in the specs' order. With `jobs` > 1 the runs are
 * shared among that many worker threads. `onDone` is called after each run with the count so far.
 */
export async function runAll(specs: readonly RunSpec[], jobs: number, onDone?: (done: number) => void): Promise<RunResult[]> {
  const results: RunResult[] = new Array(specs.length);
  let done = 0;
  if (jobs <= 1 || specs.length <= 1) {
    for (const [index, spec] of specs.entries()) {
      results[index] = await runSpec(spec);
      onDone?.(++done);
    }
    return results;
  }
  let next = 0;
  const work = async (): Promise<void> => {
    const worker = startWorker();
    try {
      while (next < specs.length) {
        const index = next++;
        results[index] = await worker.run(specs[index]!);
        onDone?.(++done);
      }
    } finally {
      await worker.stop();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, specs.length) }, work));
  return results;
}

/** A worker thread that plays runs one at a time (run-worker.ts, loaded through tsx). */
function startWorker(): { run(spec: RunSpec): Promise<RunResult>; stop(): Promise<number> } {
  const file = new URL('./run-worker.ts', import.meta.url).href;
  // the worker loads TypeScript the way this process does: through tsx's loader
  const worker = new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(file)}); });`, { eval: true });
  let pending: { resolve(result: RunResult): void; reject(error: Error): void } | null = null;
  worker.on('message', (message: { result?: RunResult; error?: string }) => {
    const waiting = pending;
    pending = null;
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.result!);
  });
  worker.on('error', (error) => pending?.reject(error));
  return {
    run: (spec) =>
      new Promise<RunResult>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(spec);
      }),
    stop: () => worker.terminate(),
  };
}
