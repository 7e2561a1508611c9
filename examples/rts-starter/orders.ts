/**
 * The starter's orders, all given to the engine as its own: moves and attack-moves (a move with an
 * `engage`), shift-queued behind what the units have (`queue: true`), hold, patrol, and an attack on
 * one enemy (a `follow` to within weapon reach). What the game keeps besides is what the engine
 * does not know: which kind of unit strikes from how far, and where a soldier that ran at an enemy
 * goes back to.
 */
import { type UnitView, getUnit, issueOrder, queuedOrders } from 'rts-steer';
import { KINDS, type KindName } from './combat';
import type { Chase, Game, OrderKind } from './types';

/** metres: an attack-move engages at this range for every kind (an archer then shoots, a soldier runs at the enemy) */
export function engageRange(kind: KindName): number {
  return KINDS[kind].sight;
}

function kindOf(game: Game, id: number): KindName {
  return game.fighters.get(id)?.kind ?? 'soldier';
}

/** The units of `unitIds` that still exist, each once. */
export function living(game: Game, unitIds: readonly number[]): number[] {
  return [...new Set(unitIds)].filter((id) => getUnit(game.sim, id) !== undefined);
}

/** What `unit` is doing, as far as fighting goes: its order's kind, `hold`, or `idle`. */
export function stanceOf(game: Game, unit: UnitView): OrderKind | 'idle' {
  if (unit.holding) return 'hold';
  if (unit.task.kind === 'idle') return 'idle';
  return game.orderKinds.get(unit.task.orderId) ?? 'move';
}

function give(game: Game, kind: OrderKind, order: Parameters<typeof issueOrder>[1], target: { x: number; y: number } | null): number {
  const orderId = issueOrder(game.sim, order);
  game.orderKinds.set(orderId, kind);
  if (target !== null) game.orderTargets.set(orderId, { x: target.x, y: target.y });
  return orderId;
}

/** Forgets what the units were attacking (a new order, not queued, replaces it). */
function forgetTargets(game: Game, unitIds: readonly number[]): void {
  for (const id of unitIds) game.targets.delete(id);
}

/**
 * A move (or, with `attack`, an attack-move: each unit stops to fight any enemy within its sight)
 * to `target`. With `queue` (shift held) it is walked after what the units already have.
 */
export function command(game: Game, unitIds: readonly number[], target: { x: number; y: number }, options: { queue?: boolean; attack?: boolean } = {}): void {
  const alive = living(game, unitIds);
  if (alive.length === 0) return;
  if (options.queue !== true) forgetTargets(game, alive);
  if (options.attack !== true) {
    give(game, 'move', { kind: 'move', unitIds: alive, target, queue: options.queue === true }, target);
    return;
  }
  // one attack-move per kind: each engages at its own range, and the kinds keep together only
  // as far as their speeds allow
  for (const kind of Object.keys(KINDS) as KindName[]) {
    const ids = alive.filter((id) => kindOf(game, id) === kind);
    if (ids.length > 0) give(game, 'attack-move', { kind: 'move', unitIds: ids, target, engage: { range: engageRange(kind) }, queue: options.queue === true }, target);
  }
}

/** Attacks one enemy unit: each kind follows it to within its weapon's reach and strikes it. */
export function attackUnit(game: Game, unitIds: readonly number[], enemyId: number): void {
  const enemy = getUnit(game.sim, enemyId);
  const alive = living(game, unitIds).filter((id) => getUnit(game.sim, id)!.team !== enemy?.team);
  if (enemy === undefined || alive.length === 0) return;
  for (const kind of Object.keys(KINDS) as KindName[]) {
    const ids = alive.filter((id) => kindOf(game, id) === kind);
    if (ids.length === 0) continue;
    // a little inside the reach, so a unit stopped at the range's edge can strike
    give(game, 'attack', { kind: 'follow', unitIds: ids, targetId: enemyId, range: KINDS[kind].reach * 0.8 }, null);
    for (const id of ids) game.targets.set(id, { enemyId, chase: null });
  }
}

/** Hold position: stand, strike what comes into reach, make no way for friends. */
export function hold(game: Game, unitIds: readonly number[], options: { queue?: boolean } = {}): void {
  const alive = living(game, unitIds);
  if (alive.length === 0) return;
  if (options.queue !== true) forgetTargets(game, alive);
  give(game, 'hold', { kind: 'hold', unitIds: alive, queue: options.queue === true }, null);
}

/** Patrol between where the units stand and `point` (queued: from their last waypoint); they
 * strike what comes into reach as they walk. */
export function patrol(game: Game, unitIds: readonly number[], point: { x: number; y: number }, options: { queue?: boolean } = {}): void {
  const alive = living(game, unitIds);
  if (alive.length === 0) return;
  if (options.queue !== true) forgetTargets(game, alive);
  give(game, 'patrol', { kind: 'patrol', unitIds: alive, points: [point], queue: options.queue === true }, null);
}

/** Stops the units and forgets their queues. */
export function stop(game: Game, unitIds: readonly number[]): void {
  const alive = living(game, unitIds);
  if (alive.length === 0) return;
  forgetTargets(game, alive);
  issueOrder(game.sim, { kind: 'stop', unitIds: alive });
}

export function setControlGroup(game: Game, group: number, unitIds: readonly number[]): void {
  game.controlGroups[group] = [...unitIds];
}

/** The group's units that still exist. */
export function recallControlGroup(game: Game, group: number): number[] {
  return living(game, game.controlGroups[group] ?? []);
}

/**
 * Soldiers that saw an enemy run at it: `seen` maps each enemy to the soldiers that saw it. Each
 * soldier remembers what it goes back to: the attack-move it was on (with the waypoints queued
 * behind it), or the place it stood.
 */
export function startChases(game: Game, seen: Map<number, number[]>): void {
  for (const [enemyId, soldiers] of seen) {
    const ids = living(game, soldiers);
    if (ids.length === 0 || getUnit(game.sim, enemyId) === undefined) continue;
    for (const id of ids) {
      const unit = getUnit(game.sim, id)!;
      const orderId = unit.task.kind === 'move' ? unit.task.orderId : 0;
      const target = game.orderTargets.get(orderId) ?? unit.position;
      const chase: Chase = { enemyId, back: { orderId, target: { x: target.x, y: target.y }, queued: queuedOrders(game.sim, id) } };
      game.targets.set(id, { enemyId, chase });
    }
    // one follow for all that saw it: they spread round it as they close in
    give(game, 'attack', { kind: 'follow', unitIds: ids, targetId: enemyId, range: KINDS.soldier.reach * 0.8 }, null);
  }
}

/**
 * Ends the chases of `unitIds` (their enemy died or got away): those that left the same
 * attack-move walk it again together, queue and all; those that stood walk back to their place.
 */
export function endChases(game: Game, unitIds: readonly number[]): void {
  const byOrder = new Map<number, { chase: Chase; ids: number[] }>();
  for (const id of unitIds) {
    const chase = game.targets.get(id)?.chase;
    game.targets.delete(id);
    if (chase === null || chase === undefined || getUnit(game.sim, id) === undefined) continue;
    // units that stood go back each to its own place
    const key = chase.back.orderId === 0 ? -id : chase.back.orderId;
    const entry = byOrder.get(key) ?? { chase, ids: [] };
    entry.ids.push(id);
    byOrder.set(key, entry);
  }
  for (const { chase, ids } of byOrder.values()) {
    const kind = kindOf(game, ids[0]!);
    const back = chase.back;
    give(game, 'attack-move', { kind: 'move', unitIds: ids, target: back.target, engage: { range: engageRange(kind) } }, back.target);
    for (const step of back.queued) {
      if (step.kind === 'hold') give(game, 'hold', { kind: 'hold', unitIds: ids, queue: true }, null);
      else if (step.target !== null && step.kind === 'move') {
        const engage = step.engage === null ? {} : { engage: step.engage };
        give(game, step.engage === null ? 'move' : 'attack-move', { kind: 'move', unitIds: ids, target: step.target, ...engage, queue: true }, step.target);
      }
    }
  }
}
