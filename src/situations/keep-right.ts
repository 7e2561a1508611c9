/**
 * Keep right: a unit with units of other orders coming at it (about to meet it, or near and
 * wanting the opposite way) leans the velocity it aims at to its right, more the sooner they would
 * meet, so counter-flows form lanes and crossings swirl rather than knot. Not for units
 * converging on its way from almost the same direction (see leanFactor).
 *
 * Premise: the unit walks an order, and among its neighbours is a unit of another order it will
 * touch within the look-ahead, or one near ahead of it that wants to go more than 120 degrees from
 * where it wants to go. The lean is `SteeringConfig.keepRight` radians at full urgency.
 */
import { type ReadonlyVec2, vec2 } from '../math/vec2';
import type { Sensing } from '../steering/sensing';
import type { UnitStore } from '../steering/store';
import type { Situation } from '../sim/state';

/**
 * How much a threat of another order leans the agent to its right, by the angle between their
 * wanted velocities: fully, but not at all when they converge walking almost the same way
 * (between about 30 and 60 degrees apart; the cosine between 0.5 and 0.85, with short ramps on
 * either side). Two blocks crossing at 45 degrees leaning right for each other only turned into
 * each other's path, and both wheeled off together (crossing-45, seeds 1-10: 14.1 -> 12.6 s, 4 -> 0
 * touches, without the lean there). Within 25 degrees the agent overtakes, on the right; from 65
 * degrees the crowds meeting at right angles make a roundabout, and counter-flows lanes. 1 when
 * either wants to stand still (there is nothing to compare).
 */
function leanFactor(a: ReadonlyVec2, b: ReadonlyVec2): number {
  const product = Math.sqrt((a.x * a.x + a.y * a.y) * (b.x * b.x + b.y * b.y));
  if (product < 1e-12) return 1;
  const cosine = (a.x * b.x + a.y * b.y) / product;
  return Math.max(0, Math.min(1, Math.max((cosine - CONVERGING_MAX) / LEAN_RAMP_NEAR, (CONVERGING_MIN - cosine) / LEAN_RAMP_WIDE)));
}

/** cosines of the angle between two wanted velocities between which units converge without
 * leaning (about 32 to 60 degrees), and the ramps back to the full lean on either side */
const CONVERGING_MAX = 0.85;
const CONVERGING_MIN = 0.5;
const LEAN_RAMP_NEAR = 0.05;
const LEAN_RAMP_WIDE = 0.08;

const ONCOMING_GAP = 4;

/**
 * How urgently `other` comes the opposite way to the agent, from 0 to 1: it wants (or wanted on
 * the last tick) to go more than 120 degrees from where the agent wants to go, stands ahead of
 * the agent, and is near (1 when touching, 0 at ONCOMING_GAP metres); 0 otherwise. A crowd
 * jammed at a door has no relative motion to read, but its units still want opposite ways.
 */
function oncomingUrgency(units: UnitStore, agent: number, other: number, preferred: ReadonlyVec2): number {
  const wx = units.wanted.data[2 * other]!;
  const wy = units.wanted.data[2 * other + 1]!;
  const ownSpeed = Math.sqrt(preferred.x * preferred.x + preferred.y * preferred.y);
  const otherSpeed = Math.sqrt(wx * wx + wy * wy);
  if (ownSpeed < 1e-9 || otherSpeed < 1e-9) return 0;
  if ((preferred.x * wx + preferred.y * wy) / (ownSpeed * otherSpeed) > -0.5) return 0;
  const position = units.position.data;
  const dx = position[2 * other]! - position[2 * agent]!;
  const dy = position[2 * other + 1]! - position[2 * agent + 1]!;
  if (dx * preferred.x + dy * preferred.y <= 0) return 0;
  const gap = Math.sqrt(dx * dx + dy * dy) - units.radius.data[agent]! - units.radius.data[other]!;
  return gap >= ONCOMING_GAP ? 0 : 1 - Math.max(0, gap) / ONCOMING_GAP;
}

/** the wanted velocity of the neighbour at hand (leanFactor takes a vector) */
const _keep_wanted = vec2();

export const keepRight: Situation = {
  name: 'keep-right',
  order: 70,
  premise: 'units of other orders about to meet the unit, or near ahead and wanting the opposite way',
  applies: (sim) => sim.strategy.passesGroups && sim.config.keepRight > 0,
  lean(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, lean: number): number {
    const group = units.group.data;
    if (group[agent] === 0) return lean;
    // the soonest threat of another order (threats come first, soonest first)
    let urgency = lean;
    for (let index = 0; index < sensing.neighbourCount; index++) {
      const other = sensing.neighbours[index]!;
      if (group[other] === group[agent] || group[other] === 0) continue;
      const key = sensing.neighbourKeys[index]!;
      if (key < 1) {
        _keep_wanted.x = units.wanted.data[2 * other]!;
        _keep_wanted.y = units.wanted.data[2 * other + 1]!;
        urgency = Math.max(urgency, (1 - key) * leanFactor(preferred, _keep_wanted));
      } else urgency = Math.max(urgency, oncomingUrgency(units, agent, other, preferred));
    }
    return urgency;
  },
};
