/**
 * npm run --silent families -- [--family NAME,NAME] [--instances N | --seeds 1-20]
 *                              [--avoidance NAME,NAME] [--without NAME,NAME] [--steering JSON]
 *                              [--jobs N] [--json] [--from FILE] [--out FILE] [--runs FILE]
 *
 * Runs instances of the map families (src/scenarios/families.ts: every one by default, instances
 * 1 to 20) with `rays`, `none` (no avoidance: plain motion, what no rule may be slower than) and
 * DetourCrowd, and prints per family the figures over its instances: instances where every unit
 * arrived, touches per instance, mean time to goal, and how far standing units were pushed; then
 * the bar each family is held to (docs/families.md). `--json` prints one object per family:
 * `family`, `instances`, and per strategy `allArrived`, `collisions`, `meanTimeToGoal` (and the
 * rest of the figures). `--runs FILE` also writes every run (compare --json's lines), which
 * `--from` reads back instead of running.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAP_FAMILY_NAMES } from '../scenarios/families';
import { SITUATION_NAMES } from '../steering/config';
import { markdownTable, seedsOption } from './compare';
import { createProgress, formatNumber, oneOfOption, runAsScript, steeringOption } from './report';
import { PEER_NAMES, type PeerName, type RunResult, type RunSpec, runAll } from './runs';

/** One strategy's figures over a family's instances. */
export interface FamilyFigures {
  /** instances where every unit arrived */
  allArrived: number;
  /** units that arrived, summed over the instances, and units with a goal in all */
  arrived: number;
  units: number;
  /** touches between units per instance */
  collisions: number;
  /** seconds: the mean over the instances of each one's mean time to goal (instances where no
   * unit arrived are left out; null when that is all of them) */
  meanTimeToGoal: number | null;
  /** seconds: the same for the 95th percentile */
  p95TimeToGoal: number | null;
  /** metres: how far a standing unit (no order) was pushed at worst, over the instances; and
   * how far from its place the worst was left at the end (null without standing units) */
  standingDisplacement: number | null;
  standingDisplacementAtEnd: number | null;
}

/** A family's figures: per strategy (labelled as compare labels them), over `instances` instances. */
export interface FamilyRow {
  family: string;
  instances: number;
  [strategy: string]: FamilyFigures | string | number;
}

function mean(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length;
}

function largest(values: ReadonlyArray<number | null>): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : Math.max(...present);
}

/** Whether every unit with a goal arrived (standing units never do). */
function allHome(run: RunResult): boolean {
  return run.arrived === run.unitsWithGoal;
}

export function familyFigures(runs: readonly RunResult[]): FamilyFigures {
  return {
    allArrived: runs.filter(allHome).length,
    arrived: runs.reduce((sum, run) => sum + run.arrived, 0),
    units: runs.reduce((sum, run) => sum + run.unitsWithGoal, 0),
    collisions: mean(runs.map((run) => run.collisions)) ?? 0,
    meanTimeToGoal: mean(runs.map((run) => run.meanTimeToGoal)),
    p95TimeToGoal: mean(runs.map((run) => run.p95TimeToGoal)),
    standingDisplacement: largest(runs.map((run) => run.standingDisplacement)),
    standingDisplacementAtEnd: largest(runs.map((run) => run.standingDisplacementAtEnd)),
  };
}

/** The runs grouped by family and strategy, in first-seen order. */
export function familyRows(results: readonly RunResult[]): FamilyRow[] {
  const families = new Map<string, Map<string, RunResult[]>>();
  for (const result of results) {
    const family = result.family ?? result.scenario;
    const strategies = families.get(family) ?? new Map<string, RunResult[]>();
    families.set(family, strategies);
    const runs = strategies.get(result.avoidance) ?? [];
    runs.push(result);
    strategies.set(result.avoidance, runs);
  }
  return [...families].map(([family, strategies]) => {
    const row: FamilyRow = { family, instances: Math.max(...[...strategies.values()].map((runs) => runs.length)) };
    for (const [strategy, runs] of strategies) row[strategy] = familyFigures(runs);
    return row;
  });
}

/** The strategies of a row, in the order they were run. */
function strategiesOf(row: FamilyRow): Array<[string, FamilyFigures]> {
  return Object.entries(row).filter((entry): entry is [string, FamilyFigures] => typeof entry[1] === 'object');
}

type Column<T> = [heading: string, align: 'l' | 'r', cell: (row: T) => string];

const FIGURE_COLUMNS: Array<Column<{ family: string; instances: number; strategy: string; figures: FamilyFigures }>> = [
  ['family', 'l', (row) => row.family],
  ['strategy', 'l', (row) => row.strategy],
  ['all arrived', 'r', (row) => `${row.figures.allArrived}/${row.instances}`],
  ['units arrived', 'r', (row) => `${row.figures.arrived}/${row.figures.units}`],
  ['touches', 'r', (row) => formatNumber(row.figures.collisions, 1)],
  ['mean time to goal (s)', 'r', (row) => formatNumber(row.figures.meanTimeToGoal, 1)],
  ['p95 time to goal (s)', 'r', (row) => formatNumber(row.figures.p95TimeToGoal, 1)],
  ['standing pushed (m): most, at the end', 'r', (row) => (row.figures.standingDisplacement === null ? '-' : `${formatNumber(row.figures.standingDisplacement, 2)}, ${formatNumber(row.figures.standingDisplacementAtEnd, 2)}`)],
];

export function formatFamilyTable(rows: readonly FamilyRow[]): string {
  const lines = rows.flatMap((row) => strategiesOf(row).map(([strategy, figures]) => ({ family: row.family, instances: row.instances, strategy, figures })));
  return markdownTable(FIGURE_COLUMNS, lines);
}

/** What a family's runs show against the bar (docs/families.md), instance by instance. */
export interface BarCheck {
  family: string;
  /** instances where DetourCrowd or plain motion got every unit home and `rays` did not */
  homeMissed: number;
  /** touches per instance, `rays` and DetourCrowd */
  touches: [number | null, number | null];
  /** mean time to goal over the instances, `rays` and DetourCrowd */
  times: [number | null, number | null];
  /** over the instances where plain motion got every unit home: the worst ratio of `rays`'s mean
   * time to goal to plain motion's, and how many instances were over 1.5 */
  worstToNone: number | null;
  overToNone: number;
}

export function barChecks(results: readonly RunResult[], strategy = 'rays'): BarCheck[] {
  const rows = familyRows(results);
  return rows.map((row) => {
    const runsOf = (label: string): Map<number, RunResult> => new Map(results.filter((run) => (run.family ?? run.scenario) === row.family && run.avoidance === label).map((run) => [run.seed, run]));
    const mine = runsOf(strategy);
    const none = runsOf('none');
    const detour = runsOf('detour');
    let homeMissed = 0;
    let worstToNone: number | null = null;
    let overToNone = 0;
    for (const [seed, run] of mine) {
      const peers = [none.get(seed), detour.get(seed)].filter((peer): peer is RunResult => peer !== undefined);
      if (!allHome(run) && peers.some(allHome)) homeMissed++;
      const plain = none.get(seed);
      if (plain === undefined || !allHome(plain) || plain.meanTimeToGoal === null) continue;
      const ratio = run.meanTimeToGoal === null ? Infinity : run.meanTimeToGoal / plain.meanTimeToGoal;
      worstToNone = Math.max(worstToNone ?? 0, ratio);
      if (ratio > 1.5) overToNone++;
    }
    const figures = (label: string): FamilyFigures | undefined => row[label] as FamilyFigures | undefined;
    return {
      family: row.family,
      homeMissed,
      touches: [figures(strategy)?.collisions ?? null, figures('detour')?.collisions ?? null],
      times: [figures(strategy)?.meanTimeToGoal ?? null, figures('detour')?.meanTimeToGoal ?? null],
      worstToNone,
      overToNone,
    };
  });
}

const BAR_COLUMNS: Array<Column<BarCheck>> = [
  ['family', 'l', (row) => row.family],
  ['instances a peer got all home and rays did not', 'r', (row) => String(row.homeMissed)],
  ['touches: rays, DetourCrowd', 'r', (row) => `${formatNumber(row.touches[0], 1)}, ${formatNumber(row.touches[1], 1)}`],
  ['mean time (s): rays, DetourCrowd', 'r', (row) => `${formatNumber(row.times[0], 1)}, ${formatNumber(row.times[1], 1)}`],
  ['time / none at worst (over 1.5)', 'r', (row) => (row.worstToNone === null ? '-' : `${formatNumber(row.worstToNone, 2)} (${row.overToNone})`)],
];

const USAGE = `usage: npm run --silent families -- [options]

Runs instances of the map families with rays, none (plain motion) and DetourCrowd, and prints per
family the figures over its instances and the bar it is held to (docs/families.md).

  --family NAME,NAME     only these families (default: all): ${MAP_FAMILY_NAMES.join(', ')}
  --instances N          instances 1 to N of each (default 20)
  --seeds 1,2 | 3-7      these instances instead
  --avoidance NAME,NAME  strategies (default rays,none,detour): ${PEER_NAMES.join(', ')}
  --without NAME,NAME    also run rays with these situations switched off: ${SITUATION_NAMES.join(', ')}
  --steering JSON        re-tune the controller for every run
  --jobs N               share the runs among N worker threads (default 1)
  --json                 one JSON object per family instead of tables
  --runs FILE            also write every run, one JSON object per line (compare --json)
  --from FILE            no runs: read them from FILE, written by --runs or compare --json
  --out FILE             also write the output to FILE
  -h, --help             print this and exit`;

interface Plan {
  families: string[];
  instances: number[];
  avoidances: PeerName[];
  without: string[];
  steering: ReturnType<typeof steeringOption>;
  jobs: number;
  json: boolean;
  runs: string | undefined;
  from: string | undefined;
  out: string | undefined;
}

function planOf(argv: string[]): Plan | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      family: { type: 'string' },
      instances: { type: 'string' },
      seeds: { type: 'string' },
      avoidance: { type: 'string' },
      without: { type: 'string' },
      steering: { type: 'string' },
      jobs: { type: 'string' },
      json: { type: 'boolean', default: false },
      runs: { type: 'string' },
      from: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.help) return 'help';
  const list = <T extends string>(text: string | undefined, option: string, allowed: readonly T[], fallback: readonly T[]): T[] =>
    text === undefined ? [...fallback] : text.split(',').map((part) => oneOfOption(part.trim(), option, allowed)!);
  if (values.instances !== undefined && values.seeds !== undefined) throw new Error('--instances: give it or --seeds, not both');
  const count = values.instances === undefined ? 20 : Number(values.instances);
  if (!(Number.isInteger(count) && count >= 1 && count <= 10000)) throw new Error(`--instances: expected a whole number from 1 to 10000, got ${JSON.stringify(values.instances)}`);
  const instances = values.seeds === undefined ? Array.from({ length: count }, (_, index) => index + 1) : seedsOption(values.seeds);
  if (instances.includes(0)) throw new Error(`--seeds: a family's instances are numbered from 1, got ${JSON.stringify(values.seeds)}`);
  const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
  if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 64)) throw new Error(`--jobs: expected a whole number from 1 to 64, got ${JSON.stringify(values.jobs)}`);
  return {
    families: list(values.family, '--family', MAP_FAMILY_NAMES, MAP_FAMILY_NAMES),
    instances,
    avoidances: list(values.avoidance, '--avoidance', PEER_NAMES, ['rays', 'none', 'detour']),
    without: list(values.without, '--without', SITUATION_NAMES, []),
    steering: steeringOption(values.steering),
    jobs,
    json: values.json,
    runs: values.runs,
    from: values.from,
    out: values.out,
  };
}

/** The runs the plan asks for: every family, instance and strategy; rays also without the situations named. */
export function familySpecs(plan: Pick<Plan, 'families' | 'instances' | 'avoidances' | 'without' | 'steering'>): RunSpec[] {
  return plan.families.flatMap((family) =>
    plan.avoidances.flatMap((avoidance) => {
      const variants: Array<RunSpec['steering']> = [plan.steering];
      if (avoidance !== 'detour' && avoidance !== 'none' && plan.without.length > 0) {
        variants.push({ ...plan.steering, situations: { ...plan.steering?.situations, ...Object.fromEntries(plan.without.map((name) => [name, false])) } });
      }
      return variants.flatMap((steering) =>
        plan.instances.map((seed): RunSpec => ({ scenario: family, family: true, seed, avoidance, response: 'sideways', ...(steering === undefined ? {} : { steering }) })),
      );
    }),
  );
}

function readRuns(path: string): RunResult[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--from: cannot read ${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  const runs = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        const run = JSON.parse(line) as RunResult;
        run.unitsWithGoal ??= run.units;
        return run;
      } catch {
        throw new Error(`--from: ${path}:${index + 1}: expected one JSON object per line, got ${JSON.stringify(line.slice(0, 40))}`);
      }
    });
  if (runs.length === 0) throw new Error(`--from: ${path} holds no runs`);
  return runs;
}

export async function main(argv: string[]): Promise<number> {
  let plan: Plan;
  try {
    const parsed = planOf(argv);
    if (parsed === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    plan = parsed;
    for (const [option, path] of [['--out', plan.out], ['--runs', plan.runs]] as const) {
      if (path === undefined) continue;
      try {
        writeFileSync(path, '');
      } catch (error) {
        throw new Error(`${option}: cannot write ${JSON.stringify(path)}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  let results: RunResult[];
  if (plan.from !== undefined) {
    results = readRuns(plan.from);
  } else {
    const specs = familySpecs(plan);
    const progress = createProgress();
    results = await runAll(specs, plan.jobs, (done) => progress.update(done / specs.length, `${done} of ${specs.length} runs`));
    progress.done();
    if (plan.runs !== undefined) writeFileSync(plan.runs, results.map((result) => `${JSON.stringify(result)}\n`).join(''));
  }
  const rows = familyRows(results);
  const text = plan.json
    ? rows.map((row) => `${JSON.stringify(row)}\n`).join('')
    : `${formatFamilyTable(rows)}\nThe bar (docs/families.md):\n\n${markdownTable(BAR_COLUMNS, barChecks(results))}`;
  process.stdout.write(text);
  if (plan.out !== undefined) writeFileSync(plan.out, text);
  return 0;
}

runAsScript(import.meta.url, main);
