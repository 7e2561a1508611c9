/**
 * The package's second entry point (`rts-steer/scenarios`): scenario files and their schema, the
 * built-in scenarios, headless runs, and the metrics every strategy is measured by. It builds on
 * the engine's entry point (src/index.ts) and, like it, never imports pixi.js, the DOM or Node.
 */
export {
  BUILT_IN_SCENARIOS,
  BUILT_IN_SCENARIO_NAMES,
  buildBuiltInScenario,
  type BuiltInOptions,
  type BuiltInScenario,
} from './builtins';
export {
  COMMAND_LOG_FORMAT,
  type Command,
  CommandError,
  type CommandLog,
  type CommandLogHeader,
  type CommandPlayer,
  type LoggedCommand,
  commandLogText,
  giveCommand,
  parseCommandLog,
  playCommands,
} from './commands';
export { JsonSyntaxError } from './json';
export {
  CONTACT_THRESHOLD,
  type MetricsRecorder,
  type MetricsSetup,
  type ScenarioMetrics,
  createMetricsRecorder,
  finishMetrics,
  median,
  percentile,
  recordTick,
} from './metrics';
export {
  type RunOptions,
  type ScenarioResult,
  type ScenarioRun,
  type ScenarioSettings,
  createScenarioRecorder,
  createScenarioSimulation,
  isSettled,
  readPositions,
  runScenario,
  startScenarioRun,
  stepScenarioRun,
  traceLine,
} from './run';
export {
  type Scenario,
  type ScenarioFile,
  type ScenarioUnit,
  ScenarioError,
  parseScenario,
  parseScenarioText,
  scenarioToFile,
} from './schema';
export { TraceError, type TraceFrame, parseTraceLine, parseTraceText } from './trace';
