/**
 * The starter's game state and constants, shared by its rules (game.ts, orders.ts, enemy.ts).
 */
import type { ObstacleDef, QueuedOrderView, SimulationEvent } from 'rts-steer';
import type { Battlefield } from './combat';
import type { Barracks, Base } from './production';

export const PLAYER = 0;
export const ENEMY = 1;
export const TICKS_PER_SECOND = 60;

export const MAP = { width: 160, height: 100 } as const;
/** the headquarters' centres */
export const PLAYER_BASE = { x: 22, y: 50 } as const;
export const ENEMY_BASE = { x: 138, y: 50 } as const;

/** What an order given through the game is, by its engine id (a follow is an `attack`). */
export type OrderKind = 'move' | 'attack-move' | 'hold' | 'patrol' | 'attack';

/** A soldier running at an enemy, and what it goes back to once the enemy is dead or far. */
export interface Chase {
  readonly enemyId: number;
  /** the attack-move it left (walked again afterwards) or, for a unit that stood, where it stood */
  readonly back: { readonly orderId: number; readonly target: { readonly x: number; readonly y: number }; readonly queued: readonly QueuedOrderView[] };
}

export interface Game extends Battlefield, Barracks {
  readonly obstacles: readonly ObstacleDef[];
  /** by team */
  readonly bases: readonly Base[];
  /** what each order given through the game is, by its engine id */
  readonly orderKinds: Map<number, OrderKind>;
  /** per unit told to attack an enemy (a follow), or chasing one on its own: whom */
  readonly targets: Map<number, { readonly enemyId: number; readonly chase: Chase | null }>;
  /** the targets of the moves given (for chases to go back to), by order id */
  readonly orderTargets: Map<number, { readonly x: number; readonly y: number }>;
  /** control groups 1 to 9 (index 0 unused) */
  readonly controlGroups: number[][];
  /** the engine's events of the last tick */
  readonly events: SimulationEvent[];
  /** whether the enemy trains units and sends attack waves */
  enemyAttacks: boolean;
  /** the tick of the enemy's next wave */
  nextWave: number;
  /** the team whose headquarters still stands once the other's has fallen */
  winner: number | null;
}
