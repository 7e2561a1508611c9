/**
 * The lean carried through the ranks: a unit pressed behind units of its own order that lean to
 * their right (keep-right.ts) takes up most of their lean, so a whole block turns, not only its
 * front.
 *
 * Premise: the unit walks an order, and a unit of the same order that leaned on the last tick
 * stands ahead of it (along the velocity it wants) within LEAN_CARRY_GAP, edge to edge.
 */
import type { ReadonlyVec2 } from '../math/vec2';
import type { Sensing } from '../steering/sensing';
import type { UnitStore } from '../steering/store';
import type { Situation } from '../sim/state';

/** of the lean of a unit of its order just ahead, the share a unit pressed behind it takes up */
const LEAN_CARRY = 0.9;
/** metres (edge to edge): a unit of its order ahead this close presses on it */
const LEAN_CARRY_GAP = 1;

/**
 * The strongest lean (the store's, last tick's) among the units of the agent's order ahead of it
 * (along the velocity it wants) and within LEAN_CARRY_GAP, times LEAN_CARRY. Only the front of a
 * block meets the units of the other order, so only the front leaned; the ranks behind pushed
 * straight on, and two blocks of 200 meeting head-on stood pressed face to face for ten seconds
 * and more (large-groups, seed 3: 37 units still on their way after a minute). Taken up rank by
 * rank, the lean turns the whole block, and the two slide past each other.
 */
function leanCarried(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2): number {
  const group = units.group.data;
  const leans = units.lean.data;
  const position = units.position.data;
  let lean = 0;
  for (let index = 0; index < sensing.neighbourCount; index++) {
    const other = sensing.neighbours[index]!;
    if (group[other] !== group[agent] || leans[other]! <= lean) continue;
    const dx = position[2 * other]! - position[2 * agent]!;
    const dy = position[2 * other + 1]! - position[2 * agent + 1]!;
    if (dx * preferred.x + dy * preferred.y <= 0) continue;
    if (Math.sqrt(dx * dx + dy * dy) - units.radius.data[agent]! - units.radius.data[other]! > LEAN_CARRY_GAP) continue;
    lean = leans[other]!;
  }
  return LEAN_CARRY * lean;
}


export const carriedLean: Situation = {
  name: 'carried-lean',
  order: 75,
  premise: 'a unit of its own order that leans to its right stands pressed just ahead of it',
  applies: (sim) => sim.strategy.passesGroups && sim.config.keepRight > 0,
  lean(units: UnitStore, agent: number, sensing: Sensing, preferred: ReadonlyVec2, lean: number): number {
    return units.group.data[agent] === 0 ? lean : Math.max(lean, leanCarried(units, agent, sensing, preferred));
  },
};
