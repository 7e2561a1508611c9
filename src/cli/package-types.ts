/**
 * npm run build's last step: makes the declaration files tsc wrote into dist/types loadable by
 * every TypeScript consumer. The source imports its modules without extensions (Vite's resolution);
 * a consumer type-checking with `moduleResolution: node16 / nodenext` needs the extension of the
 * module at run time, so every relative specifier in dist/types gets the `.js` of the file it
 * names (`./sim/simulation` -> `./sim/simulation.js`, a folder -> its `index.js`). A specifier that
 * names no declaration file is an error: the package would ship a broken type.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const TYPES = resolve('dist/types');

/** `from '...'` and `import('...')` with a relative specifier that has no extension yet */
const RELATIVE = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)(\2)/g;

function declarationFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return declarationFiles(path);
    return name.endsWith('.d.ts') ? [path] : [];
  });
}

function withExtension(file: string, specifier: string): string {
  if (specifier.endsWith('.js')) return specifier;
  const target = resolve(dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${file}: the import ${JSON.stringify(specifier)} names no declaration file`);
}

if (!existsSync(TYPES)) {
  process.stderr.write(`package-types: ${TYPES} does not exist (run tsc -p tsconfig.build.json first)\n`);
  process.exit(1);
}
let rewritten = 0;
for (const file of declarationFiles(TYPES)) {
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(RELATIVE, (_match, head: string, quote: string, specifier: string) => {
    rewritten++;
    return `${head}${quote}${withExtension(file, specifier)}${quote}`;
  });
  if (fixed !== text) writeFileSync(file, fixed);
}
process.stdout.write(`package-types: ${rewritten} relative imports in ${TYPES} name their .js files\n`);
