/**
 * The RTS starter's rules (examples/rts-starter) on a real simulation, without the page: queued
 * waypoints walked in order, attack-moves that stop and fight, soldiers that run at an enemy and go
 * back to what they left, attacks on one unit, deaths in the middle of crowds and queues that leave
 * nobody stuck, training at the bases, the enemy's waves and a whole battle to its result.
 */
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../examples/rts-starter/combat';
import {
  ENEMY,
  ENEMY_BASE,
  type Game,
  MAX_TRAINING,
  PLAYER,
  PLAYER_BASE,
  WAVE_PERIOD,
  attackUnit,
  command,
  createGame,
  hold,
  recallControlGroup,
  setControlGroup,
  stepGame,
  stop,
  train,
} from '../../examples/rts-starter/game';
import { spawn } from '../../examples/rts-starter/production';
import { type SimulationEvent, getUnit, listUnits, onSimulationEvent, queuedOrders, removeUnit, stateHash } from '../../src/index';

function centroid(game: Game, ids: readonly number[]): { x: number; y: number } {
  const points = ids.map((id) => getUnit(game.sim, id)).filter((unit) => unit !== undefined).map((unit) => unit.position);
  return { x: points.reduce((sum, p) => sum + p.x, 0) / points.length, y: points.reduce((sum, p) => sum + p.y, 0) / points.length };
}

function teamIds(game: Game, team: number, kind?: 'soldier' | 'archer', count = Infinity): number[] {
  return listUnits(game.sim)
    .filter((unit) => unit.team === team && (kind === undefined || game.fighters.get(unit.id)?.kind === kind))
    .slice(0, count)
    .map((unit) => unit.id);
}

function record(game: Game): SimulationEvent[] {
  const events: SimulationEvent[] = [];
  onSimulationEvent(game.sim, (event) => events.push(event));
  return events;
}

function run(game: Game, seconds: number, until: () => boolean = () => false): number {
  for (let tick = 1; tick <= seconds * 60; tick++) {
    stepGame(game);
    if (until()) return tick;
  }
  return -1;
}

describe('the RTS starter: orders', () => {
  it('walks shift-queued waypoints one after the other (the engine queue), the group leaving each together', () => {
    const game = createGame({ enemyAttacks: false });
    const squad = teamIds(game, PLAYER, 'archer', 6);
    command(game, squad, { x: 60, y: 20 });
    command(game, squad, { x: 60, y: 80 }, { queue: true });
    expect(squad.map((id) => queuedOrders(game.sim, id).length)).toEqual([1, 1, 1, 1, 1, 1]);
    let reachedFirstAt = -1;
    for (let tick = 1; tick <= 60 * 50; tick++) {
      stepGame(game);
      const c = centroid(game, squad);
      if (reachedFirstAt < 0 && Math.hypot(c.x - 60, c.y - 20) < 2.5) reachedFirstAt = tick;
      // nobody heads for the second waypoint while the first is still being walked
      if (reachedFirstAt < 0) expect(c.y).toBeLessThan(55);
    }
    expect(reachedFirstAt).toBeGreaterThan(0);
    const end = centroid(game, squad);
    expect(Math.hypot(end.x - 60, end.y - 80)).toBeLessThan(2.5);
    expect(squad.every((id) => queuedOrders(game.sim, id).length === 0)).toBe(true);
    // a plain (unqueued) command replaces what is queued
    command(game, squad, { x: 70, y: 70 });
    command(game, squad, { x: 70, y: 30 }, { queue: true });
    command(game, squad, { x: 50, y: 50 });
    expect(squad.map((id) => queuedOrders(game.sim, id).length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('control groups keep their units and forget removed ones; stop and hold', () => {
    const game = createGame({ enemyAttacks: false });
    const squad = teamIds(game, PLAYER, undefined, 5);
    setControlGroup(game, 3, squad);
    removeUnit(game.sim, squad[0]!);
    expect(recallControlGroup(game, 3)).toEqual(squad.slice(1));
    expect(recallControlGroup(game, 4)).toEqual([]);
    command(game, squad.slice(1), { x: 50, y: 50 });
    command(game, squad.slice(1), { x: 50, y: 80 }, { queue: true });
    stepGame(game);
    stop(game, squad.slice(1));
    stepGame(game);
    expect(squad.slice(1).every((id) => queuedOrders(game.sim, id).length === 0 && getUnit(game.sim, id)!.task.kind === 'idle')).toBe(true);
    hold(game, squad.slice(1));
    stepGame(game);
    expect(squad.slice(1).every((id) => getUnit(game.sim, id)!.holding)).toBe(true);
  });
});

describe('the RTS starter: fighting', () => {
  it('archers on an attack-move stop at enemies in sight, shoot them dead, and walk on', () => {
    const game = createGame({ enemyAttacks: false, enemyUnits: 0 });
    const events = record(game);
    const archers = teamIds(game, PLAYER, 'archer', 6);
    const foes = [0, 1, 2].map((i) => spawn(game, ENEMY, 'archer', { x: 62, y: 46 + 3 * i }));
    const target = { x: 90, y: 50 };
    command(game, archers, target, { attack: true });
    const killedAt = run(game, 60, () => game.losses[ENEMY] === 3);
    expect(killedAt).toBeGreaterThan(0);
    expect(foes.every((id) => getUnit(game.sim, id) === undefined)).toBe(true);
    // they stopped to fight (the engine's engage) and struck from afar: no archer walked into its foes
    const engaged = events.filter((event) => event.type === 'engaged' && archers.includes(event.unitId));
    expect(new Set(engaged.map((event) => (event.type === 'engaged' ? event.unitId : 0))).size).toBeGreaterThanOrEqual(4);
    expect(game.losses[PLAYER]).toBeLessThan(6);
    // ... and once none is left they walk on to where they were sent
    run(game, 20, () => archers.every((id) => getUnit(game.sim, id)?.task.kind !== 'move'));
    const survivors = archers.filter((id) => getUnit(game.sim, id) !== undefined);
    const end = centroid(game, survivors);
    expect(Math.hypot(end.x - target.x, end.y - target.y)).toBeLessThan(4);
  });

  it('soldiers on an attack-move run at an enemy they see, and then walk their attack-move again, queued waypoints and all', () => {
    const game = createGame({ enemyAttacks: false, enemyUnits: 0 });
    const soldiers = teamIds(game, PLAYER, 'soldier', 4);
    // an archer standing 5 m off the way to the first waypoint
    const foe = spawn(game, ENEMY, 'archer', { x: 55, y: 30 });
    command(game, soldiers, { x: 60, y: 22 }, { attack: true });
    command(game, soldiers, { x: 60, y: 78 }, { queue: true });
    const chasedAt = run(game, 30, () => soldiers.some((id) => game.targets.get(id)?.chase?.enemyId === foe));
    expect(chasedAt).toBeGreaterThan(0);
    // a chase is a follow: the queued waypoint left the engine's queue, and the game keeps it
    const chaser = soldiers.find((id) => game.targets.has(id))!;
    expect(game.targets.get(chaser)!.chase!.back.queued.length).toBe(1);
    expect(run(game, 20, () => getUnit(game.sim, foe) === undefined)).toBeGreaterThan(0);
    // the archer shot back, but four soldiers win
    const alive = soldiers.filter((id) => getUnit(game.sim, id) !== undefined);
    expect(alive.length).toBeGreaterThanOrEqual(3);
    stepGame(game);
    stepGame(game);
    expect(alive.every((id) => !game.targets.has(id))).toBe(true);
    expect(alive.every((id) => queuedOrders(game.sim, id).length === 1)).toBe(true);
    run(game, 40, () => alive.every((id) => queuedOrders(game.sim, id).length === 0 && getUnit(game.sim, id)!.task.kind === 'idle'));
    const end = centroid(game, alive);
    expect(Math.hypot(end.x - 60, end.y - 78)).toBeLessThan(3);
  });

  it('a right-click attack follows one enemy to weapon reach and strikes it until it dies; then the units stand', () => {
    const game = createGame({ enemyAttacks: false, enemyUnits: 0 });
    const squad = [...teamIds(game, PLAYER, 'soldier', 3), ...teamIds(game, PLAYER, 'archer', 3)];
    const foe = spawn(game, ENEMY, 'soldier', { x: 70, y: 60 });
    const other = spawn(game, ENEMY, 'soldier', { x: 70, y: 40 });
    // the target walks away; the squad goes after it, past nothing else
    command(game, [foe], { x: 100, y: 70 });
    attackUnit(game, squad, foe);
    expect(squad.every((id) => game.targets.get(id)?.enemyId === foe)).toBe(true);
    expect(run(game, 60, () => getUnit(game.sim, foe) === undefined)).toBeGreaterThan(0);
    stepGame(game);
    stepGame(game);
    expect(game.targets.size).toBe(0);
    expect(squad.every((id) => getUnit(game.sim, id)?.task.kind !== 'move')).toBe(true);
    expect(getUnit(game.sim, other)).toBeDefined();
  });

  it('units removed in the middle of a crowd, a gate and a queue leave nobody stuck: the rest walk both waypoints', () => {
    const game = createGame({ enemyAttacks: false, enemyUnits: 0 });
    const events = record(game);
    const army = teamIds(game, PLAYER);
    // into the base through its front gate, then out again to a point beyond
    command(game, army, { x: PLAYER_BASE.x + 5.5, y: PLAYER_BASE.y });
    command(game, army, { x: 60, y: 60 }, { queue: true });
    // kill every third unit as the crowd squeezes through the gate, and the next at random later
    run(game, 4);
    const dead = army.filter((_, index) => index % 3 === 0);
    for (const id of dead) game.fighters.get(id)!.health = 0;
    stepGame(game);
    expect(dead.every((id) => getUnit(game.sim, id) === undefined)).toBe(true);
    const rest = army.filter((id) => !dead.includes(id));
    run(game, 8);
    game.fighters.get(rest[5]!)!.health = 0;
    const done = run(game, 90, () => rest.slice(6).concat(rest.slice(0, 5)).every((id) => queuedOrders(game.sim, id).length === 0 && getUnit(game.sim, id)!.task.kind === 'idle'));
    expect(done).toBeGreaterThan(0);
    const living = rest.filter((id) => getUnit(game.sim, id) !== undefined);
    expect(living.length).toBe(rest.length - 1);
    const end = centroid(game, living);
    expect(Math.hypot(end.x - 60, end.y - 60)).toBeLessThan(3);
    expect(events.filter((event) => event.type === 'stuck')).toEqual([]);
  });
});

describe('the RTS starter: bases, the enemy and a whole battle', () => {
  it('a base trains what it can pay for, one at a time; each new unit comes out of the gate and walks to the rally point', () => {
    const game = createGame({ enemyAttacks: false });
    const base = game.bases[PLAYER]!;
    base.rally = { x: 45, y: 70 };
    const gold = base.gold;
    expect(train(base, 'soldier')).toBe(true);
    expect(train(base, 'archer')).toBe(true);
    expect(base.gold).toBeCloseTo(gold - KINDS.soldier.cost - KINDS.archer.cost, 9);
    // not enough gold for a third
    expect(train(base, 'archer')).toBe(false);
    expect(base.training).toEqual(['soldier', 'archer']);
    const before = new Set(teamIds(game, PLAYER));
    const firstAt = run(game, 10, () => teamIds(game, PLAYER).length > before.size);
    expect(firstAt / 60).toBeCloseTo(KINDS.soldier.trainTime, 1);
    const soldier = teamIds(game, PLAYER).find((id) => !before.has(id))!;
    expect(game.fighters.get(soldier)!.kind).toBe('soldier');
    const at = getUnit(game.sim, soldier)!.position;
    expect(Math.hypot(at.x - base.gate.x, at.y - base.gate.y)).toBeLessThan(0.5);
    run(game, 30);
    expect(teamIds(game, PLAYER).length).toBe(before.size + 2);
    for (const id of teamIds(game, PLAYER).filter((id) => !before.has(id))) {
      const unit = getUnit(game.sim, id)!;
      expect(Math.hypot(unit.position.x - 45, unit.position.y - 70)).toBeLessThan(3);
    }
    // the queue holds MAX_TRAINING at most, whatever the gold
    base.gold = 10_000;
    for (let i = 0; i < MAX_TRAINING; i++) expect(train(base, 'archer')).toBe(true);
    expect(train(base, 'archer')).toBe(false);
  });

  it('the enemy trains, and sends every idle unit at the player base each wave period', () => {
    const game = createGame({ unitsPerTeam: 6 });
    const enemies = teamIds(game, ENEMY);
    run(game, WAVE_PERIOD - 1 / 60);
    expect(game.bases[ENEMY]!.ordered).toBeGreaterThan(0);
    expect(enemies.every((id) => getUnit(game.sim, id)!.task.kind === 'idle')).toBe(true);
    // the wave's order is given on its tick, and walked from the next
    stepGame(game);
    stepGame(game);
    const waved = teamIds(game, ENEMY).filter((id) => !enemies.includes(id));
    expect(waved.length).toBeGreaterThan(0);
    for (const id of [...enemies, ...waved]) {
      const unit = getUnit(game.sim, id)!;
      expect(unit.task.kind).toBe('move');
      if (unit.task.kind === 'move') expect(game.orderKinds.get(unit.task.orderId)).toBe('attack-move');
    }
  });

  it('an army attack-moved at the enemy base wins: the defenders die and the headquarters falls, the same on every run', () => {
    const play = () => {
      const game = createGame({ enemyAttacks: false, enemyUnits: 8 });
      command(game, teamIds(game, PLAYER), ENEMY_BASE, { attack: true });
      const endedAt = run(game, 120, () => game.winner !== null);
      return { game, endedAt };
    };
    const first = play();
    expect(first.game.winner).toBe(PLAYER);
    expect(first.game.losses[ENEMY]).toBe(8);
    expect(first.game.buildings[ENEMY]!.health).toBeLessThanOrEqual(0);
    expect(first.game.losses[PLAYER]).toBeLessThan(8);
    const second = play();
    expect(second.endedAt).toBe(first.endedAt);
    expect(stateHash(second.game.sim)).toBe(stateHash(first.game.sim));
    // once decided, nothing moves
    const hash = stateHash(first.game.sim);
    stepGame(first.game);
    expect(stateHash(first.game.sim)).toBe(hash);
  });

  it('a player who does nothing loses to the waves', () => {
    const game = createGame();
    run(game, 180, () => game.winner !== null);
    expect(game.winner).toBe(ENEMY);
    expect(game.losses[PLAYER]).toBeGreaterThanOrEqual(24);
  });
});
