/**
 * Lockstep across JavaScript engines (issue 16). ECMAScript fixes +, -, *, / and Math.sqrt to the
 * bit but lets every engine approximate Math.sin, cos, atan2, hypot, exp, pow, ** and the rest in
 * its own way. The simulation's path from one state to the next uses src/math/exact.ts instead:
 * this file checks those functions, scans the tick path's sources for the approximated ones, and
 * checks that planck's own trigonometry only ever sees an angle of exactly 0 (units never turn
 * their bodies; boxes at an angle get their corners from exact.ts), where the language fixes
 * sin(0) = 0 and cos(0) = 1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addObstacle, createRandom, listUnits } from '../../src/index';
import { atan2, cos, hypot, sin } from '../../src/math/exact';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { createScenarioSimulation } from '../../src/scenarios/run';
import { stepSimulation } from '../../src/sim/simulation';
import { internals } from '../support';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
/** everything a tick, an order, a placement or a built-in's layout runs through */
const TICK_PATH = ['sim', 'steering', 'physics', 'nav', 'orders', 'math', 'spatial', 'scenarios/builtins.ts', 'scenarios/run.ts', 'scenarios/schema.ts', 'index.ts'];
const APPROXIMATED = /\bMath\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|hypot|cbrt)\b|\*\*/;

function files(path: string): string[] {
  const full = join(SRC, path);
  if (full.endsWith('.ts')) return [full];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(path, entry.name)) : entry.name.endsWith('.ts') ? [join(full, entry.name)] : []));
}

/** the code of a file without its comments (a comment may name Math.sin; code may not) */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** units in the last place between two numbers */
function ulps(a: number, b: number): number {
  if (a === b) return 0;
  const spacing = Math.max(Number.MIN_VALUE, Math.abs(b) * Number.EPSILON);
  return Math.abs(a - b) / spacing;
}

describe('exact math', () => {
  it('sin, cos and atan2 agree with the engine\'s within 4 units in the last place, with the same special cases', () => {
    const random = createRandom(3);
    let worst = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = random.range(-50, 50);
      worst = Math.max(worst, Math.abs(sin(x) - Math.sin(x)) / Number.EPSILON, Math.abs(cos(x) - Math.cos(x)) / Number.EPSILON);
      const y = random.range(-10, 10);
      const z = random.range(-10, 10);
      worst = Math.max(worst, ulps(atan2(y, z), Math.atan2(y, z)));
    }
    expect(worst).toBeLessThanOrEqual(4);
    for (const [y, x] of [[0, 1], [-0, 1], [0, -1], [-0, -1], [1, 0], [-1, 0], [0, 0], [-0, 0], [0, -0], [1, 1], [-1, -1]] as const) {
      expect(Object.is(atan2(y, x), Math.atan2(y, x)) || ulps(atan2(y, x), Math.atan2(y, x)) <= 1, `atan2(${y}, ${x})`).toBe(true);
    }
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(Number.isNaN(sin(Infinity)) && Number.isNaN(cos(NaN)) && Number.isNaN(atan2(NaN, 1))).toBe(true);
    expect(hypot(3, 4)).toBe(5);
  });

  it('the tick path calls no function ECMAScript leaves to each engine to approximate', () => {
    const offenders: string[] = [];
    for (const file of TICK_PATH.flatMap(files)) {
      code(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, index) => {
          if (APPROXIMATED.test(line)) offenders.push(`${relative(SRC, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
    // the scan does see a call when there is one
    expect(APPROXIMATED.test(code('const a = Math.hypot(x, y); // Math.sin'))).toBe(true);
    expect(APPROXIMATED.test(code('const a = x ** 2;'))).toBe(true);
    expect(APPROXIMATED.test(code('// Math.sin(x) in a comment\nconst a = Math.sqrt(x);'))).toBe(false);
  });

  it('planck only ever turns bodies by exactly 0: units keep angle 0 through a crowd, angled boxes are built from exact corners', () => {
    const { sim } = createScenarioSimulation(buildBuiltInScenario('four-groups', { seed: 2 }));
    addObstacle(sim, { type: 'box', x: 5, y: 5, width: 2, height: 1, angle: 0.7 });
    for (let tick = 0; tick < 600; tick++) stepSimulation(sim);
    for (const unit of internals(sim).units) expect(unit.body.getAngle(), `unit ${unit.id}`).toBe(0);
    expect(listUnits(sim).length).toBeGreaterThan(0);
    const box = internals(sim).obstacles.at(-1)!;
    expect(box.body.getAngle()).toBe(0);
  });
});
