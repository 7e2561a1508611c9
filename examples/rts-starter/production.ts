/**
 * The starter's economy: each base earns gold and trains units one at a time from a short queue;
 * each new unit appears just outside the base's front gate (game.ts then sends it to the rally
 * point).
 */
import { type Simulation, addUnit, unitsInRadius } from 'rts-steer';
import { type Fighter, KINDS, type KindName } from './combat';

/** gold a base earns a second, and has at the start */
export const INCOME = 6;
export const START_GOLD = 150;
/** units a base may have waiting to be trained */
export const MAX_TRAINING = 5;

export interface Base {
  readonly team: number;
  /** metres: just outside the front gate, where new units appear */
  readonly gate: { readonly x: number; readonly y: number };
  /** metres: where new units walk to */
  rally: { x: number; y: number };
  gold: number;
  /** waiting to be trained, the one in training first */
  readonly training: KindName[];
  /** units ever put in training */
  ordered: number;
  /** ticks spent on the first of `training` */
  progress: number;
  /** false once its headquarters has fallen */
  producing: boolean;
}

/** What a base needs of the game to put units on the map. */
export interface Barracks {
  readonly sim: Simulation;
  readonly fighters: Map<number, Fighter>;
}

/** Puts a unit of `kind` in the base's queue, paying for it; false when it cannot (gold, queue). */
export function train(base: Base, kind: KindName): boolean {
  const cost = KINDS[kind].cost;
  if (!base.producing || base.gold < cost || base.training.length >= MAX_TRAINING) return false;
  base.gold -= cost;
  base.training.push(kind);
  base.ordered += 1;
  return true;
}

/**
 * One tick of a base: gold comes in, and the unit in training comes out once its time is up and
 * the gate is clear (it waits, finished, while a unit stands there). Returns the new unit's id.
 */
export function stepBase(yard: Barracks, base: Base, tickSeconds: number): number | undefined {
  if (!base.producing) return undefined;
  base.gold += INCOME * tickSeconds;
  const kindName = base.training[0];
  if (kindName === undefined) return undefined;
  const kind = KINDS[kindName];
  base.progress += 1;
  if (base.progress * tickSeconds < kind.trainTime) return undefined;
  if (unitsInRadius(yard.sim, base.gate, kind.radius + 0.2, crowd) > 0) return undefined;
  base.training.shift();
  base.progress = 0;
  return spawn(yard, base.team, kindName, base.gate);
}

/** ids found at a gate (reused) */
const crowd: number[] = [];

/** Adds a unit of `kind` for `team` at `at`, with its fighting state. */
export function spawn(yard: Barracks, team: number, kindName: KindName, at: { x: number; y: number }): number {
  const kind = KINDS[kindName];
  const id = addUnit(yard.sim, { x: at.x, y: at.y, team, radius: kind.radius, maxSpeed: kind.maxSpeed });
  yard.fighters.set(id, { kind: kindName, health: kind.health, readyAt: 0 });
  return id;
}

/** How far the first unit in training is, 0 to 1. */
export function trainingDone(base: Base, tickSeconds: number): number {
  const kindName = base.training[0];
  return kindName === undefined ? 0 : Math.min(1, (base.progress * tickSeconds) / KINDS[kindName].trainTime);
}
