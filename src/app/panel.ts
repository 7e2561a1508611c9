/**
 * The page's lil-gui panel: the scenario (name, units, seed, restart), the clock (pause, step,
 * speed), the avoidance strategy and collision response, the debug overlays, and live tuning of
 * the controller and of max force. It only reports changes; the page applies them.
 */
import GUI, { type Controller } from 'lil-gui';
import type { Overlays } from '../render/view';
import { BUILT_IN_SCENARIOS, findBuiltInScenario } from '../scenarios/builtins';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { SITUATION_NAMES, type NumericSetting, type SituationName, type SteeringConfig, type SteeringOverrides } from '../steering/config';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import { MAX_PAGE_UNITS, SPEEDS, type ScenarioChoice } from './session';
import { MAX_WORKERS } from '../sim/threads';

/** The live-tunable controller settings, with slider ranges. */
const TUNING: Array<[key: NumericSetting, min: number, max: number, step: number]> = [
  ['lookAheadTime', 0, 4, 0.05],
  ['obstacleHorizon', 0, 2, 0.05],
  ['keepRight', 0, 1.5, 0.01],
  ['passAside', 0, 1.5, 0.01],
  ['crossingPace', 0, 1, 0.01],
  ['avoidWeight', 0, 12, 0.1],
  ['avoidClearance', 0, 1, 0.01],
  ['responseTime', 0.02, 1, 0.01],
  ['separationWeight', 0, 2, 0.05],
  ['separationGap', 0, 1, 0.01],
  ['minAvoidSpeed', 0, 2, 0.05],
  ['arrivalBraking', 0.05, 1, 0.05],
  ['formationGap', 0, 4, 0.1],
  ['avoidEvery', 1, 4, 1],
];

/** What the panel asks the page to do. */
export interface PanelActions {
  load(choice: ScenarioChoice): void;
  restart(): void;
  /** opens a scenario file and its trace to play back */
  openReplay(): void;
  /** opens the scenario editor on the scenario shown */
  openEditor(): void;
  /** downloads the game as it stands (a saved game file) */
  saveGame(): void;
  /** goes on with a saved game file the user picks */
  loadGame(): void;
  /** downloads the commands given since the scenario began (a command log) */
  saveCommandLog(): void;
  setPaused(paused: boolean): void;
  stepOnce(): void;
  setSpeed(speed: number): void;
  setAvoidance(name: AvoidanceName): void;
  setResponse(response: CollisionResponse): void;
  /** one controller setting changed */
  tune(changes: SteeringOverrides): void;
  /** m/s^2: max force per kilogram for every unit */
  setMaxAcceleration(acceleration: number): void;
  /** threads the sense phase and the avoidance choice run on */
  setWorkers(count: number): void;
}

export interface Panel {
  /** the controller settings as the panel shows them (applied to every loaded scenario) */
  readonly tuning: Readonly<SteeringOverrides>;
  /** m/s^2: max force per kilogram as the panel shows it */
  readonly maxAcceleration: number;
  /** shows a newly loaded scenario and the clock */
  show(shown: PanelShown): void;
}

/** What the panel shows of the page's scenario and clock. */
export interface PanelShown {
  readonly choice: Readonly<ScenarioChoice>;
  /** units in the scenario */
  readonly units: number;
  readonly paused: boolean;
  readonly speed: number;
  /** a saved game's own strategy, response and settings, which the panel then shows */
  readonly game?: { readonly avoidance: AvoidanceName; readonly response: CollisionResponse; readonly config: Readonly<SteeringConfig> };
}

export function createPanel(
  first: ScenarioChoice,
  settings: { avoidance: AvoidanceName; response: CollisionResponse },
  config: Readonly<SteeringConfig>,
  maxAcceleration: number,
  workers: number,
  overlays: Overlays,
  actions: PanelActions,
): Panel {
  const gui = new GUI({ title: 'rts-steer' });
  const refresh = (): void => {
    for (const controller of gui.controllersRecursive()) controller.updateDisplay();
  };

  const picker = { name: first.name, units: 0, seed: first.seed };
  const scenarioFolder = gui.addFolder('scenario');
  scenarioFolder
    .add(picker, 'name', BUILT_IN_SCENARIOS.map((scenario) => scenario.name))
    .name('scenario')
    .onChange((name: string) => actions.load({ name, seed: picker.seed }));
  const unitsControl: Controller = scenarioFolder
    .add(picker, 'units', 1, MAX_PAGE_UNITS, 1)
    .name('units')
    .onFinishChange((units: number) => {
      if (!takesUnitCount(picker.name)) return;
      actions.load({ name: picker.name, units, seed: picker.seed });
    });
  scenarioFolder
    .add(picker, 'seed', 0, 9999, 1)
    .name('seed')
    .onFinishChange((seed: number) => actions.load({ name: picker.name, ...(takesUnitCount(picker.name) ? { units: picker.units } : {}), seed }));
  scenarioFolder.add({ restart: actions.restart }, 'restart').name('restart (R)');
  scenarioFolder.add({ edit: actions.openEditor }, 'edit').name('edit this scenario');
  scenarioFolder.add({ replay: actions.openReplay }, 'replay').name('replay a trace… (or drop files)');
  scenarioFolder.add({ save: actions.saveGame }, 'save').name('save game');
  scenarioFolder.add({ load: actions.loadGame }, 'load').name('load game…');
  scenarioFolder.add({ log: actions.saveCommandLog }, 'log').name('download command log');

  const clock = { paused: false, speed: 1 as number };
  const clockFolder = gui.addFolder('clock');
  clockFolder.add(clock, 'paused').name('paused (space)').onChange(actions.setPaused);
  clockFolder.add({ step: actions.stepOnce }, 'step').name('single step (.)');
  clockFolder
    .add(clock, 'speed', [...SPEEDS])
    .name('speed')
    .onChange((speed: number) => actions.setSpeed(Number(speed)));
  // the sense phase on several threads (the same results): only where the page is cross-origin
  // isolated, up to the cores the browser reports
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const threads = { workers: isolated ? workers : 1 };
  const cores = Math.min(MAX_WORKERS, Math.max(2, navigator.hardwareConcurrency || 2));
  const workersControl = clockFolder
    .add(threads, 'workers', 1, cores, 1)
    .name(isolated ? 'sense threads' : 'sense threads (page not isolated)')
    .onFinishChange((count: number) => actions.setWorkers(count));
  if (!isolated) workersControl.disable();

  const steering = { avoidance: settings.avoidance as string, sideways: settings.response === 'sideways' };
  const steeringFolder = gui.addFolder('steering');
  steeringFolder.add(steering, 'avoidance', [...AVOIDANCE_NAMES]).name('avoidance').onChange(actions.setAvoidance);
  steeringFolder
    .add(steering, 'sideways')
    .name('sideways response')
    .onChange((on: boolean) => actions.setResponse(on ? 'sideways' : COLLISION_RESPONSES.find((name) => name !== 'sideways')!));

  const overlayFolder = gui.addFolder('overlays');
  overlayFolder.add(overlays, 'routes').name('routes of the selection');
  overlayFolder.add(overlays, 'rays').name('rays');
  overlayFolder.add(overlays, 'forces').name('avoidance force');
  overlayFolder.add(overlays, 'sides').name('avoidance side');
  overlayFolder.add(overlays, 'velocity').name('velocity');
  overlayFolder.add(overlays, 'blocks').name('situations (blocks, doors)');

  // every situation switchable: what each rule over the avoidance core buys shows at once
  const situationsFolder = gui.addFolder('situations');
  const switches: Record<SituationName, boolean> = { ...config.situations };
  for (const name of SITUATION_NAMES) {
    situationsFolder.add(switches, name).onChange((on: boolean) => actions.tune({ situations: { [name]: on } }));
  }
  situationsFolder.close();

  const tuningFolder = gui.addFolder('tuning');
  const tuning: SteeringOverrides & Record<NumericSetting, number> = { ...config, situations: switches };
  for (const [key, min, max, step] of TUNING) {
    tuningFolder.add(tuning, key, min, max, step).onChange((value: number) => actions.tune({ [key]: value }));
  }
  const limits = { maxAcceleration };
  tuningFolder
    .add(limits, 'maxAcceleration', 1, 60, 0.5)
    .name('max force / mass (m/s²)')
    .onChange(actions.setMaxAcceleration);
  tuningFolder.close();

  return {
    tuning,
    get maxAcceleration() {
      return limits.maxAcceleration;
    },
    show(shown) {
      picker.name = shown.choice.name;
      picker.units = shown.choice.units ?? shown.units;
      unitsControl.enable(shown.choice.units !== undefined);
      picker.seed = shown.choice.seed;
      clock.paused = shown.paused;
      clock.speed = shown.speed;
      if (shown.game !== undefined) {
        steering.avoidance = shown.game.avoidance;
        steering.sideways = shown.game.response === 'sideways';
        Object.assign(switches, shown.game.config.situations);
        for (const [key] of TUNING) tuning[key] = shown.game.config[key];
      }
      refresh();
    },
  };
}

/** Whether the built-in takes a unit count (a fixed layout does not). */
function takesUnitCount(name: string): boolean {
  return findBuiltInScenario(name)?.defaultUnits !== undefined;
}
