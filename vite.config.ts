import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * `vite` serves the demo page and the examples (examples/*), `vite build` builds them as a site
 * into dist-page/, and `vite build --mode lib` builds the package into dist/ (see package.json's
 * `exports` and `bin`): the engine (src/index.ts) and the scenarios entry (src/scenarios/index.ts)
 * as ES modules, with planck and zod left to the consumer's install, and the `rts-steer` command
 * (src/cli/rts-steer.ts, with the worker thread of `compare --jobs`) as plain Node ESM beside
 * them in dist/cli/, sharing their chunks. The command's Node built-ins stay imports, and so does
 * @recast-navigation, a development dependency the command loads only for DetourCrowd. The
 * examples import the engine by its package name, as a game would; the alias below points that
 * name at the source.
 */
/**
 * Cross-origin isolation, which SharedArrayBuffer needs (the sense threads, sim/threads.ts): the
 * dev server and `vite preview` send both headers; a host serving the built page must too
 * (docs/api.md). Without them the page runs its simulation on one thread, with the same results.
 */
const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig(({ mode }) => ({
  server: { host: '127.0.0.1', headers: ISOLATION_HEADERS },
  preview: { headers: ISOLATION_HEADERS },
  resolve: {
    alias: [
      { find: /^rts-steer\/scenarios$/, replacement: here('./src/scenarios/index.ts') },
      { find: /^rts-steer$/, replacement: here('./src/index.ts') },
    ],
  },
  build:
    mode === 'lib'
      ? {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          lib: {
            entry: {
              index: here('./src/index.ts'),
              scenarios: here('./src/scenarios/index.ts'),
              'cli/rts-steer': here('./src/cli/rts-steer.ts'),
              'cli/run-worker': here('./src/cli/run-worker.ts'),
            },
            formats: ['es'],
          },
          rolldownOptions: {
            external: (id: string) =>
              id.startsWith('node:') || ['planck', 'zod', '@recast-navigation/core', '@recast-navigation/generators'].some((name) => id === name || id.startsWith(`${name}/`)),
            output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
          },
        }
      : {
          outDir: 'dist-page',
          emptyOutDir: true,
          rolldownOptions: { input: pageInputs() },
        },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // two files at a time: vitest's default (cores - 1) runs one at a time on a two-core machine,
    // and the simulation tests are single-threaded
    maxWorkers: 2,
  },
}));

/** The demo page and every example page, for the site build. */
function pageInputs(): Record<string, string> {
  return {
    main: resolve(here('./index.html')),
    examples: resolve(here('./examples/index.html')),
    'minimal-pixi': resolve(here('./examples/minimal-pixi/index.html')),
    'rts-starter': resolve(here('./examples/rts-starter/index.html')),
  };
}
