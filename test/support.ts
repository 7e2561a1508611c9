/**
 * Small helpers shared by the simulation-core tests. They drive the public API; nothing here
 * replaces or mocks a part of the engine. `internals` is the one white-box door, for tests that
 * check state users cannot see (a unit's stuck recovery, the physics world's contacts).
 */
import {
  type Simulation,
  type UnitView,
  addObstacle,
  addUnit,
  createSimulation,
  getUnit,
  hasPendingOrders,
  issueOrder,
  loadSimulation,
  onSimulationEvent,
  saveSimulation,
  stateHash,
  type SimulationEvent,
  stepSimulation,
} from '../src/index';
import { ScenarioError, parseScenario } from '../src/scenarios/schema';
import type { Column } from '../src/steering/columns';
import { type SimulationState, type Situation, stateOf } from '../src/sim/state';
import type { Blocks, DoorLanes, OrderBox } from '../src/situations/blocks';
import type { DoorTurn } from '../src/situations/door-turns';
import { findSituation } from '../src/situations/index';
import { RECOVERY_NAMES } from '../src/situations/stuck-recovery';
import type { SituationName } from '../src/steering/config';

/** Runs `ticks` fixed ticks, calling `afterTick` (with the tick number, 1-based) after each. */
export function runTicks(sim: Simulation, ticks: number, afterTick?: (tick: number) => void): void {
  for (let tick = 1; tick <= ticks; tick++) {
    stepSimulation(sim);
    afterTick?.(tick);
  }
}

/**
 * Steps until every order issued so far is planned (planning is spread over ticks within a budget
 * of navigation work); returns the ticks it took. Throws after `limit` ticks.
 */
export function runUntilPlanned(sim: Simulation, limit = 120): number {
  for (let tick = 1; tick <= limit; tick++) {
    stepSimulation(sim);
    if (!hasPendingOrders(sim)) return tick;
  }
  throw new Error(`orders still being planned after ${limit} ticks`);
}

/** Every event the simulation delivers from now on, in order. */
export function recordEvents(sim: Simulation): SimulationEvent[] {
  const seen: SimulationEvent[] = [];
  onSimulationEvent(sim, (event) => seen.push(event));
  return seen;
}

/** Saves `sim` (through JSON text), loads it, runs both `ticks` more ticks, and returns both hashes. */
export function hashesAfterSave(sim: Simulation, ticks: number): { original: string; loaded: string } {
  const loaded = loadSimulation(JSON.parse(JSON.stringify(saveSimulation(sim))));
  for (let tick = 0; tick < ticks; tick++) {
    stepSimulation(sim);
    stepSimulation(loaded);
  }
  return { original: stateHash(sim), loaded: stateHash(loaded) };
}

/** The events of one type among `events`, typed. */
export function eventsOfType<T extends SimulationEvent['type']>(events: readonly SimulationEvent[], type: T): Extract<SimulationEvent, { type: T }>[] {
  return events.filter((event): event is Extract<SimulationEvent, { type: T }> => event.type === type);
}

/** Records the simulated time of every unit's first arrival, by unit id. */
export function recordArrivals(sim: Simulation): Map<number, number> {
  const arrivals = new Map<number, number>();
  onSimulationEvent(sim, (event) => {
    if (event.type === 'arrived' && !arrivals.has(event.unitId)) arrivals.set(event.unitId, event.time);
  });
  return arrivals;
}

export function centreDistance(a: UnitView, b: UnitView): number {
  return Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y);
}

/** Metres between the two units' discs, edge to edge (negative when they overlap). */
export function discGap(sim: Simulation, a: number, b: number): number {
  const p = getUnit(sim, a)!;
  const q = getUnit(sim, b)!;
  return centreDistance(p, q) - p.radius - q.radius;
}

export function speedOf(unit: UnitView): number {
  return Math.hypot(unit.velocity.x, unit.velocity.y);
}

/**
 * A (id 1, eastbound along y = 20) meets B (id 2, westbound 0.4 m north of A's line), which
 * first dodges a post on its right by turning LEFT, toward A's line, so B is already avoiding
 * when the two meet.
 */
export function buildPostMeeting(): { sim: Simulation; a: number; b: number } {
  // no routing: the units walk straight, so the meeting is the avoidance controller's alone
  const sim = createSimulation({ width: 40, height: 40, navigation: false });
  const a = addUnit(sim, { x: 5, y: 20 });
  const b = addUnit(sim, { x: 15, y: 20.4 });
  addObstacle(sim, { type: 'circle', x: 11, y: 21, radius: 0.5 });
  issueOrder(sim, { kind: 'move', unitIds: [a], target: { x: 35, y: 20 } });
  issueOrder(sim, { kind: 'move', unitIds: [b], target: { x: 2, y: 20.4 } });
  return { sim, a, b };
}

/** The state behind a simulation handle, for white-box checks of what the API does not show. */
export function internals(sim: Simulation): SimulationState {
  return stateOf(sim);
}

/** The problems the scenario schema lists for `input` (fails the test when it is accepted). */
export function schemaProblems(input: unknown): readonly string[] {
  try {
    parseScenario(input, 'test.json');
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    return error.problems;
  }
  throw new Error('expected the scenario to be refused');
}

// ---------------------------------------------------------------------------------------------
// What the situations (src/situations/) keep, read white-box

type SituationOf<T> = Situation & T;

function situation<T>(sim: Simulation, name: SituationName): SituationOf<T> {
  return findSituation(stateOf(sim).situations, name) as SituationOf<T>;
}

/** The orders' blocks as the block situations measured them on the last tick. */
export function blocksOf(sim: Simulation): Blocks {
  return situation<{ blocks: Blocks }>(sim, 'step-aside').blocks;
}

/** An order's box as the tests read it (blocks.ts OrderBox). */
export interface OrderBoxSeen {
  orderId: number;
  units: number;
  centre: { x: number; y: number };
  way: { x: number; y: number };
  back: number;
  front: number;
  right: number;
  left: number;
  step: { x: number; y: number };
  pace: number;
}

/** The boxes of the orders of two units or more that walked as blocks on the last tick. */
export function orderBoxesOf(sim: Simulation): OrderBoxSeen[] {
  const blocks = blocksOf(sim);
  return blocks.boxes
    .slice(0, blocks.count)
    .filter((box: OrderBox) => box.count >= 2)
    .map((box) => ({
      orderId: box.orderId,
      units: box.count,
      centre: { x: box.cx, y: box.cy },
      way: { x: box.dx, y: box.dy },
      back: box.back,
      front: box.front,
      right: box.right,
      left: box.left,
      step: { x: box.shiftX, y: box.shiftY },
      pace: box.pace,
    }));
}

/** A door orders take turns at, with its orders (door-turns.ts, and wide doors: wide-door-turns.ts). */
export interface DoorTurnSeen {
  centre: { x: number; y: number };
  holder: number;
  orders: Array<{ orderId: number; way: { x: number; y: number }; pending: number }>;
}

/** The doors orders came to on the last tick and whose turn it is at each, then the wide doors. */
export function doorTurnsOf(sim: Simulation): DoorTurnSeen[] {
  const doors: DoorTurnSeen[] = situation<{ state: { doors: DoorTurn[] } }>(sim, 'door-turns').state.doors.map((door) => ({
    centre: { x: door.x, y: door.y },
    holder: door.holder,
    orders: door.orders.map((order) => ({ orderId: order.orderId, way: { x: order.dirX, y: order.dirY }, pending: order.pending })),
  }));
  for (const turn of blocksOf(sim).wideDoors) {
    doors.push({
      centre: { x: turn.x, y: turn.y },
      holder: turn.holding ? turn.goes : 0,
      orders: [
        { orderId: turn.goes, way: { x: turn.goesX, y: turn.goesY }, pending: turn.goesPending },
        { orderId: turn.waits, way: { x: turn.waitsX, y: turn.waitsY }, pending: turn.waitsPending },
      ],
    });
  }
  return doors;
}

/** The doors two orders pass keeping to their halves (door-halves.ts). */
export function doorLanesOf(sim: Simulation): Array<{ first: number; second: number; centre: { x: number; y: number }; way: { x: number; y: number } }> {
  return blocksOf(sim).lanes.map((lanes: DoorLanes) => ({ first: lanes.first, second: lanes.second, centre: { x: lanes.x, y: lanes.y }, way: { x: lanes.dx, y: lanes.dy } }));
}

/** The recovery under way for a unit (stuck-recovery.ts). */
export function recoveryOf(sim: Simulation, unit: { slot: number }): (typeof RECOVERY_NAMES)[number] {
  return RECOVERY_NAMES[situation<{ recovery: Column<Uint8Array> }>(sim, 'stuck-recovery').recovery.data[unit.slot]!]!;
}
