/**
 * npm run --silent scenario -- <file.json | built-in name> [options]
 *
 * Runs one scenario headless and prints its metrics (docs/metrics.md). Invalid input (a bad
 * option, a missing or malformed file, a scenario that breaks the format) exits with code 2, one
 * message on stderr and nothing on stdout; nothing is run.
 */
import { DEFAULT_SIMULATION } from '../sim/defaults';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COLLISION_RESPONSES } from '../steering/sideways';
import { BUILT_IN_SCENARIOS, findBuiltInScenario } from '../scenarios/builtins';
import { type CommandLog, CommandError, parseCommandLog } from '../scenarios/commands';
import { runScenario, traceLine } from '../scenarios/run';
import { MAX_SCENARIO_DURATION, scenarioToFile } from '../scenarios/schema';
import { PEER_NAMES, type RunResult, loadDetour } from './runs';
import { UsageError, createProgress, formatResultTable, integerOption, invocation, loadScenario, numberOption, oneOfOption, runAsScript, steeringOption } from './report';

const USAGE = `usage: ${invocation('scenario')} <file.json | built-in name> [options]

options:
  --avoidance NAME   ${PEER_NAMES.join(' | ')} (default ${DEFAULT_SIMULATION.avoidance};
                     detour: DetourCrowd, the comparison peer)
  --response NAME    ${COLLISION_RESPONSES.join(' | ')} (default ${DEFAULT_SIMULATION.response})
  --seed N           built-ins: the seed their layout is drawn with; files: replaces "seed"
  --units N          built-ins only: total number of units
  --duration S       simulated seconds (default: the scenario's own)
  --steering JSON    re-tune the controller, e.g. '{"crossingPace": 1}' (not with detour)
  --json             print one JSON object instead of a table
  --trace FILE       write every tick's positions as NDJSON: {"t": 0.0167, "p": [x0, y0, ...]}
  --commands LOG     give the commands of a command log (NDJSON, docs/command-log.md) at their
                     ticks; its header's seed, units, avoidance and response are the defaults
  --export FILE      write the scenario as a JSON file and exit without running it
  --list             list the built-in scenarios
  -h, --help         print this and exit

built-in scenarios:
${BUILT_IN_SCENARIOS.map((scenario) => `  ${scenario.name.padEnd(17)} ${scenario.description}`).join('\n')}`;

/** characters of trace text gathered before one write */
const TRACE_CHUNK = 1 << 20;

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        avoidance: { type: 'string' },
        response: { type: 'string' },
        seed: { type: 'string' },
        units: { type: 'string' },
        duration: { type: 'string' },
        steering: { type: 'string' },
        json: { type: 'boolean', default: false },
        trace: { type: 'string' },
        commands: { type: 'string' },
        export: { type: 'string' },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.list) {
    process.stdout.write(`${BUILT_IN_SCENARIOS.map((scenario) => scenario.name).join('\n')}\n`);
    return 0;
  }

  let setup;
  try {
    if (positionals.length !== 1) {
      throw new UsageError(`scenario: expected one file or built-in name, got ${positionals.length}\n\n${USAGE}`);
    }
    const commands = values.commands === undefined ? undefined : readCommandLog(values.commands);
    const recorded = commands?.header;
    const builtIn = findBuiltInScenario(positionals[0]!) !== undefined;
    if (recorded !== undefined && builtIn && recorded.scenario.name !== positionals[0]) {
      throw new UsageError(`--commands: the log was recorded on ${JSON.stringify(recorded.scenario.name)}, not ${JSON.stringify(positionals[0])}`);
    }
    const avoidance = oneOfOption(values.avoidance, '--avoidance', PEER_NAMES) ?? recorded?.avoidance ?? DEFAULT_SIMULATION.avoidance;
    if (commands !== undefined && avoidance === 'detour') throw new UsageError('--commands: DetourCrowd takes no commands; use it with the engine\'s strategies');
    const response = oneOfOption(values.response, '--response', COLLISION_RESPONSES) ?? recorded?.response ?? DEFAULT_SIMULATION.response;
    const seed = integerOption(values.seed, '--seed', 0, 0xffffffff) ?? (builtIn ? recorded?.scenario.seed : undefined);
    const units = integerOption(values.units, '--units', 1) ?? (builtIn ? recorded?.scenario.units : undefined);
    // at least one tick: a shorter run would measure nothing
    const duration = numberOption(values.duration, '--duration', 0, MAX_SCENARIO_DURATION);
    if (duration !== undefined && duration < DEFAULT_SIMULATION.dt) {
      throw new UsageError(`--duration: expected at least one tick (${+DEFAULT_SIMULATION.dt.toFixed(6)} s), got ${JSON.stringify(values.duration)}`);
    }
    const steering = steeringOption(values.steering);
    if (steering !== undefined && avoidance === 'detour') {
      throw new UsageError('--steering: DetourCrowd has no such settings; use it with the engine\'s strategies');
    }
    const scenario = loadScenario(positionals[0]!, {
      ...(units === undefined ? {} : { units }),
      ...(seed === undefined ? {} : { seed }),
    });
    // DetourCrowd's runner is loaded only for it: it needs @recast-navigation (runs.ts, loadDetour)
    const detour = avoidance === 'detour' && values.export === undefined ? await loadDetour() : undefined;
    setup = { avoidance, response, steering, duration: duration ?? scenario.duration, scenario, detour, commands };
  } catch (error) {
    return failOnInput(error);
  }
  const { scenario } = setup;

  if (values.export !== undefined) {
    try {
      writeFileSync(values.export, `${JSON.stringify(scenarioToFile(scenario), null, 2)}\n`);
    } catch (error) {
      return fail(`--export: cannot write ${JSON.stringify(values.export)}: ${(error as Error).message}`);
    }
    process.stderr.write(`wrote ${scenario.name} (${scenario.units.length} units) to ${values.export}\n`);
    return 0;
  }

  let traceFile: number | undefined;
  if (values.trace !== undefined) {
    try {
      traceFile = openSync(values.trace, 'w');
    } catch (error) {
      return fail(`--trace: cannot write ${JSON.stringify(values.trace)}: ${(error as Error).message}`);
    }
  }
  let traceText = '';
  const progress = createProgress();
  let result: RunResult;
  try {
    const run = {
      duration: setup.duration,
      onPositions: (positions: Float64Array, time: number) => {
        if (traceFile !== undefined) {
          traceText += `${traceLine(positions, time)}\n`;
          if (traceText.length >= TRACE_CHUNK) {
            writeSync(traceFile, traceText);
            traceText = '';
          }
        }
        progress.update(time / setup.duration, `${time.toFixed(1)} of ${setup.duration} s simulated`);
      },
    };
    const avoidance = setup.avoidance;
    result =
      avoidance === 'detour'
        ? await setup.detour!.runDetourScenario(scenario, run)
        : runScenario(scenario, {
            ...run,
            avoidance,
            response: setup.response,
            ...(setup.steering === undefined ? {} : { steering: setup.steering }),
            ...(setup.commands === undefined ? {} : { commands: setup.commands, commandsSource: values.commands! }),
          });
  } catch (error) {
    // a command the run refused (a unit the log names is not there) is the log's fault
    if (error instanceof CommandError) return fail(`--commands: ${error.message}`);
    throw error;
  } finally {
    progress.done();
    if (traceFile !== undefined) {
      writeSync(traceFile, traceText);
      closeSync(traceFile);
    }
  }
  process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatResultTable(result)}\n`);
  return 0;
}

/** The command log at `path`, checked line by line (a UsageError names the line and field). */
function readCommandLog(path: string): CommandLog {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--commands: cannot read ${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  try {
    return parseCommandLog(text, path);
  } catch (error) {
    throw new UsageError(`--commands: ${(error as Error).message}`);
  }
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

/**
 * Everything before the run only reads and checks input (options, the file, the scenario), so an
 * error there is the user's to fix: exit 2 with its message. Errors during the run are bugs.
 */
function failOnInput(error: unknown): number {
  if (error instanceof Error) return fail(error.message);
  throw error;
}

runAsScript(import.meta.url, main);
