/**
 * The demo page: a built-in scenario run by a Web Worker (worker.ts) that ticks it in real time
 * and sends snapshots (snapshot.ts); this thread only draws them with pixi.js under a
 * pixi-viewport camera, handles RTS selection and move orders (input.ts), a lil-gui panel
 * (panel.ts) and a HUD (hud.ts). Everything it changes goes to the worker as a message
 * (protocol.ts), so the frame rate does not depend on what the simulation costs. A recorded run
 * (a scenario file and its trace) can be played back instead (replay-controls.ts), and a
 * scenario edited, saved, loaded and run (editor-controls.ts).
 *
 * This file wires the parts together: page.ts holds the state they share, frame.ts draws each
 * frame, page-hook.ts reads the state for the browser tests, url.ts keeps it in the URL.
 */
import { Application, Graphics } from 'pixi.js';
import { Viewport } from 'pixi-viewport';
import type { Order } from '../orders/orders';
import type { Overlays } from '../render/view';
import { buildBuiltInScenario } from '../scenarios/builtins';
import { parseScenario } from '../scenarios/schema';
import { resolveSteeringConfig } from '../steering/config';
import type { Draft } from './editor';
import { type EditorControls, createEditorControls } from './editor-controls';
import { startFrames } from './frame';
import type { HookedWindow } from './hook';
import { type InputTarget, attachKeys, attachPointer } from './input';
import { unitAt } from './selection';
import { OVERLAY_KEYS, type PageState, receiveSnapshot, selectableUnits, showError, showLegend, showOwnWorld } from './page';
import { createPageHook } from './page-hook';
import { type Panel, createPanel } from './panel';
import type { WorkerMessage } from './protocol';
import { type ReplayControls, createReplayControls } from './replay-controls';
import { type SavedGame, type ScenarioChoice, choiceFromQuery } from './session';
import { lockstepFromQuery, pageQuery, settingsFromQuery, tuningFromQuery, workersFromQuery } from './url';

const DEFAULT_CHOICE: ScenarioChoice = { name: 'head-on', seed: 1 };

/** The page's parts that reach each other, filled as they are made. */
interface Parts {
  input: InputTarget;
  panel: Panel;
  replay: ReplayControls;
  editor: EditorControls;
  layers: { guides: Graphics | null; trails: Graphics | null; drawnVersion: number };
  /** the worker's clock and whether a load closes the replay or the editor, while one is open */
  modes: { pausedBefore: boolean; closingToLoad: boolean };
  sendView: (force?: boolean) => void;
  hashes: Map<number, (value: { tick: number; hash: string }) => void>;
  games: Map<number, (game: SavedGame) => void>;
  /** asks the worker for the game as it stands */
  requestGame: () => Promise<SavedGame>;
  logs: Map<number, (text: string) => void>;
  /** asks the worker for the command log of the game shown */
  requestLog: () => Promise<string>;
}

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
  const urlTuning = tuningFromQuery(window.location.search);
  for (const reason of urlTuning.ignored) console.warn(`URL ${reason}; using the default`);
  const urlLockstep = lockstepFromQuery(window.location.search);
  for (const reason of urlLockstep.ignored) console.warn(`URL ${reason}; playing alone`);
  const urlWorkers = workersFromQuery(window.location.search);
  for (const reason of urlWorkers.ignored) console.warn(`URL ${reason}; sensing on one thread`);
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const page: PageState = {
    app,
    viewport,
    send: (message) => worker.postMessage(message),
    firstChoice,
    settings: settingsFromQuery(window.location.search),
    overlays: { routes: true, rays: false, forces: false, sides: false, velocity: false, blocks: false },
    markers: [],
    selected: new Set<number>(),
    loaded: null,
    loading: null,
    view: null,
    previous: null,
    latest: null,
    latestAt: 0,
    interval: 1000 / 60,
    obstacles: [],
    paused: false,
    speed: 1,
    workers: urlWorkers.workers,
    tickTimes: [],
    workerError: null,
    lockstep: null,
    lockstepSetup: urlLockstep.lockstep,
    legendKey: '',
    onShown: null,
  };

  const parts = {
    layers: { guides: null, trails: null, drawnVersion: -1 },
    modes: { pausedBefore: false, closingToLoad: false },
    hashes: new Map(),
    games: new Map(),
    logs: new Map(),
  } as unknown as Parts;
  parts.requestLog = asker(parts.logs, (requestId) => page.send({ type: 'command-log', requestId }));
  parts.requestGame = asker(parts.games, (requestId) => page.send({ type: 'save-game', requestId }));
  parts.sendView = viewSender(page);
  parts.input = createInput(page, parts);
  parts.replay = createReplay(page, parts);
  parts.editor = createEditor(page, parts);
  parts.panel = createPanel(page.firstChoice, page.settings, resolveSteeringConfig(urlTuning.tuning), urlTuning.maxAcceleration, page.workers, page.overlays, panelActions(page, parts));
  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  attachPointer(app.stage, parts.input);
  const held = attachKeys(parts.input);

  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    if (message.type === 'loaded') {
      page.loading = message;
      // a saved game runs with its own strategy and response
      if (message.game !== undefined) {
        page.settings.avoidance = message.game.avoidance;
        page.settings.response = message.game.response;
      }
    } else if (message.type === 'game') {
      parts.games.get(message.requestId)?.(message.game);
      parts.games.delete(message.requestId);
    } else if (message.type === 'lockstep') {
      page.lockstep = message.status;
    } else if (message.type === 'command-log') {
      parts.logs.get(message.requestId)?.(message.text);
      parts.logs.delete(message.requestId);
    }
    else if (message.type === 'snapshot') {
      // the worker is paused behind a replay or the editor
      if (parts.replay.replay === null && parts.editor.draft === null) receiveSnapshot(page, message.snapshot);
    } else if (message.type === 'hash') {
      parts.hashes.get(message.requestId)?.({ tick: message.tick, hash: message.hash });
      parts.hashes.delete(message.requestId);
    } else showError(page, message.message);
  };
  worker.onerror = (event) => showError(page, event.message);

  const frameCosts = startFrames(page, { input: parts.input, held, editor: parts.editor, replay: parts.replay, sendView: parts.sendView, layers: parts.layers });
  let nextHashRequest = 1;
  const hook = createPageHook(page, {
    editor: parts.editor,
    replay: parts.replay,
    frameCosts,
    stateHash: (atTick) =>
      new Promise((resolve) => {
        const requestId = nextHashRequest++;
        parts.hashes.set(requestId, resolve);
        page.send({ type: 'hash', requestId, ...(atTick === undefined ? {} : { atTick }) });
      }),
    saveGame: async () => JSON.stringify(await parts.requestGame()),
    loadGame: (text) => loadGame(page, parts, text, 'game'),
    commandLog: parts.requestLog,
    nudge: () => page.send({ type: 'nudge' }),
  });
  page.onShown = () => {
    writeUrl(page, parts.panel);
    showPanel(page, parts.panel);
    parts.sendView();
    showLegend(page);
    (window as unknown as HookedWindow).__rts = hook;
  };
  load(page, parts, firstChoice);
}

/** A question for the worker, answered by a message naming its request id (`answers` holds the
 * questions waiting, by id; the page's message handler answers them). */
function asker<T>(answers: Map<number, (answer: T) => void>, ask: (requestId: number) => void): () => Promise<T> {
  let next = 1;
  return () =>
    new Promise((resolve) => {
      const requestId = next++;
      answers.set(requestId, resolve);
      ask(requestId);
    });
}

/** Asks the worker to load a scenario (closing a replay or the editor first). */
function load(page: PageState, parts: Parts, choice: ScenarioChoice): void {
  makeWayForLoad(page, parts);
  const { panel } = parts;
  page.lockstep = null;
  page.send({
    type: 'load',
    choice,
    settings: { ...page.settings },
    tuning: { ...panel.tuning },
    maxAcceleration: panel.maxAcceleration,
    paused: page.paused,
    speed: page.speed,
    workers: page.workers,
    ...(page.lockstepSetup === undefined ? {} : { lockstep: page.lockstepSetup }),
  });
}

/** Closes a replay or the editor, and clears the last error, before the worker loads. */
function makeWayForLoad(page: PageState, parts: Parts): void {
  parts.modes.closingToLoad = true;
  if (parts.replay.replay !== null) parts.replay.close();
  if (parts.editor.draft !== null) parts.editor.close();
  parts.modes.closingToLoad = false;
  page.workerError = null;
  parts.sendView(true);
}

/** Goes on with a saved game (the text of its file); a file that is not one is said, and the
 * game shown goes on. */
function loadGame(page: PageState, parts: Parts, text: string, fileName: string): void {
  let game: SavedGame;
  try {
    game = JSON.parse(text) as SavedGame;
  } catch (error) {
    showError(page, `${fileName}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    return;
  }
  makeWayForLoad(page, parts);
  page.send({ type: 'load-game', game, paused: page.paused, speed: page.speed, workers: page.workers });
}

/** Downloads the game as it stands. */
async function saveGameFile(parts: Parts): Promise<void> {
  const game = await parts.requestGame();
  download(JSON.stringify(game), 'application/json', `${game.choice.name}-tick-${game.simulation.tick}.game.json`);
}

/** Downloads the commands given since the scenario began (a command log). */
async function saveLogFile(page: PageState, parts: Parts): Promise<void> {
  const text = await parts.requestLog();
  const choice = page.loaded?.choice ?? page.firstChoice;
  download(text, 'application/x-ndjson', `${choice.name}-seed-${choice.seed}.commands.ndjson`);
}

/** Offers `text` as a file to download. */
function download(text: string, type: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Asks for a saved game file and goes on with it. */
function pickGameFile(page: PageState, parts: Parts): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.addEventListener('change', async () => {
    const chosen = input.files?.[0];
    if (chosen !== undefined) loadGame(page, parts, await chosen.text(), chosen.name);
  });
  input.click();
}

/** Loads the scenario the page shows again (or the first one). */
function reload(page: PageState, parts: Parts): void {
  load(page, parts, page.loaded?.choice ?? page.firstChoice);
}

/** The URL keeps the scenario choice, and the strategy, response and tuning when not the defaults. */
function writeUrl(page: PageState, panel: Panel): void {
  if (page.loaded === null) return;
  const query = pageQuery(page.loaded.choice, page.settings, panel.tuning, panel.maxAcceleration, page.workers);
  window.history.replaceState(null, '', `${window.location.pathname}${query}`);
}

function setPaused(page: PageState, value: boolean): void {
  page.paused = value;
  page.send({ type: 'clock', paused: value });
}

function stepOnce(page: PageState, panel: Panel): void {
  page.paused = true;
  page.send({ type: 'step' });
  showPanel(page, panel);
}

function showPanel(page: PageState, panel: Panel): void {
  if (page.loaded !== null) {
    const { game } = page.loaded;
    panel.show({ choice: page.loaded.choice, units: page.loaded.units, paused: page.paused, speed: page.speed, ...(game === undefined ? {} : { game }) });
  }
}

/**
 * Tells the worker which overlays to build, and for which units, when that changed since it was
 * last told (checked every frame without allocating: the selection is a Set the input changes in
 * place); `force` sends it whatever (a new scenario).
 */
function viewSender(page: PageState): (force?: boolean) => void {
  const sentOverlays: Overlays = { ...page.overlays };
  const sentSelection = new Set<number>();
  let sent = false;
  const sameSelection = (): boolean => {
    if (sentSelection.size !== page.selected.size) return false;
    for (const id of page.selected) if (!sentSelection.has(id)) return false;
    return true;
  };
  return (force = false) => {
    if (force) {
      sent = false;
      return;
    }
    if (sent && OVERLAY_KEYS.every((key) => sentOverlays[key] === page.overlays[key]) && sameSelection()) return;
    sent = true;
    Object.assign(sentOverlays, page.overlays);
    sentSelection.clear();
    for (const id of page.selected) sentSelection.add(id);
    page.send({ type: 'view', request: { ...page.overlays, selected: [...page.selected].sort((a, b) => a - b) } });
  };
}

/** metres: the range of the page's attack-move (A) and follow (F), disc to disc */
const ATTACK_RANGE = 6;
const FOLLOW_RANGE = 1.5;

/** What the mouse and keyboard do: select, order, stop, pause, step, restart. */
function createInput(page: PageState, parts: Parts): InputTarget {
  const order = (next: Order): void => page.send({ type: 'order', order: next });
  /** what a key armed for the next right click (P, A, F), or null: a move */
  let armed: 'patrol' | 'attack' | 'follow' | null = null;
  const input: InputTarget = {
    tool: null,
    selected: page.selected,
    selectionBox: null,
    facingDrag: null,
    toWorld: (screen) => (page.view === null ? { x: 0, y: 0 } : page.view.world.toLocal(screen)),
    units: () => selectableUnits(page),
    move(x, y, facing, queue) {
      if (input.selected.size === 0 || parts.replay.replay !== null) return;
      const unitIds = [...input.selected];
      const shared = { unitIds, ...(facing === undefined ? {} : { facing }), ...(queue ? { queue: true } : {}) };
      const clicked = armed === 'follow' ? unitAt(selectableUnits(page), x, y) : null;
      if (clicked !== null && !input.selected.has(clicked)) order({ kind: 'follow', unitIds, targetId: clicked, range: FOLLOW_RANGE });
      else if (armed === 'patrol') order({ kind: 'patrol', points: [{ x, y }], ...shared });
      else if (armed === 'attack') order({ kind: 'move', target: { x, y }, engage: { range: ATTACK_RANGE }, ...shared });
      else order({ kind: 'move', target: { x, y }, ...shared });
      armed = null;
      page.markers.push({ x, y, age: 0 });
    },
    hold() {
      order({ kind: 'hold', unitIds: [...input.selected] });
    },
    arm(kind) {
      armed = kind;
    },
    stop() {
      if (input.selected.size > 0) order({ kind: 'stop', unitIds: [...input.selected] });
    },
    togglePause() {
      if (parts.replay.replay !== null) {
        parts.replay.togglePlaying();
        return;
      }
      setPaused(page, !page.paused);
      showPanel(page, parts.panel);
    },
    stepOnce: () => stepOnce(page, parts.panel),
    restart: () => reload(page, parts),
  };
  return input;
}

/** A recorded run drawn instead of the worker's (the worker paused meanwhile). */
function createReplay(page: PageState, parts: Parts): ReplayControls {
  return createReplayControls({
    started(replay, title) {
      if (parts.editor.draft !== null) parts.editor.close();
      parts.modes.pausedBefore = page.paused;
      setPaused(page, true);
      showOwnWorld(page, replay.scenario.world, `${title}. ${replay.scenario.description ?? ''}`.trim(), replay.scenario.units);
      parts.layers.trails = new Graphics();
      page.view!.world.addChild(parts.layers.trails);
    },
    closed() {
      parts.layers.trails = null;
      setPaused(page, parts.modes.pausedBefore);
      if (!parts.modes.closingToLoad) reload(page, parts);
    },
    failed(message) {
      const about = document.getElementById('about');
      if (about !== null) about.textContent = message;
    },
  });
}

/** The scenario editor: a draft drawn instead of the worker's run (the worker paused meanwhile). */
function createEditor(page: PageState, parts: Parts): EditorControls {
  const showDraft = (draft: Draft): void => {
    showOwnWorld(page, draft.world, `editing ${draft.name}: save it, or run it`, draft.units);
    parts.layers.guides = new Graphics();
    page.view!.world.addChild(parts.layers.guides);
    parts.layers.drawnVersion = -1;
  };
  const editor = createEditorControls({
    opened(draft) {
      parts.modes.pausedBefore = page.paused;
      setPaused(page, true);
      parts.input.tool = editor.pointer;
      showDraft(draft);
    },
    resized: showDraft,
    run(file) {
      parts.input.tool = null;
      parts.layers.guides = null;
      setPaused(page, parts.modes.pausedBefore);
      load(page, parts, { name: file.name, seed: file.seed ?? 1, file });
    },
    closed() {
      parts.input.tool = null;
      parts.layers.guides = null;
      setPaused(page, parts.modes.pausedBefore);
      if (!parts.modes.closingToLoad) reload(page, parts);
    },
  });
  return editor;
}

/** What the panel's controls do. */
function panelActions(page: PageState, parts: Parts): Parameters<typeof createPanel>[6] {
  const changed = (): void => writeUrl(page, parts.panel);
  return {
    load: (choice) => load(page, parts, choice),
    restart: () => reload(page, parts),
    openReplay: () => parts.replay.pick(),
    saveGame: () => {
      saveGameFile(parts).catch((error: unknown) => showError(page, error instanceof Error ? error.message : String(error)));
    },
    loadGame: () => pickGameFile(page, parts),
    saveCommandLog: () => {
      saveLogFile(page, parts).catch((error: unknown) => showError(page, error instanceof Error ? error.message : String(error)));
    },
    openEditor() {
      // the scenario the page shows (a built-in as drawn with its units and seed)
      if (parts.replay.replay !== null) parts.replay.close();
      const choice = page.loaded?.choice ?? page.firstChoice;
      const scenario = choice.file !== undefined ? parseScenario(choice.file, choice.name) : buildBuiltInScenario(choice.name, { ...(choice.units === undefined ? {} : { units: choice.units }), seed: choice.seed });
      parts.editor.open(scenario);
    },
    setPaused: (value) => setPaused(page, value),
    stepOnce: () => stepOnce(page, parts.panel),
    setSpeed: (value) => {
      page.speed = value;
      page.send({ type: 'clock', speed: value });
    },
    setAvoidance(name) {
      page.settings.avoidance = name;
      page.send({ type: 'avoidance', name });
      changed();
    },
    setResponse(response) {
      page.settings.response = response;
      page.send({ type: 'response', response });
      changed();
    },
    tune: (changes) => {
      page.send({ type: 'tune', changes });
      changed();
    },
    setMaxAcceleration: (value) => {
      page.send({ type: 'max-acceleration', value });
      changed();
    },
    setWorkers: (count) => {
      page.workers = count;
      page.send({ type: 'workers', count });
      changed();
    },
  };
}

start().catch((error: unknown) => {
  console.error(error);
  const hud = document.getElementById('hud');
  if (hud !== null) hud.textContent = `the page could not start: ${error instanceof Error ? error.message : String(error)}`;
});
