/**
 * The demo page: a built-in scenario running in a fixed-step loop, drawn with pixi.js under a
 * pixi-viewport camera, with RTS selection and move orders, a lil-gui panel (scenario, clock,
 * avoidance, overlays, tuning) and a HUD of live metrics. It reads the simulation every frame and
 * changes it only through the core's API (orders, settings), like any other client.
 */
import GUI from 'lil-gui';
import { Application, type FederatedPointerEvent } from 'pixi.js';
import { Viewport } from 'pixi-viewport';
import { COLLISION_RESPONSES, type CollisionResponse } from '../physics/world';
import { createSimulationView, MARKER_LIFETIME, type OrderMarker, type Overlays, type SimulationView } from '../render/view';
import { BUILT_IN_SCENARIOS, findBuiltInScenario } from '../scenarios/builtins';
import { DEFAULT_MAX_ACCELERATION, issueOrder, setAvoidance, setCollisionResponse, simulationTime, updateSteeringConfig, updateUnit } from '../sim/simulation';
import { AVOIDANCE_NAMES, type AvoidanceName } from '../steering/avoidance';
import type { SteeringConfig } from '../steering/config';
import { boxSelect, clickSelect, unitAt, unitsInBox } from './selection';
import {
  MAX_PAGE_UNITS,
  type PageSession,
  SPEEDS,
  type ScenarioChoice,
  advanceSession,
  choiceFromQuery,
  choiceToQuery,
  createPageSession,
  stepSession,
} from './session';

const DEFAULT_CHOICE: ScenarioChoice = { name: 'head-on', seed: 1 };
/** screen pixels a left press must move before it is a box drag rather than a click */
const DRAG_THRESHOLD = 5;
/** milliseconds of simulation per frame at most; beyond it the simulation slows down instead of the page */
const TICK_BUDGET_MS = 25;
/** screen pixels the panel takes on the right (lil-gui's default width plus its margin) */
const PANEL_WIDTH = 265;
/** screen pixels per second the arrow keys pan the camera */
const PAN_SPEED = 600;

/** The live-tunable controller settings, with slider ranges. */
const TUNING: Array<[key: keyof SteeringConfig, min: number, max: number, step: number]> = [
  ['lookAheadTime', 0, 4, 0.05],
  ['avoidWeight', 0, 12, 0.1],
  ['avoidClearance', 0, 1, 0.01],
  ['responseTime', 0.02, 1, 0.01],
  ['separationWeight', 0, 2, 0.05],
  ['separationGap', 0, 1, 0.01],
  ['minAvoidSpeed', 0, 2, 0.05],
  ['arrivalBraking', 0.05, 1, 0.05],
  ['formationGap', 0, 4, 0.1],
];

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
  const params = new URLSearchParams(window.location.search);
  const settings = {
    avoidance: (AVOIDANCE_NAMES as readonly string[]).includes(params.get('avoidance') ?? '') ? (params.get('avoidance') as AvoidanceName) : 'rays',
    response: (COLLISION_RESPONSES as readonly string[]).includes(params.get('response') ?? '') ? (params.get('response') as CollisionResponse) : 'sideways',
  } satisfies { avoidance: AvoidanceName; response: CollisionResponse };

  const overlays: Overlays = { routes: true, rays: false, forces: false, sides: false, velocity: false };
  const selected = new Set<number>();
  const markers: OrderMarker[] = [];
  let selectionBox: { ax: number; ay: number; bx: number; by: number } | null = null;
  let session!: PageSession;
  let view!: SimulationView;
  let lastTickMs = 0;

  // --- scenario and the loop ----------------------------------------------------------------

  function load(choice: ScenarioChoice): void {
    const next = createPageSession(choice, settings);
    const keep = session === undefined ? { paused: false, speed: 1 } : { paused: session.paused, speed: session.speed };
    view?.destroy();
    session = next;
    Object.assign(session, keep);
    updateSteeringConfig(session.sim, tuning);
    for (const unit of session.sim.units) updateUnit(session.sim, unit.id, { maxForce: unit.mass * limits.maxAcceleration });
    view = createSimulationView(viewport, session.sim);
    selected.clear();
    markers.length = 0;
    const { width, height } = session.sim.physics;
    viewport.resize(app.screen.width, app.screen.height, width, height);
    frameWorld();
    writeUrl();
    picker.name = session.choice.name;
    picker.units = session.choice.units ?? session.sim.units.length;
    unitsControl?.enable(session.choice.units !== undefined);
    picker.seed = session.choice.seed;
    gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
  }

  /** The URL keeps the scenario choice, and the strategy and response when not the defaults. */
  function writeUrl(): void {
    let query = choiceToQuery(session.choice);
    if (settings.avoidance !== 'rays') query += `&avoidance=${settings.avoidance}`;
    if (settings.response !== 'sideways') query += `&response=${settings.response}`;
    window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  }

  /** Zooms and centres the camera on the whole world, in the part of the screen the panel leaves. */
  function frameWorld(): void {
    const { width, height } = session.sim.physics;
    const free = Math.max(100, app.screen.width - PANEL_WIDTH);
    const scale = Math.min(free / (width * 1.06), app.screen.height / (height * 1.12));
    viewport.setZoom(scale, true);
    viewport.moveCenter(width / 2 + PANEL_WIDTH / 2 / scale, height / 2);
  }

  app.ticker.add((ticker) => {
    const start = performance.now();
    advanceSession(session, ticker.deltaMS / 1000, TICK_BUDGET_MS);
    lastTickMs = session.sim.timing.tickMs;
    for (const marker of markers) marker.age += ticker.deltaMS / 1000;
    while (markers.length > 0 && markers[0]!.age > MARKER_LIFETIME) markers.shift();
    panWithKeys(ticker.deltaMS / 1000);
    view.update({ selected, overlays, selectionBox, markers, facingDrag });
    drawHud(ticker.FPS, performance.now() - start);
  });

  // --- selection and orders -----------------------------------------------------------------

  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  let press: { screenX: number; screenY: number; worldX: number; worldY: number; dragging: boolean } | null = null;
  let facingDrag: { screenX: number; screenY: number; ax: number; ay: number; bx: number; by: number } | null = null;

  const toWorld = (event: FederatedPointerEvent) => view.world.toLocal(event.global);

  app.stage.on('pointerdown', (event: FederatedPointerEvent) => {
    const point = toWorld(event);
    if (event.button === 0) {
      press = { screenX: event.global.x, screenY: event.global.y, worldX: point.x, worldY: point.y, dragging: false };
    } else if (event.button === 2) {
      // a right press: a click moves there; a drag also sets the way the group will face
      facingDrag = { screenX: event.global.x, screenY: event.global.y, ax: point.x, ay: point.y, bx: point.x, by: point.y };
    }
  });
  app.stage.on('globalpointermove', (event: FederatedPointerEvent) => {
    if (facingDrag !== null) {
      const point = toWorld(event);
      facingDrag.bx = point.x;
      facingDrag.by = point.y;
    }
    if (press === null) return;
    if (!press.dragging && Math.hypot(event.global.x - press.screenX, event.global.y - press.screenY) < DRAG_THRESHOLD) return;
    press.dragging = true;
    const point = toWorld(event);
    selectionBox = { ax: press.worldX, ay: press.worldY, bx: point.x, by: point.y };
  });
  const release = (event: FederatedPointerEvent) => {
    if (facingDrag !== null && event.button === 2) {
      const drag = facingDrag;
      facingDrag = null;
      const dragged = Math.hypot(event.global.x - drag.screenX, event.global.y - drag.screenY) >= DRAG_THRESHOLD;
      commandMove(drag.ax, drag.ay, dragged ? { x: drag.bx - drag.ax, y: drag.by - drag.ay } : undefined);
      return;
    }
    if (press === null || event.button !== 0) return;
    if (press.dragging && selectionBox !== null) {
      const { ax, ay, bx, by } = selectionBox;
      boxSelect(selected, unitsInBox(session.sim.units, ax, ay, bx, by), event.shiftKey);
    } else {
      clickSelect(selected, unitAt(session.sim.units, press.worldX, press.worldY), event.shiftKey);
    }
    press = null;
    selectionBox = null;
  };
  app.stage.on('pointerup', release);
  app.stage.on('pointerupoutside', release);

  function commandMove(x: number, y: number, facing?: { x: number; y: number }): void {
    if (selected.size === 0) return;
    issueOrder(session.sim, { kind: 'move', unitIds: [...selected], target: { x, y }, ...(facing === undefined ? {} : { facing }) });
    markers.push({ x, y, age: 0 });
  }

  // --- keys -----------------------------------------------------------------------------------

  const held = new Set<string>();
  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    held.add(event.key);
    // a held key repeats: pause, step and restart act once per press
    if (event.repeat && [' ', '.', 'r', 'R'].includes(event.key)) {
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'Escape':
        selected.clear();
        break;
      case 's':
      case 'S':
        if (selected.size > 0) issueOrder(session.sim, { kind: 'stop', unitIds: [...selected] });
        break;
      case ' ':
        session.paused = !session.paused;
        clock.paused = session.paused;
        gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
        event.preventDefault();
        break;
      case '.':
        stepOnce();
        break;
      case 'r':
      case 'R':
        load(session.choice);
        break;
      default:
        if (event.key.startsWith('Arrow')) event.preventDefault();
    }
  });
  window.addEventListener('keyup', (event) => held.delete(event.key));
  window.addEventListener('blur', () => held.clear());

  function panWithKeys(seconds: number): void {
    const step = (PAN_SPEED * seconds) / viewport.scale.x;
    const dx = (held.has('ArrowRight') ? step : 0) - (held.has('ArrowLeft') ? step : 0);
    const dy = (held.has('ArrowDown') ? step : 0) - (held.has('ArrowUp') ? step : 0);
    if (dx !== 0 || dy !== 0) viewport.moveCenter(viewport.center.x + dx, viewport.center.y + dy);
  }

  function stepOnce(): void {
    session.paused = true;
    clock.paused = true;
    stepSession(session);
    gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
  }

  // --- the panel ------------------------------------------------------------------------------

  const gui = new GUI({ title: 'rts-steer' });
  const picker = { name: firstChoice.name, units: 0, seed: firstChoice.seed };
  const scenarioFolder = gui.addFolder('scenario');
  scenarioFolder
    .add(picker, 'name', BUILT_IN_SCENARIOS.map((scenario) => scenario.name))
    .name('scenario')
    .onChange((name: string) => load({ name, seed: picker.seed }));
  const unitsControl = scenarioFolder
    .add(picker, 'units', 1, MAX_PAGE_UNITS, 1)
    .name('units')
    .onFinishChange((units: number) => {
      if (findBuiltInScenario(picker.name)?.defaultUnits === undefined) return;
      load({ name: picker.name, units, seed: picker.seed });
    });
  scenarioFolder
    .add(picker, 'seed', 0, 9999, 1)
    .name('seed')
    .onFinishChange((seed: number) => load({ ...session.choice, seed }));
  scenarioFolder.add({ restart: () => load(session.choice) }, 'restart').name('restart (R)');

  const clock = { paused: false, speed: 1 as number };
  const clockFolder = gui.addFolder('clock');
  clockFolder
    .add(clock, 'paused')
    .name('paused (space)')
    .onChange((paused: boolean) => {
      session.paused = paused;
    });
  clockFolder.add({ step: stepOnce }, 'step').name('single step (.)');
  clockFolder
    .add(clock, 'speed', [...SPEEDS])
    .name('speed')
    .onChange((speed: number) => {
      session.speed = Number(speed);
    });

  const steering = { avoidance: settings.avoidance as string, sideways: settings.response === 'sideways' };
  const steeringFolder = gui.addFolder('steering');
  steeringFolder
    .add(steering, 'avoidance', [...AVOIDANCE_NAMES])
    .name('avoidance')
    .onChange((name: AvoidanceName) => {
      settings.avoidance = name;
      setAvoidance(session.sim, name);
      writeUrl();
    });
  steeringFolder
    .add(steering, 'sideways')
    .name('sideways response')
    .onChange((on: boolean) => {
      settings.response = on ? 'sideways' : 'physics';
      setCollisionResponse(session.sim, settings.response);
      writeUrl();
    });

  const overlayFolder = gui.addFolder('overlays');
  overlayFolder.add(overlays, 'routes').name('routes of the selection');
  overlayFolder.add(overlays, 'rays').name('rays');
  overlayFolder.add(overlays, 'forces').name('avoidance force');
  overlayFolder.add(overlays, 'sides').name('avoidance side');
  overlayFolder.add(overlays, 'velocity').name('velocity');

  const tuningFolder = gui.addFolder('tuning');
  const tuning: Partial<SteeringConfig> = {};
  const limits = { maxAcceleration: DEFAULT_MAX_ACCELERATION };
  load(firstChoice);
  for (const [key, min, max, step] of TUNING) {
    tuning[key] = session.sim.config[key];
    tuningFolder
      .add(tuning, key, min, max, step)
      .onChange((value: number) => updateSteeringConfig(session.sim, { [key]: value }));
  }
  tuningFolder
    .add(limits, 'maxAcceleration', 1, 60, 0.5)
    .name('max force / mass (m/s²)')
    .onChange((acceleration: number) => {
      for (const unit of session.sim.units) updateUnit(session.sim, unit.id, { maxForce: unit.mass * acceleration });
    });
  tuningFolder.close();

  // --- HUD ------------------------------------------------------------------------------------

  const hud = document.getElementById('hud')!;
  function drawHud(fps: number, frameMs: number): void {
    const sim = session.sim;
    const recorder = session.recorder;
    let arrived = 0;
    for (let i = 0; i < recorder.unitCount; i++) arrived += recorder.arrived[i]!;
    hud.textContent =
      `${session.choice.name}   ${sim.units.length} units   t ${simulationTime(sim).toFixed(1)} s${session.paused ? ' (paused)' : ''}   x${session.speed}\n` +
      `${fps.toFixed(0)} fps   tick ${lastTickMs.toFixed(2)} ms   frame ${frameMs.toFixed(1)} ms\n` +
      `collisions ${recorder.collisions}   arrived ${arrived}/${recorder.unitCount}   selected ${selected.size}`;
  }

  // --- read-only hook for the browser tests ---------------------------------------------------

  (window as unknown as { __rts: unknown }).__rts = {
    tick: () => session.sim.tick,
    avoidance: () => session.sim.strategy.name,
    choice: () => ({ ...session.choice }),
    units: () =>
      session.sim.units.map((unit) => ({
        id: unit.id,
        x: unit.position.x,
        y: unit.position.y,
        team: unit.team,
        moving: unit.task.kind === 'move',
        speed: Math.hypot(unit.velocity.x, unit.velocity.y),
        slot: unit.task.kind === 'move' ? { x: unit.task.target.x, y: unit.task.target.y } : null,
      })),
    selected: () => [...selected].sort((a, b) => a - b),
    /** screen pixels (CSS) of a world point, for the tests' mouse */
    toScreen: (x: number, y: number) => {
      const point = view.world.toGlobal({ x, y });
      return { x: point.x, y: point.y };
    },
    overlayCounts: () => ({ ...view.counts }),
    /** the scenario's start positions, in file order */
    startPositions: () => session.scenario.units.map((unit) => ({ x: unit.x, y: unit.y })),
    paused: () => session.paused,
    metrics: () => ({ collisions: session.recorder.collisions }),
  };
}

start().catch((error: unknown) => {
  console.error(error);
});
