/**
 * The page's hook for the browser tests, `window.__rts`: typed once here, built by the page
 * (main.ts) and read by test/e2e. It reads the page's state; the few calls that change it
 * (stateHash's run to a tick, loadGame, nudge) do what the page's own controls, or a bug, would.
 */
import type { OverlayCounts } from '../render/view';
import type { ScenarioChoice } from './session';
import type { LockstepStatus } from './lockstep';

/** One unit as the tests see it. */
export interface HookUnit {
  id: number;
  /** metres */
  x: number;
  y: number;
  team: number;
  /** whether it has a move order */
  moving: boolean;
  /** m/s */
  speed: number;
  /** metres: the unit's own slot while it has a move order */
  slot: { x: number; y: number } | null;
}

export interface PageHook {
  /** ticks run since the scenario was loaded */
  tick(): number;
  avoidance(): string;
  choice(): ScenarioChoice;
  units(): HookUnit[];
  /** selected unit ids, ascending */
  selected(): number[];
  /** the units where the mouse finds them this frame: as drawn, interpolated one snapshot behind
   * the worker (what a drag box or a click selects), which can lag `units()` by a few ticks */
  selectable(): Array<{ id: number; x: number; y: number }>;
  /** screen pixels (CSS) of a world point, for the tests' mouse */
  toScreen(x: number, y: number): { x: number; y: number };
  overlayCounts(): OverlayCounts;
  /** the scenario's start positions, in file order */
  startPositions(): Array<{ x: number; y: number }>;
  paused(): boolean;
  metrics(): { collisions: number; arrived: number };
  /** the threads the simulation senses on, the share of the units a sense thread sensed (as of the
   * latest snapshot), and whether the page is cross-origin isolated */
  workers(): { workers: number; threadShare: number; isolated: boolean };
  /** the scenario editor's draft, or null when it is closed: the tool, the units, the obstacles' types, the units with a goal */
  editor(): { tool: string; units: number; obstacles: string[]; goals: number } | null;
  /** the replay being played back, or null: seconds into it, its length, whether it plays, and
   * the trace frame drawn */
  replay(): { time: number; duration: number; playing: boolean; frame: number } | null;
  /** main-thread milliseconds of every frame since the last call (drawing, input and pixi's
   * render), and forgets them */
  frameCosts(): number[];
  /** the worker's `stateHash` of its simulation, with its tick; with `atTick`, after running
   * straight on to that tick (off the clock) */
  stateHash(atTick?: number): Promise<{ tick: number; hash: string }>;
  /** the game as it stands, as the text of the file "save game" downloads */
  saveGame(): Promise<string>;
  /** goes on with a saved game's text, as "load game…" does with a file */
  loadGame(text: string): void;
  /** the commands given since the scenario began, as the text "download command log" saves */
  commandLog(): Promise<string>;
  /** the lockstep the page plays in, as its worker last told it; null when it plays alone */
  lockstep(): LockstepStatus | null;
  /** changes this page's simulation alone (its first unit walks to the middle of the world), as
   * a bug would: what a lockstep check must catch */
  nudge(): void;
}

/** The page's window as the tests see it. */
export type HookedWindow = Window & { __rts: PageHook };
