import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** The only folders allowed to know about pixi.js and the browser. */
const VIEW_FOLDERS = ['render', 'input', 'app'];

/** Every .ts file under `directory`. */
function allFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return allFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function coreFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (directory === SRC && VIEW_FOLDERS.includes(entry.name)) continue;
      files.push(...coreFiles(path));
    } else if (entry.name.endsWith('.ts')) {
      files.push(path);
    }
  }
  return files;
}

/** Module specifiers of every static import / export-from and dynamic import() in the text. */
function importedModules(text: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) specifiers.push(match[1]!);
  }
  return specifiers;
}

const DOM_GLOBAL = /\b(window|document)\./;
const NODE_PROCESS = /\bprocess\.(env|argv|exit|stdout|stderr)\b/;

function isBrowserOnly(specifier: string): boolean {
  return ['pixi.js', 'pixi-viewport', 'lil-gui'].some((name) => specifier === name || specifier.startsWith(`${name}/`)) || specifier.startsWith('@pixi/');
}

describe('the simulation core stays headless', () => {
  const files = coreFiles(SRC);

  it('finds the core files to check', () => {
    const names = files.map((file) => relative(SRC, file).split(sep).join('/'));
    expect(names).toContain('index.ts');
    expect(names).toContain('sim/simulation.ts');
    expect(names.some((name) => /^(render|input|app)\//.test(name))).toBe(false);
  });

  it('no file outside src/render, src/input and src/app imports pixi.js or the page\'s browser-only libraries', () => {
    const offenders = files.filter((file) => importedModules(readFileSync(file, 'utf8')).some(isBrowserOnly));
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('no file of the core (outside src/cli too) reads process (it runs in the browser as well)', () => {
    const core = files.filter((file) => !relative(SRC, file).startsWith(`cli${sep}`));
    const offenders = core.filter((file) => NODE_PROCESS.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('no file outside src/render, src/input and src/app touches window. or document.', () => {
    const offenders = files.filter((file) => DOM_GLOBAL.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('the checks catch what they are meant to catch', () => {
    expect(importedModules("import { Application } from 'pixi.js';")).toEqual(['pixi.js']);
    expect(importedModules("import type {\n  Graphics,\n} from \"pixi.js\";")).toEqual(['pixi.js']);
    expect(importedModules("export { Sprite } from 'pixi.js';")).toEqual(['pixi.js']);
    expect(importedModules("import 'pixi.js';")).toEqual(['pixi.js']);
    expect(importedModules("const pixi = await import('pixi.js');")).toEqual(['pixi.js']);
    expect(DOM_GLOBAL.test('const w = window.innerWidth;')).toBe(true);
    expect(DOM_GLOBAL.test('document.body.append(canvas);')).toBe(true);
    expect(DOM_GLOBAL.test('const windowSize = 3; // a window of ticks')).toBe(false);
    expect(isBrowserOnly('pixi-viewport')).toBe(true);
    expect(isBrowserOnly('lil-gui')).toBe(true);
    expect(isBrowserOnly('planck')).toBe(false);
    expect(NODE_PROCESS.test('const gain = Number(process.env.GAIN ?? 1);')).toBe(true);
    expect(NODE_PROCESS.test('// the process of elimination')).toBe(false);
  });
});

/**
 * The layers of src/, bottom to top (docs/architecture.md). A module may import from its own
 * layer or any layer below it, never from one above.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['math'],
  ['physics'],
  ['spatial', 'nav', 'steering'],
  ['orders'],
  ['sim', 'situations'],
  ['scenarios', 'render'],
  ['cli', 'app'],
  ['index.ts'],
];

/** The layer of a file under src/, by its top folder (or its own name at the top). */
function layerOf(file: string): number {
  const top = relative(SRC, file).split(sep)[0]!;
  const layer = LAYERS.findIndex((names) => names.includes(top));
  if (layer < 0) throw new Error(`${relative(SRC, file)}: in no layer; add its folder to LAYERS and to docs/architecture.md`);
  return layer;
}

/** The files under src/ that `file` imports (relative specifiers only). */
function localImports(file: string): string[] {
  return importedModules(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = resolve(dirname(file), specifier);
      return target.endsWith('.ts') ? target : `${target}.ts`;
    });
}

/** Whether importing `to` from `from` runs up the layers. */
function isUpward(from: string, to: string): boolean {
  return layerOf(to) > layerOf(from);
}

/** Imports that run up the layers: "from -> to" for each. */
function upwardImports(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    localImports(file)
      .filter((target) => target.startsWith(SRC) && isUpward(file, target))
      .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
  );
}

/** The import graph of the files: each file's imports among them. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(files.map((file) => [file, localImports(file).filter((target) => files.includes(target))]));
}

/** One cycle in an import graph, as a list of files (relative to src/), or null. */
function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const target of edges.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle !== null) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of edges.keys()) {
    const cycle = visit(file);
    if (cycle !== null) return cycle.map((step) => relative(SRC, step));
  }
  return null;
}

describe('the layers hold', () => {
  const files = allFiles(SRC);

  it('no module imports from a layer above its own', () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(findCycle(importGraph(files))).toBeNull();
  });

  it('the checks catch what they are meant to catch', () => {
    // a file in steering/ importing sim/ runs up; sim/ importing steering/ runs down
    const steering = join(SRC, 'steering', 'probe.ts');
    const sim = join(SRC, 'sim', 'probe.ts');
    expect(isUpward(steering, sim)).toBe(true);
    expect(isUpward(sim, steering)).toBe(false);
    expect(isUpward(join(SRC, 'nav', 'probe.ts'), join(SRC, 'spatial', 'probe.ts'))).toBe(false);
    const [a, b, c] = ['a.ts', 'b.ts', 'c.ts'].map((name) => join(SRC, name));
    expect(findCycle(new Map([[a!, [b!]], [b!, [c!]], [c!, [a!]]]))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(new Map([[a!, [b!]], [b!, [c!]], [c!, []]]))).toBeNull();
    expect(layerOf(join(SRC, 'index.ts'))).toBe(LAYERS.length - 1);
    expect(() => layerOf(join(SRC, 'elsewhere', 'probe.ts'))).toThrow(/in no layer/);
    // every folder of src/ is in a layer
    for (const file of files) expect(() => layerOf(file)).not.toThrow();
  });
});
