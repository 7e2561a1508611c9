/**
 * The RTS starter's rules (examples/rts-starter/game.ts) on a real simulation, without the page:
 * queued waypoints are walked in order, an attack-move stops at the first enemy in range and walks
 * on when it is gone, control groups forget removed units, and the enemy sends its waves.
 */
import { describe, expect, it } from 'vitest';
import { ATTACK_RANGE, ENEMY, PLAYER, RANGE_SLACK, WAVE_PERIOD, command, createGame, enemyInRange, recallControlGroup, setControlGroup, stepGame, stop } from '../../examples/rts-starter/game';
import { getUnit, listUnits, removeUnit } from '../../src/index';

function centroid(game: ReturnType<typeof createGame>, ids: readonly number[]): { x: number; y: number } {
  const points = ids.map((id) => getUnit(game.sim, id)!.position);
  return { x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length };
}

function teamIds(game: ReturnType<typeof createGame>, team: number, count: number): number[] {
  return listUnits(game.sim)
    .filter((unit) => unit.team === team)
    .slice(0, count)
    .map((unit) => unit.id);
}

describe('the RTS starter', () => {
  it('walks shift-queued waypoints one after the other, the group leaving each together', () => {
    const game = createGame({ enemyAttacks: false });
    const squad = teamIds(game, PLAYER, 6);
    command(game, squad, { x: 60, y: 20 });
    command(game, squad, { x: 60, y: 80 }, { queue: true });
    expect(squad.map((id) => game.queues.get(id)!.length)).toEqual([2, 2, 2, 2, 2, 2]);
    let nearestFirst = Infinity;
    let reachedFirstAt = -1;
    for (let tick = 1; tick <= 60 * 50; tick++) {
      stepGame(game);
      const c = centroid(game, squad);
      const d = Math.hypot(c.x - 60, c.y - 20);
      if (d < nearestFirst) nearestFirst = d;
      if (reachedFirstAt < 0 && d < 2.5) reachedFirstAt = tick;
      // nobody heads for the second waypoint while the first is still being walked
      if (reachedFirstAt < 0) expect(c.y).toBeLessThan(55);
    }
    expect(reachedFirstAt).toBeGreaterThan(0);
    const end = centroid(game, squad);
    expect(Math.hypot(end.x - 60, end.y - 80)).toBeLessThan(2.5);
    expect(squad.every((id) => !game.queues.has(id))).toBe(true);
    // a plain (unqueued) command replaces what is queued
    command(game, squad, { x: 70, y: 70 });
    command(game, squad, { x: 70, y: 30 }, { queue: true });
    command(game, squad, { x: 50, y: 50 });
    expect(squad.map((id) => game.queues.get(id)!.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('an attack-move stops each unit at an enemy in range, and takes up the walk once the enemy is gone', () => {
    const game = createGame({ enemyAttacks: false });
    const squad = teamIds(game, PLAYER, 6);
    command(game, squad, { x: 140, y: 50 }, { attack: true });
    for (let tick = 0; tick < 60 * 40 && game.engaged.size < squad.length; tick++) stepGame(game);
    expect(game.engaged.size).toBe(squad.length);
    for (let tick = 0; tick < 60; tick++) stepGame(game);
    const units = listUnits(game.sim);
    for (const id of squad) {
      const unit = getUnit(game.sim, id)!;
      expect(unit.task.kind).toBe('idle');
      // stopped within range; neighbours may have nudged it a little further since
      const enemy = enemyInRange(game, unit, ATTACK_RANGE + RANGE_SLACK);
      expect(enemy?.team).toBe(ENEMY);
    }
    // the enemy leaves (here: is removed): the squad walks on to its target
    for (const enemy of units.filter((unit) => unit.team === ENEMY)) removeUnit(game.sim, enemy.id);
    for (let tick = 0; tick < 60 * 15; tick++) stepGame(game);
    expect(game.engaged.size).toBe(0);
    const c = centroid(game, squad);
    expect(Math.hypot(c.x - 140, c.y - 50)).toBeLessThan(20);
  });

  it('control groups keep their units, forget removed ones; stop empties the queues', () => {
    const game = createGame({ enemyAttacks: false });
    const squad = teamIds(game, PLAYER, 5);
    setControlGroup(game, 3, squad);
    removeUnit(game.sim, squad[0]!);
    expect(recallControlGroup(game, 3)).toEqual(squad.slice(1));
    expect(recallControlGroup(game, 4)).toEqual([]);
    command(game, squad.slice(1), { x: 50, y: 50 });
    stepGame(game);
    stop(game, squad.slice(1));
    stepGame(game);
    expect(squad.slice(1).every((id) => !game.queues.has(id) && getUnit(game.sim, id)!.task.kind === 'idle')).toBe(true);
  });

  it('the enemy sends its idle units to the player base every wave period', () => {
    const game = createGame({ unitsPerTeam: 6 });
    const enemies = teamIds(game, ENEMY, 6);
    for (let tick = 0; tick < WAVE_PERIOD * 60; tick++) stepGame(game);
    expect(enemies.every((id) => game.queues.get(id)?.[0]?.attack === true)).toBe(true);
  });
});
