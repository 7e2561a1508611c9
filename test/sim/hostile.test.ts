/**
 * Input a hostile tester tried (issue 16): each is refused with an error naming the field and the
 * limit, changing nothing, or, where the engine can do better than refuse, handled so that nothing
 * accepted breaks later (a throwing listener, a unit placed on an obstacle).
 */
import { describe, expect, it } from 'vitest';
import {
  type SimulationEvent,
  addObstacle,
  addUnit,
  createRandom,
  createSimulation,
  getSteeringConfig,
  getUnit,
  issueOrder,
  listObstacles,
  listUnits,
  onSimulationEvent,
  stepSimulation,
  updateSteeringConfig,
  updateUnit,
} from '../../src/index';
import { readFileSync } from 'node:fs';
import { DEFAULT_STEERING_CONFIG, steeringLimits } from '../../src/steering/config';
import { runTicks, schemaProblems } from '../support';

const problemsOf = schemaProblems;

const pentagram = [0, 2, 4, 1, 3].map((k): [number, number] => [10 + 3 * Math.cos((2 * Math.PI * k) / 5), 10 + 3 * Math.sin((2 * Math.PI * k) / 5)]);
const sliver: Array<[number, number]> = [
  [5, 10],
  [15, 10],
  [15, 10.002],
];

describe('limits at the API', () => {
  it('a world larger than 2000 m a side is refused, naming the field and the limit', () => {
    expect(() => createSimulation({ width: 1e300, height: 10 })).toThrow('simulation.width: expected a finite number > 0 and <= 2000, got 1e+300');
    expect(() => createSimulation({ width: 10, height: 1e5 })).toThrow('simulation.height: expected a finite number > 0 and <= 2000, got 100000');
    expect(createSimulation({ width: 2000, height: 2000 })).toBeDefined();
  });

  it('an obstacle far outside the world, or astronomically large, is refused and nothing is added', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    expect(() => addObstacle(sim, { type: 'circle', x: 1e300, y: 5, radius: 1e300 })).toThrow(/^obstacle: expected a shape within one world size of the 20 x 20 m world \(x from -20 to 40, y from -20 to 40\)/);
    expect(() => addObstacle(sim, { type: 'box', x: 10, y: 10, width: 1e6, height: 1 })).toThrow(/^obstacle: expected a shape within one world size/);
    // a wall that stands partly outside the world is fine
    addObstacle(sim, { type: 'box', x: 0, y: 10, width: 4, height: 30 });
    expect(listObstacles(sim).length).toBe(1);
    stepSimulation(sim);
  });

  it('steering values that would make a tick unbounded are refused; the settings stay as they were', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    const before = { ...getSteeringConfig(sim) };
    expect(() => updateSteeringConfig(sim, { lookAheadTime: 1e200 })).toThrow('steering.lookAheadTime: expected a finite number >= 0 and <= 10, got 1e+200');
    expect(() => updateSteeringConfig(sim, { avoidClearance: 1e300 })).toThrow(/steering\.avoidClearance: .*<= 5, got 1e\+300/);
    expect(() => updateSteeringConfig(sim, { separationGap: 1e300 })).toThrow(/steering\.separationGap: .*<= 5/);
    expect(() => updateSteeringConfig(sim, { keepRight: 4 })).toThrow(/steering\.keepRight: .*<= 1\.5708/);
    expect(getSteeringConfig(sim)).toEqual(before);
    // the largest values allowed still step in bounded time
    const id = addUnit(sim, { x: 5, y: 5 });
    addUnit(sim, { x: 15, y: 5 });
    updateSteeringConfig(sim, { lookAheadTime: 10, avoidHorizon: 10, avoidClearance: 5, separationGap: 5 });
    issueOrder(sim, { kind: 'move', unitIds: [id], target: { x: 15, y: 15 } });
    runTicks(sim, 30);
    expect(Number.isFinite(getUnit(sim, id)!.position.x)).toBe(true);
  });

  it('null where an object is expected names the argument; updateUnit refuses what it cannot change', () => {
    expect(() => createSimulation({ width: 10, height: 10, steering: null as never })).toThrow('steering: expected an object of settings, got null');
    const sim = createSimulation({ width: 10, height: 10 });
    const id = addUnit(sim, { x: 5, y: 5 });
    expect(() => updateSteeringConfig(sim, null as never)).toThrow('steering: expected an object of settings, got null');
    expect(() => updateUnit(sim, id, null as never)).toThrow('changes: expected an object, got null');
    expect(() => updateUnit(sim, id, { radius: 5 } as never)).toThrow(/^changes\.radius: not a setting updateUnit changes/);
    expect(() => updateUnit(sim, id, { maxSpeed: 2, radius: 5 } as never)).toThrow(/changes\.radius/);
    expect(getUnit(sim, id)!.maxSpeed).toBe(4);
    expect(() => stepSimulation(null as never)).toThrow('sim: expected a simulation made by createSimulation, got null');
    expect(() => createSimulation({ width: 10, height: 10, onListenerError: 3 as never })).toThrow('simulation.onListenerError: expected a function, got 3');
  });
});

describe('the steering ranges', () => {
  it('are the ones docs/controller.md lists, default included', () => {
    const docs = readFileSync(new URL('../../docs/controller.md', import.meta.url), 'utf8');
    for (const [key, min, max, inclusive] of steeringLimits()) {
      const row = docs.split('\n').find((line) => line.startsWith(`| \`${key}\``));
      expect(row, key).toBeDefined();
      const [, defaultText, rangeText] = row!.split('|').map((cell) => cell.trim()).slice(1);
      expect(Number(defaultText), key).toBe(DEFAULT_STEERING_CONFIG[key]);
      const upper = key === 'keepRight' ? 'π/2' : String(max);
      expect(rangeText, key).toBe(`${inclusive ? String(min) : `over ${min},`} to ${upper}`);
    }
  });
});

describe('unit counts', () => {
  it('one simulation holds at most 20,000 units, as a scenario file does; the 20,001st is refused', () => {
    const sim = createSimulation({ width: 2000, height: 2000 });
    for (let k = 0; k < 20_000; k++) addUnit(sim, { x: 1 + (k % 1000) * 1.5, y: 1 + Math.floor(k / 1000) * 1.5 });
    expect(() => addUnit(sim, { x: 1000, y: 1000 })).toThrow('unit: expected at most 20000 units in one simulation, and it holds 20000');
    expect(listUnits(sim).length).toBe(20_000);
  });
});

describe('polygons are the shape planck builds', () => {
  it('a sliver whose points planck would merge is refused, naming the point', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    expect(() => addObstacle(sim, { type: 'polygon', points: sliver })).toThrow(/^obstacle\.points\[2\]: expected a point at least 0\.01 m from the one before it/);
    expect(listObstacles(sim)).toEqual([]);
  });

  it('a nearly straight corner is refused', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    expect(() => addObstacle(sim, { type: 'polygon', points: [[2, 2], [10, 1.996], [18, 2], [10, 8]] })).toThrow(/obstacle\.points\[1\]: expected a corner standing at least 0\.01 m off the line of its neighbours/);
  });

  it('a self-intersecting polygon (a pentagram, every corner turning the same way) is refused', () => {
    const sim = createSimulation({ width: 20, height: 20 });
    expect(() => addObstacle(sim, { type: 'polygon', points: pentagram })).toThrow(/^obstacle\.points: expected a convex polygon whose edges do not cross/);
    // the same five points in order around the pentagon are fine
    const pentagon = [0, 1, 2, 3, 4].map((k): [number, number] => [10 + 3 * Math.cos((2 * Math.PI * k) / 5), 10 + 3 * Math.sin((2 * Math.PI * k) / 5)]);
    addObstacle(sim, { type: 'polygon', points: pentagon });
  });

  it('the scenario format refuses the same shapes, an obstacle out of reach and a world too large', () => {
    const base = { name: 'x', world: { width: 20, height: 20 }, units: [{ x: 1, y: 1 }] };
    expect(problemsOf({ ...base, obstacles: [{ type: 'polygon', points: sliver }] })[0]).toMatch(/^obstacles\[0\]\.points\[2\]: /);
    expect(problemsOf({ ...base, obstacles: [{ type: 'polygon', points: pentagram }] })[0]).toMatch(/^obstacles\[0\]\.points: expected a convex polygon whose edges do not cross/);
    expect(problemsOf({ ...base, obstacles: [{ type: 'circle', x: 1e300, y: 1, radius: 1e300 }] }).some((problem) => /^obstacles\[0\]: expected a shape within one world size/.test(problem))).toBe(true);
    expect(problemsOf({ ...base, changes: [{ at: 1, add: { type: 'circle', x: 5000, y: 1, radius: 1 } }] })[0]).toMatch(/^changes\[0\]\.add: expected a shape within one world size/);
    expect(problemsOf({ ...base, world: { width: 1e300, height: 1e300 } })).toContain('world.width: expected a number <= 2000, got 1e+300');
  });
});

describe('listeners', () => {
  it('a listener that throws is reported and does not break the tick: the others get every event, the run is the same', () => {
    const run = (withThrower: boolean) => {
      const errors: Array<[unknown, SimulationEvent]> = [];
      const sim = createSimulation({ width: 30, height: 10, onListenerError: (error, event) => errors.push([error, event]) });
      const ids = [addUnit(sim, { x: 3, y: 5 }), addUnit(sim, { x: 27, y: 5 })];
      const seen: string[] = [];
      if (withThrower) onSimulationEvent(sim, () => { throw new Error('boom'); });
      onSimulationEvent(sim, (event) => seen.push(`${event.type}:${'unitId' in event ? event.unitId : ''}`));
      issueOrder(sim, { kind: 'move', unitIds: [ids[0]!], target: { x: 25, y: 5 } });
      issueOrder(sim, { kind: 'move', unitIds: [ids[1]!], target: { x: 5, y: 5 } });
      for (let tick = 0; tick < 600; tick++) expect(() => stepSimulation(sim)).not.toThrow();
      return { seen, errors, positions: listUnits(sim).map((unit) => ({ ...unit.position })) };
    };
    const quiet = run(false);
    const loud = run(true);
    expect(quiet.seen.filter((event) => event.startsWith('arrived')).length).toBe(2);
    expect(loud.seen).toEqual(quiet.seen);
    expect(loud.positions).toEqual(quiet.positions);
    expect(loud.errors.length).toBe(loud.seen.length);
    expect((loud.errors[0]![0] as Error).message).toBe('boom');
    expect(quiet.errors).toEqual([]);
  });
});

describe('units placed on obstacles', () => {
  it('are moved to the nearest free ground with a displaced event, and never end outside the world (1,000 spawns by the walls)', () => {
    const random = createRandom(16);
    let displaced = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const width = random.range(10, 40);
      const height = random.range(10, 40);
      const sim = createSimulation({ width, height });
      const events: SimulationEvent[] = [];
      onSimulationEvent(sim, (event) => events.push(event));
      // an obstacle against a wall (or in a corner), and a unit dropped on it
      const ox = random.next() < 0.5 ? random.range(0, 2) : width - random.range(0, 2);
      const oy = random.next() < 0.5 ? random.range(0, 2) : height - random.range(0, 2);
      const kind = trial % 3;
      if (kind === 0) addObstacle(sim, { type: 'circle', x: ox, y: oy, radius: random.range(1.5, 4) });
      else if (kind === 1) addObstacle(sim, { type: 'box', x: ox, y: oy, width: random.range(3, 6), height: random.range(3, 6), angle: random.range(0, 3) });
      else addObstacle(sim, { type: 'polygon', points: [[ox - 3, oy - 3], [ox + 3, oy - 3], [ox, oy + 3]] });
      const radius = random.range(0.2, 0.8);
      const x = Math.min(width - radius, Math.max(radius, ox + random.range(-0.5, 0.5)));
      const y = Math.min(height - radius, Math.max(radius, oy + random.range(-0.5, 0.5)));
      const id = addUnit(sim, { x, y, radius });
      for (let tick = 0; tick < 20; tick++) stepSimulation(sim);
      const { position } = getUnit(sim, id)!;
      expect(position.x >= radius - 0.01 && position.x <= width - radius + 0.01, `trial ${trial}: x ${position.x}`).toBe(true);
      expect(position.y >= radius - 0.01 && position.y <= height - radius + 0.01, `trial ${trial}: y ${position.y}`).toBe(true);
      const moved = events.find((event) => event.type === 'displaced');
      if (moved !== undefined) {
        displaced++;
        expect(moved.type === 'displaced' && moved.unitId === id && moved.from.x === x && moved.from.y === y).toBe(true);
      }
    }
    expect(displaced).toBeGreaterThan(900);
  });

  it('with no free ground anywhere the unit is refused and nothing is added', () => {
    const sim = createSimulation({ width: 10, height: 10 });
    addObstacle(sim, { type: 'box', x: 5, y: 5, width: 12, height: 12 });
    expect(() => addUnit(sim, { x: 5, y: 5 })).toThrow(/^unit: expected a place clear of obstacles, got \(5, 5\) on an obstacle/);
    expect(listUnits(sim)).toEqual([]);
  });

  it('the scenario format refuses a unit on an obstacle', () => {
    expect(problemsOf({ name: 'x', world: { width: 30, height: 30 }, obstacles: [{ type: 'circle', x: 2, y: 15, radius: 4 }], units: [{ x: 1, y: 15 }] })).toEqual([
      'units[0]: expected a place clear of obstacles (the whole disc), got (1, 15) on obstacles[0]',
    ]);
  });
});
