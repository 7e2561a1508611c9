/**
 * The events that follow an order through its life, beside the per-unit ones (`arrived`,
 * `stuck`): `replaced` when a later order takes units off it, and `done` when no unit walks it any
 * more. They read the state and never change it, so they cost nothing in bits.
 *
 * A move order is open from the moment it is issued. At the end of each tick the units still
 * walking each open order are counted (a unit walks an order while its task is a move with that
 * order's id, planned or not); an order none walks is done: its units arrived, were given other
 * orders or stopped, or were removed. Counting afresh, rather than following each way a unit can
 * leave an order, leaves no way to miss one.
 */
import { emit } from './events';
import type { OrderBook } from '../orders/orders';
import { type SimulationState, simulatedTime } from './state';

export function createOrderBook(): OrderBook {
  return { open: new Map(), walking: new Map() };
}

/** A move order was issued: it is open until no unit walks it. */
export function openOrder(state: SimulationState, orderId: number): void {
  state.orderBook.open.set(orderId, []);
}

/**
 * Before the queued orders are applied: which orders each takes units off, in the order they were
 * issued (of two orders for one unit in a tick, the first replaces its order and the second the
 * first). One `replaced` event per order replaced and order replacing it, naming the units moved.
 */
export function noteReplacements(state: SimulationState): void {
  if (state.pendingOrders.length === 0) return;
  const current = new Map<number, number>();
  for (const { order, orderId } of state.pendingOrders) {
    const taken = new Map<number, number[]>();
    for (const unitId of order.unitIds) {
      const unit = state.unitsById.get(unitId);
      if (unit === undefined) continue;
      const was = current.get(unitId) ?? (unit.task.kind === 'move' ? unit.task.orderId : 0);
      current.set(unitId, order.kind === 'move' ? orderId : 0);
      if (was === 0 || was === orderId) continue;
      const units = taken.get(was);
      if (units === undefined) taken.set(was, [unitId]);
      else units.push(unitId);
    }
    for (const [replaced, unitIds] of taken) {
      emit(state.events, { type: 'replaced', orderId: replaced, byOrderId: orderId, unitIds, time: simulatedTime(state) });
    }
  }
}

/** At the end of a tick: the units that arrived on open orders, then a `done` for each open order no unit walks. */
export function noteOrdersDone(state: SimulationState): void {
  const { open, walking } = state.orderBook;
  if (open.size === 0) return;
  for (const event of state.events.raised) {
    if (event.type === 'arrived') open.get(event.orderId)?.push(event.unitId);
  }
  for (const orderId of open.keys()) walking.set(orderId, 0);
  for (const unit of state.units) {
    const task = unit.task;
    if (task.kind !== 'move') continue;
    const count = walking.get(task.orderId);
    if (count !== undefined) walking.set(task.orderId, count + 1);
  }
  // a queued order is walked from the next tick, and a patrol's next leg waits: not done yet
  for (const { orderId } of state.pendingOrders) walking.set(orderId, 1);
  for (const { orderId } of state.queued) if (walking.has(orderId)) walking.set(orderId, 1);
  for (const [orderId, arrived] of open) {
    if (walking.get(orderId)! > 0) continue;
    open.delete(orderId);
    state.engagements.delete(orderId);
    emit(state.events, { type: 'done', orderId, arrived, time: simulatedTime(state) });
  }
  walking.clear();
}
