/**
 * The page's drawing loop, run by pixi's ticker every frame: the order markers fade, the keys pan
 * the camera, a draft or a replay takes the place of the worker's snapshots while one is open, and
 * the view draws the latest snapshots (interpolated one snapshot interval behind the worker), with
 * the HUD under it. It also times the main thread's share of each frame.
 */
import { type Graphics, type Ticker, UPDATE_PRIORITY } from 'pixi.js';
import type { ObstacleShape } from '../math/shapes';
import { type Frame, MARKER_LIFETIME } from '../render/view';
import { type EditorControls, draftSnapshot } from './editor-controls';
import { hudText, lockstepText } from './hud';
import { type InputTarget, panWithKeys } from './input';
import { type PageState, overlayKey, showLegend } from './page';
import { type Replay, trailsAt } from './replay';
import type { ReplayControls } from './replay-controls';
import { teamSizes } from './session';
import { teamColour } from './legend';

/** frame costs kept for the hook between two reads */
const MAX_FRAME_COSTS = 10_000;

/** What the loop draws with, beside the page's state. */
export interface FrameParts {
  readonly input: InputTarget;
  /** the keys held down (attachKeys), which pan the camera */
  readonly held: ReadonlySet<string>;
  readonly editor: EditorControls;
  readonly replay: ReplayControls;
  /** sends the worker the overlays and the selection when they changed */
  readonly sendView: () => void;
  /** the draft's goals and the shape being made, while editing; each unit's last seconds of path
   * while a replay plays */
  readonly layers: { guides: Graphics | null; trails: Graphics | null; drawnVersion: number };
}

/** Starts the loop; returns the main-thread milliseconds of the frames since the last call. */
export function startFrames(page: PageState, parts: FrameParts): () => number[] {
  const hud = document.getElementById('hud')!;
  let frameMs = 0;
  let frameStart = 0;
  const frameCosts: number[] = [];
  page.app.ticker.add((ticker) => {
    frameStart = performance.now();
    drawFrame(page, parts, ticker, hud, frameStart, frameMs);
  });
  // after pixi's own render (UPDATE_PRIORITY.LOW): the frame's whole cost on this thread
  page.app.ticker.add(
    () => {
      frameMs = performance.now() - frameStart;
      if (frameCosts.length < MAX_FRAME_COSTS) frameCosts.push(frameMs);
    },
    undefined,
    UPDATE_PRIORITY.UTILITY,
  );
  return () => frameCosts.splice(0);
}

function drawFrame(page: PageState, parts: FrameParts, ticker: Ticker, hud: HTMLElement, frameStart: number, frameMs: number): void {
  const seconds = ticker.deltaMS / 1000;
  for (const marker of page.markers) marker.age += seconds;
  while (page.markers.length > 0 && page.markers[0]!.age > MARKER_LIFETIME) page.markers.shift();
  panWithKeys(page.viewport, parts.held, seconds);
  showDraft(page, parts);
  showReplay(page, parts, seconds);
  parts.sendView();
  if (overlayKey(page.overlays) !== page.legendKey) showLegend(page);
  const { view, latest, previous } = page;
  if (view === null || latest === null) return;
  // drawn one snapshot interval behind the worker, moving evenly from the previous to the latest
  const alpha = previous === null ? 1 : Math.min(1, (frameStart - page.latestAt) / page.interval);
  const frame: Frame = { previous, latest, alpha, obstacles: page.obstacles };
  const { input } = parts;
  view.update(frame, { selected: input.selected, selectionBox: input.selectionBox, markers: page.markers, facingDrag: input.facingDrag });
  const first = page.tickTimes[0];
  const last = page.tickTimes[page.tickTimes.length - 1];
  const span = first !== undefined && last !== undefined ? (last.at - first.at) / 1000 : 0;
  const replay = parts.replay.replay;
  hud.textContent =
    (page.workerError === null ? '' : `error: ${page.workerError}\n`) +
    hudText(latest, {
      name: replay !== null ? `replay: ${replay.scenario.name}` : (page.loaded?.choice.name ?? ''),
      fps: ticker.FPS,
      frameMs,
      ticksPerSecond: span > 0 ? (last!.tick - first!.tick) / span : 0,
      selected: input.selected.size,
    }) +
    (page.lockstep === null || replay !== null ? '' : `\n${lockstepText(page.lockstep)}`);
}

/** While the editor is open: its draft as the snapshot, redrawn when it changed, and its guides. */
function showDraft(page: PageState, parts: FrameParts): void {
  const draft = parts.editor.draft;
  if (draft === null) return;
  if (parts.editor.version !== parts.layers.drawnVersion) {
    parts.layers.drawnVersion = parts.editor.version;
    page.latest = draftSnapshot(draft, parts.layers.drawnVersion);
    page.obstacles = page.latest.obstacles ?? [];
    page.previous = null;
    if (page.loaded !== null) {
      page.loaded.teams = teamSizes(draft.units);
      page.loaded.units = draft.units.length;
      showLegend(page);
    }
  }
  if (parts.layers.guides !== null) parts.editor.drawGuides(parts.layers.guides);
}

/** While a replay plays: its frame as the snapshot, and each unit's trail. */
function showReplay(page: PageState, parts: FrameParts, seconds: number): void {
  const replay = parts.replay.replay;
  if (replay === null) return;
  const snapshot = parts.replay.advance(seconds, page.speed);
  if (snapshot === null || snapshot === page.latest) return;
  if (snapshot.obstacles !== null && !sameShapes(snapshot.obstacles, page.obstacles)) page.obstacles = snapshot.obstacles;
  page.latest = snapshot;
  page.previous = null;
  if (parts.layers.trails !== null) drawTrails(parts.layers.trails, replay, snapshot.tick);
}

/** Draws every unit's last three seconds of path, in its team's colour. */
function drawTrails(trails: Graphics, replay: Replay, frame: number): void {
  trails.clear();
  const { points, ends } = trailsAt(replay, frame, 3);
  let start = 0;
  replay.scenario.units.forEach((unit, index) => {
    const end = ends[index]!;
    if (end - start >= 4) {
      trails.moveTo(points[start]!, points[start + 1]!);
      for (let at = start + 2; at < end; at += 2) trails.lineTo(points[at]!, points[at + 1]!);
      trails.stroke({ width: 0.06, color: teamColour(unit.team), alpha: 0.5 });
    }
    start = end;
  });
}

/** Whether two obstacle lists hold the same shapes (the replay's list is remade with each frame). */
function sameShapes(a: readonly ObstacleShape[], b: readonly ObstacleShape[]): boolean {
  return a.length === b.length && a.every((shape, index) => shape === b[index]);
}
