import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
/** The only folders allowed to know about pixi.js and the browser. */
const VIEW_FOLDERS = ['render', 'input', 'app'];

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
