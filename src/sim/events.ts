/**
 * What a simulation reports to its listeners. Events raised during a tick are collected in the
 * log (`emit`, the one way an event is raised) and delivered together at the end of the tick.
 */
import type { Vec2 } from '../math/vec2';

export type SimulationEvent =
  | {
      readonly type: 'arrived';
      readonly unitId: number;
      readonly orderId: number;
      /** simulated seconds */
      readonly time: number;
    }
  | {
      /** a move order's target cannot be reached (walled in, or inside an obstacle with no way
       * to it); the units go to the closest point they can reach instead */
      readonly type: 'unreachable';
      readonly orderId: number;
      readonly unitIds: readonly number[];
      /** metres: the target asked for, and the one the units go to */
      readonly requested: Readonly<Vec2>;
      readonly target: Readonly<Vec2>;
      readonly time: number;
    }
  | {
      /** a unit has made no progress toward its target for a long while (see progress.ts); it
       * keeps trying; reported once per order */
      readonly type: 'stuck';
      readonly unitId: number;
      readonly orderId: number;
      /** metres: where it is, and how far its target is in a straight line */
      readonly position: Readonly<Vec2>;
      readonly remaining: number;
      readonly time: number;
    }
  | {
      /** a later order (move or stop) took these units off this move order; the order's other
       * units, if any, go on with it */
      readonly type: 'replaced';
      readonly orderId: number;
      readonly byOrderId: number;
      readonly unitIds: readonly number[];
      readonly time: number;
    }
  | {
      /** no unit walks this move order any more: `arrived` reached their places (in the order
       * they did); the others were given other orders, stopped or removed. Raised once per move
       * order, at the end of the tick its last unit left it */
      readonly type: 'done';
      readonly orderId: number;
      readonly arrived: readonly number[];
      readonly time: number;
    }
  | {
      /** a queued order, or a patrol's leg, has started: these units walk to `target` as one
       * group (`leg`: which of the patrol's points, from 0) */
      readonly type: 'step';
      readonly orderId: number;
      readonly unitIds: readonly number[];
      readonly target: Readonly<Vec2>;
      readonly leg?: number;
      readonly time: number;
    }
  | {
      /** a follow order's target was removed: its units stop */
      readonly type: 'target-lost';
      readonly orderId: number;
      readonly targetId: number;
      readonly unitIds: readonly number[];
      readonly time: number;
    }
  | {
      /** a unit on an attack-move stopped: an enemy came within the order's range */
      readonly type: 'engaged';
      readonly unitId: number;
      readonly orderId: number;
      readonly enemyId: number;
      readonly time: number;
    }
  | {
      /** a unit on an attack-move walks on: no enemy is within the order's range any more */
      readonly type: 'disengaged';
      readonly unitId: number;
      readonly orderId: number;
      readonly time: number;
    }
  | {
      /** an obstacle was placed where the unit stood: it was moved out to the nearest free ground */
      readonly type: 'displaced';
      readonly unitId: number;
      /** metres: where it stood, and where it stands now */
      readonly from: Readonly<Vec2>;
      readonly to: Readonly<Vec2>;
      readonly time: number;
    };

export type SimulationListener = (event: SimulationEvent) => void;

/** Told when a listener throws: the error, and the event it was handed. */
export type ListenerErrorHandler = (error: unknown, event: SimulationEvent) => void;

export interface EventLog {
  /** events raised since the start of the tick, in order */
  readonly raised: SimulationEvent[];
  readonly listeners: Set<SimulationListener>;
  readonly onListenerError: ListenerErrorHandler;
}

/** The default report of a throwing listener: the console, which Node and every browser have. */
const reportToConsole: ListenerErrorHandler = (error, event) => {
  (globalThis as { console?: { error(...values: unknown[]): void } }).console?.error(`rts-steer: a listener threw on a "${event.type}" event`, error);
};

export function createEventLog(onListenerError: ListenerErrorHandler = reportToConsole): EventLog {
  return { raised: [], listeners: new Set(), onListenerError };
}

/** Raises an event: it is delivered with the others at the end of the tick. */
export function emit(log: EventLog, event: SimulationEvent): void {
  log.raised.push(event);
}

/**
 * Hands this tick's events to every listener, in the order they were raised. A listener that
 * throws is reported to `onListenerError` and the delivery goes on: the tick is already done, and
 * one listener's fault must not keep events from the others (nor leave the caller's tick half
 * reported). A handler that throws in turn is not caught.
 */
export function deliver(log: EventLog): void {
  if (log.listeners.size === 0) return;
  for (const event of log.raised) {
    for (const listener of log.listeners) {
      try {
        listener(event);
      } catch (error) {
        log.onListenerError(error, event);
      }
    }
  }
}
