/**
 * npm run --silent compare -- [--out FILE] [--only NAME,NAME] [--avoidance NAME,NAME]
 *                             [--response NAME,NAME] [--seeds 1,2 | 1-5] [--jobs N] [--json]
 *                             [--steering JSON] [--without NAME,NAME] [--family NAME,NAME]
 *
 * Runs every built-in scenario (default unit count) for each seed (default 1) with every
 * avoidance strategy and the sideways response, plus `rays` with the plain physics response, plus
 * DetourCrowd (`detour`, the peer to beat), and prints one Markdown table of the metrics, a row
 * per run. With several seeds a second table follows: per scenario and strategy, the mean of each
 * figure over the seeds. `--avoidance` and `--response` narrow the strategies down; given
 * `--response`, every listed strategy runs with every listed response (`detour` once). `--jobs`
 * shares the runs among worker threads (ms/step is then measured on a busier machine). `--out`
 * also writes the tables to a file; `--json` prints one JSON object per run instead. `--steering`
 * re-tunes the engine's controller for every run, e.g. `--steering '{"lookAheadTime": 2}'`.
 * `--without` runs every engine strategy twice, as it is and with the named situations (the rules
 * over the avoidance core, src/situations/) switched off together, labelled `rays without NAME`:
 * what those situations buy (`npm run situations` does it for each one in turn). `--family` runs
 * instances of map families (scenarios/families.ts) instead of the built-ins, one per seed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BUILT_IN_SCENARIO_NAMES } from '../scenarios/builtins';
import { MAP_FAMILY_NAMES } from '../scenarios/families';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { type ChartRow, comparisonChart } from './pictures';
import { createProgress, formatNumber, invocation, oneOfOption, runAsScript, steeringOption } from './report';
import { DETOUR_MISSING, PEER_NAMES, type PeerName, type RunResult, type RunSpec, detourInstalled, runAll } from './runs';
import { SITUATION_NAMES, type SituationName, type SteeringOverrides } from '../steering/config';

type Column<T> = [heading: string, align: 'l' | 'r', cell: (row: T) => string];

const RUN_COLUMNS: Array<Column<RunResult>> = [
  ['scenario', 'l', (result) => result.scenario],
  ['seed', 'r', (result) => String(result.seed)],
  ['avoidance', 'l', (result) => result.avoidance],
  ['response', 'l', (result) => result.response],
  ['arrived', 'r', (result) => `${result.arrived}/${result.units}`],
  ['collisions', 'r', (result) => String(result.collisions)],
  ['obstacle hits', 'r', (result) => String(result.obstacleHits)],
  ['max penetration (m)', 'r', (result) => formatNumber(result.maxPenetration, 3)],
  ['mean time to goal (s)', 'r', (result) => formatNumber(result.meanTimeToGoal, 1)],
  ['p95 time to goal (s)', 'r', (result) => formatNumber(result.p95TimeToGoal, 1)],
  ['path efficiency', 'r', (result) => formatNumber(result.pathEfficiency, 3)],
  ['degrees turned', 'r', (result) => formatNumber(result.degreesTurned, 0)],
  ['ms/step', 'r', (result) => formatNumber(result.msPerStep, 2)],
];

/**
 * One scenario and strategy over several seeds: each figure of a run averaged over the seeds
 * (the largest for max penetration), `arrived` the mean count, plus how many runs had every unit
 * arrive and how many had no collision.
 */
export type MeanRow = Omit<RunResult, 'seed' | 'ticks' | 'simSeconds'> & {
  seeds: number;
  /** runs in which every unit arrived */
  allArrived: number;
  /** runs without a collision */
  collisionFree: number;
};

const MEAN_COLUMNS: Array<Column<MeanRow>> = [
  ['scenario', 'l', (row) => row.scenario],
  ['avoidance', 'l', (row) => row.avoidance],
  ['response', 'l', (row) => row.response],
  ['all arrived (runs)', 'r', (row) => `${row.allArrived}/${row.seeds}`],
  ['arrived', 'r', (row) => `${formatNumber(row.arrived, 1)}/${row.units}`],
  ['collisions', 'r', (row) => formatNumber(row.collisions, 1)],
  ['collision-free (runs)', 'r', (row) => `${row.collisionFree}/${row.seeds}`],
  ['obstacle hits', 'r', (row) => formatNumber(row.obstacleHits, 1)],
  ['max penetration (m)', 'r', (row) => formatNumber(row.maxPenetration, 3)],
  ['mean time to goal (s)', 'r', (row) => formatNumber(row.meanTimeToGoal, 1)],
  ['p95 time to goal (s)', 'r', (row) => formatNumber(row.p95TimeToGoal, 1)],
  ['path efficiency', 'r', (row) => formatNumber(row.pathEfficiency, 3)],
  ['degrees turned', 'r', (row) => formatNumber(row.degreesTurned, 0)],
  ['ms/step', 'r', (row) => formatNumber(row.msPerStep, 2)],
];

export function markdownTable<T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]): string {
  const lines = [
    `| ${columns.map(([heading]) => heading).join(' | ')} |`,
    `| ${columns.map(([, align]) => (align === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map(([, , cell]) => cell(row)).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

export function formatComparisonTable(results: readonly RunResult[]): string {
  return markdownTable(RUN_COLUMNS, results);
}

export function formatMeansTable(rows: readonly MeanRow[]): string {
  return markdownTable(MEAN_COLUMNS, rows);
}

/** Per scenario and strategy, in first-seen order: the mean of each figure over the seeds (null figures skipped; max penetration: the largest). */
export function meansOverSeeds(results: readonly RunResult[]): MeanRow[] {
  const groups = new Map<string, RunResult[]>();
  for (const result of results) {
    const key = `${result.family ?? result.scenario}|${result.avoidance}|${result.response}`;
    const group = groups.get(key) ?? [];
    group.push(result);
    groups.set(key, group);
  }
  const mean = (values: ReadonlyArray<number | null>): number | null => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
  };
  return [...groups.values()].map((runs) => ({
    scenario: runs[0]!.family ?? runs[0]!.scenario,
    avoidance: runs[0]!.avoidance,
    response: runs[0]!.response,
    seeds: runs.length,
    allArrived: runs.filter((run) => run.arrived === run.unitsWithGoal).length,
    arrived: mean(runs.map((run) => run.arrived))!,
    units: runs[0]!.units,
    unitsWithGoal: runs[0]!.unitsWithGoal,
    collisions: mean(runs.map((run) => run.collisions))!,
    collisionFree: runs.filter((run) => run.collisions === 0).length,
    obstacleHits: mean(runs.map((run) => run.obstacleHits))!,
    maxPenetration: Math.max(...runs.map((run) => run.maxPenetration)),
    meanTimeToGoal: mean(runs.map((run) => run.meanTimeToGoal)),
    p95TimeToGoal: mean(runs.map((run) => run.p95TimeToGoal)),
    pathEfficiency: mean(runs.map((run) => run.pathEfficiency)),
    degreesTurned: mean(runs.map((run) => run.degreesTurned))!,
    standingDisplacement: largest(runs.map((run) => run.standingDisplacement)),
    standingDisplacementAtEnd: largest(runs.map((run) => run.standingDisplacementAtEnd)),
    msPerStep: mean(runs.map((run) => run.msPerStep))!,
  }));
}

/** The largest of the figures present; null when none is. */
function largest(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : Math.max(...present);
}

function listOption<T extends string>(text: string | undefined, option: string, allowed: readonly T[]): T[] {
  if (text === undefined) return [...allowed];
  return text.split(',').map((part) => oneOfOption(part.trim(), option, allowed)!);
}

/** `1,2,5` or `1-5` (or a mix: `1-3,7`): whole numbers from 0. */
export function seedsOption(text: string | undefined): number[] {
  if (text === undefined) return [1];
  const seeds: number[] = [];
  for (const part of text.split(',')) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = range === null ? NaN : Number(range[1]);
    const last = range?.[2] === undefined ? first : Number(range[2]);
    if (!(Number.isSafeInteger(first) && Number.isSafeInteger(last) && first <= last && last <= 0xffffffff)) {
      throw new Error(`--seeds: expected seeds like 1,2,3 or 1-5, got ${JSON.stringify(text)}`);
    }
    for (let seed = first; seed <= last; seed++) seeds.push(seed);
  }
  return seeds;
}

/**
 * The strategy / response pairs to run: each engine strategy with the sideways response, `rays`
 * (when listed) also with plain physics, and `detour` once; with `responses` given, every engine
 * strategy with every listed response.
 */
export function plannedSettings(
  avoidances: readonly PeerName[],
  responses: readonly CollisionResponse[] | undefined,
): Array<{ avoidance: PeerName; response: CollisionResponse }> {
  return avoidances.flatMap((avoidance): Array<{ avoidance: PeerName; response: CollisionResponse }> => {
    if (avoidance === 'detour') return [{ avoidance, response: 'physics' }];
    const list: readonly CollisionResponse[] = responses ?? (avoidance === 'rays' ? ['sideways', 'physics'] : ['sideways']);
    return list.map((response) => ({ avoidance, response }));
  });
}

const USAGE = `usage: ${invocation('compare')} [options]

Runs every built-in scenario with every avoidance strategy (sideways response), rays with the plain
physics response, and DetourCrowd (detour: it needs @recast-navigation installed, and is left out
without it), and prints the metrics as Markdown tables (docs/metrics.md).

  --only NAME,NAME       only these built-in scenarios (default: all)
  --family NAME,NAME     instead of built-ins, instances of these map families (one per seed, so
                         --seeds 1-20 runs twenty of each; means are taken over a family):
                         ${MAP_FAMILY_NAMES.join(', ')}
  --avoidance NAME,NAME  only these strategies: ${PEER_NAMES.join(', ')}
  --response NAME,NAME   run every listed strategy with every listed response: ${COLLISION_RESPONSES.join(', ')}
  --seeds 1,2 | 1-5      seeds to run (default 1); with several, a table of means over them follows
  --jobs N               share the runs among N worker threads (default 1)
  --steering JSON        re-tune the controller for every run, e.g. '{"lookAheadTime": 2}'
  --without NAME,NAME    also run every engine strategy with these situations switched off (the
                         rules over the avoidance core): ${SITUATION_NAMES.join(', ')}
  --json                 one JSON object per run instead of tables
  --out FILE             also write the output to FILE
  --svg FILE             also draw a chart of collisions and time to goal per scenario and strategy
  --from FILE            no runs: read them from FILE, the output of an earlier --json
  -h, --help             print this and exit`;

export async function main(argv: string[]): Promise<number> {
  let plan;
  /** DetourCrowd was among the strategies by default, and is left out: @recast-navigation is not installed */
  let detourLeftOut = false;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        out: { type: 'string' },
        only: { type: 'string' },
        family: { type: 'string' },
        avoidance: { type: 'string' },
        response: { type: 'string' },
        seeds: { type: 'string' },
        jobs: { type: 'string' },
        json: { type: 'boolean', default: false },
        steering: { type: 'string' },
        without: { type: 'string' },
        svg: { type: 'string' },
        from: { type: 'string' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
    if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 64)) throw new Error(`--jobs: expected a whole number from 1 to 64, got ${JSON.stringify(values.jobs)}`);
    const steering = steeringOption(values.steering);
    if (values.from !== undefined) {
      const given = (['only', 'family', 'avoidance', 'response', 'seeds', 'jobs', 'steering', 'without'] as const).filter((name) => values[name] !== undefined);
      if (given.length > 0) throw new Error(`--from: reads finished runs, so --${given[0]} has nothing to choose`);
    }
    if (values.family !== undefined && values.only !== undefined) throw new Error('--family: runs instances of map families instead of the built-ins, so --only has nothing to choose');
    if (values.family !== undefined && seedsOption(values.seeds).includes(0)) throw new Error(`--seeds: a family's instances are numbered from 1, got ${JSON.stringify(values.seeds)}`);
    let settings = plannedSettings(
      listOption(values.avoidance, '--avoidance', PEER_NAMES),
      values.response === undefined ? undefined : listOption(values.response, '--response', COLLISION_RESPONSES),
    );
    if (values.from === undefined && settings.some((setting) => setting.avoidance === 'detour') && !(await detourInstalled())) {
      // asked for by name, it is an error; left to the default list, the other strategies still run
      if (values.avoidance !== undefined) throw new Error(DETOUR_MISSING);
      settings = settings.filter((setting) => setting.avoidance !== 'detour');
      detourLeftOut = true;
    }
    plan = {
      out: values.out,
      svg: values.svg,
      from: values.from === undefined ? undefined : readRuns(values.from),
      steering,
      without: values.without === undefined ? [] : listOption(values.without, '--without', SITUATION_NAMES),
      json: values.json,
      jobs,
      scenarios: values.family === undefined ? listOption(values.only, '--only', BUILT_IN_SCENARIO_NAMES) : listOption(values.family, '--family', MAP_FAMILY_NAMES),
      family: values.family !== undefined,
      seeds: seedsOption(values.seeds),
      settings,
    };
    for (const [option, path] of [['--out', plan.out], ['--svg', plan.svg]] as const) {
      if (path === undefined) continue;
      try {
        writeFileSync(path, ''); // find out now, not after minutes of runs, that it cannot be written
      } catch (error) {
        throw new Error(`${option}: cannot write ${JSON.stringify(path)}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (detourLeftOut) process.stderr.write(`${DETOUR_MISSING}\ncompare: the other strategies run without DetourCrowd\n`);
  const specs: RunSpec[] = plan.scenarios.flatMap((scenario) =>
    plan.settings.flatMap((setting) =>
      withoutVariants(setting.avoidance, plan.without).flatMap((off) =>
        plan.seeds.map((seed) => ({ scenario, seed, ...(plan.family ? { family: true } : {}), ...setting, ...steeringOf(plan.steering, off) })),
      ),
    ),
  );
  let results: RunResult[];
  if (plan.from !== undefined) {
    results = plan.from;
  } else {
    const progress = createProgress();
    results = await runAll(specs, plan.jobs, (done) => progress.update(done / specs.length, `${done} of ${specs.length} runs`));
    progress.done();
  }
  let text: string;
  if (plan.json) {
    text = results.map((result) => `${JSON.stringify(result)}\n`).join('');
  } else {
    text = formatComparisonTable(results);
    const seeds = [...new Set(results.map((result) => result.seed))].sort((a, b) => a - b);
    if (seeds.length > 1) text += `\nMeans over seeds ${seeds.join(', ')}:\n\n${formatMeansTable(meansOverSeeds(results))}`;
  }
  process.stdout.write(text);
  if (plan.out !== undefined) writeFileSync(plan.out, text);
  if (plan.svg !== undefined) {
    const seeds = [...new Set(results.map((result) => result.seed))].sort((a, b) => a - b);
    const title = `Mean over seed${seeds.length === 1 ? '' : 's'} ${seeds.join(', ')}: collisions between units, and mean time to goal`;
    writeFileSync(plan.svg, comparisonChart(chartRows(results), title));
  }
  return 0;
}

/** For an engine strategy, the run as it is and (with situations named) without them; DetourCrowd once. */
function withoutVariants(avoidance: PeerName, without: readonly SituationName[]): Array<readonly SituationName[]> {
  return avoidance === 'detour' || without.length === 0 ? [[]] : [[], without];
}

/** The steering of a run: the given tuning, with the situations `off` switched off (the run is
 * then labelled `rays without NAME`: runs.ts strategyLabel). */
function steeringOf(steering: SteeringOverrides | undefined, off: readonly SituationName[]): { steering?: SteeringOverrides } {
  if (off.length === 0) return steering === undefined ? {} : { steering };
  return { steering: { ...steering, situations: { ...steering?.situations, ...Object.fromEntries(off.map((name) => [name, false])) } } };
}

/** The chart's bars: means over the seeds, each strategy named as the tables name it. */
export function chartRows(results: readonly RunResult[]): ChartRow[] {
  const responses = new Set(results.filter((result) => result.avoidance !== 'detour').map((result) => result.response));
  return meansOverSeeds(results).map((row) => ({
    scenario: row.scenario,
    strategy: row.avoidance === 'detour' ? 'DetourCrowd' : responses.size > 1 ? `${row.avoidance} (${row.response})` : row.avoidance,
    collisions: row.collisions,
    meanTimeToGoal: row.meanTimeToGoal,
    allArrived: row.allArrived,
    seeds: row.seeds,
  }));
}

/** Runs written by an earlier `--json`: one object per line, each checked for the figures the tables read. */
function readRuns(path: string): RunResult[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--from: cannot read ${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  const runs: RunResult[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let run: Record<string, unknown>;
    try {
      run = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`--from: ${path}:${index + 1}: expected one JSON object per line (compare --json), got ${JSON.stringify(line.slice(0, 40))}`);
    }
    for (const key of ['scenario', 'avoidance', 'response']) {
      if (typeof run[key] !== 'string') throw new Error(`--from: ${path}:${index + 1}: "${key}": expected a string, got ${JSON.stringify(run[key])}`);
    }
    for (const key of ['seed', 'units', 'arrived', 'collisions', 'obstacleHits', 'maxPenetration', 'degreesTurned', 'msPerStep']) {
      if (typeof run[key] !== 'number' || !Number.isFinite(run[key])) throw new Error(`--from: ${path}:${index + 1}: "${key}": expected a number, got ${JSON.stringify(run[key])}`);
    }
    // files written before standing units were counted apart: every unit had a goal
    run.unitsWithGoal ??= run.units;
    runs.push(run as unknown as RunResult);
  });
  if (runs.length === 0) throw new Error(`--from: ${path} holds no runs`);
  return runs;
}

runAsScript(import.meta.url, main);
