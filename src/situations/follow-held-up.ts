/**
 * Following a held-up unit: in the open, a unit behind one of its own order that is held up and
 * slower than it takes all of the way between them, rather than half.
 *
 * Premise: the other unit walks the agent's order, stands ahead of it along the way it wants to
 * go, is held up (below half its max speed) and slower than the agent, and no obstacle or wall is
 * near the agent (by walls and in gaps the one ahead is slowed by what the agent sees too, and
 * the queues at passages order them: queue-order.ts).
 */
import type { ReadonlyVec2 } from '../math/vec2';
import type { UnitStore } from '../steering/store';
import type { PlaneTerms } from '../steering/strategy';
import type { Situation } from '../sim/state';
import { isHeldUp } from './give-way';

/**
 * Whether `other` walks the agent's order ahead of it (along the velocity it wants), held up
 * (below half its max speed) and slower than the agent. The agent then takes all of the
 * avoidance: in a crowd the one ahead is held up by units the agent may not see, and when the
 * ones behind push, the crowd's weight reaches the front (two blocks of 200 meeting head-on
 * pressed into each other and one carried the other back).
 */
function isSlowerAhead(units: UnitStore, agent: number, other: number, preferred: ReadonlyVec2): boolean {
  const group = units.group.data;
  if (group[other] !== group[agent] || group[agent] === 0) return false;
  const position = units.position.data;
  const velocity = units.velocity.data;
  const dx = position[2 * other]! - position[2 * agent]!;
  const dy = position[2 * other + 1]! - position[2 * agent + 1]!;
  if (dx * preferred.x + dy * preferred.y <= 0) return false;
  const otherVx = velocity[2 * other]!;
  const otherVy = velocity[2 * other + 1]!;
  const agentVx = velocity[2 * agent]!;
  const agentVy = velocity[2 * agent + 1]!;
  return isHeldUp(units, other) && otherVx * otherVx + otherVy * otherVy < agentVx * agentVx + agentVy * agentVy;
}

export const followHeldUp: Situation = {
  name: 'follow-held-up',
  order: 50,
  premise: 'in the open, a unit of its own order ahead of it is held up and slower than it',
  applies: (sim) => sim.strategy.passesGroups,
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms, preferred: ReadonlyVec2): void {
    if (terms.openGround && isSlowerAhead(units, agent, other, preferred)) terms.share = 1;
  },
};
