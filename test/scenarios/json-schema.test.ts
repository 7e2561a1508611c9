/**
 * The scenario file's JSON Schema (docs/scenario.schema.json): kept in step with the zod schema the
 * engine parses files with, taking every built-in as exported, and refusing the broken files the
 * parser refuses, checked with a standard validator (Ajv, JSON Schema 2020-12).
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIO_NAMES, buildBuiltInScenario, parseScenario, scenarioToFile } from '../../src/scenarios/index';
import { scenarioJsonSchema } from '../../src/scenarios/json-schema';

const kept = JSON.parse(readFileSync(new URL('../../docs/scenario.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(kept);

/** A valid file to break: two units, a rock, a change that places a wall. */
function validFile(): Record<string, unknown> {
  return {
    $schema: '../docs/scenario.schema.json',
    name: 'broken on purpose',
    world: { width: 40, height: 20 },
    obstacles: [{ type: 'circle', x: 20, y: 10, radius: 2 }],
    units: [
      { x: 5, y: 10, goal: { x: 35, y: 10 } },
      { x: 35, y: 12, radius: 0.4, team: 1, goal: { x: 5, y: 12 } },
    ],
    changes: [{ at: 2, add: { type: 'box', x: 30, y: 4, width: 1, height: 6, angle: 0.3 } }],
  };
}

function parses(file: unknown): boolean {
  try {
    parseScenario(file);
    return true;
  } catch {
    return false;
  }
}

describe('the scenario JSON Schema', () => {
  it('is the one the zod schema makes now (npm run --silent schema writes it)', () => {
    expect(kept).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it('takes every built-in as exported, and the valid file the breaks start from', () => {
    for (const name of BUILT_IN_SCENARIO_NAMES) {
      const file = scenarioToFile(buildBuiltInScenario(name));
      expect(validate(file), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate(validFile())).toBe(true);
    expect(parses(validFile())).toBe(true);
  });

  it('refuses the broken files the parser refuses', () => {
    const breaks: Array<[string, (file: Record<string, unknown>) => void]> = [
      ['no name', (file) => delete file.name],
      ['an empty name', (file) => (file.name = '')],
      ['an unknown key', (file) => (file.colour = 'red')],
      ['no world', (file) => delete file.world],
      ['a world too wide', (file) => (file.world = { width: 5000, height: 20 })],
      ['a world of no height', (file) => (file.world = { width: 40, height: 0 })],
      ['no units', (file) => (file.units = [])],
      ['a unit without y', (file) => (file.units = [{ x: 5 }])],
      ['a negative radius', (file) => (file.units = [{ x: 5, y: 5, radius: -1 }])],
      ['a team of 1.5', (file) => (file.units = [{ x: 5, y: 5, team: 1.5 }])],
      ['a goal given as an array', (file) => (file.units = [{ x: 5, y: 5, goal: [35, 10] }])],
      ['a unit key misspelt', (file) => (file.units = [{ x: 5, y: 5, speed: 3 }])],
      ['an obstacle of an unknown type', (file) => (file.obstacles = [{ type: 'cone', x: 1, y: 1, radius: 1 }])],
      ['a circle without radius', (file) => (file.obstacles = [{ type: 'circle', x: 1, y: 1 }])],
      ['a polygon of two points', (file) => (file.obstacles = [{ type: 'polygon', points: [[0, 0], [1, 0]] }])],
      ['a polygon of 13 points', (file) => (file.obstacles = [{ type: 'polygon', points: Array.from({ length: 13 }, (_, k) => [Math.cos(k / 2), Math.sin(k / 2)]) }])],
      ['a seed below 0', (file) => (file.seed = -1)],
      ['a duration of 0', (file) => (file.duration = 0)],
      ['a change before the start', (file) => (file.changes = [{ at: -1, remove: 0 }])],
      ['a change with an unknown key', (file) => (file.changes = [{ at: 1, move: 0 }])],
      ['a remove of 0.5', (file) => (file.changes = [{ at: 1, remove: 0.5 }])],
      ['a name that is a number', (file) => (file.name = 7)],
    ];
    for (const [what, breakIt] of breaks) {
      const file = validFile();
      breakIt(file);
      expect(parses(file), `the parser takes ${what}`).toBe(false);
      expect(validate(file), `the JSON Schema takes ${what}`).toBe(false);
    }
  });

  it('leaves to the parser what JSON Schema cannot say (as its description lists)', () => {
    const beyond: Array<[string, (file: Record<string, unknown>) => void]> = [
      ['a polygon that is not convex', (file) => (file.obstacles = [{ type: 'polygon', points: [[0, 0], [4, 0], [1, 1], [0, 4]] }])],
      ['a change giving both add and remove', (file) => (file.changes = [{ at: 1, add: { type: 'circle', x: 10, y: 10, radius: 1 }, remove: 0 }])],
      ['changes out of time order', (file) => (file.changes = [{ at: 3, remove: 0 }, { at: 1, add: { type: 'circle', x: 10, y: 10, radius: 1 } }])],
      ['a remove of an obstacle there is not', (file) => (file.changes = [{ at: 1, remove: 9 }])],
    ];
    for (const [what, breakIt] of beyond) {
      const file = validFile();
      breakIt(file);
      expect(parses(file), `the parser takes ${what}`).toBe(false);
      expect(validate(file), what).toBe(true);
    }
    expect(String(kept.description)).toContain('convexity');
  });
});
