/**
 * The package as a game developer gets it: built (`npm run build`, what `prepack` runs) and packed, the
 * tarball installed into an empty project next to nothing else, then imported from plain Node ESM
 * and type-checked against its declaration files, under both module resolutions a consumer may use.
 */
import { execFileSync } from 'node:child_process';
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
    for (const file of ['dist/index.js', 'dist/scenarios.js', 'dist/types/index.d.ts', 'dist/types/scenarios/index.d.ts', 'LICENSE', 'README.md', 'package.json']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && !['LICENSE', 'README.md', 'package.json'].includes(file))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/rts-steer/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.license).toBe('MIT');
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual(['planck', 'zod']);
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
