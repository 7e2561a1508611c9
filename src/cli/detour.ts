/**
 * DetourCrowd (Recast/Detour's crowd simulation, through @recast-navigation's WASM build) as a
 * peer of this project's strategies: it plays any scenario and is measured by the same metrics
 * recorder, fed the same way `runScenario` (src/scenarios/run.ts) feeds it.
 *
 * The setup, chosen to give DetourCrowd a fair run:
 * - geometry: a flat ground quad at y = 0 (scenario x, y -> Recast x, 0, y), padded by one cell
 *   round the world so that the navmesh's edges sit one unit radius inside the world bounds (the
 *   walls); every obstacle is a prism 1 m tall (circles as 24-gons circumscribing the circle,
 *   boxes from centre / size / angle, polygons as given) whose top faces downwards, so Recast marks
 *   it unwalkable and the ground under and round it becomes a hole;
 * - navmesh: `generateSoloNavMesh`, cell size r / 2 (r = the largest unit radius), walkableRadius
 *   ceil(r / cs) cells, cell height 0.1 m, walkableHeight 2 m, walkableClimb 0.2 m (the 1 m
 *   prisms cannot be climbed), RecastDemo's defaults for the rest (edges up to 12 m);
 * - crowd: one agent per unit with its radius and top speed, maxAcceleration 20, height 2,
 *   anticipate turns + obstacle avoidance + separation + visibility and topology optimisation,
 *   separationWeight 8, collisionQueryRange 8 r, pathOptimizationRange 30 r, and RecastDemo's
 *   "high" obstacle avoidance preset;
 * - orders: each unit with a goal gets one `requestMoveTarget` to its goal snapped onto the
 *   navmesh; units without a goal get no target and stand;
 * - stepping: `crowd.update(1 / 60)` per tick; positions are read from each agent (x, z);
 * - obstacles added or removed during the run: the navmesh and the crowd are made again (see
 *   runDetourScenario).
 *
 * Every WASM object made for a run is freed at its end, so many runs fit in one process.
 */
import { Crowd, type NavMesh, Raw, init } from '@recast-navigation/core';
import { generateSoloNavMesh } from '@recast-navigation/generators';
import { type ObstacleShape, boxCorners } from '../math/shapes';
import { type ScenarioMetrics, createMetricsRecorder, finishMetrics, goalArrivalRadii, median, percentile, recordTick } from '../scenarios/metrics';
import { type Scenario, obstacleTimeline } from '../scenarios/schema';
import type { Skirmish } from './skirmish';

export interface DetourOptions {
  /** simulated seconds; default the scenario's own duration */
  duration?: number;
  /**
   * Called with the start positions (time 0) and after every tick: flat [x0, y0, x1, y1, ...] in
   * the scenario's unit order. The array is reused; copy what you keep.
   */
  onPositions?: (positions: Float64Array, time: number) => void;
}

export type DetourResult = { scenario: string; avoidance: 'detour'; response: 'detour'; seed: number } & ScenarioMetrics;

/** seconds: the project's fixed tick */
export const DETOUR_DT = 1 / 60;
/** m/s: as in run.ts, a run may end early once every unit has reached its goal and is slower than this */
const AT_REST_SPEED = 0.05;

/** metres */
const OBSTACLE_HEIGHT = 1;
const AGENT_HEIGHT = 2;
const CELL_HEIGHT = 0.1;
const CLIMB = 0.2;
const CIRCLE_SIDES = 24;

/** dtCrowd update flags (DetourCrowd.h UpdateFlags) */
const DT_CROWD_ANTICIPATE_TURNS = 1;
const DT_CROWD_OBSTACLE_AVOIDANCE = 2;
const DT_CROWD_SEPARATION = 4;
const DT_CROWD_OPTIMIZE_VIS = 8;
const DT_CROWD_OPTIMIZE_TOPO = 16;
const UPDATE_FLAGS = DT_CROWD_ANTICIPATE_TURNS | DT_CROWD_OBSTACLE_AVOIDANCE | DT_CROWD_SEPARATION | DT_CROWD_OPTIMIZE_VIS | DT_CROWD_OPTIMIZE_TOPO;
/** dtCrowdAgentState */
const DT_CROWDAGENT_STATE_WALKING = 1;

/** which of dtCrowd's 8 avoidance parameter slots holds the preset (RecastDemo puts "high" in 3) */
const AVOIDANCE_SLOT = 3;
/** RecastDemo's "high" obstacle avoidance preset (CrowdTool.cpp) */
const HIGH_AVOIDANCE = {
  velBias: 0.5,
  weightDesVel: 2.0,
  weightCurVel: 0.75,
  weightSide: 0.75,
  weightToi: 2.5,
  horizTime: 2.5,
  gridSize: 33,
  adaptiveDivs: 7,
  adaptiveRings: 3,
  adaptiveDepth: 3,
};

let ready: Promise<void> | undefined;

/** Loads the WASM module once per process. */
export function initDetour(): Promise<void> {
  ready ??= init();
  return ready;
}

/** The navmesh parameters for a scenario (exported for the report and the tests). */
export function detourNavMeshConfig(scenario: Scenario) {
  const maxRadius = Math.max(...scenario.units.map((unit) => unit.radius));
  const cs = maxRadius / 2;
  return {
    cs,
    ch: CELL_HEIGHT,
    walkableSlopeAngle: 45,
    walkableHeight: Math.ceil(AGENT_HEIGHT / CELL_HEIGHT),
    walkableClimb: Math.floor(CLIMB / CELL_HEIGHT),
    walkableRadius: Math.ceil(maxRadius / cs),
    maxEdgeLen: Math.ceil(12 / cs),
    maxSimplificationError: 1.3,
    minRegionArea: 8,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
    detailSampleDist: 6,
    detailSampleMaxError: 1,
  };
}

/** Triangle soup in Recast's frame (y up): the padded ground quad and one prism per obstacle. */
export function detourGeometry(scenario: Scenario, pad: number): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  const vertex = (x: number, height: number, y: number): number => {
    positions.push(x, height, y);
    return positions.length / 3 - 1;
  };
  /** a triangle whose normal points up (`up`) or down, whatever order the corners come in */
  const triangle = (a: number, b: number, c: number, up: boolean): void => {
    const e0x = positions[3 * b]! - positions[3 * a]!;
    const e0z = positions[3 * b + 2]! - positions[3 * a + 2]!;
    const e1x = positions[3 * c]! - positions[3 * a]!;
    const e1z = positions[3 * c + 2]! - positions[3 * a + 2]!;
    const normalY = e0z * e1x - e0x * e1z; // y of (b - a) x (c - a), as Recast's calcTriNormal
    if (normalY > 0 === up) indices.push(a, b, c);
    else indices.push(a, c, b);
  };

  const { width, height } = scenario.world;
  const g0 = vertex(-pad, 0, -pad);
  const g1 = vertex(width + pad, 0, -pad);
  const g2 = vertex(width + pad, 0, height + pad);
  const g3 = vertex(-pad, 0, height + pad);
  triangle(g0, g1, g2, true);
  triangle(g0, g2, g3, true);

  for (const shape of scenario.obstacles) {
    const outline = obstacleOutline(shape);
    const bottom = outline.map(([x, y]) => vertex(x, 0, y));
    const top = outline.map(([x, y]) => vertex(x, OBSTACLE_HEIGHT, y));
    const count = outline.length;
    for (let i = 0; i < count; i++) {
      const j = (i + 1) % count;
      // vertical walls: never walkable whichever way they face
      indices.push(bottom[i]!, bottom[j]!, top[j]!, bottom[i]!, top[j]!, top[i]!);
    }
    // the top faces down: solid for the rasterizer, but not walkable, so no island up there
    for (let i = 1; i + 1 < count; i++) triangle(top[0]!, top[i]!, top[i + 1]!, false);
  }
  return { positions, indices };
}

/** The obstacle's outline as a convex polygon in scenario coordinates. */
export function obstacleOutline(shape: ObstacleShape): Array<[number, number]> {
  switch (shape.type) {
    case 'circle': {
      // circumscribed, so the prism covers the whole circle
      const radius = shape.radius / Math.cos(Math.PI / CIRCLE_SIDES);
      return Array.from({ length: CIRCLE_SIDES }, (_, i): [number, number] => {
        const angle = (2 * Math.PI * i) / CIRCLE_SIDES;
        return [shape.x + radius * Math.cos(angle), shape.y + radius * Math.sin(angle)];
      });
    }
    case 'box':
      // the corners the physics body is built from
      return boxCorners(shape);
    case 'polygon':
      return shape.points.map(([x, y]): [number, number] => [x, y]);
  }
}

/** Builds the scenario's navmesh. The caller destroys it. */
export function buildDetourNavMesh(scenario: Scenario): NavMesh {
  const config = detourNavMeshConfig(scenario);
  const pad = config.cs;
  const { positions, indices } = detourGeometry(scenario, pad);
  const { width, height } = scenario.world;
  const result = generateSoloNavMesh(positions, indices, {
    ...config,
    bounds: [
      [-pad, -1, -pad],
      [width + pad, OBSTACLE_HEIGHT + AGENT_HEIGHT + 1, height + pad],
    ],
  });
  if (!result.success) throw new Error(`detour: navmesh generation failed for ${scenario.name}: ${result.error}`);
  return result.navMesh;
}

/** A crowd on a navmesh, with one agent per unit, moving to the units' goals. */
interface DetourCrowdRun {
  readonly navMesh: NavMesh;
  readonly crowd: Crowd;
  readonly agents: Array<ReturnType<Crowd['raw']['getAgent']>>;
  /** per unit, its agent's index in the crowd */
  readonly agentIndices: readonly number[];
  /** frees the crowd, its query wrappers and the navmesh */
  destroy(): void;
}

/**
 * Builds the navmesh for `obstacles` and a crowd with one agent per unit at `at` (flat x, y),
 * moving at `velocity` (flat, or null: at rest), each unit with a goal sent to it. With `strict`,
 * a unit that is not on the navmesh is an error (the start); otherwise it is left as Detour
 * leaves it (after obstacles changed).
 */
function startCrowd(scenario: Scenario, obstacles: readonly ObstacleShape[], at: Float64Array, velocity: Float64Array | null, strict: boolean): DetourCrowdRun {
  const units = scenario.units;
  const maxRadius = Math.max(...units.map((unit) => unit.radius));
  const navMesh = buildDetourNavMesh({ ...scenario, obstacles });
  const crowd = new Crowd(navMesh, { maxAgents: units.length, maxAgentRadius: maxRadius });
  const query = crowd.navMeshQuery; // wraps the crowd's own dtNavMeshQuery
  const destroy = (): void => {
    // the query wrapper and its default filter were made by the Crowd wrapper; the dtNavMeshQuery
    // inside belongs to the dtCrowd (freed with it), so only the small wrapper objects go here
    Raw.destroy(query.defaultFilter.raw);
    Raw.destroy(query.raw);
    crowd.destroy();
    navMesh.destroy();
  };
  try {
    const avoidance = new Raw.Module.dtObstacleAvoidanceParams();
    Object.assign(avoidance, HIGH_AVOIDANCE);
    crowd.raw.setObstacleAvoidanceParams(AVOIDANCE_SLOT, avoidance); // copied by dtCrowd
    Raw.destroy(avoidance);

    // agents through the raw API: the wrapper's addAgent leaks one dtCrowdAgentParams per agent
    const params = new Raw.Module.dtCrowdAgentParams();
    const agents: DetourCrowdRun['agents'] = [];
    const agentIndices: number[] = [];
    try {
      for (const [index, unit] of units.entries()) {
        params.radius = unit.radius;
        params.height = AGENT_HEIGHT;
        params.maxAcceleration = 20;
        params.maxSpeed = unit.maxSpeed;
        params.collisionQueryRange = 8 * unit.radius;
        params.pathOptimizationRange = 30 * unit.radius;
        params.separationWeight = 8;
        params.updateFlags = UPDATE_FLAGS;
        params.obstacleAvoidanceType = AVOIDANCE_SLOT;
        params.queryFilterType = 0;
        const agentIndex = crowd.raw.addAgent([at[2 * index]!, 0, at[2 * index + 1]!], params);
        if (agentIndex < 0) throw new Error(`detour: could not add units[${index}] to the crowd`);
        const agent = crowd.raw.getAgent(agentIndex);
        if (strict && agent.get_state() !== DT_CROWDAGENT_STATE_WALKING) {
          throw new Error(`detour: units[${index}] at (${unit.x}, ${unit.y}) is not on the navmesh of ${scenario.name}`);
        }
        if (velocity !== null) {
          // carry the walk on (dtCrowd starts an added agent at rest)
          agent.set_vel(0, velocity[2 * index]!);
          agent.set_vel(2, velocity[2 * index + 1]!);
        }
        agents.push(agent);
        agentIndices.push(agentIndex);
      }
    } finally {
      Raw.destroy(params);
    }

    // one move request per unit with a goal, to the goal snapped onto the navmesh
    const snapExtents = { x: 4 * maxRadius + 10, y: 0.5, z: 4 * maxRadius + 10 };
    for (const [index, unit] of units.entries()) {
      if (unit.goal === null) continue;
      const nearest = query.findNearestPoly({ x: unit.goal.x, y: 0, z: unit.goal.y }, { halfExtents: snapExtents });
      if (!nearest.success || nearest.nearestRef === 0) throw new Error(`detour: units[${index}].goal is not near the navmesh of ${scenario.name}`);
      const { x, y, z } = nearest.nearestPoint;
      if (!crowd.raw.requestMoveTarget(agentIndices[index]!, nearest.nearestRef, [x, y, z])) {
        throw new Error(`detour: move request refused for units[${index}]`);
      }
    }
    return { navMesh, crowd, agents, agentIndices, destroy };
  } catch (error) {
    destroy();
    throw error;
  }
}

/**
 * Plays a scenario with DetourCrowd for its duration (or until every unit has reached its goal
 * and stands still) and returns the project's metrics of the run. When the scenario adds or
 * removes obstacles during the run, the navmesh is built again for the obstacles then standing
 * and the crowd made again with every agent where it stands, at its velocity, sent on to its goal
 * (what an application without Detour's tile cache would do; its agents plan their paths anew).
 */
export async function runDetourScenario(scenario: Scenario, options: DetourOptions = {}): Promise<DetourResult> {
  const duration = options.duration ?? scenario.duration;
  if (!(Number.isFinite(duration) && duration > 0)) {
    throw new Error(`duration: expected a number of seconds > 0, got ${String(duration)}`);
  }
  await initDetour();

  const units = scenario.units;
  const count = units.length;
  const timeline = obstacleTimeline(scenario);
  const standing = (time: number): ObstacleShape[] => timeline.filter((entry) => entry.from <= time && time < entry.until).map((entry) => entry.shape);
  const positions = new Float64Array(2 * count);
  units.forEach((unit, index) => {
    positions[2 * index] = unit.x;
    positions[2 * index + 1] = unit.y;
  });
  let changesMade = 0;
  while (changesMade < scenario.changes.length && scenario.changes[changesMade]!.at <= 0) changesMade++;
  let run = startCrowd(scenario, standing(0), positions, null, true);
  try {
    const arrivalRadius = goalArrivalRadii(units);
    const reached = new Uint8Array(count);
    for (const [index, unit] of units.entries()) if (unit.goal === null) reached[index] = 1;

    const recorder = createMetricsRecorder({
      world: scenario.world,
      obstacles: timeline.map((entry) => entry.shape),
      obstacleTimes: timeline.map(({ from, until }) => ({ from, until })),
      units,
    });
    const velocities = new Float64Array(2 * count);
    const readPositions = (): void => {
      for (let i = 0; i < count; i++) {
        const agent = run.agents[i]!;
        positions[2 * i] = agent.get_npos(0);
        positions[2 * i + 1] = agent.get_npos(2);
      }
    };
    readPositions();
    options.onPositions?.(positions, 0);
    const ticks = Math.round(duration / DETOUR_DT);
    for (let tick = 1; tick <= ticks; tick++) {
      const before = (tick - 1) * DETOUR_DT;
      if (changesMade < scenario.changes.length && scenario.changes[changesMade]!.at <= before + 1e-9) {
        while (changesMade < scenario.changes.length && scenario.changes[changesMade]!.at <= before + 1e-9) changesMade++;
        for (let i = 0; i < count; i++) {
          velocities[2 * i] = run.agents[i]!.get_vel(0);
          velocities[2 * i + 1] = run.agents[i]!.get_vel(2);
        }
        run.destroy();
        run = startCrowd(scenario, standing(before + 1e-9), positions, velocities, false);
      }
      const start = performance.now();
      run.crowd.update(DETOUR_DT);
      const tickMs = performance.now() - start;
      const time = tick * DETOUR_DT;
      readPositions();
      recordTick(recorder, positions, time, tickMs);
      options.onPositions?.(positions, time);
      if (changesMade === scenario.changes.length && settled(scenario, run.agents, positions, reached, arrivalRadius)) break;
    }
    return { scenario: scenario.name, avoidance: 'detour', response: 'detour', seed: scenario.seed, ...finishMetrics(recorder) };
  } finally {
    run.destroy();
  }
}

/**
 * DetourCrowd's cost on a scenario: the median wall-clock milliseconds of `crowd.update` over
 * `ticks` ticks after `warmupTicks`, with the same setup as `runDetourScenario` (changes to the
 * obstacles are not played: the bench's scenarios have none). This is DetourCrowd's whole step:
 * its neighbour queries, path corridors, avoidance sampling, integration and collision handling,
 * against which the project's own tick (controller and planck's step) is set in `npm run bench`.
 */
export async function timeDetourTicks(scenario: Scenario, warmupTicks: number, ticks: number): Promise<number> {
  await initDetour();
  const positions = new Float64Array(2 * scenario.units.length);
  scenario.units.forEach((unit, index) => {
    positions[2 * index] = unit.x;
    positions[2 * index + 1] = unit.y;
  });
  const run = startCrowd(scenario, scenario.obstacles, positions, null, true);
  try {
    for (let tick = 0; tick < warmupTicks; tick++) run.crowd.update(DETOUR_DT);
    const times: number[] = [];
    for (let tick = 0; tick < ticks; tick++) {
      const start = performance.now();
      run.crowd.update(DETOUR_DT);
      times.push(performance.now() - start);
    }
    return median(times);
  } finally {
    run.destroy();
  }
}

/**
 * DetourCrowd's cost in a skirmish (skirmish.ts): the milliseconds of each tick's orders (each
 * group's target snapped onto the navmesh and a move request per unit) and `crowd.update`, median,
 * 99th percentile and worst over `ticks` ticks after `warmupTicks`, given the same orders at the
 * same ticks as the engine in `npm run bench`.
 */
export async function timeDetourSkirmish(skirmish: Skirmish, warmupTicks: number, ticks: number): Promise<{ median: number; p99: number; worst: number }> {
  await initDetour();
  const { scenario, orders } = skirmish;
  const positions = new Float64Array(2 * scenario.units.length);
  scenario.units.forEach((unit, index) => {
    positions[2 * index] = unit.x;
    positions[2 * index + 1] = unit.y;
  });
  const maxRadius = Math.max(...scenario.units.map((unit) => unit.radius));
  const snapExtents = { x: 4 * maxRadius + 10, y: 0.5, z: 4 * maxRadius + 10 };
  const run = startCrowd(scenario, scenario.obstacles, positions, null, false);
  try {
    const query = run.crowd.navMeshQuery;
    const times: number[] = [];
    let next = 0;
    for (let tick = 1; tick <= warmupTicks + ticks; tick++) {
      const start = performance.now();
      while (next < orders.length && orders[next]!.tick === tick) {
        const order = orders[next++]!;
        const nearest = query.findNearestPoly({ x: order.target.x, y: 0, z: order.target.y }, { halfExtents: snapExtents });
        if (!nearest.success || nearest.nearestRef === 0) continue;
        const { x, y, z } = nearest.nearestPoint;
        for (const index of order.units) run.crowd.raw.requestMoveTarget(run.agentIndices[index]!, nearest.nearestRef, [x, y, z]);
      }
      run.crowd.update(DETOUR_DT);
      if (tick > warmupTicks) times.push(performance.now() - start);
    }
    return { median: median(times), p99: percentile(times, 0.99), worst: Math.max(...times) };
  } finally {
    run.destroy();
  }
}

/**
 * Marks units that came within their group arrival radius of their goal (the recorder's rule),
 * and returns true once every unit has reached its goal and moves slower than AT_REST_SPEED.
 */
function settled(
  scenario: Scenario,
  agents: ReadonlyArray<{ get_vel(index: number): number }>,
  positions: Float64Array,
  reached: Uint8Array,
  arrivalRadius: Float64Array,
): boolean {
  let all = true;
  for (let i = 0; i < agents.length; i++) {
    if (reached[i] === 0) {
      const goal = scenario.units[i]!.goal!;
      if (Math.hypot(goal.x - positions[2 * i]!, goal.y - positions[2 * i + 1]!) <= arrivalRadius[i]!) reached[i] = 1;
      else all = false;
    }
  }
  if (!all) return false;
  for (const agent of agents) {
    const vx = agent.get_vel(0);
    const vz = agent.get_vel(2);
    if (vx * vx + vz * vz > AT_REST_SPEED * AT_REST_SPEED) return false;
  }
  return true;
}
