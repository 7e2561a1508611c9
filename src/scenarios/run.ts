/**
 * Running a scenario headless: build the simulation from checked scenario data, step it at the
 * fixed dt, and feed every tick's unit positions to the one metrics recorder.
 */
import {
  type Simulation,
  addObstacle,
  addUnit,
  createSimulation,
  getAvoidance,
  getCollisionResponse,
  getUnit,
  hasPendingOrders,
  issueOrder,
  lastTickTiming,
  listObstacles,
  listUnits,
  removeObstacle,
  simulationSettings,
  simulationTime,
  stateHash,
  stepSimulation,
} from '../sim/simulation';
import { checkWorkers, setSimulationWorkers } from '../sim/threads';
import type { SteeringOverrides } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';
import { type MetricsRecorder, type ScenarioMetrics, createMetricsRecorder, finishMetrics, recordTick } from './metrics';
import { type Scenario, obstacleTimeline } from './schema';
import { type CommandLog, playCommands } from './commands';

export interface ScenarioSettings {
  /** default 'rays' */
  avoidance?: AvoidanceName;
  /** default 'sideways' */
  response?: CollisionResponse;
  /** controller tuning merged over the defaults */
  steering?: SteeringOverrides;
  /** whether idle units at rest sleep; default true */
  sleeping?: boolean;
  /** threads the sense phase and the avoidance choice run on (SimulationDef.workers); default 1 */
  workers?: number;
}

export interface RunOptions extends ScenarioSettings {
  /** simulated seconds; default the scenario's own duration */
  duration?: number;
  /**
   * Called with the start positions (time 0) and after every tick: flat [x0, y0, x1, y1, ...] in
   * the scenario's unit order. The array is reused; copy what you keep.
   */
  onPositions?: (positions: Float64Array, time: number) => void;
  /** commands to give as the run goes (a command log, commands.ts): the run lasts at least until
   * the last is given */
  commands?: CommandLog;
  /** what the commands' errors call the log (its file); default "log" */
  commandsSource?: string;
}

/** The figures of one run, named as in docs/metrics.md (what `--json` prints). */
export interface ScenarioResult extends ScenarioMetrics {
  scenario: string;
  avoidance: AvoidanceName;
  response: CollisionResponse;
  seed: number;
  /** the state hash after the last tick run (stateHash) */
  stateHash: string;
}

/** m/s: a run may end early once every unit has finished its order and is slower than this */
const AT_REST_SPEED = 0.05;

/**
 * Builds the simulation a scenario describes: obstacles, then units in file order, then one
 * move order per goal point shared by units (a group order), all queued for the first tick.
 * Returns the simulation and the unit ids in file order.
 */
export function createScenarioSimulation(scenario: Scenario, settings: ScenarioSettings = {}): { sim: Simulation; unitIds: number[] } {
  const sim = createSimulation({
    width: scenario.world.width,
    height: scenario.world.height,
    ...(settings.avoidance === undefined ? {} : { avoidance: settings.avoidance }),
    ...(settings.response === undefined ? {} : { response: settings.response }),
    ...(settings.steering === undefined ? {} : { steering: settings.steering }),
    ...(settings.sleeping === undefined ? {} : { sleeping: settings.sleeping }),
  });
  // (the threads start once the scenario is built: a scenario that fails to build leaves none)
  const workers = settings.workers === undefined ? 1 : checkWorkers(settings.workers, 'workers');
  for (const shape of scenario.obstacles) addObstacle(sim, shape);
  const unitIds: number[] = [];
  const groups = new Map<string, { target: { x: number; y: number }; unitIds: number[] }>();
  for (const unit of scenario.units) {
    const id = addUnit(sim, { x: unit.x, y: unit.y, radius: unit.radius, maxSpeed: unit.maxSpeed, team: unit.team });
    unitIds.push(id);
    if (unit.goal === null) continue;
    const key = `${unit.goal.x},${unit.goal.y}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { target: unit.goal, unitIds: [] };
      groups.set(key, group);
    }
    group.unitIds.push(id);
  }
  for (const group of groups.values()) issueOrder(sim, { kind: 'move', unitIds: group.unitIds, target: group.target });
  if (workers > 1) setSimulationWorkers(sim, workers);
  return { sim, unitIds };
}

/** Copies unit positions, in scenario order, into `out` (length 2 x units). */
export function readPositions(sim: Simulation, unitIds: readonly number[], out: Float64Array): Float64Array {
  for (let i = 0; i < unitIds.length; i++) {
    const unit = getUnit(sim, unitIds[i]!)!;
    out[2 * i] = unit.position.x;
    out[2 * i + 1] = unit.position.y;
  }
  return out;
}

/** True once no unit has an order left and every unit has (almost) stopped. */
export function isSettled(sim: Simulation): boolean {
  if (hasPendingOrders(sim)) return false;
  for (const unit of listUnits(sim)) {
    if (unit.task.kind !== 'idle') return false;
    if (unit.velocity.x * unit.velocity.x + unit.velocity.y * unit.velocity.y > AT_REST_SPEED * AT_REST_SPEED) return false;
  }
  return true;
}

/** A scenario being run: its simulation, and the metrics recorder fed after every tick. */
export interface ScenarioRun {
  readonly scenario: Scenario;
  readonly sim: Simulation;
  /** the simulation's id of each obstacle, numbered as the scenario's changes count them
   * (undefined before it goes up) */
  readonly obstacleIds: Array<number | undefined>;
  /** how many of the scenario's changes have been made */
  changesMade: number;
  /** unit ids in scenario order (the recorder's order) */
  readonly unitIds: readonly number[];
  readonly recorder: MetricsRecorder;
  /** unit positions in scenario order after the last tick (the start positions before the first) */
  readonly positions: Float64Array;
}

/**
 * A metrics recorder for the scenario, holding its start state: its units, and every obstacle it
 * ever holds with the time it stands (the same recorder for a run, a replay of a trace, or another
 * engine's positions).
 */
export function createScenarioRecorder(scenario: Scenario): MetricsRecorder {
  const timeline = obstacleTimeline(scenario);
  return createMetricsRecorder({
    world: scenario.world,
    obstacles: timeline.map((entry) => entry.shape),
    obstacleTimes: timeline.map(({ from, until }) => ({ from, until })),
    units: scenario.units,
  });
}

/** Builds the scenario's simulation and a recorder holding its start state. */
export function startScenarioRun(scenario: Scenario, settings: ScenarioSettings = {}): ScenarioRun {
  const { sim, unitIds } = createScenarioSimulation(scenario, settings);
  const recorder = createScenarioRecorder(scenario);
  const positions = readPositions(sim, unitIds, new Float64Array(2 * unitIds.length));
  // createScenarioSimulation added the file's obstacles before anything else, in file order
  const obstacleIds: Array<number | undefined> = listObstacles(sim).map((obstacle) => obstacle.id);
  return { scenario, sim, unitIds, recorder, positions, obstacleIds, changesMade: 0 };
}

/** Makes the scenario's obstacle changes that are due by the simulation's clock. */
function makeDueChanges(run: ScenarioRun): void {
  const { changes } = run.scenario;
  const time = simulationTime(run.sim);
  while (run.changesMade < changes.length && changes[run.changesMade]!.at <= time + TIME_EPSILON) {
    const change = changes[run.changesMade++]!;
    if ('add' in change) run.obstacleIds.push(addObstacle(run.sim, change.add));
    else {
      const id = run.obstacleIds[change.remove];
      if (id !== undefined) removeObstacle(run.sim, id);
      run.obstacleIds[change.remove] = undefined;
    }
  }
}

/** seconds: a change is due at the tick whose start time is this close to it (the clock sums dt) */
const TIME_EPSILON = 1e-9;

/** Runs one tick (after the obstacle changes due before it) and records it. */
export function stepScenarioRun(run: ScenarioRun): void {
  makeDueChanges(run);
  stepSimulation(run.sim);
  readPositions(run.sim, run.unitIds, run.positions);
  recordTick(run.recorder, run.positions, simulationTime(run.sim), lastTickTiming(run.sim).tickMs);
}

/**
 * Runs a scenario to its duration, or until every unit has finished its order and stands still
 * (nothing can change after that), and returns its metrics.
 */
export function runScenario(scenario: Scenario, options: RunOptions = {}): ScenarioResult {
  const duration = options.duration ?? scenario.duration;
  if (!(Number.isFinite(duration) && duration > 0)) {
    throw new Error(`duration: expected a number of seconds > 0, got ${String(duration)}`);
  }
  const run = startScenarioRun(scenario, options);
  options.onPositions?.(run.positions, 0);
  const ticks = Math.round(duration / simulationSettings(run.sim).dt);
  const commands = options.commands === undefined ? null : playCommands(options.commands, options.commandsSource);
  for (let tick = 1; tick <= ticks; tick++) {
    commands?.giveDue(run.sim);
    stepScenarioRun(run);
    options.onPositions?.(run.positions, simulationTime(run.sim));
    if (run.changesMade === run.scenario.changes.length && (commands === null || commands.left() === 0) && isSettled(run.sim)) break;
  }
  return {
    scenario: scenario.name,
    avoidance: getAvoidance(run.sim),
    response: getCollisionResponse(run.sim),
    seed: scenario.seed,
    ...finishMetrics(run.recorder),
    stateHash: stateHash(run.sim),
  };
}

/**
 * One line of a `--trace` file: `{"t": 0.0167, "p": [x0, y0, ...]}`. Time is rounded to 0.1 ms
 * and positions to 0.1 mm, which keeps a 400-unit minute near 20 MB and loses nothing visible.
 */
export function traceLine(positions: ArrayLike<number>, time: number): string {
  let text = `{"t": ${roundTo(time, 1e4)}, "p": [`;
  for (let i = 0; i < positions.length; i++) {
    if (i > 0) text += ', ';
    text += roundTo(positions[i]!, 1e4);
  }
  return `${text}]}`;
}

function roundTo(value: number, inverseStep: number): number {
  const rounded = Math.round(value * inverseStep) / inverseStep;
  return rounded === 0 ? 0 : rounded; // no "-0" in the file
}
