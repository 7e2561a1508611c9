/**
 * Queued orders, patrols and holds (docs/api.md, "Orders"). An order given with `queue: true` (a move,
 * a patrol, a hold) waits behind the orders its units already have; a patrol is a loop of moves. Both are kept here as
 * steps (`QueuedStep`, a move waiting its turn) and given to the engine as ordinary group moves, one
 * at a time, so routes, slots, arrivals and the `done` event work as for any move.
 *
 * A step starts at the start of a tick, as one group move of the units still waiting for it, once
 * it is next for every one of them and every one of them is idle: a group walks its waypoints
 * together, the first to arrive waiting for the last (as a group order arrives: held-off units
 * stop once they stand inside the group's circle). A `step` event says so. An order given without
 * `queue` (a move, a patrol, a stop) takes its units out of every step they wait for; a step that
 * never started and loses all its units that way raises `replaced`.
 */
import type { ReadonlyVec2 } from '../math/vec2';
import { setUnitBodyMass } from '../physics/world';
import { HOLD_MASS_SCALE } from './defaults';
import type { HoldOrder, MoveOrder, PatrolOrder, QueuedStep } from '../orders/orders';
import { emit } from './events';
import { openOrder } from './order-events';
import { type SimulationState, type Unit, simulatedTime } from './state';

/** Gives a move or a hold with `queue: true`, or a patrol: queued steps, or (a patrol not queued)
 * its first leg now and the rest queued. */
export function queueOrder(state: SimulationState, order: MoveOrder | PatrolOrder | HoldOrder, orderId: number): void {
  if (order.kind === 'hold') {
    state.queued.push({ orderId, unitIds: [...order.unitIds], target: { x: 0, y: 0 }, facing: null, hold: true, engage: null, patrol: null });
    return;
  }
  const facing = order.facing ?? null;
  if (order.kind === 'move') {
    state.queued.push({ orderId, unitIds: [...order.unitIds], target: { ...order.target }, facing, hold: false, engage: order.engage ?? null, patrol: null });
    return;
  }
  // one point: between where the group stands and the point
  const points = order.points.length === 1 ? [order.points[0]!, centroid(state, order.unitIds)] : order.points.map((point) => ({ ...point }));
  const first: QueuedStep = { orderId, unitIds: [...order.unitIds], target: { ...points[0]! }, facing, hold: false, engage: null, patrol: { points, index: 0 } };
  if (order.queue === true) {
    state.queued.push(first);
    return;
  }
  startStep(state, first);
}

/** An order given without `queue` for `unitIds` (a move, a patrol or a stop, `byOrderId`): they
 * wait for no step any more. */
export function leaveQueues(state: SimulationState, unitIds: readonly number[], byOrderId: number): void {
  if (state.queued.length === 0) return;
  const leaving = new Set(unitIds);
  dropUnits(state, (unitId) => leaving.has(unitId), byOrderId);
}

/** A unit removed from the simulation waits for no step any more. */
export function forgetQueuedUnit(state: SimulationState, unitId: number): void {
  if (state.queued.length > 0) dropUnits(state, (other) => other === unitId, 0);
}

function dropUnits(state: SimulationState, leaves: (unitId: number) => boolean, byOrderId: number): void {
  const kept: QueuedStep[] = [];
  for (const step of state.queued) {
    const left = step.unitIds.filter(leaves);
    if (left.length > 0) {
      const staying = step.unitIds.filter((unitId) => !leaves(unitId));
      step.unitIds.length = 0;
      step.unitIds.push(...staying);
      // (a patrol's next leg: its order is under way, and `replaced` comes as it is replaced)
      if (byOrderId !== 0 && step.patrol === null) emit(state.events, { type: 'replaced', orderId: step.orderId, byOrderId, unitIds: left, time: simulatedTime(state) });
    }
    if (step.unitIds.length > 0) kept.push(step);
  }
  state.queued.length = 0;
  state.queued.push(...kept);
}

/**
 * At the start of a tick, before the orders given since the last are applied: every step whose
 * units are all idle and have it next starts, as a group move (a patrol's leg queues the next).
 */
export function startQueuedSteps(state: SimulationState): void {
  if (state.queued.length === 0) return;
  /** units that have an earlier step, or an order given since the last tick */
  const busy = new Set<number>();
  for (const { order } of state.pendingOrders) for (const unitId of order.unitIds) busy.add(unitId);
  const starting: QueuedStep[] = [];
  for (const step of state.queued) {
    let ready = true;
    for (const unitId of step.unitIds) {
      const unit = state.unitsById.get(unitId);
      if (busy.has(unitId) || unit === undefined || unit.task.kind !== 'idle') ready = false;
      busy.add(unitId);
    }
    if (ready) starting.push(step);
  }
  if (starting.length === 0) return;
  const left = state.queued.filter((step) => !starting.includes(step));
  state.queued.length = 0;
  state.queued.push(...left);
  for (const step of starting) startStep(state, step);
}

function startStep(state: SimulationState, step: QueuedStep): void {
  if (step.hold) {
    state.pendingOrders.push({ order: { kind: 'hold', unitIds: [...step.unitIds] }, orderId: step.orderId });
    emit(state.events, { type: 'step', orderId: step.orderId, unitIds: [...step.unitIds], target: centroid(state, step.unitIds), time: simulatedTime(state) });
    return;
  }
  const order: MoveOrder = {
    kind: 'move',
    unitIds: [...step.unitIds],
    target: { ...step.target },
    ...(step.facing === null ? {} : { facing: { ...step.facing } }),
    ...(step.engage === null ? {} : { engage: step.engage }),
  };
  state.pendingOrders.push({ order, orderId: step.orderId });
  openOrder(state, step.orderId);
  const leg = step.patrol === null ? {} : { leg: step.patrol.index };
  emit(state.events, { type: 'step', orderId: step.orderId, unitIds: [...step.unitIds], target: { ...step.target }, ...leg, time: simulatedTime(state) });
  if (step.patrol !== null) {
    const { points } = step.patrol;
    const index = (step.patrol.index + 1) % points.length;
    // the next leg waits first in line for these units, ahead of anything queued after the patrol
    state.queued.unshift({ orderId: step.orderId, unitIds: [...step.unitIds], target: { ...points[index]! }, facing: step.facing, hold: false, engage: null, patrol: { points, index } });
  }
}

/** Where the units stand, on average. */
function centroid(state: SimulationState, unitIds: readonly number[]): ReadonlyVec2 {
  let x = 0;
  let y = 0;
  for (const unitId of unitIds) {
    const unit = state.unitsById.get(unitId)!;
    x += unit.position.x / unitIds.length;
    y += unit.position.y / unitIds.length;
  }
  return { x, y };
}

/** Whether a step waits under `orderId` (a patrol between legs is not done). */
export function isQueued(state: SimulationState, orderId: number): boolean {
  return state.queued.some((step) => step.orderId === orderId);
}

/**
 * Starts or ends a unit's hold (a hold order; any other order ends it): while it holds it makes no
 * way for friends (phases.ts), its body weighs HOLD_MASS_SCALE times its mass, so a friend pressing
 * on it moves it little, and it heads back home if pushed off.
 */
export function holdGround(unit: Unit, holding: boolean): void {
  if (unit.holding === holding) return;
  unit.holding = holding;
  setUnitBodyMass(unit.body, holding ? unit.mass * HOLD_MASS_SCALE : null);
}
