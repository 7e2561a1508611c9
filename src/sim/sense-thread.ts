/**
 * A sense thread's loop (see steering/sense-share.ts and sim/threads.ts): it keeps its own copy of
 * what does not change from tick to tick (the grid's shape, the walls, the obstacles, made again
 * from their shapes when they change) and reads the rest where the simulation's thread wrote it,
 * in shared memory (the unit store, the tick's jobs and settings). For each tick it is told of, it
 * sorts the units into its own grid and packs them as the simulation did, then claims chunks of
 * jobs until none is left.
 *
 * Only the avoidance strategy whose sensing reads nothing but the store (`rays`) is sensed here.
 * Hosts (the Node and the browser entries) hand messages to `serveSenseThread`'s handler.
 */
import type { ShapeGeometry } from '../math/shapes';
import type { ObstacleShape } from '../math/shapes';
import { type ObstacleSensor, createObstacleBody, createPhysicsWorld } from '../physics/world';
import { createCellGrid, sortIntoCells } from '../spatial/grid';
import { DEFAULT_STEERING_CONFIG, type NumericSetting, type SteeringConfig } from '../steering/config';
import { createUnitColumns } from '../steering/columns';
import { type SenseWorld, createUnitPack, packUnits } from '../steering/pack';
import { type SenseJobs, claimChunk, finishChunk, readScalars, senseChunk, settingOrder, shapePlaces } from '../steering/sense-share';
import { createSensing } from '../steering/sensing';
import { type UnitStore, createUnitStore } from '../steering/store';
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
      /** the store's columns, when any was replaced since the last tick told (units added) */
      columns?: Record<string, ArrayLike<number>>;
      /** the jobs' arrays, when they were made anew (more jobs than ever) */
      jobs?: SenseJobs;
      /** the obstacles in the world's order, when they changed */
      obstacles?: Array<{ id: number; shape: ObstacleShape }>;
    }
  | { type: 'stop' };

type StoreColumns = Omit<UnitStore, 'columns'>;

/** The handler of a sense thread's messages; `close` is called on 'stop'. */
export function serveSenseThread(close: () => void): (message: SenseThreadMessage) => void {
  let world: (SenseWorld & { obstacles: ObstacleSensor[] }) | null = null;
  let places = new Map<ShapeGeometry, number>();
  let jobs: SenseJobs | null = null;
  let size = { width: 0, height: 0 };
  const store = createUnitStore(createUnitColumns());
  const config: SteeringConfig = { ...DEFAULT_STEERING_CONFIG };
  const order: NumericSetting[] = settingOrder(config);
  const sensing = createSensing();
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
    if (message.columns !== undefined) {
      for (const [name, data] of Object.entries(message.columns)) (store as unknown as Record<string, { data: unknown }>)[name as keyof StoreColumns]!.data = data;
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
