import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main as benchPageMain } from '../../src/cli/bench-page';
import { main as benchMain } from '../../src/cli/bench';
import { main as compareMain } from '../../src/cli/compare';
import { main as situationsMain } from '../../src/cli/situations';
import { main as scenarioMain } from '../../src/cli/scenario';
import { main as tracePlotMain } from '../../src/cli/trace-plot';

const root = join(import.meta.dirname, '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'rts-cli-'));

/** Runs a CLI entry point the way `npm run --silent scenario -- ...` does (through tsx). */
function cli(script: 'scenario' | 'compare' | 'situations' | 'bench' | 'bench-page' | 'trace-plot', args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', `${script}.ts`), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The runs of a `--json` output, each without its timing (which differs from run to run). */
function figures(text: string): Array<Record<string, unknown>> {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const { msPerStep: _ms, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });
}

function file(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

describe('npm run scenario', () => {
  it('on a scenario that breaks the schema: exit 2, the field path on stderr, nothing on stdout', () => {
    const path = file('bad-radius.json', JSON.stringify({ name: 'bad', world: { width: 10, height: 10 }, units: [{ x: 1, y: 1, radius: -1 }] }));
    const result = cli('scenario', [path]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('units[0].radius: expected a number > 0, got -1');
  });

  it('on malformed JSON: exit 2 naming the line and column', () => {
    const path = file('broken.json', '{\n  "name": "x",\n  "world": {"width": 10 "height": 10}\n}');
    const result = cli('scenario', [path]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${path}:3:25: invalid JSON`);
  });

  it('on a bad option, a missing file or an unknown name: exit 2 and nothing run', () => {
    for (const args of [['head-on', '--avoidance', 'magic'], [join(directory, 'missing.json')], ['head-onn'], ['head-on', '--units', '-3'], ['seed-onetop', '--units', '9'], ['head-on', '--bogus']]) {
      const result = cli('scenario', args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
    expect(cli('scenario', ['head-on', '--avoidance', 'magic']).stderr).toContain('--avoidance: expected one of rays, seed004, ahead, feeler, projection, none, detour, got "magic"');
  });

  it('--json prints exactly one object with the scenario, the settings and every metric', () => {
    const result = cli('scenario', ['seed-onemiddle', '--json']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.length).toBe(1);
    const output = JSON.parse(lines[0]!);
    expect(Object.keys(output).sort()).toEqual(
      [
        'scenario',
        'avoidance',
        'response',
        'seed',
        'units',
        'unitsWithGoal',
        'arrived',
        'collisions',
        'obstacleHits',
        'maxPenetration',
        'meanTimeToGoal',
        'p95TimeToGoal',
        'pathEfficiency',
        'degreesTurned',
        'standingDisplacement',
        'standingDisplacementAtEnd',
        'msPerStep',
        'ticks',
        'simSeconds',
        'stateHash',
      ].sort(),
    );
    expect(output).toMatchObject({ scenario: 'seed-onemiddle', avoidance: 'rays', response: 'sideways', units: 2, unitsWithGoal: 2, arrived: 2, standingDisplacement: null });
    expect(output.stateHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('--steering re-tunes the controller for the run; a bad setting or detour with it exits 2 and runs nothing', () => {
    const run = (extra: string[]) => JSON.parse(cli('scenario', ['crossing-20', '--units', '20', '--duration', '12', '--json', ...extra]).stdout);
    const tuned = run(['--steering', '{"crossingPace": 1, "lookAheadTime": 0}']);
    const plain = run([]);
    // the same blocks, walked with other settings: other figures
    expect(tuned.units).toBe(plain.units);
    expect(tuned.degreesTurned).not.toBe(plain.degreesTurned);
    expect(run(['--steering', '{}'])).toMatchObject({ collisions: plain.collisions, degreesTurned: plain.degreesTurned, arrived: plain.arrived });
    const bad = cli('scenario', ['head-on', '--steering', '{"crossingPace": 2}']);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--steering: steering.crossingPace');
    const detour = cli('scenario', ['head-on', '--avoidance', 'detour', '--steering', '{"passAside": 0}']);
    expect(detour.status).toBe(2);
    expect(detour.stderr).toContain('--steering: DetourCrowd has no such settings');
  });

  it('prints a readable table by default, with the settings given', () => {
    const result = cli('scenario', ['seed-onetop', '--avoidance', 'none', '--response', 'physics']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^scenario +seed-onetop \(seed 1\)$/m);
    expect(result.stdout).toMatch(/^avoidance +none$/m);
    expect(result.stdout).toMatch(/^response +physics$/m);
    expect(result.stderr).toBe(''); // no progress bar when stderr is not a terminal
  });

  it('--trace writes one NDJSON line per tick, the first at t = 0, in file order', () => {
    const tracePath = join(directory, 'trace.ndjson');
    const result = cli('scenario', ['seed-onemiddle', '--json', '--duration', '2', '--trace', tracePath]);
    expect(result.status).toBe(0);
    const lines = readFileSync(tracePath, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.length).toBe(JSON.parse(result.stdout).ticks + 1);
    expect(lines[0]).toEqual({ t: 0, p: [0.5, 7.5, 23.5, 7.5] });
    expect(lines[1].t).toBe(0.0167);
    expect(lines[1].p.length).toBe(4);
  });

  it('--export writes a built-in as a file that runs to the same metrics', () => {
    const exported = join(directory, 'exported.json');
    const written = cli('scenario', ['crossing-45', '--units', '12', '--seed', '3', '--export', exported]);
    expect(written.status).toBe(0);
    expect(written.stdout).toBe('');
    const fromFile = JSON.parse(cli('scenario', [exported, '--json', '--duration', '5']).stdout);
    const fromName = JSON.parse(cli('scenario', ['crossing-45', '--units', '12', '--seed', '3', '--json', '--duration', '5']).stdout);
    delete fromFile.msPerStep;
    delete fromName.msPerStep;
    expect(fromFile).toEqual(fromName);
  });
});

describe('npm run compare', () => {
  it('prints a Markdown table: every strategy with the sideways response, rays with physics and DetourCrowd, per scenario; writes --out', () => {
    const out = join(directory, 'compare.md');
    const result = cli('compare', ['--only', 'seed-onemiddle,seed-onetop', '--out', out]);
    expect(result.status).toBe(0);
    const rows = result.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^\| scenario \| seed \| avoidance \| response \| arrived \| collisions \|/);
    const settings = rows.slice(2).map((row) => row.split('|').slice(1, 5).map((cell) => cell.trim()).join(' '));
    const perScenario = ['rays sideways', 'rays physics', 'seed004 sideways', 'ahead sideways', 'feeler sideways', 'projection sideways', 'none sideways', 'detour detour'];
    expect(settings).toEqual([...perScenario.map((setting) => `seed-onemiddle 1 ${setting}`), ...perScenario.map((setting) => `seed-onetop 1 ${setting}`)]);
    expect(readFileSync(out, 'utf8')).toBe(result.stdout);
  });

  it('with --response, runs every listed strategy with every listed response', () => {
    const result = cli('compare', ['--only', 'seed-onetop', '--avoidance', 'none,feeler', '--response', 'physics,sideways']);
    expect(result.status).toBe(0);
    const settings = result.stdout.trim().split('\n').slice(2).map((row) => row.split('|').slice(3, 5).map((cell) => cell.trim()).join(' '));
    expect(settings).toEqual(['none physics', 'none sideways', 'feeler physics', 'feeler sideways']);
  });

  it('with several --seeds, adds the means over the seeds; worker threads give the same figures as one thread', () => {
    const args = ['--only', 'circle-swap', '--avoidance', 'rays,detour', '--seeds', '1-2', '--json'];
    const alone = cli('compare', args);
    const shared = cli('compare', [...args, '--jobs', '2']);
    expect(alone.status).toBe(0);
    expect(shared.status).toBe(0);
    const runs = figures(alone.stdout);
    expect(runs.map((run) => `${run.avoidance} ${run.seed}`)).toEqual(['rays 1', 'rays 2', 'rays 1', 'rays 2', 'detour 1', 'detour 2']);
    expect(figures(shared.stdout)).toEqual(runs);
    const table = cli('compare', ['--only', 'seed-onetop', '--avoidance', 'none', '--seeds', '1,2']);
    expect(table.stdout).toContain('Means over seeds 1, 2:');
    expect(table.stdout).toMatch(/\| seed-onetop \| none \| sideways \| 2\/2 \|/);
  });

  it('--without runs every engine strategy also with the named situations switched off, labelled so', () => {
    const result = cli('compare', ['--only', 'doorway', '--avoidance', 'rays,detour', '--response', 'sideways', '--without', 'door-turns,give-way', '--json']);
    expect(result.status, result.stderr).toBe(0);
    const runs = figures(result.stdout);
    expect(runs.map((run) => run.avoidance)).toEqual(['rays', 'rays without door-turns+give-way', 'detour']);
    // the doorway's two groups take turns at the door: switched off, the run differs
    expect(runs[1]).not.toEqual({ ...runs[0], avoidance: runs[1]!.avoidance });
  });

  it('refuses an unknown scenario name, or bad seeds, with exit 2', () => {
    for (const args of [['--only', 'nope'], ['--seeds', '5-1'], ['--jobs', '0'], ['--without', 'no-such-rule']]) {
      const result = cli('compare', args);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^--(only|seeds|jobs|without): expected/);
    }
  });
});

describe('npm run situations', () => {
  it('runs a built-in as it is and with each named situation off, and tables what each buys', () => {
    const runs = join(directory, 'situations.ndjson');
    const json = cli('situations', ['--only', 'doorway', '--situations', 'door-turns,keep-right', '--seeds', '1', '--json', '--out', runs]);
    expect(json.status, json.stderr).toBe(0);
    expect(figures(json.stdout).map((run) => run.avoidance)).toEqual(['rays', 'rays without door-turns', 'rays without keep-right']);
    // the tables, from those runs
    const table = cli('situations', ['--from', runs, '--situations', 'door-turns,keep-right']);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^\| situation \| all arrived \(runs\): with \|/);
    expect(table.stdout).toMatch(/\| door-turns \| 1\/1 \| \d\/1 \|/);
    expect(table.stdout).toMatch(/\| keep-right \| 1\/1 \|/);
  });
});

describe('--help', () => {
  /** Runs a command line's main in this process, capturing what it writes. */
  async function inProcess(main: (argv: string[]) => number | Promise<number>, argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => out.push(String(chunk)) > 0);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => err.push(String(chunk)) > 0);
    try {
      const status = await main(argv);
      return { status, stdout: out.join(''), stderr: err.join('') };
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
  }

  it('prints the usage of every command line and exits 0; an unknown option exits 2 with the usage', async () => {
    const commands: Array<[string, (argv: string[]) => number | Promise<number>, string[]]> = [
      ['scenario', scenarioMain, ['--avoidance', '--response', '--seed', '--units', '--duration', '--json', '--trace', '--export', '--list']],
      ['compare', compareMain, ['--only', '--avoidance', '--response', '--seeds', '--jobs', '--steering', '--without', '--json', '--out', '--svg', '--from']],
      ['situations', situationsMain, ['--only', '--situations', '--seeds', '--jobs', '--json', '--from', '--out']],
      ['bench', benchMain, ['--units', '--army', '--skirmish', '--open', '--ticks', '--avoidance', '--response', '--steering', '--json', '--plan', '--detour']],
      ['bench:page', benchPageMain, ['--units', '--seconds', '--json']],
      ['trace-plot', tracePlotMain, ['--units', '--seed', '--every']],
    ];
    for (const [name, main, options] of commands) {
      const help = await inProcess(main, ['--help']);
      expect(help.status, name).toBe(0);
      expect(help.stdout, name).toMatch(new RegExp(`^usage: npm run --silent ${name} `));
      for (const option of [...options, '--help']) expect(help.stdout, `${name} ${option}`).toContain(option);
      const wrong = await inProcess(main, ['--no-such-option']);
      expect(wrong.status, name).toBe(2);
      expect(wrong.stdout, name).toBe('');
      expect(wrong.stderr, name).toContain("'--no-such-option'");
      expect(wrong.stderr, name).toContain('usage: npm run --silent ');
    }
    // bench's tuning is checked like the engine's, naming the option and the setting
    const badTuning = await inProcess(benchMain, ['--units', '4', '--army', '', '--skirmish', '', '--open', '', '--ticks', '2', '--json', '--steering', '{"passAside": 9}']);
    expect(badTuning.status).toBe(2);
    expect(badTuning.stdout).toBe('');
    expect(badTuning.stderr).toContain('--steering: steering.passAside');
    const tuned = cli('bench', ['--units', '4', '--army', '', '--skirmish', '', '--open', '', '--ticks', '2', '--json', '--steering', '{"passAside": 0}']);
    expect(tuned.status, tuned.stderr).toBe(0);
    const tunedRow = JSON.parse(tuned.stdout.trim());
    expect(tunedRow).toMatchObject({ units: 4 });
    // beside each row, DetourCrowd's step on the same scenario (a real WASM crowd, timed)
    expect(tunedRow.msDetour).toBeGreaterThan(0);
    const withoutDetour = cli('bench', ['--units', '4', '--army', '', '--skirmish', '', '--open', '', '--ticks', '2', '--json', '--detour', 'off']);
    expect(withoutDetour.status, withoutDetour.stderr).toBe(0);
    expect(JSON.parse(withoutDetour.stdout.trim())).not.toHaveProperty('msDetour');
    // the skirmish row: units given random orders, timed after its first 20 s, beside DetourCrowd given the same orders
    const skirmish = cli('bench', ['--units', '4', '--army', '', '--skirmish', '12', '--open', '', '--ticks', '2', '--json']);
    expect(skirmish.status, skirmish.stderr).toBe(0);
    const skirmishRow = JSON.parse(skirmish.stdout.trim().split('\n')[1]!);
    expect(skirmishRow).toMatchObject({ units: 12 });
    expect(skirmishRow.moving).toBeGreaterThan(0);
    expect(skirmishRow.msWorstTick).toBeGreaterThanOrEqual(skirmishRow.msPerTick);
    expect(skirmishRow.msDetour).toBeGreaterThan(0);
    const badSkirmish = await inProcess(benchMain, ['--skirmish', '3']);
    expect(badSkirmish.status).toBe(2);
    expect(badSkirmish.stderr).toContain('--skirmish[0]');
    const badDetour = await inProcess(benchMain, ['--units', '4', '--detour', 'maybe']);
    expect(badDetour.status).toBe(2);
    expect(badDetour.stderr).toContain('--detour');
    // and as npm runs it: the exit code reaches the shell
    const spawned = cli('bench', ['--no-such-option']);
    expect(spawned.status).toBe(2);
    expect(spawned.stderr).toContain('usage: npm run --silent bench ');
  });
});

describe('numbers on the command line', () => {
  it('are plain decimals: hex, exponents and runs shorter than a tick are refused, naming the option', async () => {
    const cases: Array<[string[], string]> = [
      [['head-on', '--duration', '0x10'], '--duration: expected a decimal number > 0 and <= 3600, got "0x10"'],
      [['head-on', '--seed', '1e3'], '--seed: expected an integer from 0 to 4294967295, got "1e3"'],
      [['head-on', '--duration', '1e-9'], '--duration: expected a decimal number > 0 and <= 3600, got "1e-9"'],
      [['head-on', '--duration', '0.01'], '--duration: expected at least one tick (0.016667 s), got "0.01"'],
      [['head-on', '--units', ' 12'], '--units: expected an integer from 1'],
    ];
    for (const [args, message] of cases) {
      const err: string[] = [];
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => err.push(String(chunk)) > 0);
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      try {
        expect(await scenarioMain(args), args.join(' ')).toBe(2);
      } finally {
        stderr.mockRestore();
        stdout.mockRestore();
      }
      expect(err.join(''), args.join(' ')).toContain(message);
    }
  });
});
