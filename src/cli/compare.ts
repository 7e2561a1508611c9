/**
 * npm run --silent compare -- [--out FILE] [--only NAME,NAME] [--avoidance NAME,NAME] [--response NAME,NAME]
 *
 * Runs every built-in scenario (default unit count, seed 1) with every avoidance strategy and the
 * sideways response, plus `rays` with the plain physics response, and prints one Markdown table
 * of the metrics, a row per run. `--avoidance` and `--response` narrow that down; given
 * `--response`, every listed strategy runs with every listed response. `--out` also writes the
 * table to a file.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { BUILT_IN_SCENARIO_NAMES, buildBuiltInScenario } from '../scenarios/builtins';
import { type ScenarioResult, runScenario } from '../scenarios/run';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import { createProgress, formatNumber, oneOfOption } from './report';

const COLUMNS: Array<[heading: string, align: 'l' | 'r', cell: (result: ScenarioResult) => string]> = [
  ['scenario', 'l', (result) => result.scenario],
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

export function formatComparisonTable(results: readonly ScenarioResult[]): string {
  const lines = [
    `| ${COLUMNS.map(([heading]) => heading).join(' | ')} |`,
    `| ${COLUMNS.map(([, align]) => (align === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...results.map((result) => `| ${COLUMNS.map(([, , cell]) => cell(result)).join(' | ')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

function listOption<T extends string>(text: string | undefined, option: string, allowed: readonly T[]): T[] {
  if (text === undefined) return [...allowed];
  return text.split(',').map((part) => oneOfOption(part.trim(), option, allowed)!);
}

/**
 * The strategy / response pairs to run: each strategy with the sideways response, and `rays`
 * (when listed) also with plain physics; with `responses` given, every pair of the two lists.
 */
export function plannedSettings(
  avoidances: readonly AvoidanceName[],
  responses: readonly CollisionResponse[] | undefined,
): Array<{ avoidance: AvoidanceName; response: CollisionResponse }> {
  const pairs = (avoidance: AvoidanceName, list: readonly CollisionResponse[]) => list.map((response) => ({ avoidance, response }));
  if (responses !== undefined) return avoidances.flatMap((avoidance) => pairs(avoidance, responses));
  return avoidances.flatMap((avoidance) => pairs(avoidance, avoidance === 'rays' ? ['sideways', 'physics'] : ['sideways']));
}

export function main(argv: string[]): number {
  let plan;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        only: { type: 'string' },
        avoidance: { type: 'string' },
        response: { type: 'string' },
      },
    });
    plan = {
      out: values.out,
      scenarios: listOption(values.only, '--only', BUILT_IN_SCENARIO_NAMES),
      settings: plannedSettings(
        listOption(values.avoidance, '--avoidance', AVOIDANCE_NAMES),
        values.response === undefined ? undefined : listOption(values.response, '--response', COLLISION_RESPONSES),
      ),
    };
    if (plan.out !== undefined) {
      try {
        writeFileSync(plan.out, ''); // find out now, not after minutes of runs, that it cannot be written
      } catch (error) {
        throw new Error(`--out: cannot write ${JSON.stringify(plan.out)}: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const runs = plan.scenarios.flatMap((name) => plan.settings.map((setting) => ({ name, ...setting })));
  const progress = createProgress();
  const results: ScenarioResult[] = [];
  for (const [index, run] of runs.entries()) {
    const scenario = buildBuiltInScenario(run.name);
    results.push(
      runScenario(scenario, {
        avoidance: run.avoidance,
        response: run.response,
        onPositions: (_positions, time) =>
          progress.update((index + time / scenario.duration) / runs.length, `run ${index + 1} of ${runs.length}: ${run.name} ${run.avoidance} ${run.response}`),
      }),
    );
  }
  progress.done();
  const table = formatComparisonTable(results);
  process.stdout.write(table);
  if (plan.out !== undefined) writeFileSync(plan.out, table);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = main(process.argv.slice(2));
}
