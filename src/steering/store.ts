/**
 * The unit store: what the sense and decide phases read of every unit, in typed arrays indexed by
 * the unit's slot (its place in creation order; slots stay dense, a removal closes the gap). The
 * neighbour search, the strategies' choices and the situations' pair and lean hooks read a
 * neighbour here, by its slot, never through an object; a unit's cold data (its task, its route,
 * its body) stays in its record (sim/state.ts Unit), looked up by slot only for the unit deciding.
 *
 * The simulation fills a unit's entries in the sense phase, before anything reads them (its
 * position, velocity and limits as read back after the last tick, its order, how far it has to go
 * and its place in a queue), and commits what others read next tick (its avoidance side, wanted
 * velocity and lean) as it applies forces. A sleeping unit's entries are those it fell asleep
 * with: nothing of it changes while it sleeps.
 */
import { type Column, type UnitColumns, byteColumn, floatColumn, intColumn } from './columns';

/** Which way a unit turns to avoid something, as stored: 1 left, -1 right, 0 not avoiding (Side). */
export interface UnitStore {
  readonly columns: UnitColumns;
  /** the unit's id */
  readonly id: Column<Int32Array>;
  /** metres, world frame, x and y */
  readonly position: Column<Float64Array>;
  /** metres per second, x and y */
  readonly velocity: Column<Float64Array>;
  /** metres */
  readonly radius: Column<Float64Array>;
  /** kilograms */
  readonly mass: Column<Float64Array>;
  /** metres per second */
  readonly maxSpeed: Column<Float64Array>;
  /** newtons */
  readonly maxForce: Column<Float64Array>;
  /** the avoidance side committed on the last tick (1 left, -1 right, 0 none) */
  readonly side: Column<Int32Array>;
  /** m/s, x and y: the velocity it wanted on the last tick (seek / arrive along its route, shaped
   * by the situations), before avoiding; zero when it has no order */
  readonly wanted: Column<Float64Array>;
  /** how strongly it leaned its aim to its right on the last tick, 0 to 1 (situations/keep-right.ts) */
  readonly lean: Column<Float64Array>;
  /** the move order it walks (units sharing it move as one group); 0 when it has no order */
  readonly group: Column<Int32Array>;
  /** metres to where it stops; Infinity when it has no order */
  readonly toTarget: Column<Float64Array>;
  /** metres of personal space it keeps from obstacles and walls when choosing its velocity */
  readonly obstacleSpace: Column<Float64Array>;
  /** unit vector, x and y: the way its last order heads, from where the order's units stood to its
   * target; zero before any order */
  readonly orderHeading: Column<Float64Array>;
  /** how many units its last order moved (1: a lone unit; 0 before any order) */
  readonly orderSize: Column<Int32Array>;
  /** x, y and radius (metres) of the ground its move order arranges its units on: the group's
   * target and arrival radius, or its own target and 0 for a lone unit; zero without an order */
  readonly arrival: Column<Float64Array>;
  /** metres along its way to the first door on it (a passage narrow enough for orders to take
   * turns), as of its last look down its route; Infinity when there is none */
  readonly doorDistance: Column<Float64Array>;
  /** metres of its order's route still to walk while a passage is close ahead on its way (it
   * queues there); Infinity otherwise */
  readonly queueRank: Column<Float64Array>;
  /** 1 when the passage it queues for takes one unit at a time */
  readonly singleFile: Column<Uint8Array>;
  /** 1 when the unit slept as its entries were last written (they still hold while it sleeps on) */
  readonly asleep: Column<Uint8Array>;
  /** 1 while the unit holds its ground (a hold order): it makes no way, the others go round it */
  readonly holding: Column<Uint8Array>;
}

export function createUnitStore(columns: UnitColumns): UnitStore {
  return {
    columns,
    id: intColumn(columns),
    position: floatColumn(columns, 2),
    velocity: floatColumn(columns, 2),
    radius: floatColumn(columns),
    mass: floatColumn(columns),
    maxSpeed: floatColumn(columns),
    maxForce: floatColumn(columns),
    side: intColumn(columns),
    wanted: floatColumn(columns, 2),
    lean: floatColumn(columns),
    group: intColumn(columns),
    toTarget: floatColumn(columns, 1, Infinity),
    obstacleSpace: floatColumn(columns),
    orderHeading: floatColumn(columns, 2),
    orderSize: intColumn(columns),
    arrival: floatColumn(columns, 3),
    doorDistance: floatColumn(columns, 1, Infinity),
    queueRank: floatColumn(columns, 1, Infinity),
    singleFile: byteColumn(columns),
    asleep: byteColumn(columns),
    holding: byteColumn(columns),
  };
}

/** One unit's entries read out of the store at once (readUnit), for code that reads most of them. */
export interface UnitValues {
  slot: number;
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
  mass: number;
  maxSpeed: number;
  maxForce: number;
  side: number;
  group: number;
  wantedX: number;
  wantedY: number;
}

export function unitValues(): UnitValues {
  return { slot: -1, id: 0, x: 0, y: 0, vx: 0, vy: 0, radius: 0, mass: 0, maxSpeed: 0, maxForce: 0, side: 0, group: 0, wantedX: 0, wantedY: 0 };
}

/** Reads the unit at `slot` into `out`. */
export function readUnit(units: UnitStore, slot: number, out: UnitValues): UnitValues {
  out.slot = slot;
  out.id = units.id.data[slot]!;
  out.x = units.position.data[2 * slot]!;
  out.y = units.position.data[2 * slot + 1]!;
  out.vx = units.velocity.data[2 * slot]!;
  out.vy = units.velocity.data[2 * slot + 1]!;
  out.radius = units.radius.data[slot]!;
  out.mass = units.mass.data[slot]!;
  out.maxSpeed = units.maxSpeed.data[slot]!;
  out.maxForce = units.maxForce.data[slot]!;
  out.side = units.side.data[slot]!;
  out.group = units.group.data[slot]!;
  out.wantedX = units.wanted.data[2 * slot]!;
  out.wantedY = units.wanted.data[2 * slot + 1]!;
  return out;
}
