/**
 * The library API: a headless RTS movement core on planck.js. It never imports pixi.js or the
 * DOM; rendering lives in src/render, the page and its input in src/app.
 *
 * A `Simulation` is opaque: make it with `createSimulation`, change it with the functions below,
 * read it with the queries (`getUnit`, `listUnits`, `listObstacles`, `simulationTime`, ...).
 *
 * Scenario files, the built-in scenarios, runs and their metrics are the second entry point,
 * src/scenarios/index.ts (`rts-steer/scenarios` in the package).
 */
// Only the vector types the API takes and gives, and the constructor of the engine's own vectors
// (see math/vec2.ts on why they are a class); its arithmetic (add, scale, length, ...) stays
// inside, where its generic names would not sit beside addUnit in a game's imports.
export { type ReadonlyVec2, type Vec2, vec2 } from './math/vec2';
export { createRandom, type Random } from './math/random';
export type { ObstacleDef, ObstacleShape } from './math/shapes';
export {
  type Engage,
  type FollowOrder,
  groupArrivalRadius,
  type HoldOrder,
  MAX_ENGAGE_RANGE,
  MAX_PATROL_POINTS,
  type MoveOrder,
  type Order,
  type PatrolOrder,
  type StopOrder,
} from './orders/orders';
export { LEFT, NO_SIDE, RIGHT, type Side } from './steering/agent';
export { DEFAULT_STEERING_CONFIG, SITUATION_NAMES, resolveSteeringConfig, type SituationName, type SituationSwitches, type SteeringConfig, type SteeringOverrides } from './steering/config';
export { RAY_CENTRE, RAY_LEFT, RAY_RELATIVE, RAY_RIGHT, type Ray, type Sensing, type Threat } from './steering/sensing';
export { COLLISION_RESPONSES, type CollisionResponse } from './steering/sideways';
export { AVOIDANCE_NAMES } from './steering/strategies/index';
export type { AvoidanceDecision, AvoidanceName } from './steering/strategy';
export { DEFAULT_SIMULATION, DEFAULT_UNIT, HOLD_MASS_SCALE } from './sim/defaults';
export {
  addObstacle,
  addUnit,
  createSimulation,
  getAvoidance,
  getCollisionResponse,
  getSteeringConfig,
  getUnit,
  hasPendingOrders,
  issueOrder,
  lastTickTiming,
  listObstacles,
  listUnits,
  nearestUnit,
  onSimulationEvent,
  physicsBodyCount,
  queuedOrders,
  removeObstacle,
  removeUnit,
  setAvoidance,
  setCollisionResponse,
  simulationSettings,
  simulationTick,
  simulationTime,
  stateHash,
  stepSimulation,
  traceRoute,
  unitsInBox,
  unitsInRadius,
  updateSteeringConfig,
  updateUnit,
  type Box,
  type ObstacleJson,
  type ObstacleView,
  type QueuedOrderView,
  type RouteTrace,
  type Simulation,
  type SimulationDef,
  type SimulationEvent,
  type ListenerErrorHandler,
  type SimulationListener,
  type SimulationSettings,
  type TaskView,
  type TickTiming,
  type UnitDef,
  type UnitFilter,
  type UnitJson,
  type UnitView,
} from './sim/simulation';
export { type SenseThreadMessage, serveSenseThread } from './sim/sense-thread';
export { MAX_WORKERS, type ThreadHost, type ThreadPort, setSimulationWorkers, simulationWorkers, useThreadHost, workerShare, workersReady } from './sim/threads';
export { SAVE_FORMAT, SAVE_VERSION, loadSimulation, saveSimulation, type LoadOptions, type SavedSimulation } from './sim/save';
export { arrangeSlots, type FormationRequest } from './orders/formation';
