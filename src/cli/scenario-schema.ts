/**
 * npm run --silent schema [-- --check | --out FILE]
 *
 * Writes the scenario file's JSON Schema (scenarios/json-schema.ts) to docs/scenario.schema.json,
 * or to FILE (the package's build writes dist/scenario.schema.json so); with --check, writes
 * nothing and exits 1 when the file in docs differs from the schema made now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { scenarioJsonSchema } from '../scenarios/json-schema';
import { runAsScript } from './report';

/** Where the schema is kept, from the repository's root. */
export const SCHEMA_FILE = new URL('../../docs/scenario.schema.json', import.meta.url);

/** The schema as the file holds it: two-space JSON and a final newline. */
export function schemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}

export function main(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean', default: false }, out: { type: 'string' } } });
  const text = schemaText();
  if (values.check) {
    const kept = readFileSync(SCHEMA_FILE, 'utf8');
    if (kept === text) return 0;
    process.stderr.write('docs/scenario.schema.json differs from the scenario schema: run npm run --silent schema\n');
    return 1;
  }
  writeFileSync(values.out ?? SCHEMA_FILE, text);
  return 0;
}

runAsScript(import.meta.url, main);
