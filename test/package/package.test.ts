/**
 * The package as a game developer gets it: built (`npm run build`, what `prepack` runs) and packed, the
 * tarball installed into an empty project next to nothing else, then imported from plain Node ESM
 * and type-checked against its declaration files, under both module resolutions a consumer may use,
 * and its `rts-steer` command run from the project's node_modules/.bin (no tsx, no
 * @recast-navigation there).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/.bin/tsc');
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

let work: string;
let consumer: string;
let packedFiles: string[];

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } });
}

/** The installed command, as `npx rts-steer ...` or a package.json script would start it. */
function command(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(join(consumer, 'node_modules/.bin/rts-steer'), args, { cwd: consumer, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A run's figures without the wall-clock one. */
function figures(run: Record<string, unknown>): Record<string, unknown> {
  const { msPerStep: _ms, ...rest } = run;
  return rest;
}

/** The example of docs/scenario-format.md: two squads swap sides past three obstacles while a sentry stands. */
const SCENARIO_FILE = {
  name: 'two-squads-and-a-rock',
  seed: 1,
  world: { width: 40, height: 20 },
  obstacles: [
    { type: 'circle', x: 20, y: 10, radius: 1.5 },
    { type: 'box', x: 20, y: 4, width: 3, height: 1, angle: 0.5 },
    { type: 'polygon', points: [[18, 15], [22, 15], [20, 17.5]] },
  ],
  units: [
    { x: 4, y: 9, team: 0, goal: { x: 36, y: 10 } },
    { x: 4, y: 10.5, team: 0, goal: { x: 36, y: 10 } },
    { x: 4, y: 12, team: 0, goal: { x: 36, y: 10 } },
    { x: 36, y: 9, team: 1, goal: { x: 4, y: 10 } },
    { x: 36, y: 10.5, radius: 0.4, maxSpeed: 3, team: 1, goal: { x: 4, y: 10 } },
    { x: 36, y: 12, team: 1, goal: { x: 4, y: 10 } },
    { x: 30, y: 3, team: 1 },
  ],
  duration: 30,
};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rts-steer-pack-'));
  run('npm', ['run', '--silent', 'build'], ROOT);
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work, ...NPM_QUIET], ROOT)) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = packed[0]!.files.map((file) => file.path);
  consumer = join(work, 'game');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'game', private: true, type: 'module' }));
  // planck and zod come from npm's cache, filled by the repository's own install
  run('npm', ['install', join(work, packed[0]!.filename), '--prefer-offline', '--ignore-scripts', ...NPM_QUIET], consumer);
}, 180_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('ships the built modules, their types, the licence and the README, and no sources or tests', () => {
    for (const file of ['dist/index.js', 'dist/scenarios.js', 'dist/cli/rts-steer.js', 'dist/cli/run-worker.js', 'dist/types/index.d.ts', 'dist/types/scenarios/index.d.ts', 'LICENSE', 'README.md', 'package.json']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && !['LICENSE', 'README.md', 'package.json'].includes(file))).toEqual([]);
    // the scenario file's JSON Schema, built from the source as docs/scenario.schema.json is,
    // where an editor finds it and by the package's export
    const schema = readFileSync(join(consumer, 'node_modules/rts-steer/dist/scenario.schema.json'), 'utf8');
    expect(schema).toBe(readFileSync(new URL('../../docs/scenario.schema.json', import.meta.url), 'utf8'));
    expect((JSON.parse(readFileSync(join(consumer, 'node_modules/rts-steer/package.json'), 'utf8')) as { exports: Record<string, string> }).exports['./scenario.schema.json']).toBe('./dist/scenario.schema.json');
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/rts-steer/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.license).toBe('MIT');
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual(['planck', 'zod']);
    expect(manifest.bin).toEqual({ 'rts-steer': 'dist/cli/rts-steer.js' });
    // the build kept no TypeScript source for the command to load at run time
    expect(packedFiles.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
  });

  it('installs planck at a release that declares the Node versions the README promises (no EBADENGINE)', () => {
    const engines = (path: string) => (JSON.parse(readFileSync(join(consumer, 'node_modules', path, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node;
    expect(engines('rts-steer')).toBe('>=20.19');
    for (const dependency of ['planck', 'zod']) {
      const wanted = engines(dependency);
      if (wanted === undefined) continue;
      // `>=MAJOR.MINOR...` no higher than 20.19 (planck 1.5.0 asks for >=24.0)
      const bound = /^>=\s*(\d+)(?:\.(\d+))?/.exec(wanted);
      expect(bound, `${dependency}: ${wanted}`).not.toBeNull();
      expect(Number(bound![1]) * 1000 + Number(bound![2] ?? 0), `${dependency}: ${wanted}`).toBeLessThanOrEqual(20_019);
    }
  });

  it('runs from plain Node ESM: the engine at the root, scenarios and metrics at rts-steer/scenarios', () => {
    writeFileSync(
      join(consumer, 'main.mjs'),
      `import { addUnit, createSimulation, getUnit, issueOrder, onSimulationEvent, stepSimulation } from 'rts-steer';
import { buildBuiltInScenario, runScenario } from 'rts-steer/scenarios';
const sim = createSimulation({ width: 20, height: 20 });
const id = addUnit(sim, { x: 2, y: 3 });
const events = [];
onSimulationEvent(sim, (event) => events.push(event.type));
issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 15, y: 12 } });
for (let tick = 0; tick < 600; tick++) stepSimulation(sim);
const result = runScenario(buildBuiltInScenario('seed-onetop'));
console.log(JSON.stringify({ position: getUnit(sim, id).position, events, arrived: result.arrived, units: result.units }));
`,
    );
    const out = JSON.parse(run('node', ['main.mjs'], consumer)) as { position: { x: number; y: number }; events: string[]; arrived: number; units: number };
    expect(Math.hypot(out.position.x - 15, out.position.y - 12)).toBeLessThan(0.5);
    expect(out.events).toContain('arrived');
    expect(out.arrived).toBe(out.units);
    // nothing of the page came along: pixi.js is not installed here, and the build never names it
    const built = ['dist/index.js', 'dist/scenarios.js'].map((file) => readFileSync(join(consumer, 'node_modules/rts-steer', file), 'utf8')).join('\n');
    expect(built).not.toMatch(/pixi/);
  });

  it('exports the vector types and constructor at the root, and none of the vector arithmetic\'s generic names', () => {
    writeFileSync(join(consumer, 'exports.mjs'), `console.log(JSON.stringify(Object.keys(await import('rts-steer'))));\n`);
    const names = JSON.parse(run('node', ['exports.mjs'], consumer)) as string[];
    expect(names).toContain('vec2');
    expect(names).toContain('addUnit');
    const arithmetic = ['set', 'copy', 'add', 'subtract', 'scale', 'addScaled', 'dot', 'cross', 'length', 'lengthSquared', 'distance', 'distanceSquared', 'normalize', 'truncate', 'perpendicularLeft', 'isFiniteVec2'];
    expect(names.filter((name) => arithmetic.includes(name))).toEqual([]);
  });

  it('runs `rts-steer scenario` on a scenario file, with the figures the library gives, and `trace-plot` on its trace', () => {
    writeFileSync(join(consumer, 'squads.json'), JSON.stringify(SCENARIO_FILE, null, 2));
    const scenario = command(['scenario', 'squads.json', '--json', '--trace', 'squads.ndjson']);
    expect(scenario.stderr).toBe('');
    expect(scenario.status).toBe(0);
    const result = JSON.parse(scenario.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ scenario: 'two-squads-and-a-rock', avoidance: 'rays', response: 'sideways', units: 7, unitsWithGoal: 6, arrived: 6, collisions: 0 });
    // the same run through the library's entry point, in the same project
    writeFileSync(
      join(consumer, 'library.mjs'),
      `import { readFileSync } from 'node:fs';
import { parseScenarioText, runScenario } from 'rts-steer/scenarios';
console.log(JSON.stringify(runScenario(parseScenarioText(readFileSync('squads.json', 'utf8'), 'squads.json'))));
`,
    );
    expect(figures(result)).toEqual(figures(JSON.parse(run('node', ['library.mjs'], consumer)) as Record<string, unknown>));
    // the start and one line per tick (docs/trace-format.md)
    const trace = readFileSync(join(consumer, 'squads.ndjson'), 'utf8').trim().split('\n');
    expect(trace.length).toBe((result.ticks as number) + 1);
    expect(JSON.parse(trace[0]!)).toEqual({ t: 0, p: SCENARIO_FILE.units.flatMap((unit) => [unit.x, unit.y]) });

    const plot = command(['trace-plot', 'squads.json', 'squads.ndjson', 'squads.svg']);
    expect(plot.stderr).toBe('');
    expect(plot.status).toBe(0);
    const svg = readFileSync(join(consumer, 'squads.svg'), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('two-squads-and-a-rock: 7 units');
    expect(svg.match(/<polyline/g)?.length).toBe(7);
  });

  it('`rts-steer compare` shares its runs among built worker threads, and leaves DetourCrowd out, saying what to install', () => {
    const recast = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['@recast-navigation/core'];
    const missing = `npm install @recast-navigation/core@${recast} @recast-navigation/generators@${recast}`;
    const compare = command(['compare', '--only', 'seed-onemiddle', '--seeds', '1-2', '--jobs', '2', '--json']);
    expect(compare.status).toBe(0);
    expect(compare.stderr).toContain('DetourCrowd runs on @recast-navigation/core and @recast-navigation/generators, which are not installed');
    expect(compare.stderr).toContain(missing);
    const runs = compare.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    // every engine strategy with the sideways response, rays with physics too, on two seeds
    expect(runs.map((one) => `${one.avoidance}/${one.response}/${one.seed}`)).toEqual(
      ['rays/sideways', 'rays/physics', 'seed004/sideways', 'ahead/sideways', 'feeler/sideways', 'projection/sideways', 'none/sideways'].flatMap((setting) => [`${setting}/1`, `${setting}/2`]),
    );
    expect(runs.every((one) => one.scenario === 'seed-onemiddle' && one.arrived === 2)).toBe(true);
    // asked for by name, DetourCrowd is refused before anything runs
    for (const args of [['compare', '--only', 'seed-onemiddle', '--avoidance', 'rays,detour'], ['scenario', 'seed-onemiddle', '--avoidance', 'detour']]) {
      const refused = command(args);
      expect(refused.status, args.join(' ')).toBe(2);
      expect(refused.stdout, args.join(' ')).toBe('');
      expect(refused.stderr, args.join(' ')).toContain(missing);
    }
  });

  it('`rts-steer` lists its commands, names itself in their usage, and refuses an unknown one', () => {
    const help = command(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: rts-steer <command>/);
    for (const name of ['scenario', 'compare', 'trace-plot']) {
      expect(help.stdout).toContain(`\n  ${name} `);
      const usage = command([name, '--help']);
      expect(usage.status, name).toBe(0);
      expect(usage.stdout, name).toMatch(new RegExp(`^usage: rts-steer ${name} `));
    }
    expect(command(['--version']).stdout).toBe(`${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    const unknown = command(['bench']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^rts-steer: unknown command "bench"\n\nusage: rts-steer <command>/);
  });

  for (const resolution of ['nodenext', 'bundler'] as const) {
    it(`type-checks a consumer against the declaration files (moduleResolution ${resolution})`, () => {
      const directory = join(consumer, `types-${resolution}`);
      mkdirSync(directory, { recursive: true });
      writeFileSync(
        join(directory, 'game.ts'),
        `import { type Simulation, type UnitView, addUnit, createSimulation, getUnit, issueOrder, stepSimulation } from 'rts-steer';
import { type ScenarioResult, buildBuiltInScenario, runScenario } from 'rts-steer/scenarios';
const sim: Simulation = createSimulation({ width: 20, height: 20 });
const id: number = addUnit(sim, { x: 2, y: 2, radius: 0.4 });
issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 10, y: 10 } });
stepSimulation(sim);
const view: UnitView | undefined = getUnit(sim, id);
const result: ScenarioResult = runScenario(buildBuiltInScenario('seed-onemiddle'));
export const summary: string = \`\${view?.position.x ?? 0} \${result.collisions}\`;
// @ts-expect-error a radius is a number: the declarations are real types, not any
addUnit(sim, { x: 1, y: 1, radius: 'large' });
// @ts-expect-error only the two entry points are exported
import('rts-steer/sim/simulation');
`,
      );
      const module = resolution === 'nodenext' ? 'nodenext' : 'esnext';
      writeFileSync(
        join(directory, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { target: 'ES2022', module, moduleResolution: resolution, strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['ES2022', 'DOM'] },
          files: ['game.ts'],
        }),
      );
      expect(() => run(TSC, ['-p', directory], directory)).not.toThrow();
    });
  }
});
