/**
 * Standing in a stream: a unit that units of another order carry off its way stops going with
 * them; it stands like a rock in their stream, and they pass round it.
 *
 * Premise: the unit walks an order in open ground (no obstacle or wall near it), wants to go
 * somewhere (at least MIN_WANT m/s, more than MIN_TO_TARGET m from where it stops), and moves
 * faster than CARRIED_SPEED of its max speed and more than about 75 degrees off the way it wants
 * to go: something carries it (avoiding a unit, it turns less). It stays carried until it walks
 * its way again (RELEASE_SPEED along it), its order ends or is replaced, it stops wanting to go
 * anywhere or it comes near an obstacle. The rule touches only its pairs with units of other
 * orders moving against the way it wants to go (more than 90 degrees off it): the stream that
 * carries it.
 *
 * Why. The reciprocal half-planes are laid through the velocities the two units have now (the
 * velocity obstacle's usual anchor): a unit moving with a stream that comes at it keeps its
 * distance from the unit behind only by keeping its pace, and each takes only its share of any
 * slack. So a unit caught in front of, or inside, an army walking another way ran before it at
 * the army's speed, wanting another way all along: in armies meeting at an angle small groups of
 * one army were carried 35 to 40 m to the other army's goal, then spent 30 to 45 s wading through
 * that army standing there (the armies family: one to thirty units short after 90 s where plain
 * motion got every unit home).
 *
 * What it does. A carried unit takes none of the way against the units of the stream, its
 * half-plane against each laid through standing still (it may stand, or step across, but not walk
 * into them); they take all of the way between them and see it standing (as they pass a unit
 * standing alone: give-way.ts). The stream parts round it as round a rock, and it walks on once
 * the stream has passed. Not by obstacles: in a gap the stream could not part round it (a first
 * version without that test blocked the gaps of pillared halls and forests).
 *
 * Off by default (steering/config.ts): with it, two blocks taking turns at a 6 m door no longer
 * kept their turns (most likely units queueing in the open before the door, pushed off their way
 * by the block coming out, passed as rocks), and two blocks crossing at 30 degrees took 7 s longer
 * to get their last unit in (docs/situations.md).
 */
import type { ReadonlyVec2 } from '../math/vec2';
import { type Column, type UnitColumns, byteColumn } from '../steering/columns';
import type { UnitStore } from '../steering/store';
import type { PlaneTerms } from '../steering/strategy';
import type { SimulationState, Situation, Unit } from '../sim/state';

/** of its max speed: a unit moving off its way slower than this is jostled, not carried */
const CARRIED_SPEED = 0.5;
/** cosine of about 75 degrees: a unit whose velocity is further than this off the way it wants to
 * go moves off it */
const CARRIED_COSINE = 0.25;
/** m/s along the way it wants to go: a carried unit this fast walks its way again */
const RELEASE_SPEED = 0.5;
/** m/s: a unit wanting less than this (arriving, held) is not carried, whatever its velocity */
const MIN_WANT = 0.5;
/** metres: a unit this close to where it stops is arriving (it may run past its slot and back) */
const MIN_TO_TARGET = 2;

// how a unit moves against the way it wants to go (courseOf): not walking an order anywhere, fast
// and off its way, walking its way, or slowly (a carried unit stays carried)
const NOT_WALKING = 0;
const OFF_ITS_WAY = 1;
const ON_ITS_WAY = 2;
const SLOWLY = 3;

/** How the unit at `slot` moves against the way it wants to go (last tick's wanted velocity, this tick's velocity). */
function courseOf(units: UnitStore, slot: number): number {
  if (units.group.data[slot] === 0 || units.toTarget.data[slot]! < MIN_TO_TARGET) return NOT_WALKING;
  const wanted = units.wanted.data;
  const velocity = units.velocity.data;
  const wx = wanted[2 * slot]!;
  const wy = wanted[2 * slot + 1]!;
  const want = Math.sqrt(wx * wx + wy * wy);
  if (want < MIN_WANT) return NOT_WALKING;
  const vx = velocity[2 * slot]!;
  const vy = velocity[2 * slot + 1]!;
  const along = (vx * wx + vy * wy) / want;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed > CARRIED_SPEED * units.maxSpeed.data[slot]! && along < CARRIED_COSINE * speed) return OFF_ITS_WAY;
  return along >= RELEASE_SPEED ? ON_ITS_WAY : SLOWLY;
}

/** Whether `mover` moves against the way (wx, wy) a carried unit wants to go: more than 90 degrees off it. */
function comesAgainst(units: UnitStore, mover: number, wx: number, wy: number): boolean {
  const velocity = units.velocity.data;
  return velocity[2 * mover]! * wx + velocity[2 * mover + 1]! * wy < 0;
}

export class StandInStream implements Situation {
  readonly name = 'stand-in-stream';
  readonly order = 80;
  readonly premise = 'in open ground, units of another order carry it off the way it wants to go';
  /** 1 while the unit is carried (by slot) */
  private readonly carried: Column<Uint8Array>;

  constructor(columns: UnitColumns) {
    this.carried = byteColumn(columns);
  }

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups;
  }

  reset(sim: SimulationState): void {
    this.carried.data.fill(0, 0, sim.units.length);
  }

  /** A new order or a traded slot: the unit walks a new way, carried by nothing yet. */
  restart(_sim: SimulationState, unit: Unit): void {
    this.carried.data[unit.slot] = 0;
  }

  /** Which units awake are carried this tick (a sleeping unit has no order, and its flag is never read). */
  plan(sim: SimulationState): void {
    const units = sim.store;
    const carried = this.carried.data;
    const awake = sim.awake;
    for (let index = 0; index < awake.length; index++) {
      const unit = awake[index]!;
      const slot = unit.slot;
      // in open ground only: in a gap or by a wall the stream could not part round it
      const course = unit.sensing.obstacleCount === 0 ? courseOf(units, slot) : NOT_WALKING;
      if (course === OFF_ITS_WAY) carried[slot] = 1;
      else if (course !== SLOWLY) carried[slot] = 0;
    }
  }

  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void {
    const group = units.group.data;
    if (group[agent] === 0 || group[other] === 0 || group[agent] === group[other]) return;
    const carried = this.carried.data;
    const wanted = units.wanted.data;
    if (carried[agent] === 1 && comesAgainst(units, other, preferred.x, preferred.y)) {
      terms.share = 0;
      terms.agentAtRest = true;
    } else if (carried[other] === 1 && comesAgainst(units, agent, wanted[2 * other]!, wanted[2 * other + 1]!)) {
      terms.share = 1;
      terms.otherAtRest = true;
    }
  }
}
