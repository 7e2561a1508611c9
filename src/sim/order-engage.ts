/**
 * Attack-moves (a move's `engage`, docs/api.md "Orders"): a unit on one stops while a unit of
 * another team (of the order's teams, when given) is within the order's range of it, disc to
 * disc, and walks on once none is. Stopped this way it is held, not stuck: it keeps its order,
 * avoids as it brakes, and raises `engaged` as it stops and `disengaged` as it walks on. Fighting
 * is the game's: the engine stops the unit and names the enemy.
 */
import { hypot } from '../math/exact';
import { set } from '../math/vec2';
import type { Vec2 } from '../math/vec2';
import { emit } from './events';
import { nearestEnemySlot } from './nearby';
import { type MoveTask, type SimulationState, type Unit, simulatedTime } from './state';

/**
 * For a unit on the move, after its wanted velocity is worked out: whether an enemy in range
 * stops it (then its wanted velocity is made zero).
 */
export function stopForEnemies(sim: SimulationState, unit: Unit, task: MoveTask, preferred: Vec2): boolean {
  const engage = sim.engagements.get(task.orderId);
  if (engage === undefined) {
    unit.engagedWith = 0;
    return false;
  }
  if (engage.targetId !== undefined) return closeToTarget(sim, unit, engage.targetId, engage.range, preferred);
  const slot = nearestEnemySlot(sim, unit, engage.range, engage.teams ?? null);
  if (slot < 0) {
    if (unit.engagedWith !== 0) {
      unit.engagedWith = 0;
      emit(sim.events, { type: 'disengaged', unitId: unit.id, orderId: task.orderId, time: simulatedTime(sim) });
    }
    return false;
  }
  const enemy = sim.units[slot]!;
  if (unit.engagedWith === 0) emit(sim.events, { type: 'engaged', unitId: unit.id, orderId: task.orderId, enemyId: enemy.id, time: simulatedTime(sim) });
  unit.engagedWith = enemy.id;
  set(preferred, 0, 0);
  return true;
}

/** A follower (order-follow.ts): it stops, without events, once within `range` of its target. */
function closeToTarget(sim: SimulationState, unit: Unit, targetId: number, range: number, preferred: Vec2): boolean {
  const target = sim.unitsById.get(targetId);
  if (target === undefined) return false;
  const gap = hypot(target.position.x - unit.position.x, target.position.y - unit.position.y) - target.radius - unit.radius;
  if (gap > range) return false;
  set(preferred, 0, 0);
  return true;
}
