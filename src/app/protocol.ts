/**
 * The messages between the page (main.ts: drawing and input) and its simulation worker
 * (worker.ts: the scenario, the clock, the ticks). Plain data only.
 */
import type { ObstacleShape } from '../math/shapes';
import type { Order } from '../orders/orders';
import type { SteeringOverrides } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';
import type { SavedGame, ScenarioChoice, SessionSetup } from './session';
import type { SteeringConfig } from '../steering/config';
import type { LockstepStatus } from './lockstep';
import type { OverlayRequest, Snapshot } from '../render/snapshot';

/** The page asks the worker. */
export type PageMessage =
  | (SessionSetup & {
      type: 'load';
      /** the clock to start with (the page keeps it across loads) */
      paused: boolean;
      speed: number;
      /** threads the sense phase and the avoidance choice run on (the page keeps it across loads) */
      workers: number;
    })
  | { type: 'order'; order: Order }
  | { type: 'clock'; paused?: boolean; speed?: number }
  | { type: 'step' }
  | { type: 'avoidance'; name: AvoidanceName }
  | { type: 'response'; response: CollisionResponse }
  | { type: 'tune'; changes: SteeringOverrides }
  | { type: 'max-acceleration'; value: number }
  /** threads the sense phase and the avoidance choice run on from now (a setting of this page, not a command: the other
   * pages of a lockstep need not share it, the results are the same) */
  | { type: 'workers'; count: number }
  | { type: 'view'; request: OverlayRequest }
  /** the state hash now, or (atTick) after running straight on to that tick */
  | { type: 'hash'; requestId: number; atTick?: number }
  /** the commands given since the scenario began, as a command log (answered by 'command-log') */
  | { type: 'command-log'; requestId: number }
  /** changes this page's simulation alone (its first unit walks to the middle of the world), as a
   * bug would: what a lockstep check must catch (for tests and demonstrations) */
  | { type: 'nudge' }
  /** the game as it stands, to download (answered by 'game') */
  | { type: 'save-game'; requestId: number }
  /** a saved game to go on with, in place of the scenario shown */
  | { type: 'load-game'; game: SavedGame; paused: boolean; speed: number; workers: number };

/** The worker tells the page. */
export type WorkerMessage =
  | {
      type: 'loaded';
      choice: ScenarioChoice;
      world: { width: number; height: number };
      description: string;
      /** the scenario's start positions, in file order */
      startPositions: Array<{ x: number; y: number }>;
      /** total units in the scenario */
      units: number;
      /** units per team, by team number (0 for a team number nobody has) */
      teams: number[];
      /** a saved game's own strategy, response and settings (the panel shows them); absent for
       * a scenario loaded with the page's */
      game?: { avoidance: AvoidanceName; response: CollisionResponse; config: SteeringConfig };
    }
  | { type: 'snapshot'; snapshot: Snapshot }
  | { type: 'hash'; requestId: number; tick: number; hash: string }
  | { type: 'game'; requestId: number; game: SavedGame }
  | { type: 'command-log'; requestId: number; text: string }
  /** the lockstep's state: after every hash compared, and when it starts */
  | { type: 'lockstep'; status: LockstepStatus }
  | { type: 'error'; message: string };

export type { ObstacleShape };
