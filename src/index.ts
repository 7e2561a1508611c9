/**
 * The library API: a headless RTS movement core on planck.js. It never imports pixi.js or the
 * DOM; rendering lives in src/render, the page and its input in src/app.
 */
export * from './math/vec2';
export { createRandom, type Random } from './math/random';
export * from './orders/orders';
export { COLLISION_RESPONSES, type CollisionResponse, type ObstacleShape } from './physics/world';
export { LEFT, NO_SIDE, RIGHT, type Side, type Agent } from './steering/agent';
export {
  AVOIDANCE_NAMES,
  AVOIDANCE_STRATEGIES,
  type AvoidanceName,
  type AvoidanceStrategy,
  type AvoidanceDecision,
} from './steering/avoidance';
export { DEFAULT_STEERING_CONFIG, resolveSteeringConfig, type SteeringConfig } from './steering/config';
export { RAY_CENTRE, RAY_LEFT, RAY_RELATIVE, RAY_RIGHT, relativeRayFraction, type Ray, type Sensing, type Threat } from './steering/sensing';
export {
  DEFAULT_DT,
  DEFAULT_MAX_ACCELERATION,
  DEFAULT_MAX_SPEED,
  DEFAULT_UNIT_DENSITY,
  DEFAULT_UNIT_RADIUS,
  addObstacle,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  onSimulationEvent,
  removeObstacle,
  removeUnit,
  setAvoidance,
  setCollisionResponse,
  simulationTime,
  stepSimulation,
  updateSteeringConfig,
  updateUnit,
  type Obstacle,
  type ObstacleView,
  type Simulation,
  type SimulationDef,
  type SimulationEvent,
  type UnitDef,
  type UnitView,
} from './sim/simulation';
export { arrangeSlots, type FormationRequest } from './orders/formation';
export {
  BUILT_IN_SCENARIOS,
  BUILT_IN_SCENARIO_NAMES,
  buildBuiltInScenario,
  type BuiltInOptions,
  type BuiltInScenario,
} from './scenarios/builtins';
export { JsonSyntaxError } from './scenarios/json';
export { type ScenarioMetrics, createMetricsRecorder, finishMetrics, recordTick } from './scenarios/metrics';
export {
  type RunOptions,
  type ScenarioResult,
  createScenarioSimulation,
  runScenario,
  traceLine,
} from './scenarios/run';
export {
  type Scenario,
  type ScenarioFile,
  type ScenarioUnit,
  ScenarioError,
  parseScenario,
  parseScenarioText,
  scenarioToFile,
} from './scenarios/schema';
