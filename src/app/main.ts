/**
 * The demo page: a built-in scenario running in a fixed-step loop, drawn with pixi.js under a
 * pixi-viewport camera, with RTS selection and move orders (input.ts), a lil-gui panel
 * (panel.ts) and a HUD of live metrics (hud.ts). It reads the simulation every frame and changes
 * it only through the core's API (orders, settings), like any other client.
 */
import { Application } from 'pixi.js';
import { Viewport } from 'pixi-viewport';
import { MARKER_LIFETIME, type OrderMarker, type Overlays, type SimulationView, createSimulationView } from '../render/view';
import { DEFAULT_SIMULATION } from '../sim/defaults';
import {
  getAvoidance,
  issueOrder,
  lastTickTiming,
  listUnits,
  setAvoidance,
  setCollisionResponse,
  simulationSettings,
  simulationTick,
  updateSteeringConfig,
  updateUnit,
} from '../sim/simulation';
import { DEFAULT_STEERING_CONFIG } from '../steering/config';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import type { HookedWindow, PageHook } from './hook';
import { hudText } from './hud';
import { type InputTarget, attachKeys, attachPointer, panWithKeys } from './input';
import { createPanel } from './panel';
import { type PageSession, type ScenarioChoice, advanceSession, choiceFromQuery, choiceToQuery, createPageSession, stepSession } from './session';

const DEFAULT_CHOICE: ScenarioChoice = { name: 'head-on', seed: 1 };
/** milliseconds of simulation per frame at most; beyond it the simulation slows down instead of the page */
const TICK_BUDGET_MS = 25;
/** screen pixels the panel takes on the right (lil-gui's default width plus its margin) */
const PANEL_WIDTH = 265;

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

  const overlays: Overlays = { routes: true, rays: false, forces: false, sides: false, velocity: false };
  const markers: OrderMarker[] = [];
  let session!: PageSession;
  let view!: SimulationView;

  // --- input ----------------------------------------------------------------------------------

  const input: InputTarget = {
    selected: new Set<number>(),
    selectionBox: null,
    facingDrag: null,
    toWorld: (screen) => view.world.toLocal(screen),
    units: () => listUnits(session.sim),
    move(x, y, facing) {
      if (input.selected.size === 0) return;
      issueOrder(session.sim, { kind: 'move', unitIds: [...input.selected], target: { x, y }, ...(facing === undefined ? {} : { facing }) });
      markers.push({ x, y, age: 0 });
    },
    stop: () => issueOrder(session.sim, { kind: 'stop', unitIds: [...input.selected] }),
    togglePause() {
      session.paused = !session.paused;
      panel.show(session);
    },
    stepOnce,
    restart: () => load(session.choice),
  };
  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  attachPointer(app.stage, input);
  const held = attachKeys(input);

  function stepOnce(): void {
    session.paused = true;
    stepSession(session);
    panel.show(session);
  }

  // --- scenario and panel ---------------------------------------------------------------------

  function load(choice: ScenarioChoice): void {
    const next = createPageSession(choice, settings);
    if (session !== undefined) {
      next.paused = session.paused;
      next.speed = session.speed;
    }
    view?.destroy();
    session = next;
    updateSteeringConfig(session.sim, panel.tuning);
    for (const unit of listUnits(session.sim)) updateUnit(session.sim, unit.id, { maxForce: unit.mass * panel.maxAcceleration });
    view = createSimulationView(viewport, session.sim);
    input.selected.clear();
    markers.length = 0;
    const { width, height } = simulationSettings(session.sim);
    viewport.resize(app.screen.width, app.screen.height, width, height);
    frameWorld();
    writeUrl();
    panel.show(session);
  }

  /** The URL keeps the scenario choice, and the strategy and response when not the defaults. */
  function writeUrl(): void {
    let query = choiceToQuery(session.choice);
    if (settings.avoidance !== DEFAULT_SIMULATION.avoidance) query += `&avoidance=${settings.avoidance}`;
    if (settings.response !== DEFAULT_SIMULATION.response) query += `&response=${settings.response}`;
    window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  }

  /** Zooms and centres the camera on the whole world, in the part of the screen the panel leaves. */
  function frameWorld(): void {
    const { width, height } = simulationSettings(session.sim);
    const free = Math.max(100, app.screen.width - PANEL_WIDTH);
    const scale = Math.min(free / (width * 1.06), app.screen.height / (height * 1.12));
    viewport.setZoom(scale, true);
    viewport.moveCenter(width / 2 + PANEL_WIDTH / 2 / scale, height / 2);
  }

  const panel = createPanel(firstChoice, settings, DEFAULT_STEERING_CONFIG, overlays, {
    load,
    restart: () => load(session.choice),
    setPaused: (paused) => {
      session.paused = paused;
    },
    stepOnce,
    setSpeed: (speed) => {
      session.speed = speed;
    },
    setAvoidance(name) {
      settings.avoidance = name;
      setAvoidance(session.sim, name);
      writeUrl();
    },
    setResponse(response) {
      settings.response = response;
      setCollisionResponse(session.sim, response);
      writeUrl();
    },
    tune: (changes) => updateSteeringConfig(session.sim, changes),
    setMaxAcceleration(acceleration) {
      for (const unit of listUnits(session.sim)) updateUnit(session.sim, unit.id, { maxForce: unit.mass * acceleration });
    },
  });
  load(firstChoice);

  // --- the loop -------------------------------------------------------------------------------

  const hud = document.getElementById('hud')!;
  app.ticker.add((ticker) => {
    const frameStart = performance.now();
    advanceSession(session, ticker.deltaMS / 1000, TICK_BUDGET_MS);
    for (const marker of markers) marker.age += ticker.deltaMS / 1000;
    while (markers.length > 0 && markers[0]!.age > MARKER_LIFETIME) markers.shift();
    panWithKeys(viewport, held, ticker.deltaMS / 1000);
    view.update({ selected: input.selected, overlays, selectionBox: input.selectionBox, markers, facingDrag: input.facingDrag });
    hud.textContent = hudText(session, {
      fps: ticker.FPS,
      tickMs: lastTickTiming(session.sim).tickMs,
      frameMs: performance.now() - frameStart,
      selected: input.selected.size,
    });
  });

  // --- read-only hook for the browser tests ---------------------------------------------------

  const hook: PageHook = {
    tick: () => simulationTick(session.sim),
    avoidance: () => getAvoidance(session.sim),
    choice: () => ({ ...session.choice }),
    units: () =>
      listUnits(session.sim).map((unit) => ({
        id: unit.id,
        x: unit.position.x,
        y: unit.position.y,
        team: unit.team,
        moving: unit.task.kind === 'move',
        speed: Math.hypot(unit.velocity.x, unit.velocity.y),
        slot: unit.task.kind === 'move' ? { x: unit.task.target.x, y: unit.task.target.y } : null,
      })),
    selected: () => [...input.selected].sort((a, b) => a - b),
    toScreen: (x, y) => {
      const point = view.world.toGlobal({ x, y });
      return { x: point.x, y: point.y };
    },
    overlayCounts: () => ({ ...view.counts }),
    startPositions: () => session.scenario.units.map((unit) => ({ x: unit.x, y: unit.y })),
    paused: () => session.paused,
    metrics: () => ({ collisions: session.recorder.collisions }),
  };
  (window as unknown as HookedWindow).__rts = hook;
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
});
