/**
 * The demo page: a built-in scenario run by a Web Worker (worker.ts) that ticks it in real time
 * and sends snapshots (snapshot.ts); this thread only draws them with pixi.js under a
 * pixi-viewport camera, handles RTS selection and move orders (input.ts), a lil-gui panel
 * (panel.ts) and a HUD (hud.ts). Everything it changes goes to the worker as a message
 * (protocol.ts), so the frame rate does not depend on what the simulation costs. A recorded run
 * (a scenario file and its trace) can be played back instead (replay-controls.ts), and a
 * scenario edited, saved, loaded and run (editor-controls.ts).
 */
import { Application, Graphics, UPDATE_PRIORITY } from 'pixi.js';
import { Viewport } from 'pixi-viewport';
import type { ObstacleShape } from '../math/shapes';
import type { Order } from '../orders/orders';
import { type Frame, MARKER_LIFETIME, type OrderMarker, type Overlays, type SimulationView, createSimulationView } from '../render/view';
import { DEFAULT_SIMULATION, DEFAULT_UNIT } from '../sim/defaults';
import { DEFAULT_STEERING_CONFIG, type SteeringConfig, type SteeringOverrides, resolveSteeringConfig } from '../steering/config';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import type { HookUnit, HookedWindow, PageHook } from './hook';
import { hudText } from './hud';
import { renderLegend, teamColour } from './legend';
import { type Replay, trailsAt } from './replay';
import { createReplayControls } from './replay-controls';
import { createEditorControls, draftSnapshot } from './editor-controls';
import type { Draft } from './editor';
import { buildBuiltInScenario } from '../scenarios/builtins';
import { parseScenario } from '../scenarios/schema';
import { type InputTarget, attachKeys, attachPointer, panWithKeys } from './input';
import { createPanel } from './panel';
import type { PageMessage, WorkerMessage } from './protocol';
import type { SelectableUnit } from './selection';
import { type ScenarioChoice, choiceFromQuery, choiceToQuery, teamSizes } from './session';
import { type Snapshot, U_MOVING, U_RADIUS, U_TARGET_X, U_TARGET_Y, U_TEAM, U_VX, U_VY, U_X, U_Y, UNIT_STRIDE } from '../render/snapshot';

const DEFAULT_CHOICE: ScenarioChoice = { name: 'head-on', seed: 1 };
/** screen pixels the panel takes on the right (lil-gui's default width plus its margin) */
const PANEL_WIDTH = 265;
const OVERLAY_KEYS = ['routes', 'rays', 'forces', 'sides', 'velocity', 'blocks'] as const satisfies ReadonlyArray<keyof Overlays>;
/** frame costs kept for the hook between two reads */
const MAX_FRAME_COSTS = 10_000;

/** What the page knows of the scenario the worker runs. */
type Loaded = Omit<Extract<WorkerMessage, { type: 'loaded' }>, 'type'>;

async function start(): Promise<void> {
  const app = new Application();
  await app.init({ resizeTo: window, background: 0x14171c, antialias: true });
  document.body.appendChild(app.canvas);
  app.canvas.addEventListener('contextmenu', (event) => event.preventDefault());

  const viewport = new Viewport({ screenWidth: app.screen.width, screenHeight: app.screen.height, events: app.renderer.events });
  viewport.drag({ mouseButtons: 'middle' }).wheel().pinch().clampZoom({ minScale: 2, maxScale: 200 });
  app.stage.addChild(viewport);
  app.renderer.on('resize', (width: number, height: number) => viewport.resize(width, height));

  const { choice: firstChoice, ignored } = choiceFromQuery(window.location.search, DEFAULT_CHOICE);
  for (const reason of ignored) console.warn(`URL ${reason}; using the default`);
  const settings = settingsFromQuery(window.location.search);
  const urlTuning = tuningFromQuery(window.location.search);
  for (const reason of urlTuning.ignored) console.warn(`URL ${reason}; using the default`);

  const overlays: Overlays = { routes: true, rays: false, forces: false, sides: false, velocity: false, blocks: false };
  const markers: OrderMarker[] = [];
  let loaded: Loaded | null = null;
  /** a scenario the worker has loaded whose first snapshot has not come yet */
  let loading: Loaded | null = null;
  let view: SimulationView | null = null;
  /** the two latest snapshots, and when the latest came (ms, performance.now) */
  let previous: Snapshot | null = null;
  let latest: Snapshot | null = null;
  let latestAt = 0;
  /** ms between the last two snapshots that advanced the clock (what interpolation spreads over) */
  let interval = 1000 / 60;
  let obstacles: readonly ObstacleShape[] = [];
  /** the clock as last asked for: the worker applies messages in order, so this is its clock
   * for everything the page asks after (its snapshots confirm it a moment later) */
  let paused = false;
  let speed = 1;
  /** ticks simulated per real second, over the last second */
  const tickTimes: Array<{ at: number; tick: number }> = [];

  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const send = (message: PageMessage): void => worker.postMessage(message);
  const hashes = new Map<number, (value: { tick: number; hash: string }) => void>();
  let nextHashRequest = 1;

  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    if (message.type === 'loaded') onLoaded(message);
    else if (message.type === 'snapshot') onSnapshot(message.snapshot);
    else if (message.type === 'hash') {
      hashes.get(message.requestId)?.({ tick: message.tick, hash: message.hash });
      hashes.delete(message.requestId);
    } else showError(message.message);
  };
  worker.onerror = (event) => showError(event.message);

  function onSnapshot(snapshot: Snapshot): void {
    if (replayControls.replay !== null || editorControls.draft !== null) return; // the worker is paused behind them
    const now = performance.now();
    // a newly loaded scenario is shown with its first snapshot, so the page never shows a
    // scenario without its units
    if (loading !== null) showLoaded(loading);
    if (snapshot.obstacles !== null) obstacles = snapshot.obstacles;
    if (latest !== null && snapshot.tick > latest.tick) {
      interval = Math.min(250, Math.max(1, now - latestAt));
      previous = latest;
    } else {
      // the same tick again (new overlays while paused) or a new run: nothing to move between
      previous = null;
    }
    latest = snapshot;
    latestAt = now;
    tickTimes.push({ at: now, tick: snapshot.tick });
    while (tickTimes.length > 1 && now - tickTimes[0]!.at > 1000) tickTimes.shift();
  }

  function onLoaded(message: Loaded): void {
    loading = message;
  }

  function showLoaded(message: Loaded): void {
    loading = null;
    loaded = message;
    view?.destroy();
    view = createSimulationView(viewport, app.renderer, message.world);
    previous = null;
    latest = null;
    tickTimes.length = 0;
    input.selected.clear();
    markers.length = 0;
    viewport.resize(app.screen.width, app.screen.height, message.world.width, message.world.height);
    frameWorld();
    writeUrl();
    panel.show({ choice: message.choice, units: message.units, paused, speed });
    sendView();
    showLegend();
    (window as unknown as HookedWindow).__rts = hook;
  }

  /** the worker's last error, kept on the HUD (every frame rewrites it) until the next load */
  let workerError: string | null = null;
  function showError(text: string): void {
    console.error(text);
    workerError = text;
    const hud = document.getElementById('hud');
    if (hud !== null) hud.textContent = `error: ${text}`;
  }

  /** Units as the selection reads them: where they are drawn (where the worker last put them
   * before the first frame). */
  let selectable: SelectableUnit[] = [];
  function selectableUnits(): readonly SelectableUnit[] {
    if (latest === null || view === null) return [];
    const { ids, units } = latest;
    const drawn = view.drawnPositions();
    const positions = drawn.length === 2 * ids.length ? drawn : null;
    if (selectable.length !== ids.length) selectable = Array.from(ids, (id) => ({ id, position: { x: 0, y: 0 }, radius: 0 }));
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

  // --- input ----------------------------------------------------------------------------------

  function order(next: Order): void {
    send({ type: 'order', order: next });
  }

  const input: InputTarget = {
    tool: null,
    selected: new Set<number>(),
    selectionBox: null,
    facingDrag: null,
    toWorld: (screen) => (view === null ? { x: 0, y: 0 } : view.world.toLocal(screen)),
    units: selectableUnits,
    move(x, y, facing) {
      if (input.selected.size === 0 || replayControls.replay !== null) return;
      order({ kind: 'move', unitIds: [...input.selected], target: { x, y }, ...(facing === undefined ? {} : { facing }) });
      markers.push({ x, y, age: 0 });
    },
    stop: () => order({ kind: 'stop', unitIds: [...input.selected] }),
    togglePause() {
      if (replayControls.replay !== null) {
        replayControls.togglePlaying();
        return;
      }
      setPaused(!paused);
      showPanel();
    },
    stepOnce,
    restart: () => load(loaded?.choice ?? firstChoice),
  };
  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  attachPointer(app.stage, input);
  const held = attachKeys(input);

  function setPaused(value: boolean): void {
    paused = value;
    send({ type: 'clock', paused: value });
  }

  function stepOnce(): void {
    paused = true;
    send({ type: 'step' });
    showPanel();
  }

  function showPanel(): void {
    if (loaded !== null) panel.show({ choice: loaded.choice, units: loaded.units, paused, speed });
  }

  /** Tells the worker which overlays to build, and for which units, when that changed since it
   * was last told (checked every frame without allocating: the selection is a Set the input
   * changes in place). */
  const sentOverlays: Overlays = { ...overlays };
  const sentSelection = new Set<number>();
  let viewSent = false;
  function sendView(): void {
    if (viewSent && OVERLAY_KEYS.every((key) => sentOverlays[key] === overlays[key]) && sameSelection()) return;
    viewSent = true;
    Object.assign(sentOverlays, overlays);
    sentSelection.clear();
    for (const id of input.selected) sentSelection.add(id);
    send({ type: 'view', request: { ...overlays, selected: [...input.selected].sort((a, b) => a - b) } });
  }

  function sameSelection(): boolean {
    if (sentSelection.size !== input.selected.size) return false;
    for (const id of input.selected) if (!sentSelection.has(id)) return false;
    return true;
  }

  // --- scenario and panel ---------------------------------------------------------------------

  function load(choice: ScenarioChoice): void {
    if (replayControls.replay !== null) {
      closingReplayToLoad = true;
      replayControls.close();
      closingReplayToLoad = false;
    }
    if (editorControls.draft !== null) {
      closingEditorToLoad = true;
      editorControls.close();
      closingEditorToLoad = false;
    }
    viewSent = false;
    workerError = null;
    send({ type: 'load', choice, settings: { ...settings }, tuning: { ...panel.tuning }, maxAcceleration: panel.maxAcceleration, paused, speed });
  }

  /** The URL keeps the scenario choice, and the strategy and response when not the defaults. */
  function writeUrl(): void {
    if (loaded === null) return;
    let query = choiceToQuery(loaded.choice);
    if (settings.avoidance !== DEFAULT_SIMULATION.avoidance) query += `&avoidance=${settings.avoidance}`;
    if (settings.response !== DEFAULT_SIMULATION.response) query += `&response=${settings.response}`;
    const changed = changedTuning(panel.tuning);
    if (Object.keys(changed).length > 0) query += `&tune=${encodeURIComponent(JSON.stringify(changed))}`;
    if (panel.maxAcceleration !== DEFAULT_UNIT.maxAcceleration) query += `&accel=${panel.maxAcceleration}`;
    if (query.startsWith('?&')) query = `?${query.slice(2)}`;
    window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  }

  /** Zooms and centres the camera on the whole world, in the part of the screen the panel leaves. */
  function frameWorld(): void {
    if (loaded === null) return;
    const { width, height } = loaded.world;
    const free = Math.max(100, app.screen.width - PANEL_WIDTH);
    const scale = Math.min(free / (width * 1.06), app.screen.height / (height * 1.12));
    viewport.setZoom(scale, true);
    viewport.moveCenter(width / 2 + PANEL_WIDTH / 2 / scale, height / 2);
  }

  // --- replay: a recorded run drawn instead of the worker's -----------------------------------

  /** the worker's clock when the replay opened (it is paused while one plays) */
  let pausedBeforeReplay = false;
  let closingReplayToLoad = false;
  /** each unit's last seconds of path while a replay plays */
  let trails: Graphics | null = null;
  const replayControls = createReplayControls({
    started(replay, title) {
      if (editorControls.draft !== null) editorControls.close();
      pausedBeforeReplay = paused;
      setPaused(true);
      showOwnWorld(replay.scenario.world, `${title}. ${replay.scenario.description ?? ''}`.trim(), replay.scenario.units);
      trails = new Graphics();
      view!.world.addChild(trails);
    },
    closed() {
      trails = null;
      setPaused(pausedBeforeReplay);
      if (!closingReplayToLoad) load(loaded?.choice ?? firstChoice);
    },
    failed(message) {
      const about = document.getElementById('about');
      if (about !== null) about.textContent = message;
    },
  });

  // --- the scenario editor: a draft drawn instead of the worker's run -------------------------

  let pausedBeforeEdit = false;
  let closingEditorToLoad = false;
  /** goals and the shape being made, while editing */
  let guides: Graphics | null = null;
  let drawnVersion = -1;
  /** Shows a world that is not the worker's (a replay, a draft): a new view, framed, the worker paused. */
  function showOwnWorld(world: { width: number; height: number }, description: string, units: ReadonlyArray<{ x: number; y: number; team: number }>): void {
    input.selected.clear();
    markers.length = 0;
    loaded = {
      choice: loaded?.choice ?? firstChoice,
      world: { ...world },
      description,
      startPositions: units.map((unit) => ({ x: unit.x, y: unit.y })),
      units: units.length,
      teams: teamSizes(units),
    };
    view?.destroy();
    view = createSimulationView(viewport, app.renderer, loaded.world);
    previous = null;
    latest = null;
    tickTimes.length = 0;
    viewport.resize(app.screen.width, app.screen.height, world.width, world.height);
    frameWorld();
    showLegend();
  }

  function showDraft(draft: Draft): void {
    showOwnWorld(draft.world, `editing ${draft.name}: save it, or run it`, draft.units);
    guides = new Graphics();
    view!.world.addChild(guides);
    drawnVersion = -1;
  }

  const editorControls = createEditorControls({
    opened(draft) {
      pausedBeforeEdit = paused;
      setPaused(true);
      input.tool = editorControls.pointer;
      showDraft(draft);
    },
    resized: showDraft,
    run(file) {
      input.tool = null;
      guides = null;
      setPaused(pausedBeforeEdit);
      load({ name: file.name, seed: file.seed ?? 1, file });
    },
    closed() {
      input.tool = null;
      guides = null;
      setPaused(pausedBeforeEdit);
      if (!closingEditorToLoad) load(loaded?.choice ?? firstChoice);
    },
  });

  /** Opens the editor on the scenario the page shows (a built-in as drawn with its units and seed). */
  function openEditor(): void {
    if (replayControls.replay !== null) replayControls.close();
    const choice = loaded?.choice ?? firstChoice;
    const scenario = choice.file !== undefined ? parseScenario(choice.file, choice.name) : buildBuiltInScenario(choice.name, { ...(choice.units === undefined ? {} : { units: choice.units }), seed: choice.seed });
    editorControls.open(scenario);
  }

  /** Draws every unit's last three seconds of path, in its team's colour. */
  function drawTrails(replay: Replay, frame: number): void {
    if (trails === null) return;
    trails.clear();
    const { points, ends } = trailsAt(replay, frame, 3);
    let start = 0;
    replay.scenario.units.forEach((unit, index) => {
      const end = ends[index]!;
      if (end - start >= 4) {
        trails!.moveTo(points[start]!, points[start + 1]!);
        for (let at = start + 2; at < end; at += 2) trails!.lineTo(points[at]!, points[at + 1]!);
        trails!.stroke({ width: 0.06, color: teamColour(unit.team), alpha: 0.5 });
      }
      start = end;
    });
  }

  const panel = createPanel(firstChoice, settings, resolveSteeringConfig(urlTuning.tuning), urlTuning.maxAcceleration, overlays, {
    load,
    restart: () => load(loaded?.choice ?? firstChoice),
    openReplay: () => replayControls.pick(),
    openEditor,
    setPaused,
    stepOnce,
    setSpeed: (value) => {
      speed = value;
      send({ type: 'clock', speed: value });
    },
    setAvoidance(name) {
      settings.avoidance = name;
      send({ type: 'avoidance', name });
      writeUrl();
    },
    setResponse(response) {
      settings.response = response;
      send({ type: 'response', response });
      writeUrl();
    },
    tune: (changes) => {
      send({ type: 'tune', changes });
      writeUrl();
    },
    setMaxAcceleration: (value) => {
      send({ type: 'max-acceleration', value });
      writeUrl();
    },
  });
  load(firstChoice);

  // --- the loop: draw the latest snapshots --------------------------------------------------

  const hud = document.getElementById('hud')!;
  const about = document.getElementById('about');
  /** the overlays the legend shows, as a key ('10100'), to redraw it only when they change */
  let legendKey = '';
  function showLegend(): void {
    legendKey = OVERLAY_KEYS.map((key) => (overlays[key] ? '1' : '0')).join('');
    if (about !== null && loaded !== null) renderLegend(about, { description: loaded.description, teams: loaded.teams, overlays });
  }
  let frameMs = 0;
  let frameStart = 0;
  /** main-thread milliseconds of each frame since the hook last read them (update and render) */
  const frameCosts: number[] = [];
  app.ticker.add((ticker) => {
    frameStart = performance.now();
    for (const marker of markers) marker.age += ticker.deltaMS / 1000;
    while (markers.length > 0 && markers[0]!.age > MARKER_LIFETIME) markers.shift();
    panWithKeys(viewport, held, ticker.deltaMS / 1000);
    const draft = editorControls.draft;
    if (draft !== null) {
      if (editorControls.version !== drawnVersion) {
        drawnVersion = editorControls.version;
        latest = draftSnapshot(draft, drawnVersion);
        obstacles = latest.obstacles ?? [];
        previous = null;
        if (loaded !== null) {
          loaded.teams = teamSizes(draft.units);
          loaded.units = draft.units.length;
          showLegend();
        }
      }
      if (guides !== null) editorControls.drawGuides(guides);
    }
    const replay = replayControls.replay;
    if (replay !== null) {
      const snapshot = replayControls.advance(ticker.deltaMS / 1000, speed);
      if (snapshot !== null && snapshot !== latest) {
        if (snapshot.obstacles !== null && !sameShapes(snapshot.obstacles, obstacles)) obstacles = snapshot.obstacles;
        latest = snapshot;
        previous = null;
        drawTrails(replay, snapshot.tick);
      }
    }
    sendView();
    if (OVERLAY_KEYS.map((key) => (overlays[key] ? '1' : '0')).join('') !== legendKey) showLegend();
    if (view !== null && latest !== null) {
      // drawn one snapshot interval behind the worker, moving evenly from the previous to the latest
      const alpha = previous === null ? 1 : Math.min(1, (frameStart - latestAt) / interval);
      const frame: Frame = { previous, latest, alpha, obstacles };
      view.update(frame, { selected: input.selected, selectionBox: input.selectionBox, markers, facingDrag: input.facingDrag });
      const first = tickTimes[0];
      const last = tickTimes[tickTimes.length - 1];
      const span = first !== undefined && last !== undefined ? (last.at - first.at) / 1000 : 0;
      hud.textContent = (workerError === null ? '' : `error: ${workerError}\n`) + hudText(latest, {
        name: replayControls.replay !== null ? `replay: ${replayControls.replay.scenario.name}` : (loaded?.choice.name ?? ''),
        fps: ticker.FPS,
        frameMs,
        ticksPerSecond: span > 0 ? (last!.tick - first!.tick) / span : 0,
        selected: input.selected.size,
      });
    }
  });
  // after pixi's own render (UPDATE_PRIORITY.LOW): the frame's whole cost on this thread
  app.ticker.add(
    () => {
      frameMs = performance.now() - frameStart;
      if (frameCosts.length < MAX_FRAME_COSTS) frameCosts.push(frameMs);
    },
    undefined,
    UPDATE_PRIORITY.UTILITY,
  );

  // --- read-only hook for the browser tests ---------------------------------------------------

  const hook: PageHook = {
    tick: () => latest?.tick ?? 0,
    avoidance: () => settings.avoidance,
    choice: () => ({ ...(loaded?.choice ?? firstChoice) }),
    units: () => {
      if (latest === null) return [];
      const { ids, units } = latest;
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
    },
    selected: () => [...input.selected].sort((a, b) => a - b),
    toScreen: (x, y) => {
      const point = view === null ? { x: 0, y: 0 } : view.world.toGlobal({ x, y });
      return { x: point.x, y: point.y };
    },
    overlayCounts: () => ({ ...(view?.counts ?? { routes: 0, rays: 0, forces: 0, sides: 0, velocity: 0, blocks: 0, selected: 0, markers: 0 }) }),
    startPositions: () => loaded?.startPositions.map((point) => ({ ...point })) ?? [],
    paused: () => paused,
    metrics: () => ({ collisions: latest?.collisions ?? 0, arrived: latest?.arrived ?? 0 }),
    editor: () => {
      const draft = editorControls.draft;
      return draft === null ? null : { tool: editorControls.tool, units: draft.units.length, obstacles: draft.obstacles.map((shape) => shape.type), goals: draft.units.filter((unit) => unit.goal !== null).length };
    },
    replay: () =>
      replayControls.replay === null
        ? null
        : { time: replayControls.time, duration: replayControls.replay.duration, playing: replayControls.playing, frame: latest?.tick ?? 0 },
    frameCosts: () => frameCosts.splice(0),
    stateHash: (atTick) =>
      new Promise((resolve) => {
        const requestId = nextHashRequest++;
        hashes.set(requestId, resolve);
        send({ type: 'hash', requestId, ...(atTick === undefined ? {} : { atTick }) });
      }),
  };
}

/** The settings of `tuning` that differ from the defaults (of the situations, those switched off). */
function changedTuning(tuning: SteeringOverrides): SteeringOverrides {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tuning)) {
    if (key === 'situations') {
      const off = Object.entries(value as Record<string, boolean>).filter(([, on]) => !on);
      if (off.length > 0) changed.situations = Object.fromEntries(off);
    } else if (DEFAULT_STEERING_CONFIG[key as keyof SteeringConfig] !== value) {
      changed[key] = value;
    }
  }
  return changed as SteeringOverrides;
}

/** The controller tuning (`tune=` JSON of changed settings) and max acceleration (`accel=`) a URL keeps; defaults for what is missing or wrong, with the reasons. */
function tuningFromQuery(query: string): { tuning: SteeringOverrides; maxAcceleration: number; ignored: string[] } {
  const params = new URLSearchParams(query);
  const ignored: string[] = [];
  let tuning: SteeringOverrides = {};
  const tune = params.get('tune');
  if (tune !== null) {
    try {
      const changes = JSON.parse(tune) as SteeringOverrides;
      resolveSteeringConfig(changes);
      tuning = changes;
    } catch (error) {
      ignored.push(`tune: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let maxAcceleration = DEFAULT_UNIT.maxAcceleration;
  const accel = params.get('accel');
  if (accel !== null) {
    const value = Number(accel);
    if (Number.isFinite(value) && value >= 1 && value <= 60) maxAcceleration = value;
    else ignored.push(`accel: expected a number from 1 to 60, got ${JSON.stringify(accel)}`);
  }
  return { tuning, maxAcceleration, ignored };
}


/** Whether two obstacle lists hold the same shapes (the replay's list is remade with each frame). */
function sameShapes(a: readonly ObstacleShape[], b: readonly ObstacleShape[]): boolean {
  return a.length === b.length && a.every((shape, index) => shape === b[index]);
}

/** The strategy and response a URL query asks for (`avoidance=`, `response=`); defaults for anything else. */
function settingsFromQuery(query: string): { avoidance: AvoidanceName; response: CollisionResponse } {
  const params = new URLSearchParams(query);
  const avoidance = params.get('avoidance');
  const response = params.get('response');
  return {
    avoidance: AVOIDANCE_NAMES.find((name) => name === avoidance) ?? DEFAULT_SIMULATION.avoidance,
    response: COLLISION_RESPONSES.find((name) => name === response) ?? DEFAULT_SIMULATION.response,
  };
}

start().catch((error: unknown) => {
  console.error(error);
  const hud = document.getElementById('hud');
  if (hud !== null) hud.textContent = `the page could not start: ${error instanceof Error ? error.message : String(error)}`;
});
