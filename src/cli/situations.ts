/**
 * npm run --silent situations -- [--only NAME,NAME] [--situations NAME,NAME] [--seeds 1-5] [--jobs N]
 *                                [--json] [--from FILE] [--out FILE]
 *
 * What each situation (a rule over the avoidance core, src/situations/) buys: every built-in
 * scenario run with `rays` as it is, then with each situation switched off in turn (the others on),
 * over the seeds (default 1-5). Prints one summary row per situation (runs where every unit
 * arrived, touches per run, mean time to goal, each with it and without it), then per situation the
 * built-ins whose figures it moves (a run more or fewer all in, half a touch a run, or 3% of the
 * time to goal). `--json` prints the runs instead (one object per line, labelled `rays without
 * NAME`); `--from` reads such a file back instead of running.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BUILT_IN_SCENARIO_NAMES } from '../scenarios/builtins';
import { SITUATION_NAMES, type SituationName } from '../steering/config';
import { markdownTable, seedsOption } from './compare';
import { createProgress, formatNumber, oneOfOption, runAsScript } from './report';
import { type RunResult, type RunSpec, runAll } from './runs';

/** Figures of one scenario's runs under one variant, over the seeds. */
interface Figures {
  runs: number;
  allArrived: number;
  collisions: number;
  /** mean over the runs with a time (null when none) */
  meanTime: number | null;
}

function figuresOf(runs: readonly RunResult[]): Figures {
  const times = runs.map((run) => run.meanTimeToGoal).filter((time): time is number => time !== null);
  return {
    runs: runs.length,
    allArrived: runs.filter((run) => run.arrived === run.unitsWithGoal).length,
    collisions: runs.reduce((sum, run) => sum + run.collisions, 0) / Math.max(1, runs.length),
    meanTime: times.length === 0 ? null : times.reduce((sum, time) => sum + time, 0) / times.length,
  };
}

/** The label of the runs with `name` switched off (runs.ts strategyLabel). */
const withoutLabel = (name: SituationName): string => `rays without ${name}`;

/** The runs of `label` by scenario. */
function byScenario(results: readonly RunResult[], label: string): Map<string, RunResult[]> {
  const groups = new Map<string, RunResult[]>();
  for (const result of results) {
    if (result.avoidance !== label) continue;
    const group = groups.get(result.scenario) ?? [];
    group.push(result);
    groups.set(result.scenario, group);
  }
  return groups;
}

/** Whether the scenario's figures moved by a run all in, half a touch a run, or 3% of the time. */
function moved(a: Figures, b: Figures): boolean {
  if (a.allArrived !== b.allArrived || Math.abs(a.collisions - b.collisions) >= 0.5) return true;
  if (a.meanTime === null || b.meanTime === null) return a.meanTime !== b.meanTime;
  return Math.abs(a.meanTime - b.meanTime) >= 0.03 * a.meanTime;
}

const time = (value: number | null): string => formatNumber(value, 1);

interface SummaryRow {
  situation: SituationName;
  with: Figures;
  without: Figures;
  moves: string[];
}

/** The tables: a summary row per situation, then the built-ins each one moves. */
export function formatSituationTables(results: readonly RunResult[], situations: readonly SituationName[]): string {
  const base = byScenario(results, 'rays');
  const rows: SummaryRow[] = situations.map((situation) => {
    const off = byScenario(results, withoutLabel(situation));
    const scenarios = [...off.keys()].filter((scenario) => base.has(scenario));
    const moves = scenarios.filter((scenario) => moved(figuresOf(base.get(scenario)!), figuresOf(off.get(scenario)!)));
    return {
      situation,
      with: figuresOf(scenarios.flatMap((scenario) => base.get(scenario)!)),
      without: figuresOf(scenarios.flatMap((scenario) => off.get(scenario)!)),
      moves,
    };
  });
  let text = markdownTable<SummaryRow>(
    [
      ['situation', 'l', (row) => row.situation],
      ['all arrived (runs): with', 'r', (row) => `${row.with.allArrived}/${row.with.runs}`],
      ['without', 'r', (row) => `${row.without.allArrived}/${row.without.runs}`],
      ['touches a run: with', 'r', (row) => formatNumber(row.with.collisions, 2)],
      ['without', 'r', (row) => formatNumber(row.without.collisions, 2)],
      ['mean time to goal (s): with', 'r', (row) => time(row.with.meanTime)],
      ['without', 'r', (row) => time(row.without.meanTime)],
      ['built-ins it moves', 'r', (row) => String(row.moves.length)],
    ],
    rows,
  );
  for (const row of rows) {
    if (row.moves.length === 0) continue;
    const off = byScenario(results, withoutLabel(row.situation));
    text += `\n${row.situation}: the built-ins it moves (with -> without; all arrived runs, touches a run, mean time to goal):\n\n`;
    text += markdownTable<string>(
      [
        ['scenario', 'l', (scenario) => scenario],
        ['all arrived', 'r', (scenario) => `${figuresOf(base.get(scenario)!).allArrived} -> ${figuresOf(off.get(scenario)!).allArrived}`],
        ['touches a run', 'r', (scenario) => `${formatNumber(figuresOf(base.get(scenario)!).collisions, 1)} -> ${formatNumber(figuresOf(off.get(scenario)!).collisions, 1)}`],
        ['time to goal (s)', 'r', (scenario) => `${time(figuresOf(base.get(scenario)!).meanTime)} -> ${time(figuresOf(off.get(scenario)!).meanTime)}`],
      ],
      row.moves,
    );
  }
  return text;
}

const USAGE = `usage: npm run --silent situations -- [options]

Runs every built-in scenario with rays as it is and with each situation (a rule over the avoidance
core) switched off in turn, and prints what each one buys.

  --only NAME,NAME        only these built-in scenarios (default: all)
  --situations NAME,NAME  only these situations: ${SITUATION_NAMES.join(', ')}
  --seeds 1,2 | 1-5       seeds to run (default 1-5)
  --jobs N                share the runs among N worker threads (default 1)
  --json                  one JSON object per run instead of tables
  --from FILE             no runs: read them from FILE, the output of an earlier --json
  --out FILE              also write the output to FILE
  -h, --help              print this and exit`;

export async function main(argv: string[]): Promise<number> {
  let plan;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        only: { type: 'string' },
        situations: { type: 'string' },
        seeds: { type: 'string' },
        jobs: { type: 'string' },
        json: { type: 'boolean', default: false },
        from: { type: 'string' },
        out: { type: 'string' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
    if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 64)) throw new Error(`--jobs: expected a whole number from 1 to 64, got ${JSON.stringify(values.jobs)}`);
    const list = <T extends string>(text: string | undefined, option: string, allowed: readonly T[]): T[] =>
      text === undefined ? [...allowed] : text.split(',').map((part) => oneOfOption(part.trim(), option, allowed)!);
    plan = {
      jobs,
      json: values.json,
      out: values.out,
      from: values.from === undefined ? undefined : readFileSync(values.from, 'utf8'),
      scenarios: list(values.only, '--only', BUILT_IN_SCENARIO_NAMES),
      situations: list(values.situations, '--situations', SITUATION_NAMES),
      seeds: seedsOption(values.seeds ?? '1-5'),
    };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  let results: RunResult[];
  if (plan.from !== undefined) {
    results = plan.from
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const run = JSON.parse(line) as RunResult;
        // files written before standing units were counted apart: every unit had a goal
        run.unitsWithGoal ??= run.units;
        return run;
      });
  } else {
    const variants: Array<SituationName | null> = [null, ...plan.situations];
    const specs: RunSpec[] = plan.scenarios.flatMap((scenario) =>
      variants.flatMap((off) =>
        plan.seeds.map((seed): RunSpec => ({ scenario, seed, avoidance: 'rays', response: 'sideways', ...(off === null ? {} : { steering: { situations: { [off]: false } } }) })),
      ),
    );
    const progress = createProgress();
    results = await runAll(specs, plan.jobs, (done) => progress.update(done / specs.length, `${done} of ${specs.length} runs`));
    progress.done();
  }
  const text = plan.json ? results.map((result) => `${JSON.stringify(result)}\n`).join('') : formatSituationTables(results, plan.situations);
  process.stdout.write(text);
  if (plan.out !== undefined) writeFileSync(plan.out, text);
  return 0;
}

runAsScript(import.meta.url, main);
