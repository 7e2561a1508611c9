/**
 * A sense thread's loop (see steering/sense-share.ts and sim/threads.ts): it keeps its own copy of
 * what does not change from tick to tick (the grid's shape, the walls, the obstacles, made again
 * from their shapes when they change) and reads the rest where the simulation's thread wrote it,
 * in shared memory (the unit store, the tick's jobs and settings). For each tick it is told of, it
 * sorts the units into its own grid and packs them as the simulation did, then claims chunks of
 * jobs until none is left; told of the tick's avoidance choices, it claims chunks of those
 * (steering/decide-share.ts) with its own situations over the shared columns.
 *
 * Only the avoidance strategy whose sensing reads nothing but the store (`rays`) runs here.
 * Hosts (the Node and the browser entries) hand messages to `serveSenseThread`'s handler.
 */
import type { ShapeGeometry } from '../math/shapes';
import type { ObstacleShape } from '../math/shapes';
import { type ObstacleSensor, createObstacleBody, createPhysicsWorld } from '../physics/world';
import { createCellGrid, sortIntoCells } from '../spatial/grid';
import { createSituations, findSituation } from '../situations/index';
import { DEFAULT_STEERING_CONFIG, type NumericSetting, type SituationName, type SteeringConfig } from '../steering/config';
import { type DecideJobs, decideChunk } from '../steering/decide-share';
import { createAvoidanceDecision } from '../steering/strategy';
import type { SituationSet } from './state';
import { createUnitColumns } from '../steering/columns';
import { type SenseWorld, createUnitPack, packUnits } from '../steering/pack';
import { type SenseJobs, claimChunk, finishChunk, readScalars, senseChunk, settingOrder, shapePlaces } from '../steering/sense-share';
import { createSensing } from '../steering/sensing';
import { createUnitStore } from '../steering/store';
import { AVOIDANCE_STRATEGIES } from '../steering/strategies/index';

/** What the simulation's thread tells a sense thread. */
export type SenseThreadMessage =
  | {
      type: 'setup';
      width: number;
      height: number;
      cellSize: number;
      walls: ShapeGeometry[];
      /** the thread sets its entry to 1 once it is ready for ticks */
      ready: Int32Array;
      index: number;
    }
  | {
      type: 'tick';
      generation: number;
      /** every unit column (the store's and the situations'), in the order the simulation made
       * them, when they were replaced since the last tick told (units added) */
      columns?: Array<ArrayLike<number>>;
      /** the jobs' arrays, when they were made anew (more jobs than ever) */
      jobs?: SenseJobs;
      /** the obstacles in the world's order, when they changed */
      obstacles?: Array<{ id: number; shape: ObstacleShape }>;
    }
  | {
      type: 'decide';
      generation: number;
      /** the choices' arrays, when they were made anew */
      jobs?: DecideJobs;
      /** the situations whose pair and lean hooks take part, in order, when that changed */
      rules?: { pairs: SituationName[]; leans: SituationName[] };
    }
  | { type: 'stop' };

/** The handler of a sense thread's messages; `close` is called on 'stop'. */
export function serveSenseThread(close: () => void): (message: SenseThreadMessage) => void {
  let world: (SenseWorld & { obstacles: ObstacleSensor[] }) | null = null;
  let places = new Map<ShapeGeometry, number>();
  let jobs: SenseJobs | null = null;
  let decideJobs: DecideJobs | null = null;
  let size = { width: 0, height: 0 };
  // the columns made in the simulation's order (createSimulation: the store's, then the
  // situations'), so the k-th is the simulation's k-th
  const columns = createUnitColumns();
  const store = createUnitStore(columns);
  const situations = createSituations(columns);
  // scratch: the sensing of the unit being sensed, and of the unit whose avoidance is chosen
  // (read back from its record), and the choice
  const sensing = createSensing();
  const chosenFor = createSensing();
  const decision = createAvoidanceDecision();
  const config: SteeringConfig = { ...DEFAULT_STEERING_CONFIG };
  const order: NumericSetting[] = settingOrder(config);
  const strategy = AVOIDANCE_STRATEGIES.rays;
  return (message) => {
    if (message.type === 'stop') {
      close();
      return;
    }
    if (message.type === 'setup') {
      size = { width: message.width, height: message.height };
      world = {
        units: store,
        count: 0,
        grid: createCellGrid(message.width, message.height, message.cellSize),
        pack: createUnitPack(),
        obstacleVersion: 0,
        obstacles: [],
        walls: message.walls,
        maxRadius: 0,
        maxSpeed: 0,
        castUnitRay: () => {
          throw new Error('sense thread: rays through the physics world are cast on the simulation thread');
        },
      };
      places = shapePlaces(world);
      Atomics.store(message.ready, message.index, 1);
      Atomics.notify(message.ready, message.index);
      return;
    }
    if (world === null) return;
    if (message.type === 'decide') {
      if (message.jobs !== undefined) decideJobs = message.jobs;
      if (message.rules !== undefined) takeRules(situations, message.rules);
      if (decideJobs === null || jobs === null) return;
      for (let chunk = claimChunk(decideJobs, message.generation); chunk >= 0; chunk = claimChunk(decideJobs, message.generation)) {
        decideChunk(decideJobs, chunk, jobs, world, store, chosenFor, decision, strategy, config, situations.rules);
        finishChunk(decideJobs);
      }
      return;
    }
    if (message.columns !== undefined) {
      if (message.columns.length !== columns.all.length) throw new Error(`sense thread: the simulation has ${message.columns.length} unit columns, this thread ${columns.all.length}`);
      message.columns.forEach((data, index) => {
        columns.all[index]!.data = data as typeof columns.all[number]['data'];
      });
    }
    if (message.jobs !== undefined) jobs = message.jobs;
    if (message.obstacles !== undefined) {
      const physics = createPhysicsWorld<never>(size.width, size.height);
      world.obstacles = message.obstacles.map(({ id, shape }) => createObstacleBody(physics, id, shape).sensor);
      world.obstacleVersion++;
      places = shapePlaces(world);
    }
    if (jobs === null) return;
    readScalars(jobs, world, config, order);
    sortIntoCells(world.grid, store.position.data, world.count);
    packUnits(world);
    for (let chunk = claimChunk(jobs, message.generation); chunk >= 0; chunk = claimChunk(jobs, message.generation)) {
      senseChunk(jobs, chunk, world, places, sensing, strategy, config);
      finishChunk(jobs);
    }
  };
}

/** Gathers the pair and lean hooks of the situations named, in that order (the simulation's). */
function takeRules(situations: SituationSet, rules: { pairs: SituationName[]; leans: SituationName[] }): void {
  situations.intents.length = 0;
  situations.pairs.length = 0;
  situations.leans.length = 0;
  for (const name of rules.pairs) situations.pairs.push(findSituation(situations, name));
  for (const name of rules.leans) situations.leans.push(findSituation(situations, name));
  situations.gather();
}
