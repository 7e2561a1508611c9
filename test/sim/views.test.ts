/**
 * What users read of units and obstacles: live views, and plain copies of them that JSON (and a
 * worker's postMessage) can carry.
 */
import { describe, expect, it } from 'vitest';
import { addObstacle, addUnit, createSimulation, getUnit, issueOrder, lastTickTiming, listObstacles, listUnits, stepSimulation } from '../../src/index';

describe('unit and obstacle views as plain data', () => {
  it('JSON.stringify writes a unit walking a route round a wall: its fields, not its body, route or sensing', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    addObstacle(sim, { type: 'box', x: 20, y: 8, width: 1, height: 16, angle: 0 });
    addObstacle(sim, { type: 'polygon', points: [[30, 2], [33, 2], [31, 5]] });
    const ids = [addUnit(sim, { x: 5, y: 5, team: 1 }), addUnit(sim, { x: 5, y: 7 })];
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 35, y: 5 } });
    for (let tick = 0; tick < 90; tick++) stepSimulation(sim);
    const view = getUnit(sim, ids[0]!)!;
    expect(view.task.kind).toBe('move');
    const json = JSON.parse(JSON.stringify(view));
    expect(json).toEqual(view.toJSON());
    expect(json.position).toEqual({ x: view.position.x, y: view.position.y });
    expect(json.team).toBe(1);
    expect([json.holding, json.engagedWith]).toEqual([false, 0]);
    expect(json.task).toMatchObject({ kind: 'move', orderId: expect.any(Number), target: { x: expect.any(Number), y: expect.any(Number) } });
    expect(json.task.group.radius).toBeGreaterThan(0);
    // the task itself is exactly what TaskView says: its own fields are the view's, and it is
    // plain data (its route and planning state are the engine's, out of sight)
    expect(Object.keys(view.task)).toEqual(['kind', 'orderId', 'target', 'group']);
    expect(JSON.parse(JSON.stringify(view.task))).toEqual(json.task);
    expect(structuredClone(view.task)).toEqual(json.task);
    expect(Object.keys(json).sort()).toEqual(
      ['asleep', 'avoidSide', 'avoidance', 'engagedWith', 'heading', 'holding', 'id', 'mass', 'maxForce', 'maxSpeed', 'position', 'radius', 'steeringForce', 'task', 'team', 'velocity', 'waypoint'].sort(),
    );
    // a copy: it does not move with the unit, and a structured clone (postMessage) takes it
    stepSimulation(sim);
    expect(view.toJSON().position).not.toEqual(json.position);
    expect(structuredClone(view.toJSON())).toEqual(view.toJSON());
    // the whole list, and an idle unit
    expect(JSON.parse(JSON.stringify(listUnits(sim)))).toHaveLength(2);
    const idle = addUnit(sim, { x: 10, y: 15 });
    expect(JSON.parse(JSON.stringify(getUnit(sim, idle)))).toMatchObject({ id: idle, task: { kind: 'idle' } });
  });

  it('JSON.stringify writes obstacles as their id and shape', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    addObstacle(sim, { type: 'circle', x: 5, y: 5, radius: 2 });
    addObstacle(sim, { type: 'polygon', points: [[30, 2], [33, 2], [31, 5]] });
    expect(JSON.parse(JSON.stringify(listObstacles(sim)))).toEqual([
      { id: expect.any(Number), shape: { type: 'circle', x: 5, y: 5, radius: 2 } },
      { id: expect.any(Number), shape: { type: 'polygon', points: [[30, 2], [33, 2], [31, 5]] } },
    ]);
    expect(structuredClone(listObstacles(sim)[1]!.toJSON())).toEqual(listObstacles(sim)[1]!.toJSON());
  });
});

describe('the last tick timing', () => {
  it('gives the sense, decide and physics phases inside the tick, each at most the whole', () => {
    const sim = createSimulation({ width: 40, height: 20 });
    const ids = Array.from({ length: 30 }, (_, k) => addUnit(sim, { x: 3 + (k % 6) * 1.2, y: 5 + Math.floor(k / 6) * 1.2 }));
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: 35, y: 10 } });
    let sensed = 0;
    let decided = 0;
    for (let tick = 0; tick < 60; tick++) {
      stepSimulation(sim);
      const timing = lastTickTiming(sim);
      for (const phase of [timing.senseMs, timing.decideMs, timing.physicsMs]) {
        expect(Number.isFinite(phase)).toBe(true);
        expect(phase).toBeGreaterThanOrEqual(0);
      }
      expect(timing.senseMs + timing.decideMs + timing.physicsMs).toBeLessThanOrEqual(timing.tickMs + 1e-9);
      sensed += timing.senseMs;
      decided += timing.decideMs;
    }
    // thirty units on the move are sensed and steered: the phases take time
    expect(sensed).toBeGreaterThan(0);
    expect(decided).toBeGreaterThan(0);
  });
});
