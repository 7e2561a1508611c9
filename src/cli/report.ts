/**
 * What the command-line tools share: loading a scenario by file or built-in name, turning
 * metrics into text, and a progress bar for long runs.
 */
import { readFileSync } from 'node:fs';
import { BUILT_IN_SCENARIO_NAMES, buildBuiltInScenario, findBuiltInScenario } from '../scenarios/builtins';
import type { RunResult } from './runs';
import { type SteeringOverrides, resolveSteeringConfig } from '../steering/config';
import { type Scenario, parseScenarioText } from '../scenarios/schema';

/** A problem with what the user asked for: the tools exit with code 2 and print only the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * Runs a command line's `main` on the process's arguments when the module at `moduleUrl` is the
 * script Node was started with (the tests import the same module without running it), and exits
 * with the code it returns. Anything it throws or rejects with and did not handle prints its
 * message and exits 1. Only sources (.ts, through tsx) run this way: built into the package, a
 * tool may share its file with the `rts-steer` command (rts-steer.ts), which calls its `main`.
 */
export function runAsScript(moduleUrl: string, main: (argv: string[]) => number | Promise<number>): void {
  if (!moduleUrl.endsWith('.ts') || moduleUrl !== `file://${process.argv[1]}`) return;
  const fail = (error: unknown): void => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  };
  try {
    Promise.resolve(main(process.argv.slice(2))).then((code) => {
      process.exitCode = code;
    }, fail);
  } catch (error) {
    fail(error);
  }
}

/** How the user started the tools: through npm in a checkout, or the package's command. */
let command: 'npm' | 'rts-steer' = 'npm';

/** The package's command (rts-steer.ts) says so before it loads a tool. */
export function setInvocation(how: 'npm' | 'rts-steer'): void {
  command = how;
}

/** What a tool's usage line shows before its arguments: `npm run --silent scenario --`, or `rts-steer scenario`. */
export function invocation(tool: string): string {
  return command === 'npm' ? `npm run --silent ${tool} --` : `rts-steer ${tool}`;
}

/**
 * A built-in name or a path to a scenario file. `units` and `seed` rebuild a built-in; for a
 * file, `seed` replaces the file's seed and `units` is refused (a file fixes its own units).
 */
export function loadScenario(nameOrPath: string, options: { units?: number; seed?: number }): Scenario {
  if (findBuiltInScenario(nameOrPath) !== undefined) {
    return buildBuiltInScenario(nameOrPath, options);
  }
  let text: string;
  try {
    text = readFileSync(nameOrPath, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(
      `scenario: expected a scenario file or one of ${BUILT_IN_SCENARIO_NAMES.join(', ')}, got ${JSON.stringify(nameOrPath)} (${reason})`,
    );
  }
  if (options.units !== undefined) {
    throw new UsageError(`--units: only built-in scenarios take a unit count; ${nameOrPath} lists its own units`);
  }
  const scenario = parseScenarioText(text, nameOrPath);
  return options.seed === undefined ? scenario : { ...scenario, seed: options.seed };
}

/** how options write numbers: plain decimals (no hex, no exponent, no spaces): what a person types */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;

/** Parses an integer option written in decimal digits; throws UsageError naming the option and the text. */
export function integerOption(text: string | undefined, option: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!WHOLE.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${option}: expected an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** Parses a decimal number option in (min, max]; throws UsageError naming the option and the text. */
export function numberOption(text: string | undefined, option: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value) || value <= min || value > max) {
    throw new UsageError(`${option}: expected a decimal number > ${min} and <= ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/**
 * `--steering JSON`: controller settings to merge over the defaults, checked like
 * `updateSteeringConfig` (the message names the option and the setting); undefined when not given.
 */
export function steeringOption(text: string | undefined): SteeringOverrides | undefined {
  if (text === undefined) return undefined;
  try {
    const steering = JSON.parse(text) as SteeringOverrides;
    resolveSteeringConfig(steering);
    return steering;
  } catch (error) {
    throw new Error(`--steering: ${(error as Error).message}`);
  }
}

export function oneOfOption<T extends string>(text: string | undefined, option: string, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if ((allowed as readonly string[]).includes(text)) return text as T;
  throw new UsageError(`${option}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`);
}

// ---------------------------------------------------------------------------------------------
// Text

export function formatNumber(value: number | null, digits: number): string {
  return value === null ? '-' : value.toFixed(digits);
}

/** The metrics of one run as an aligned two-column table. */
export function formatResultTable(result: RunResult): string {
  const rows: Array<[string, string]> = [
    ['scenario', `${result.scenario} (seed ${result.seed})`],
    ['avoidance', result.avoidance],
    ['response', result.response],
    ['units', String(result.units)],
    ['arrived', `${result.arrived} of ${result.units}`],
    ['collisions', String(result.collisions)],
    ['obstacleHits', String(result.obstacleHits)],
    ['maxPenetration', `${formatNumber(result.maxPenetration, 3)} m`],
    ['meanTimeToGoal', `${formatNumber(result.meanTimeToGoal, 2)} s`],
    ['p95TimeToGoal', `${formatNumber(result.p95TimeToGoal, 2)} s`],
    ['pathEfficiency', formatNumber(result.pathEfficiency, 3)],
    ['degreesTurned', `${formatNumber(result.degreesTurned, 1)} deg`],
    ...(result.standingDisplacement === null
      ? []
      : ([
          ['standingDisplacement', `${formatNumber(result.standingDisplacement, 2)} m`],
          ['standingDisplacementAtEnd', `${formatNumber(result.standingDisplacementAtEnd, 2)} m`],
        ] as Array<[string, string]>)),
    ['msPerStep', `${formatNumber(result.msPerStep, 3)} ms`],
    ['ticks', String(result.ticks)],
    ['simSeconds', `${formatNumber(result.simSeconds, 2)} s`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Progress

/** wall-clock milliseconds before a run shows a progress bar, and between redraws */
const PROGRESS_DELAY_MS = 1000;
const PROGRESS_REDRAW_MS = 100;
const PROGRESS_WIDTH = 30;

export interface Progress {
  /** fraction in [0, 1]; `label` follows the bar */
  update(fraction: number, label: string): void;
  /** erases the bar (if one was drawn) */
  done(): void;
}

/**
 * A progress bar on stderr that appears only once work has taken over a second, and only when
 * stderr is a terminal (never in pipes, files or CI logs).
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const start = performance.now();
  let lastDraw = 0;
  let drawn = false;
  return {
    update(fraction, label) {
      if (!stream.isTTY) return;
      const now = performance.now();
      if (now - start < PROGRESS_DELAY_MS || now - lastDraw < PROGRESS_REDRAW_MS) return;
      lastDraw = now;
      const clamped = Math.min(1, Math.max(0, fraction));
      const filled = Math.round(clamped * PROGRESS_WIDTH);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(PROGRESS_WIDTH - filled)}] ${Math.round(clamped * 100)}% ${label}\x1b[K`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
