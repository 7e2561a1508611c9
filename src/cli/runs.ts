/**
 * Runs of built-in scenarios for the command lines: one run is a scenario, a seed and a
 * strategy (`detour` too: DetourCrowd, the comparison peer, see detour.ts). Many runs can go to
 * several worker threads at once (`runAll`); each run is the same whichever thread plays it.
 */
import { Worker } from 'node:worker_threads';
import { buildBuiltInScenario } from '../scenarios/builtins';
import { buildFamilyInstance } from '../scenarios/families';
import { type ScenarioResult, runScenario } from '../scenarios/run';
import { type SteeringOverrides, switchedFromDefault } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';

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
export type RunResult = Omit<ScenarioResult, 'avoidance' | 'response' | 'stateHash'> & { avoidance: string; response: string; family?: string; stateHash?: string };

export async function runSpec(spec: RunSpec): Promise<RunResult> {
  const family = spec.family === true ? { family: spec.scenario } : {};
  const result = await runOne(spec);
  return { ...result, ...family };
}

async function runOne(spec: RunSpec): Promise<RunResult> {
  if (spec.family === true && spec.units !== undefined) throw new Error(`units: the instances of a family draw their own unit counts, got ${spec.units} for ${spec.scenario}`);
  const scenario =
    spec.family === true ? buildFamilyInstance(spec.scenario, spec.seed) : buildBuiltInScenario(spec.scenario, { seed: spec.seed, ...(spec.units === undefined ? {} : { units: spec.units }) });
  if (spec.avoidance === 'detour') return (await loadDetour()).runDetourScenario(scenario);
  const result = runScenario(scenario, { avoidance: spec.avoidance, response: spec.response, ...(spec.steering === undefined ? {} : { steering: spec.steering }) });
  return { ...result, avoidance: strategyLabel(spec) };
}

/** A run's strategy as the tables name it: `rays`, `rays without NAME+NAME` when situations
 * (src/situations/) on by default were switched off for it, `rays with NAME` when one off by
 * default was switched on. */
export function strategyLabel(spec: RunSpec): string {
  const switched = switchedFromDefault(spec.steering?.situations ?? {});
  const off = switched.filter(([, on]) => !on).map(([name]) => name);
  const on = switched.filter(([, on]) => on).map(([name]) => name);
  return `${spec.avoidance}${off.length === 0 ? '' : ` without ${off.join('+')}`}${on.length === 0 ? '' : ` with ${on.join('+')}`}`;
}

/** The @recast-navigation release detour.ts is written and checked against (the repository's own). */
export const RECAST_VERSION = '0.43.1';

/** Why `detour` cannot run: what to install, and which release. */
export const DETOUR_MISSING =
  `detour: DetourCrowd runs on @recast-navigation/core and @recast-navigation/generators, which are not installed; ` +
  `to run it, install them beside rts-steer: npm install @recast-navigation/core@${RECAST_VERSION} @recast-navigation/generators@${RECAST_VERSION}`;

/** `detour` asked for where @recast-navigation is not installed: the user's to fix, as a UsageError is. */
export class DetourMissingError extends Error {
  constructor() {
    super(DETOUR_MISSING);
    this.name = 'DetourMissingError';
  }
}

let detourModule: Promise<typeof import('./detour')> | undefined;

/**
 * DetourCrowd's runner (detour.ts), loaded on first use. @recast-navigation is a development
 * dependency: a checkout has it; a game that installed the package has it only if it installed
 * it too. Without it `detour` is refused with a DetourMissingError naming what to install, and
 * the engine's own strategies run as ever.
 */
export function loadDetour(): Promise<typeof import('./detour')> {
  detourModule ??= import('./detour').catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('@recast-navigation')) throw new DetourMissingError();
    throw error;
  });
  return detourModule;
}

/** Whether `detour` can run here (see loadDetour). */
export async function detourInstalled(): Promise<boolean> {
  try {
    await loadDetour();
    return true;
  } catch (error) {
    if (error instanceof DetourMissingError) return false;
    throw error;
  }
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

/**
 * The built worker's module (dist/cli/run-worker.js), set by the package's command (rts-steer.ts)
 * when it runs built. Unset, as in a checkout, workers load run-worker.ts through tsx.
 */
let builtWorker: URL | undefined;

/** Has `runAll`'s worker threads start the built worker at `file` (plain JavaScript, no tsx). */
export function useBuiltWorker(file: URL): void {
  builtWorker = file;
}

/**
 * A file's URL relative to this module. The path is a parameter so that the package's build
 * (Vite) leaves it to run time instead of taking `new URL('...', import.meta.url)` for an asset.
 */
function beside(path: string): URL {
  return new URL(path, import.meta.url);
}

/** A worker thread that plays runs one at a time (run-worker.ts through tsx, or the built one). */
function startWorker(): { run(spec: RunSpec): Promise<RunResult>; stop(): Promise<number> } {
  const worker =
    builtWorker === undefined
      ? // the worker loads TypeScript the way this process does: through tsx's loader
        new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(beside('./run-worker.ts').href)}); });`, { eval: true })
      : new Worker(builtWorker);
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
