import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../support';
import { JsonSyntaxError, locateJsonFault, parseJsonText } from '../../src/scenarios/json';
import { type ScenarioError, obstacleTimeline, parseScenario, parseScenarioText, scenarioToFile } from '../../src/scenarios/schema';

const minimal = {
  name: 'tiny',
  world: { width: 20, height: 10 },
  units: [{ x: 2, y: 5, goal: { x: 18, y: 5 } }],
};

const problemsOf = schemaProblems;

describe('scenario schema', () => {
  it('fills in every default of the format (docs/scenario-format.md)', () => {
    const scenario = parseScenario(minimal);
    expect(scenario).toEqual({
      name: 'tiny',
      seed: 1,
      world: { width: 20, height: 10 },
      obstacles: [],
      units: [{ x: 2, y: 5, radius: 0.5, maxSpeed: 4, team: 0, goal: { x: 18, y: 5 } }],
      duration: 60,
      changes: [],
    });
  });

  it('reads obstacle changes: additions, and removals by number (the file\'s obstacles, then the added ones)', () => {
    const circle = { type: 'circle' as const, x: 10, y: 5, radius: 1 };
    const box = { type: 'box' as const, x: 5, y: 5, width: 1, height: 2, angle: 0 };
    const scenario = parseScenario({ ...minimal, obstacles: [circle], changes: [{ at: 1, add: box }, { at: 2, remove: 0 }, { at: 2, remove: 1 }] });
    expect(scenario.changes).toEqual([{ at: 1, add: box }, { at: 2, remove: 0 }, { at: 2, remove: 1 }]);
    expect(obstacleTimeline(scenario)).toEqual([
      { shape: circle, from: 0, until: 2 },
      { shape: box, from: 1, until: 2 },
    ]);
  });

  it('refuses changes that name no obstacle, one not yet placed or already removed, both or neither, or that go back in time', () => {
    const box = { type: 'box' as const, x: 5, y: 5, width: 1, height: 2, angle: 0 };
    const problems = (changes: unknown[]): string[] => {
      try {
        parseScenario({ ...minimal, changes });
      } catch (error) {
        return [...(error as ScenarioError).problems];
      }
      return [];
    };
    expect(problems([{ at: 1, remove: 0 }])).toEqual(['changes[0].remove: expected the number of an obstacle placed before it (0 to -1), got 0']);
    expect(problems([{ at: 1, add: box }, { at: 2, remove: 0 }, { at: 3, remove: 0 }])).toEqual(['changes[2].remove: expected an obstacle still standing, got 0 (removed already)']);
    expect(problems([{ at: 1 }])[0]).toMatch(/^changes\[0\]: expected exactly one of "add" .* got neither$/);
    expect(problems([{ at: 1, add: box, remove: 0 }])[0]).toMatch(/got both$/);
    expect(problems([{ at: 5, add: box }, { at: 2, add: box }])).toEqual(['changes[1].at: expected changes in time order (not before 5 s), got 2']);
    expect(problems([{ at: 61, add: box }])).toEqual(['changes[0].at: expected a time within the run (0 to 60 s), got 61']);
    expect(problems([{ at: -1, add: box }])[0]).toMatch(/^changes\[0\]\.at: /);
  });

  it('keeps a unit without a goal as a unit that stands still (goal null)', () => {
    const scenario = parseScenario({ ...minimal, units: [{ x: 2, y: 5 }] });
    expect(scenario.units[0]!.goal).toBeNull();
  });

  it('names the JSON path, the expectation and the value found', () => {
    const units = [minimal.units[0], minimal.units[0], minimal.units[0], { x: 3, y: 3, radius: -1 }];
    expect(problemsOf({ ...minimal, units })).toEqual(['units[3].radius: expected a number > 0, got -1']);
  });

  it('reports every bad field at once, missing ones included', () => {
    const problems = problemsOf({
      name: 'bad',
      seed: 1.5,
      world: { width: 0 },
      units: [{ x: 'a', y: 1, goal: { x: 3 } }],
    });
    expect(problems).toEqual([
      'seed: expected an integer, got 1.5',
      'world.width: expected a number > 0, got 0',
      'world.height: expected a number, got nothing (the field is missing)',
      'units[0].x: expected a number, got "a"',
      'units[0].goal.y: expected a number, got nothing (the field is missing)',
    ]);
  });

  it('refuses unknown keys, at the top level and inside', () => {
    expect(problemsOf({ ...minimal, speed: 3 })).toEqual(['scenario: unknown top-level key "speed"']);
    expect(problemsOf({ ...minimal, units: [{ x: 2, y: 5, raduis: 1 }] })).toEqual(['units[0]: unknown key "raduis"']);
  });

  it('accepts a "$schema" key for editors, checks it is a string, and keeps nothing of it', () => {
    expect(parseScenario({ $schema: 'https://example.org/scenario.schema.json', ...minimal })).toEqual(parseScenario(minimal));
    expect(problemsOf({ $schema: 3, ...minimal })).toEqual(['$schema: expected a string, got 3']);
  });

  it('checks obstacles by type, including convexity', () => {
    expect(problemsOf({ ...minimal, obstacles: [{ type: 'triangle' }] })).toEqual([
      'obstacles[0].type: expected "circle" or "box" or "polygon", got "triangle"',
    ]);
    const concave = [[0, 0], [4, 0], [1, 1], [0, 4]];
    expect(problemsOf({ ...minimal, obstacles: [{ type: 'polygon', points: concave }] })[0]).toMatch(
      /^obstacles\[0\]\.points: expected a convex polygon/,
    );
    expect(problemsOf({ ...minimal, obstacles: [{ type: 'polygon', points: [[0, 0], [1, 1]] }] })).toEqual([
      'obstacles[0].points: expected at least 3 items, got an array of 2',
    ]);
  });

  it('keeps every unit disc and goal inside the world', () => {
    expect(problemsOf({ ...minimal, units: [{ x: 19.8, y: 5, goal: { x: 25, y: 5 } }] })).toEqual([
      'units[0].x: expected a number from 0.5 to 19.5 (the whole disc inside the 20 m wide world), got 19.8',
      'units[0].goal.x: expected a number from 0 to 20 (inside the world), got 25',
    ]);
  });

  it('refuses an empty unit list, a duration of zero and one over an hour', () => {
    expect(problemsOf({ ...minimal, units: [] })).toEqual(['units: expected at least 1 item, got an array of 0']);
    expect(problemsOf({ ...minimal, duration: 0 })).toEqual(['duration: expected a number > 0, got 0']);
    expect(problemsOf({ ...minimal, duration: 4000 })).toEqual(['duration: expected a number <= 3600, got 4000']);
  });

  it('refuses what is not an object at all', () => {
    expect(problemsOf(null)).toEqual(['scenario: expected an object, got null']);
    expect(problemsOf([minimal])).toEqual(['scenario: expected an object, got an array of 1']);
  });

  it('writes a scenario back as a file that parses to the same scenario', () => {
    const scenario = parseScenario({
      ...minimal,
      obstacles: [
        { type: 'circle', x: 10, y: 5, radius: 1 },
        { type: 'box', x: 5, y: 2, width: 2, height: 1 },
        { type: 'polygon', points: [[12, 1], [14, 1], [13, 3]] },
      ],
      changes: [{ at: 3, add: { type: 'circle', x: 15, y: 5, radius: 1 } }, { at: 4, remove: 1 }],
    });
    const text = JSON.stringify(scenarioToFile(scenario));
    expect(parseScenarioText(text, 'round-trip.json')).toEqual(scenario);
  });
});

describe('scenario JSON text', () => {
  it('refuses a key that repeats in one object (JSON.parse would keep the last in silence), naming where', () => {
    const text = '{\n  "name": "a",\n  "world": {"width": 5, "height": 5},\n  "name": "b"\n}';
    expect(() => parseJsonText(text, 'dup.json')).toThrow('dup.json:4:3: invalid JSON: the key "name" appears twice in one object (only one can be meant)');
    // the same key spelled with an escape is the same key; the same key in two objects is fine
    expect(() => parseJsonText('{"a": 1, "\\u0061": 2}', 'x.json')).toThrow('appears twice');
    expect(parseJsonText('[{"a": 1}, {"a": 2}]', 'x.json')).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('refuses nesting past 256 levels with a position, whether or not the brackets close; skips a byte-order mark', () => {
    expect(() => parseJsonText('['.repeat(100_000), 'deep.json')).toThrow('deep.json:1:257: invalid JSON: arrays and objects nested deeper than 256 levels');
    expect(() => parseJsonText(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'deep.json')).toThrow('deep.json:1:257: invalid JSON: arrays and objects nested deeper than 256');
    expect(parseJsonText(`${'['.repeat(256)}${']'.repeat(256)}`, 'ok.json')).toBeDefined();
    expect(parseScenarioText(`\ufeff${JSON.stringify(minimal)}`, 'bom.json').name).toBe('tiny');
  });

  it('names the file, line and column of a syntax error', () => {
    const text = '{\n  "name": "x",\n  "units": [1, 2,]\n}';
    expect(() => parseJsonText(text, 'bad.json')).toThrow('bad.json:3:18: invalid JSON: expected a value, found "]"');
    try {
      parseJsonText(text, 'bad.json');
    } catch (error) {
      expect(error).toBeInstanceOf(JsonSyntaxError);
      expect((error as JsonSyntaxError).line).toBe(3);
      expect((error as JsonSyntaxError).column).toBe(18);
    }
  });

  it('locates the faults JSON.parse reports without a position', () => {
    expect(locateJsonFault('{"a": tru}')).toEqual({ offset: 6, problem: 'expected a value, found "t"' });
    expect(locateJsonFault('')).toEqual({ offset: 0, problem: 'expected a value, found the end of the text' });
    expect(locateJsonFault('{"a": 1')).toEqual({ offset: 7, problem: "expected ',' or '}', found the end of the text" });
    expect(locateJsonFault('{"a": "x\ny"}')).toEqual({ offset: 8, problem: 'a line break or control character inside a string' });
    expect(locateJsonFault('{"a": 1} x')).toEqual({ offset: 9, problem: 'unexpected "x" after the JSON value' });
    expect(locateJsonFault("{'a': 1}")).toEqual({ offset: 1, problem: `expected a "quoted" key, found "'"` });
  });

  it('reads valid JSON unchanged', () => {
    expect(parseJsonText('{"a": [1, -2.5e3, "\\u00e9", null, true]}', 'ok.json')).toEqual({ a: [1, -2500, 'é', null, true] });
  });
});
