#!/usr/bin/env node
/**
 * rts-steer <command> [options]: the package's command (package.json `bin`), built into
 * dist/cli/rts-steer.js as plain Node ESM. It runs the tools a game developer may want from an
 * installed package, the same modules `npm run scenario`, `compare` and `trace-plot` run from a
 * checkout:
 *
 *   rts-steer scenario <file.json | built-in name> [options]
 *   rts-steer compare [options]
 *   rts-steer trace-plot <scenario> <trace.ndjson> <out.svg> [options]
 *
 * One command with subcommands, not three: names as plain as `scenario` and `compare` would clash
 * in node_modules/.bin and on a PATH (ImageMagick has a `compare`). Each tool is loaded only when
 * it is asked for, after its usage is set to show `rts-steer TOOL`. Exit codes are the tools' own;
 * an unknown command exits 2 with the usage.
 */
import { readFileSync } from 'node:fs';
import { setInvocation } from './report';
import { useBuiltWorker } from './runs';

type Tool = (argv: string[]) => number | Promise<number>;

const TOOLS: Record<string, { summary: string; load: () => Promise<Tool> }> = {
  scenario: { summary: 'runs one scenario, a file or a built-in, and prints its metrics', load: async () => (await import('./scenario')).main },
  compare: { summary: 'runs the built-ins with several strategies and prints Markdown tables', load: async () => (await import('./compare')).main },
  'trace-plot': { summary: 'draws a run from its trace as an SVG picture', load: async () => (await import('./trace-plot')).main },
};

const USAGE = `usage: rts-steer <command> [options]

commands:
${Object.entries(TOOLS)
  .map(([name, tool]) => `  ${name.padEnd(11)} ${tool.summary}`)
  .join('\n')}

options:
  -h, --help     print this and exit
  -v, --version  print the package's version and exit

rts-steer <command> --help prints the options of a command.`;

/**
 * A file's URL relative to this module. The path is a parameter so that the package's build
 * (Vite) leaves it to run time instead of taking `new URL('...', import.meta.url)` for an asset.
 */
function beside(path: string): URL {
  return new URL(path, import.meta.url);
}

/** The package's version, from its package.json (two folders up from dist/cli and from src/cli alike). */
function version(): string {
  return (JSON.parse(readFileSync(beside('../../package.json'), 'utf8')) as { version: string }).version;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '-h' || name === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (name === '-v' || name === '--version') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const tool = name !== undefined && Object.hasOwn(TOOLS, name) ? TOOLS[name] : undefined;
  if (tool === undefined) {
    process.stderr.write(`${name === undefined ? 'rts-steer: expected a command' : `rts-steer: unknown command ${JSON.stringify(name)}`}\n\n${USAGE}\n`);
    return 2;
  }
  setInvocation('rts-steer');
  // built, compare's worker threads start the built worker beside this file; from the source
  // (through tsx) they load run-worker.ts as `npm run compare` does
  if (!import.meta.url.endsWith('.ts')) useBuiltWorker(beside('./run-worker.js'));
  return (await tool.load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
