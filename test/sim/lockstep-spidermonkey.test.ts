/**
 * Same bits on another maker's engine: the lockstep reference (test/lockstep.ts), bundled with
 * the engine and planck into one module, run by GJS on SpiderMonkey, Firefox's JavaScript engine,
 * must end with the hash V8 gives (Node, the page's worker, Chromium's main thread). This is what
 * the exact trigonometry on the tick path is for: engines may approximate Math.sin and the rest
 * each their own way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCKSTEP_REFERENCE } from '../lockstep';

const GJS_PATH = process.env.GJS_PATH ?? '/usr/bin/gjs';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'rts-steer-gjs-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('lockstep on SpiderMonkey', () => {
  it('the reference scenario gives the committed state hash after 3600 ticks under GJS', async () => {
    if (!existsSync(GJS_PATH)) throw new Error(`the cross-engine test needs GJS at ${GJS_PATH} (apt-get install -y gjs), or set GJS_PATH`);
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'error',
      build: {
        lib: { entry: join(ROOT, 'test/engines/spidermonkey-entry.ts'), formats: ['es'], fileName: () => 'lockstep.js' },
        outDir,
        emptyOutDir: true,
        minify: false,
        target: 'es2020',
      },
    });
    const output = execFileSync(GJS_PATH, ['-m', join(outDir, 'lockstep.js')], { encoding: 'utf8', timeout: 120_000 });
    expect(output.trim()).toBe(LOCKSTEP_REFERENCE.hash);
  }, 180_000);
});
