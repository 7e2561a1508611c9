/**
 * Builds the page's read-only hook for the browser tests (`window.__rts`, typed in hook.ts) from
 * the page's state: it reads, and never changes anything but asking the worker for a state hash.
 */
import { U_MOVING, U_TARGET_X, U_TARGET_Y, U_TEAM, U_VX, U_VY, U_X, U_Y, UNIT_STRIDE } from '../render/snapshot';
import type { EditorControls } from './editor-controls';
import type { HookUnit, PageHook } from './hook';
import { type PageState, selectableUnits } from './page';
import type { ReplayControls } from './replay-controls';

export interface HookParts {
  readonly editor: EditorControls;
  readonly replay: ReplayControls;
  /** the main-thread milliseconds of the frames since the last call */
  readonly frameCosts: () => number[];
  /** asks the worker for the state hash (after `atTick` ticks) */
  readonly stateHash: (atTick?: number) => Promise<{ tick: number; hash: string }>;
  readonly saveGame: () => Promise<string>;
  readonly loadGame: (text: string) => void;
  readonly commandLog: () => Promise<string>;
  readonly nudge: () => void;
}

export function createPageHook(page: PageState, parts: HookParts): PageHook {
  const { editor, replay } = parts;
  return {
    tick: () => page.latest?.tick ?? 0,
    avoidance: () => page.settings.avoidance,
    choice: () => ({ ...(page.loaded?.choice ?? page.firstChoice) }),
    units: () => hookUnits(page),
    selected: () => [...page.selected].sort((a, b) => a - b),
    selectable: () => selectableUnits(page).map((unit) => ({ id: unit.id, x: unit.position.x, y: unit.position.y })),
    toScreen: (x, y) => {
      const point = page.view === null ? { x: 0, y: 0 } : page.view.world.toGlobal({ x, y });
      return { x: point.x, y: point.y };
    },
    overlayCounts: () => ({ ...(page.view?.counts ?? { routes: 0, rays: 0, forces: 0, sides: 0, velocity: 0, blocks: 0, selected: 0, markers: 0 }) }),
    startPositions: () => page.loaded?.startPositions.map((point) => ({ ...point })) ?? [],
    paused: () => page.paused,
    metrics: () => ({ collisions: page.latest?.collisions ?? 0, arrived: page.latest?.arrived ?? 0 }),
    workers: () => ({ workers: page.latest?.workers ?? 1, threadShare: page.latest?.threadShare ?? 0, isolated: window.crossOriginIsolated }),
    editor: () => {
      const draft = editor.draft;
      return draft === null ? null : { tool: editor.tool, units: draft.units.length, obstacles: draft.obstacles.map((shape) => shape.type), goals: draft.units.filter((unit) => unit.goal !== null).length };
    },
    replay: () => (replay.replay === null ? null : { time: replay.time, duration: replay.replay.duration, playing: replay.playing, frame: page.latest?.tick ?? 0 }),
    frameCosts: parts.frameCosts,
    stateHash: parts.stateHash,
    saveGame: parts.saveGame,
    loadGame: parts.loadGame,
    commandLog: parts.commandLog,
    lockstep: () => (page.lockstep === null ? null : structuredClone(page.lockstep)),
    nudge: parts.nudge,
  };
}

/** The units of the latest snapshot as the tests see them. */
function hookUnits(page: PageState): HookUnit[] {
  if (page.latest === null) return [];
  const { ids, units } = page.latest;
  return Array.from(ids, (id, index): HookUnit => {
    const at = index * UNIT_STRIDE;
    const moving = units[at + U_MOVING] === 1;
    return {
      id,
      x: units[at + U_X]!,
      y: units[at + U_Y]!,
      team: units[at + U_TEAM]!,
      moving,
      speed: Math.hypot(units[at + U_VX]!, units[at + U_VY]!),
      slot: moving ? { x: units[at + U_TARGET_X]!, y: units[at + U_TARGET_Y]! } : null,
    };
  });
}
