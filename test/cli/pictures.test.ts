/**
 * The pictures, from real runs and real files: `trace-plot` draws a trace written by `scenario
 * --trace`, and `compare --svg` (also from an earlier `--json` with `--from`) charts a comparison.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main as compareMain } from '../../src/cli/compare';
import { comparisonChart } from '../../src/cli/pictures';
import { main as tracePlotMain } from '../../src/cli/trace-plot';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';

const root = join(import.meta.dirname, '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'rts-pictures-'));

function cli(script: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', `${script}.ts`), ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a command line's main in this process (no tsx start-up), capturing standard error. */
async function inProcess(main: (argv: string[]) => Promise<number>, argv: string[]): Promise<{ status: number; stderr: string }> {
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => err.push(String(chunk)) > 0);
  try {
    return { status: await main(argv), stderr: err.join('') };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('trace-plot', () => {
  it('draws every unit\'s path, its discs at four moments, and the obstacles, inside the picture', () => {
    const trace = join(directory, 'maze.ndjson');
    const out = join(directory, 'maze.svg');
    expect(cli('scenario', ['maze', '--seed', '2', '--duration', '8', '--trace', trace]).status).toBe(0);
    const result = cli('trace-plot', ['maze', trace, out, '--seed', '2']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const svg = readFileSync(out, 'utf8');
    const scenario = buildBuiltInScenario('maze', { seed: 2 });
    const units = scenario.units.length;
    expect(count(svg, /<polyline /g)).toBe(units);
    expect(count(svg, /<circle /g) + count(svg, /<polygon /g)).toBe(4 * units + scenario.obstacles.length);
    const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number);
    const lines = readFileSync(trace, 'utf8').trim().split('\n').length;
    for (const [, points] of svg.matchAll(/<polyline points="([^"]*)"/g)) {
      const pairs = points!.split(' ').map((pair) => pair.split(',').map(Number));
      expect(pairs.length).toBeLessThanOrEqual(Math.min(lines, 601));
      for (const [x, y] of pairs) {
        expect(x! >= 0 && x! <= width! && y! >= 0 && y! <= height!).toBe(true);
      }
    }
  });

  it('refuses a trace that does not fit the scenario, naming the file, line and field; writes nothing', async () => {
    const good = JSON.stringify({ t: 0, p: [1, 1, 2, 2] });
    const cases: Array<[string, string]> = [
      [`${good}\n{"t": 0.0167, "p": [1, 1]}\n`, 'bad.ndjson:2: "p": expected 4 finite numbers'],
      [`${good}\nnot json\n`, 'bad.ndjson:2: expected one JSON object per line'],
      [`${good}\n{"p": [1, 1, 2, 2]}\n`, 'bad.ndjson:2: "t": expected a finite number'],
      [`{"t": 1, "p": [1, 1, 2, 2]}\n{"t": 0.5, "p": [1, 1, 2, 2]}\n`, 'bad.ndjson:2: "t": 0.5 s comes before'],
    ];
    const scenario = join(directory, 'two.json');
    writeFileSync(scenario, JSON.stringify({ name: 'two', world: { width: 10, height: 10 }, units: [{ x: 1, y: 1 }, { x: 2, y: 2 }] }));
    for (const [text, message] of cases) {
      const trace = join(directory, 'bad.ndjson');
      writeFileSync(trace, text);
      const out = join(directory, 'never.svg');
      const result = await inProcess(tracePlotMain, [scenario, trace, out]);
      expect(result.status, text).toBe(2);
      expect(result.stderr, text).toContain(message);
      expect(() => readFileSync(out), text).toThrow();
    }
    expect((await inProcess(tracePlotMain, [scenario, join(directory, 'missing.ndjson'), join(directory, 'x.svg')])).stderr).toContain('trace: cannot read');
  });
});

describe('compare --svg', () => {
  it('charts the runs it makes, and the runs an earlier --json wrote (--from), the same', async () => {
    const runs = join(directory, 'runs.ndjson');
    const direct = join(directory, 'direct.svg');
    const made = cli('compare', ['--only', 'seed-onetop,circle-swap', '--avoidance', 'rays,none', '--response', 'sideways', '--json', '--out', runs, '--svg', direct]);
    expect(made.status).toBe(0);
    const again = join(directory, 'again.svg');
    const replayed = cli('compare', ['--from', runs, '--svg', again]);
    expect(replayed.status).toBe(0);
    expect(replayed.stdout).toContain('| circle-swap | 1 | none | sideways |');
    const svg = readFileSync(again, 'utf8');
    expect(readFileSync(direct, 'utf8')).toBe(svg);
    // a collisions bar and a time bar per scenario and strategy
    expect(count(svg, /<title>[^<]* collisions<\/title>/g)).toBe(4);
    expect(count(svg, /<title>[^<]* s<\/title>/g)).toBe(4);
    expect(svg).toContain('>circle-swap</text>');
    expect((await inProcess(compareMain, ['--from', runs, '--seeds', '1-5'])).stderr).toMatch(/^--from: reads finished runs, so --seeds has nothing to choose/);
    writeFileSync(join(directory, 'broken.ndjson'), '{"scenario": "x"}\n');
    expect((await inProcess(compareMain, ['--from', join(directory, 'broken.ndjson')])).stderr).toContain('broken.ndjson:1: "avoidance": expected a string');
  });

  it('draws collisions on a log scale: more collisions, a longer bar; none, a sliver', () => {
    const svg = comparisonChart(
      [0, 1, 10, 1000].map((collisions, index) => ({ scenario: `s${index}`, strategy: 'rays', collisions, meanTimeToGoal: 10, allArrived: 1, seeds: 1 })),
      'test',
    );
    const widths = [...svg.matchAll(/<rect x="150" y="[\d.]+" width="([\d.]+)"[^>]*><title>[^<]* collisions/g)].map((match) => Number(match[1]));
    expect(widths.length).toBe(4);
    expect(widths[0]).toBeLessThan(1);
    for (let i = 1; i < widths.length; i++) expect(widths[i]!).toBeGreaterThan(widths[i - 1]!);
  });
});
