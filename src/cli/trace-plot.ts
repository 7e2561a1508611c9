/**
 * npm run --silent trace-plot -- SCENARIO TRACE OUT.svg [--units N] [--seed N] [--every TICKS]
 *
 * Draws a run from its trace (docs/trace-format.md): the scenario's world and obstacles, every
 * unit's path coloured by team, and the units at the start, a quarter, half, three quarters and
 * the end of the run. SCENARIO is a scenario file or a built-in name (with the --units and --seed
 * the run was made with). TRACE may come from `scenario --trace` or from any engine that writes
 * the same format. Paths take one point every --every ticks (default: at most 600 points each).
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { TraceError, type TraceFrame, parseTraceLine } from '../scenarios/trace';
import { tracePlot } from './pictures';
import { UsageError, integerOption, invocation, loadScenario, runAsScript } from './report';

const USAGE = `usage: ${invocation('trace-plot')} <scenario.json | built-in name> <trace.ndjson> <out.svg> [options]

  --units N       built-ins: the unit count the run was made with
  --seed N        the seed the run was made with
  --every TICKS   one path point every TICKS ticks (default: at most 600 points per path)
  -h, --help      print this and exit`;

/** Reads the trace's frames, keeping every `every`-th one and the last; checks every line. */
export async function readTrace(path: string, units: number, every: number | undefined): Promise<TraceFrame[]> {
  const all: TraceFrame[] = [];
  let stream;
  try {
    stream = createReadStream(path, { encoding: 'utf8' });
    await new Promise<void>((resolve, reject) => {
      stream!.once('open', () => resolve());
      stream!.once('error', reject);
    });
  } catch (error) {
    throw new UsageError(`trace: cannot read ${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  let line = 0;
  try {
    for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
      line++;
      if (text.trim() === '') continue;
      all.push(parseTraceLine(text, line, units, path, all.length === 0 ? null : all[all.length - 1]!.t));
    }
  } catch (error) {
    if (error instanceof TraceError) throw new UsageError(error.message);
    throw error;
  }
  if (all.length === 0) throw new UsageError(`${path}: the trace has no lines`);
  const step = every ?? Math.max(1, Math.ceil(all.length / 600));
  return all.filter((_, index) => index % step === 0 || index === all.length - 1);
}

export async function main(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        units: { type: 'string' },
        seed: { type: 'string' },
        every: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 3) throw new UsageError(`trace-plot: expected a scenario, a trace and an output file, got ${positionals.length} arguments`);
    const [scenarioArgument, tracePath, outPath] = positionals as [string, string, string];
    const units = integerOption(values.units, '--units', 1);
    const seed = integerOption(values.seed, '--seed', 0, 0xffffffff);
    const every = integerOption(values.every, '--every', 1);
    const scenario = loadScenario(scenarioArgument, { ...(units === undefined ? {} : { units }), ...(seed === undefined ? {} : { seed }) });
    const frames = await readTrace(tracePath, scenario.units.length, every);
    const svg = tracePlot(scenario, frames);
    try {
      writeFileSync(outPath, svg);
    } catch (error) {
      throw new UsageError(`out: cannot write ${JSON.stringify(outPath)}: ${(error as Error).message}`);
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n\n${USAGE}\n`);
    return 2;
  }
}

runAsScript(import.meta.url, main);
