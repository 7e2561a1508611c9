/**
 * The RTS starter's game, apart from any screen: two teams on a map with rocks and two walled
 * bases; soldiers and archers that fight; gold, training and rally points; an enemy that attacks in
 * waves; a team loses when its headquarters falls. It uses only the engine's public API
 * (`rts-steer`), so it runs the same in the page (main.ts) and in Node.
 *
 * What the engine gives: bodies, group moves with routes and slots, avoidance, queued orders,
 * attack-moves that stop at enemies, follows, holds, patrols and their events. What the game adds:
 * health and weapons (combat.ts), the economy (production.ts), which orders its units were given
 * and where a soldier that ran at an enemy goes back to (orders.ts), and the enemy (enemy.ts).
 *
 * One game tick: the engine steps; its events start and end chases; idle units strike or walk up
 * to an enemy headquarters near them; every unit that may strikes; the dead are removed; the bases
 * train; the enemy plays.
 */
import { type ObstacleDef, addObstacle, createRandom, createSimulation, getUnit, listUnits, onSimulationEvent, simulationTick, stepSimulation } from 'rts-steer';
import { type Building, KINDS, type KindName, buildingGap, buildingInReach, nearestEnemy, resolveStrikes } from './combat';
import { WAVE_PERIOD, playEnemy } from './enemy';
import { command, endChases, stanceOf, startChases } from './orders';
import { type Base, START_GOLD, spawn, stepBase } from './production';
import { ENEMY, ENEMY_BASE, type Game, MAP, PLAYER, PLAYER_BASE, TICKS_PER_SECOND } from './types';

export * from './types';
export { KINDS, type KindName } from './combat';
export { WAVE_PERIOD } from './enemy';
export { attackUnit, command, hold, patrol, recallControlGroup, setControlGroup, stop } from './orders';
export { MAX_TRAINING, train, trainingDone } from './production';

/** a headquarters' health */
export const HQ_HEALTH = 1500;
/** metres: an idle unit with no enemy in sight walks up to an enemy headquarters this near */
export const SIEGE_SIGHT = 14;
/** metres: a chasing soldier gives up once its enemy is this far */
export const LEASH = 12;

export interface GameOptions {
  /** seeds the rocks; default 7 */
  seed?: number;
  /** units each team starts with, half soldiers, half archers; default 24 */
  unitsPerTeam?: number;
  /** the enemy's, when not the same */
  enemyUnits?: number;
  /** whether the enemy trains units and sends waves; default true */
  enemyAttacks?: boolean;
  /** default HQ_HEALTH */
  hqHealth?: number;
}

/** The map: rocks scattered between the bases, and each base a ring of walls with gates round
 * its headquarters; each army drawn up in front of its base. */
export function createGame(options: GameOptions = {}): Game {
  const sim = createSimulation({ width: MAP.width, height: MAP.height });
  const walls = [...baseWalls(PLAYER_BASE.x, PLAYER_BASE.y), ...baseWalls(ENEMY_BASE.x, ENEMY_BASE.y, true)];
  const headquarters = [PLAYER_BASE, ENEMY_BASE].map((at): ObstacleDef => ({ type: 'box', x: at.x, y: at.y, width: 6, height: 6 }));
  const obstacles: ObstacleDef[] = [...headquarters, ...walls];
  const random = createRandom(options.seed ?? 7);
  while (obstacles.length < 40) {
    const rock: ObstacleDef = { type: 'circle', x: random.range(45, 115), y: random.range(8, 92), radius: random.range(1.5, 4.5) };
    // keep 3 m between rocks, so every gap is wide enough for a file of units
    if (obstacles.some((other) => other.type === 'circle' && Math.hypot(other.x - rock.x, other.y - rock.y) < other.radius + rock.radius + 3)) continue;
    obstacles.push(rock);
  }
  const ids = obstacles.map((shape) => addObstacle(sim, shape));
  const hqHealth = options.hqHealth ?? HQ_HEALTH;
  const buildings: Building[] = [PLAYER, ENEMY].map((team) => {
    const at = team === PLAYER ? PLAYER_BASE : ENEMY_BASE;
    return { team, obstacleId: ids[team]!, x: at.x, y: at.y, halfWidth: 3, halfHeight: 3, maxHealth: hqHealth, health: hqHealth };
  });
  const bases: Base[] = [PLAYER, ENEMY].map((team) => {
    const at = team === PLAYER ? PLAYER_BASE : ENEMY_BASE;
    const side = team === PLAYER ? 1 : -1;
    return { team, gate: { x: at.x + 11 * side, y: at.y }, rally: { x: at.x + 16 * side, y: at.y }, gold: START_GOLD, training: [], ordered: 0, progress: 0, producing: true };
  });
  const game: Game = {
    sim,
    obstacles,
    fighters: new Map(),
    buildings,
    strikes: [],
    losses: [0, 0],
    bases,
    orderKinds: new Map(),
    targets: new Map(),
    orderTargets: new Map(),
    controlGroups: Array.from({ length: 10 }, () => []),
    events: [],
    enemyAttacks: options.enemyAttacks ?? true,
    nextWave: WAVE_PERIOD * TICKS_PER_SECOND,
    winner: null,
  };
  onSimulationEvent(sim, (event) => game.events.push(event));
  const mine = options.unitsPerTeam ?? 24;
  drawUp(game, PLAYER, mine);
  drawUp(game, ENEMY, options.enemyUnits ?? mine);
  return game;
}

/** Walls round a headquarters with a gate on each side (mirrored for the enemy: the front gate faces the other base). */
function baseWalls(x: number, y: number, mirrored = false): ObstacleDef[] {
  const side = mirrored ? -1 : 1;
  return [
    { type: 'box', x: x - 9 * side, y, width: 2, height: 14 },
    { type: 'box', x, y: y + 10, width: 12, height: 2 },
    { type: 'box', x, y: y - 10, width: 12, height: 2 },
    { type: 'box', x: x + 9 * side, y: y + 6, width: 2, height: 6 },
    { type: 'box', x: x + 9 * side, y: y - 6, width: 2, height: 6 },
  ];
}

/** An army in ranks of six in front of its base: soldiers in the front half, archers behind. */
function drawUp(game: Game, team: number, count: number): void {
  const base = team === PLAYER ? PLAYER_BASE : ENEMY_BASE;
  const side = team === PLAYER ? 1 : -1;
  const columns = Math.ceil(count / 6);
  for (let i = 0; i < count; i++) {
    const column = Math.floor(i / 6);
    const row = i % 6;
    const kind: KindName = column >= columns / 2 ? 'soldier' : 'archer';
    spawn(game, team, kind, { x: base.x + side * (14 + 1.6 * column), y: base.y - 4 + 1.6 * row });
  }
}

/** One fixed tick of the game. Nothing moves once a headquarters has fallen. */
export function stepGame(game: Game): void {
  if (game.winner !== null) return;
  game.events.length = 0;
  stepSimulation(game.sim);
  const tick = simulationTick(game.sim);
  followEvents(game);
  seekEnemies(game, tick);
  const dead = resolveStrikes(game, tick, {
    mayStrike: (unit) => stanceOf(game, unit) !== 'move',
    preferred: (unit) => game.targets.get(unit.id)?.enemyId,
  });
  for (const id of dead) game.targets.delete(id);
  for (const base of game.bases) {
    const id = stepBase(game, base, 1 / TICKS_PER_SECOND);
    if (id !== undefined) command(game, [id], base.rally, { attack: true });
  }
  if (game.enemyAttacks) playEnemy(game, tick);
  const fallen = game.buildings.find((building) => building.health <= 0);
  if (fallen !== undefined) {
    game.winner = fallen.team === PLAYER ? ENEMY : PLAYER;
    for (const base of game.bases) base.producing = false;
  }
}

/** The engine's events: soldiers stopped by an attack-move run at the enemy; chases whose enemy
 * is gone end; orders that are done are forgotten. */
function followEvents(game: Game): void {
  const seen = new Map<number, number[]>();
  const lost: number[] = [];
  for (const event of game.events) {
    if (event.type === 'engaged' && game.fighters.get(event.unitId)?.kind === 'soldier' && game.orderKinds.get(event.orderId) === 'attack-move') {
      const list = seen.get(event.enemyId) ?? [];
      list.push(event.unitId);
      seen.set(event.enemyId, list);
    } else if (event.type === 'target-lost') {
      // a chase goes back to what it left; an attack the player ordered is over (the units stop)
      for (const id of event.unitIds) {
        if (game.targets.get(id)?.chase != null) lost.push(id);
        else game.targets.delete(id);
      }
    } else if (event.type === 'done') {
      game.orderKinds.delete(event.orderId);
      game.orderTargets.delete(event.orderId);
    }
  }
  endChases(game, lost);
  startChases(game, seen);
}

/**
 * What units do unbidden: a chase whose enemy got away ends; an idle soldier runs at an enemy in
 * its sight; an idle unit with no enemy in sight walks up to an enemy headquarters near it (once
 * a second, spread over the ticks by id).
 */
function seekEnemies(game: Game, tick: number): void {
  const leashed: number[] = [];
  for (const [id, target] of game.targets) {
    const unit = getUnit(game.sim, id);
    const enemy = getUnit(game.sim, target.enemyId);
    if (target.chase !== null && unit !== undefined && enemy !== undefined && Math.hypot(unit.position.x - enemy.position.x, unit.position.y - enemy.position.y) > LEASH) leashed.push(id);
  }
  endChases(game, leashed);
  const seen = new Map<number, number[]>();
  for (const unit of listUnits(game.sim)) {
    const fighter = game.fighters.get(unit.id);
    if (fighter === undefined || stanceOf(game, unit) !== 'idle' || game.targets.has(unit.id)) continue;
    const kind = KINDS[fighter.kind];
    const enemy = nearestEnemy(game.sim, unit, kind.sight);
    if (enemy !== undefined) {
      if (fighter.kind === 'soldier') {
        const soldiers = seen.get(enemy.id);
        if (soldiers === undefined) seen.set(enemy.id, [unit.id]);
        else soldiers.push(unit.id);
      }
      continue;
    }
    if ((tick + unit.id) % TICKS_PER_SECOND !== 0 || buildingInReach(game, unit, kind.reach) !== undefined) continue;
    const building = game.buildings.find((other) => other.team !== unit.team && other.health > 0 && buildingGap(unit, other) <= SIEGE_SIGHT);
    if (building !== undefined) command(game, [unit.id], wallPoint(building, unit.position, unit.radius + 0.3), { attack: true });
  }
  startChases(game, seen);
}

/** The point `clearance` out from a building's wall nearest `from`. */
function wallPoint(building: Building, from: { x: number; y: number }, clearance: number): { x: number; y: number } {
  const x = Math.min(Math.max(from.x, building.x - building.halfWidth), building.x + building.halfWidth);
  const y = Math.min(Math.max(from.y, building.y - building.halfHeight), building.y + building.halfHeight);
  const dx = from.x - x;
  const dy = from.y - y;
  const length = Math.hypot(dx, dy);
  return length === 0 ? { x, y } : { x: x + (dx / length) * clearance, y: y + (dy / length) * clearance };
}

/** Units per team and kind, for a HUD. */
export function armyCounts(game: Game): { soldier: number; archer: number }[] {
  const counts = [
    { soldier: 0, archer: 0 },
    { soldier: 0, archer: 0 },
  ];
  for (const unit of listUnits(game.sim)) {
    const kind = game.fighters.get(unit.id)?.kind;
    if (kind !== undefined && counts[unit.team] !== undefined) counts[unit.team]![kind] += 1;
  }
  return counts;
}
