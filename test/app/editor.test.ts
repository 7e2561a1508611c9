/**
 * The scenario editor's model (src/app/editor.ts) and how a scenario file rides in the page's URL
 * (src/app/session.ts): each editing step on a draft, the file it saves checked by the schema,
 * and a page session built from that file.
 */
import { describe, expect, it } from 'vitest';
import { deleteAt, deleteUnitsIn, draftFromScenario, draftToFile, paintBlock, placeObstacle, setGoal } from '../../src/app/editor';
import { MAX_URL_FILE, choiceFromQuery, choiceToQuery, createPageSession, decodeFile, encodeFile } from '../../src/app/session';
import { listObstacles, listUnits } from '../../src/index';
import { buildBuiltInScenario } from '../../src/scenarios/builtins';
import { ScenarioError, parseScenario } from '../../src/scenarios/schema';

const settings = { avoidance: 'rays', response: 'sideways' } as const;

function freshDraft() {
  return draftFromScenario(buildBuiltInScenario('seed-onemiddle'));
}

describe('the scenario editor', () => {
  it('places obstacles checked as the API checks them, and refuses a bad one naming the field', () => {
    const draft = freshDraft();
    placeObstacle(draft, { type: 'box', x: 12, y: 3, width: 2, height: 2 });
    expect(draft.obstacles.at(-1)).toEqual({ type: 'box', x: 12, y: 3, width: 2, height: 2, angle: 0 });
    placeObstacle(draft, { type: 'circle', x: 16, y: 11, radius: 1.5 });
    placeObstacle(draft, { type: 'polygon', points: [[3, 10], [6, 10], [4.5, 12.5]] });
    const count = draft.obstacles.length;
    // a bow tie: not convex
    expect(() => placeObstacle(draft, { type: 'polygon', points: [[0, 0], [2, 2], [2, 0], [0, 2]] })).toThrow(/points/);
    expect(() => placeObstacle(draft, { type: 'circle', x: 1, y: 1, radius: -1 })).toThrow('obstacle.radius');
    expect(draft.obstacles.length).toBe(count);
  });

  it('paints a block in rows and columns inside the world, and gives it one shared goal', () => {
    const draft = freshDraft();
    const before = draft.units.length;
    const block = paintBlock(draft, { x: 19, y: 2 }, { x: 23, y: 4 }, 1);
    expect(block.length).toBe(3 * 2); // 1.5 m apart: 4 m across holds 3, 2 m holds 2
    expect(draft.units.length).toBe(before + 6);
    for (const index of block) {
      const unit = draft.units[index]!;
      expect(unit.team).toBe(1);
      expect(unit.x >= 19 && unit.x <= 23 && unit.y >= 2 && unit.y <= 4).toBe(true);
    }
    // a click (no area) paints one unit; a box past the edge is kept inside the world
    expect(paintBlock(draft, { x: 5, y: 5 }, { x: 5, y: 5 }, 0).length).toBe(1);
    const edge = paintBlock(draft, { x: -5, y: -5 }, { x: 1, y: 1 }, 0);
    for (const index of edge) expect(draft.units[index]!.x).toBeGreaterThanOrEqual(draft.units[index]!.radius);
    setGoal(draft, block, { x: 3, y: 4 });
    expect(new Set(block.map((index) => draft.units[index]!.goal)).size).toBe(1);
    expect(draft.units[block[0]!]!.goal).toEqual({ x: 3, y: 4 });
  });

  it('deletes the unit under a point before the obstacle under it, and the units in a box', () => {
    const draft = freshDraft();
    placeObstacle(draft, { type: 'circle', x: 16, y: 11, radius: 1.5 });
    paintBlock(draft, { x: 16, y: 11 }, { x: 16, y: 11 }, 0);
    expect(deleteAt(draft, { x: 16, y: 11 })).toBe('unit');
    expect(deleteAt(draft, { x: 16, y: 11 })).toBe('obstacle');
    expect(deleteAt(draft, { x: 16, y: 11 })).toBeNull();
    paintBlock(draft, { x: 19, y: 2 }, { x: 23, y: 4 }, 1);
    expect(deleteUnitsIn(draft, { x: 18, y: 1 }, { x: 24, y: 5 })).toBe(6);
  });

  it('saves a file the schema accepts, and reports every problem when it would not', () => {
    const draft = freshDraft();
    draft.name = 'mine';
    const block = paintBlock(draft, { x: 19, y: 2 }, { x: 23, y: 4 }, 1);
    setGoal(draft, block, { x: 3, y: 4 });
    const file = draftToFile(draft);
    const scenario = parseScenario(file);
    expect(scenario.units.length).toBe(draft.units.length);
    expect(JSON.parse(JSON.stringify(file))).toEqual(file);
    draft.world = { width: 10, height: 10 }; // the block now stands outside
    expect(() => draftToFile(draft)).toThrow(ScenarioError);
    try {
      draftToFile(draft);
    } catch (error) {
      expect((error as ScenarioError).problems.some((problem) => problem.startsWith(`units[${block[0]}]`))).toBe(true);
    }
  });
});

describe('a scenario file in the URL', () => {
  it('round-trips through ?file= and runs as the page session', () => {
    const draft = freshDraft();
    draft.name = 'édité';
    placeObstacle(draft, { type: 'circle', x: 16, y: 11, radius: 1.5 });
    const file = draftToFile(draft);
    expect(decodeFile(encodeFile(file))).toEqual(file);
    const query = choiceToQuery({ name: file.name, seed: 1, file });
    expect(query).toMatch(/^\?file=[A-Za-z0-9_-]+$/);
    const { choice, ignored } = choiceFromQuery(query, { name: 'head-on', seed: 1 });
    expect(ignored).toEqual([]);
    expect(choice.file).toEqual(file);
    const session = createPageSession(choice, settings);
    expect(session.choice.name).toBe('édité');
    expect(listUnits(session.sim).length).toBe(file.units.length);
    expect(listObstacles(session.sim).length).toBe(1);
  });

  it('leaves a file too long for a URL out of it, and ignores a broken one with the reason', () => {
    const big = draftFromScenario(buildBuiltInScenario('large-groups'));
    const file = draftToFile(big);
    expect(encodeFile(file).length).toBeGreaterThan(MAX_URL_FILE);
    expect(choiceToQuery({ name: file.name, seed: 1, file })).toBe('?');
    const broken = choiceFromQuery('?file=not*base64', { name: 'head-on', seed: 1 });
    expect(broken.choice).toEqual({ name: 'head-on', seed: 1 });
    expect(broken.ignored[0]).toMatch(/^file: /);
    const invalid = choiceFromQuery(`?file=${encodeFile({ name: 'x', world: { width: 5, height: 5 }, units: [] } as never)}`, { name: 'head-on', seed: 1 });
    expect(invalid.ignored[0]).toContain('units');
  });
});
