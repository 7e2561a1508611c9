/**
 * Units for the steering tests, written as records (what a test reads best) and put into a unit
 * store (src/steering/store.ts), which is what the steering code reads: `storeOf([a, b, c])` holds
 * them at slots 0, 1, 2.
 */
import { NO_SIDE, type Side } from '../../src/steering/agent';
import { addSlot, createUnitColumns } from '../../src/steering/columns';
import { type UnitStore, createUnitStore } from '../../src/steering/store';

export interface TestUnit {
  id: number;
  radius: number;
  mass: number;
  maxSpeed: number;
  maxForce: number;
  position: { x: number; y: number };
  velocity: { x: number; y: number };
  avoidSide: Side;
  wanted: { x: number; y: number };
  lean: number;
  groupId: number;
  distanceToTarget: number;
  obstacleSpace: number;
  queueRank: number;
  queueSingleFile: boolean;
  doorDistance: number;
  orderHeading: { x: number; y: number };
  orderSize: number;
}

/** A unit of radius 0.5 m (mass 15.7 kg, 4 m/s, 251 N) on order 1, not avoiding, with `fields` over that. */
export function testUnit(fields: Partial<TestUnit> & Pick<TestUnit, 'position' | 'velocity'>): TestUnit {
  return {
    id: 1,
    radius: 0.5,
    mass: 15.7,
    maxSpeed: 4,
    maxForce: 251,
    avoidSide: NO_SIDE,
    wanted: { x: 0, y: 0 },
    lean: 0,
    groupId: 1,
    distanceToTarget: Infinity,
    obstacleSpace: 0.1,
    queueRank: Infinity,
    queueSingleFile: false,
    doorDistance: Infinity,
    orderHeading: { x: 0, y: 0 },
    orderSize: 0,
    ...fields,
  };
}

/** A store holding `units` at slots 0, 1, ... in that order. */
export function storeOf(units: readonly TestUnit[]): UnitStore {
  const store = createUnitStore(createUnitColumns());
  for (const unit of units) writeUnit(store, addSlot(store.columns), unit);
  return store;
}

/** Writes `unit` into the store's entries at `slot`. */
export function writeUnit(store: UnitStore, slot: number, unit: TestUnit): void {
  store.id.data[slot] = unit.id;
  store.position.data[2 * slot] = unit.position.x;
  store.position.data[2 * slot + 1] = unit.position.y;
  store.velocity.data[2 * slot] = unit.velocity.x;
  store.velocity.data[2 * slot + 1] = unit.velocity.y;
  store.radius.data[slot] = unit.radius;
  store.mass.data[slot] = unit.mass;
  store.maxSpeed.data[slot] = unit.maxSpeed;
  store.maxForce.data[slot] = unit.maxForce;
  store.side.data[slot] = unit.avoidSide;
  store.wanted.data[2 * slot] = unit.wanted.x;
  store.wanted.data[2 * slot + 1] = unit.wanted.y;
  store.lean.data[slot] = unit.lean;
  store.group.data[slot] = unit.groupId;
  store.toTarget.data[slot] = unit.distanceToTarget;
  store.obstacleSpace.data[slot] = unit.obstacleSpace;
  store.queueRank.data[slot] = unit.queueRank;
  store.singleFile.data[slot] = unit.queueSingleFile ? 1 : 0;
  store.doorDistance.data[slot] = unit.doorDistance;
  store.orderHeading.data[2 * slot] = unit.orderHeading.x;
  store.orderHeading.data[2 * slot + 1] = unit.orderHeading.y;
  store.orderSize.data[slot] = unit.orderSize;
}
