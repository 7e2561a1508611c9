/**
 * The RTS starter's game rules, apart from any screen: two teams on a map with rocks and two bases,
 * control groups, waypoint queues, attack-move and a simple enemy. It uses only the engine's public
 * API (`rts-steer`), so it runs the same in the page (main.ts) and in Node.
 *
 * What the engine gives: bodies, group moves with routes and slots, avoidance, arrival events.
 * What a game adds on top, here: who belongs to whom, what a player has queued, when to stop and
 * fight. Grow it from here (health, weapons, production...).
 */
import {
  type ObstacleDef,
  type Simulation,
  type UnitView,
  addObstacle,
  addUnit,
  createRandom,
  createSimulation,
  getUnit,
  issueOrder,
  listUnits,
  nearestUnit,
  simulationTick,
  stepSimulation,
} from 'rts-steer';

export const PLAYER = 0;
export const ENEMY = 1;
/** metres: an attack-moving unit stops at an enemy this near (centre to centre) */
export const ATTACK_RANGE = 7;
/** metres beyond the range an engaged unit's enemies must be before it walks on (so a unit nudged
 * back and forth across the range by its neighbours does not start and stop every tick) */
export const RANGE_SLACK = 2;
/** seconds between the enemy's attack waves; the first comes after one period */
export const WAVE_PERIOD = 45;

export const MAP = { width: 160, height: 100 } as const;
export const PLAYER_BASE = { x: 22, y: 50 } as const;
export const ENEMY_BASE = { x: 138, y: 50 } as const;

/** One click's worth of orders, waiting in the queues of the units it was given to. */
export interface Waypoint {
  readonly target: { x: number; y: number };
  /** an attack-move: walk there, stopping at any enemy in range on the way */
  readonly attack: boolean;
  readonly unitIds: readonly number[];
}

export interface Game {
  readonly sim: Simulation;
  readonly obstacles: readonly ObstacleDef[];
  /** per unit: the waypoints still to walk, the one being walked first */
  readonly queues: Map<number, Waypoint[]>;
  /** per unit walking a waypoint: the tick its order was issued (it is done when idle after it) */
  readonly walkingSince: Map<number, number>;
  /** per unit stopped by an attack-move: the enemy it stopped for */
  readonly engaged: Map<number, number>;
  /** control groups 1 to 9 (index 0 unused) */
  readonly controlGroups: number[][];
  /** whether the enemy sends attack waves */
  enemyAttacks: boolean;
}

export interface GameOptions {
  /** seeds the rocks; default 7 */
  seed?: number;
  /** units per team; default 24 */
  unitsPerTeam?: number;
  /** default true */
  enemyAttacks?: boolean;
}

/** The map: rocks scattered between the bases, and each base a ring of buildings with gates. */
export function createGame(options: GameOptions = {}): Game {
  const sim = createSimulation({ width: MAP.width, height: MAP.height });
  const obstacles: ObstacleDef[] = [...baseBuildings(PLAYER_BASE.x, PLAYER_BASE.y), ...baseBuildings(ENEMY_BASE.x, ENEMY_BASE.y, true)];
  const random = createRandom(options.seed ?? 7);
  while (obstacles.length < 40) {
    const rock: ObstacleDef = { type: 'circle', x: random.range(45, 115), y: random.range(8, 92), radius: random.range(1.5, 4.5) };
    // keep 3 m between rocks, so every gap is wide enough for a file of units
    if (obstacles.some((other) => other.type === 'circle' && Math.hypot(other.x - rock.x, other.y - rock.y) < other.radius + rock.radius + 3)) continue;
    obstacles.push(rock);
  }
  for (const shape of obstacles) addObstacle(sim, shape);
  const count = options.unitsPerTeam ?? 24;
  for (let i = 0; i < count; i++) {
    const column = Math.floor(i / 6);
    const row = i % 6;
    addUnit(sim, { x: PLAYER_BASE.x + 14 + 1.6 * column, y: PLAYER_BASE.y - 4 + 1.6 * row, team: PLAYER });
    addUnit(sim, { x: ENEMY_BASE.x - 14 - 1.6 * column, y: ENEMY_BASE.y - 4 + 1.6 * row, team: ENEMY });
  }
  return {
    sim,
    obstacles,
    queues: new Map(),
    walkingSince: new Map(),
    engaged: new Map(),
    controlGroups: Array.from({ length: 10 }, () => []),
    enemyAttacks: options.enemyAttacks ?? true,
  };
}

/** A headquarters and four walls around it, with a gate on each side (mirrored for the enemy). */
function baseBuildings(x: number, y: number, mirrored = false): ObstacleDef[] {
  const side = mirrored ? -1 : 1;
  return [
    { type: 'box', x, y, width: 6, height: 6 },
    { type: 'box', x: x - 9 * side, y, width: 2, height: 14 },
    { type: 'box', x, y: y + 10, width: 12, height: 2 },
    { type: 'box', x, y: y - 10, width: 12, height: 2 },
    { type: 'box', x: x + 9 * side, y: y + 6, width: 2, height: 6 },
    { type: 'box', x: x + 9 * side, y: y - 6, width: 2, height: 6 },
  ];
}

/**
 * Gives `unitIds` a move (or, with `attack`, an attack-move) to `target`. With `queue` (shift
 * held) it is walked after what they already have queued; otherwise it replaces their queues.
 */
export function command(game: Game, unitIds: readonly number[], target: { x: number; y: number }, options: { queue?: boolean; attack?: boolean } = {}): void {
  const alive = unitIds.filter((id) => getUnit(game.sim, id) !== undefined);
  if (alive.length === 0) return;
  const waypoint: Waypoint = { target: { x: target.x, y: target.y }, attack: options.attack ?? false, unitIds: alive };
  for (const id of alive) {
    const queue = game.queues.get(id);
    if (options.queue === true && queue !== undefined && queue.length > 0) {
      queue.push(waypoint);
    } else {
      game.queues.set(id, [waypoint]);
      game.walkingSince.delete(id);
      game.engaged.delete(id);
    }
  }
  startWaypoints(game);
}

/** Stops the units and forgets their queues. */
export function stop(game: Game, unitIds: readonly number[]): void {
  for (const id of unitIds) {
    game.queues.delete(id);
    game.walkingSince.delete(id);
    game.engaged.delete(id);
  }
  const alive = unitIds.filter((id) => getUnit(game.sim, id) !== undefined);
  if (alive.length > 0) issueOrder(game.sim, { kind: 'stop', unitIds: alive });
}

export function setControlGroup(game: Game, group: number, unitIds: readonly number[]): void {
  game.controlGroups[group] = [...unitIds];
}

/** The group's units that still exist. */
export function recallControlGroup(game: Game, group: number): number[] {
  return (game.controlGroups[group] ?? []).filter((id) => getUnit(game.sim, id) !== undefined);
}

/** One fixed tick: the engine's, then attack-moves, queues and the enemy. */
export function stepGame(game: Game): void {
  stepSimulation(game.sim);
  const units = listUnits(game.sim);
  engageEnemiesInRange(game, units);
  finishWaypoints(game, units);
  startWaypoints(game);
  if (game.enemyAttacks) sendEnemyWave(game, units);
}

/** The enemy nearest `unit` within attack range of its disc's edge, if any (the engine's spatial query). */
export function enemyInRange(game: Game, unit: UnitView, range = ATTACK_RANGE): UnitView | undefined {
  const enemy = nearestUnit(game.sim, unit.position, { teams: [unit.team === PLAYER ? ENEMY : PLAYER], maxDistance: range });
  return enemy === undefined ? undefined : getUnit(game.sim, enemy);
}

/** Attack-moving units with an enemy in range stop and face it; once it is gone they walk on. */
function engageEnemiesInRange(game: Game, units: readonly UnitView[]): void {
  for (const unit of units) {
    const waypoint = game.queues.get(unit.id)?.[0];
    if (waypoint === undefined || !waypoint.attack) continue;
    const engaged = game.engaged.has(unit.id);
    const enemy = enemyInRange(game, unit, engaged ? ATTACK_RANGE + RANGE_SLACK : ATTACK_RANGE);
    if (enemy !== undefined) {
      game.engaged.set(unit.id, enemy.id);
      if (!engaged) issueOrder(game.sim, { kind: 'stop', unitIds: [unit.id] });
    } else if (engaged) {
      // the enemy left range: take up the attack-move again, alone
      game.engaged.delete(unit.id);
      issueOrder(game.sim, { kind: 'move', unitIds: [unit.id], target: waypoint.target });
      game.walkingSince.set(unit.id, simulationTick(game.sim));
    }
  }
}

/** Units idle since at least a tick after their waypoint's order have walked it. */
function finishWaypoints(game: Game, units: readonly UnitView[]): void {
  const tick = simulationTick(game.sim);
  for (const unit of units) {
    const since = game.walkingSince.get(unit.id);
    if (since === undefined || tick <= since + 1 || unit.task.kind !== 'idle' || game.engaged.has(unit.id)) continue;
    game.walkingSince.delete(unit.id);
    game.queues.get(unit.id)?.shift();
  }
}

/**
 * Issues every waypoint that heads the queue of units not walking yet, as one group move for those
 * of its units that have it first, once none of them is still on an earlier waypoint (a group
 * leaves a waypoint together, as it arrived).
 */
function startWaypoints(game: Game): void {
  const ready = new Map<Waypoint, number[]>();
  const waiting = new Set<Waypoint>();
  for (const [id, queue] of game.queues) {
    const head = queue[0];
    if (head === undefined || getUnit(game.sim, id) === undefined) {
      game.queues.delete(id);
      continue;
    }
    if (game.walkingSince.has(id) || game.engaged.has(id)) continue;
    const list = ready.get(head) ?? [];
    list.push(id);
    ready.set(head, list);
  }
  for (const [id, queue] of game.queues) {
    if (!game.walkingSince.has(id)) continue;
    for (const waypoint of queue.slice(1)) waiting.add(waypoint);
  }
  const tick = simulationTick(game.sim);
  for (const [waypoint, ids] of ready) {
    if (waiting.has(waypoint)) continue;
    issueOrder(game.sim, { kind: 'move', unitIds: ids, target: waypoint.target });
    for (const id of ids) game.walkingSince.set(id, tick);
  }
}

/** Every WAVE_PERIOD seconds the enemy attack-moves its idle units to the player's base. */
function sendEnemyWave(game: Game, units: readonly UnitView[]): void {
  const tick = simulationTick(game.sim);
  if (tick % (WAVE_PERIOD * 60) !== 0) return;
  const idle = units.filter((unit) => unit.team === ENEMY && !game.queues.has(unit.id)).map((unit) => unit.id);
  command(game, idle, { x: PLAYER_BASE.x + 14, y: PLAYER_BASE.y }, { attack: true });
}
