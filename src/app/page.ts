/**
 * The demo page's state on the main thread, and what changes it as the worker's messages come in:
 * the scenario the worker runs, the two latest snapshots it sent (drawn interpolated between), the
 * view drawing them and the camera framing it. main.ts wires the page together; this module,
 * frame.ts (the drawing loop) and page-hook.ts (the tests' hook) share this state.
 */
import type { Application } from 'pixi.js';
import type { Viewport } from 'pixi-viewport';
import type { ObstacleShape } from '../math/shapes';
import { type Snapshot, U_RADIUS, U_X, U_Y, UNIT_STRIDE } from '../render/snapshot';
import { type OrderMarker, type Overlays, type SimulationView, createSimulationView } from '../render/view';
import { renderLegend } from './legend';
import type { PageMessage, WorkerMessage } from './protocol';
import type { LockstepStatus } from './lockstep';
import type { SelectableUnit } from './selection';
import { type LockstepSetup, type ScenarioChoice, teamSizes } from './session';
import type { PageSettings } from './url';

/** screen pixels the panel takes on the right (lil-gui's default width plus its margin) */
const PANEL_WIDTH = 265;
export const OVERLAY_KEYS = ['routes', 'rays', 'forces', 'sides', 'velocity', 'blocks'] as const satisfies ReadonlyArray<keyof Overlays>;

/** What the page knows of the scenario the worker runs (or of the world a replay or draft shows). */
export type Loaded = Omit<Extract<WorkerMessage, { type: 'loaded' }>, 'type'>;

export interface PageState {
  readonly app: Application;
  readonly viewport: Viewport;
  readonly send: (message: PageMessage) => void;
  /** the scenario the page opened with (and falls back to) */
  readonly firstChoice: ScenarioChoice;
  readonly settings: PageSettings;
  readonly overlays: Overlays;
  /** the move orders' markers, fading */
  readonly markers: OrderMarker[];
  readonly selected: Set<number>;
  loaded: Loaded | null;
  /** a scenario the worker has loaded whose first snapshot has not come yet */
  loading: Loaded | null;
  view: SimulationView | null;
  /** the two latest snapshots, and when the latest came (ms, performance.now) */
  previous: Snapshot | null;
  latest: Snapshot | null;
  latestAt: number;
  /** ms between the last two snapshots that advanced the clock (what interpolation spreads over) */
  interval: number;
  obstacles: readonly ObstacleShape[];
  /** the clock as last asked for: the worker applies messages in order, so this is its clock
   * for everything the page asks after (its snapshots confirm it a moment later) */
  paused: boolean;
  speed: number;
  /** threads the simulation senses on (`workers=`; the panel's "sense threads") */
  workers: number;
  /** when the last second's snapshots came and their ticks (ticks simulated per real second) */
  readonly tickTimes: Array<{ at: number; tick: number }>;
  /** the worker's last error, kept on the HUD until the next load */
  workerError: string | null;
  /** the lockstep the page plays in (the URL's `lockstep=`), as the worker last told it */
  lockstep: LockstepStatus | null;
  /** the lockstep the URL asks for, joined at every load (every player must load the same) */
  readonly lockstepSetup: LockstepSetup | undefined;
  /** the overlays the legend shows, as a key ('10100'), to redraw it only when they change */
  legendKey: string;
  /** what else the page does once a scenario the worker loaded is shown (main.ts) */
  onShown: (() => void) | null;
}

/** A snapshot from the worker: the latest, and the one before it when the clock moved on. */
export function receiveSnapshot(page: PageState, snapshot: Snapshot): void {
  const now = performance.now();
  // a newly loaded scenario is shown with its first snapshot, so the page never shows a
  // scenario without its units
  if (page.loading !== null) showLoaded(page, page.loading);
  if (snapshot.obstacles !== null) page.obstacles = snapshot.obstacles;
  if (page.latest !== null && snapshot.tick > page.latest.tick) {
    page.interval = Math.min(250, Math.max(1, now - page.latestAt));
    page.previous = page.latest;
  } else {
    // the same tick again (new overlays while paused) or a new run: nothing to move between
    page.previous = null;
  }
  page.latest = snapshot;
  page.latestAt = now;
  page.tickTimes.push({ at: now, tick: snapshot.tick });
  while (page.tickTimes.length > 1 && now - page.tickTimes[0]!.at > 1000) page.tickTimes.shift();
}

/** Shows the scenario the worker loaded: a new view of its world, framed, nothing selected. */
function showLoaded(page: PageState, message: Loaded): void {
  page.loading = null;
  page.loaded = message;
  showWorld(page, message.world);
  page.onShown?.();
}

/** Shows a world that is not the worker's (a replay, a draft): a new view, framed. */
export function showOwnWorld(page: PageState, world: { width: number; height: number }, description: string, units: ReadonlyArray<{ x: number; y: number; team: number }>): void {
  page.loaded = {
    choice: page.loaded?.choice ?? page.firstChoice,
    world: { ...world },
    description,
    startPositions: units.map((unit) => ({ x: unit.x, y: unit.y })),
    units: units.length,
    teams: teamSizes(units),
  };
  showWorld(page, page.loaded.world);
  showLegend(page);
}

/** A new view of `world`, no snapshots yet, nothing selected, the camera on the whole world. */
function showWorld(page: PageState, world: { width: number; height: number }): void {
  page.selected.clear();
  page.markers.length = 0;
  page.view?.destroy();
  page.view = createSimulationView(page.viewport, page.app.renderer, world);
  page.previous = null;
  page.latest = null;
  page.tickTimes.length = 0;
  page.viewport.resize(page.app.screen.width, page.app.screen.height, world.width, world.height);
  frameWorld(page);
}

/** Zooms and centres the camera on the whole world, in the part of the screen the panel leaves. */
export function frameWorld(page: PageState): void {
  if (page.loaded === null) return;
  const { width, height } = page.loaded.world;
  const free = Math.max(100, page.app.screen.width - PANEL_WIDTH);
  const scale = Math.min(free / (width * 1.06), page.app.screen.height / (height * 1.12));
  page.viewport.setZoom(scale, true);
  page.viewport.moveCenter(width / 2 + PANEL_WIDTH / 2 / scale, height / 2);
}

/** The key of the overlays switched on ('10100'), which the legend explains. */
export function overlayKey(overlays: Overlays): string {
  return OVERLAY_KEYS.map((key) => (overlays[key] ? '1' : '0')).join('');
}

/** Writes the legend: the scenario's description, its teams, and the overlays switched on. */
export function showLegend(page: PageState): void {
  page.legendKey = overlayKey(page.overlays);
  const about = document.getElementById('about');
  if (about !== null && page.loaded !== null) renderLegend(about, { description: page.loaded.description, teams: page.loaded.teams, overlays: page.overlays });
}

/** Keeps the worker's error on the HUD (every frame rewrites it) until the next load. */
export function showError(page: PageState, text: string): void {
  console.error(text);
  page.workerError = text;
  const hud = document.getElementById('hud');
  if (hud !== null) hud.textContent = `error: ${text}`;
}

const _page_selectable: SelectableUnit[] = [];

/** Units as the selection reads them: where they are drawn (where the worker last put them
 * before the first frame). The entries are reused from call to call. */
export function selectableUnits(page: PageState): readonly SelectableUnit[] {
  const { latest, view } = page;
  if (latest === null || view === null) return [];
  const { ids, units } = latest;
  const drawn = view.drawnPositions();
  const positions = drawn.length === 2 * ids.length ? drawn : null;
  const selectable = _page_selectable;
  while (selectable.length < ids.length) selectable.push({ id: 0, position: { x: 0, y: 0 }, radius: 0 });
  selectable.length = ids.length;
  for (let index = 0; index < ids.length; index++) {
    const at = index * UNIT_STRIDE;
    const entry = selectable[index] as { id: number; position: { x: number; y: number }; radius: number };
    entry.id = ids[index]!;
    entry.position.x = positions === null ? units[at + U_X]! : positions[2 * index]!;
    entry.position.y = positions === null ? units[at + U_Y]! : positions[2 * index + 1]!;
    entry.radius = units[at + U_RADIUS]!;
  }
  return selectable;
}
