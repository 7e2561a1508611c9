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
import type { PlaneTerms } from '../steering/strategy';
import type { Situation, Unit } from '../sim/state';
import { isHeldUp } from './give-way';

/**
 * Whether `other` walks the agent's order ahead of it (along the velocity it wants), held up
 * (below half its max speed) and slower than the agent. The agent then takes all of the
 * avoidance: in a crowd the one ahead is held up by units the agent may not see, and when the
 * ones behind push, the crowd's weight reaches the front (two blocks of 200 meeting head-on
 * pressed into each other and one carried the other back).
 */
function isSlowerAhead(agent: Unit, other: Unit, preferred: ReadonlyVec2): boolean {
  if (other.groupId !== agent.groupId || agent.groupId === 0) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  if (dx * preferred.x + dy * preferred.y <= 0) return false;
  const otherSpeedSq = other.velocity.x * other.velocity.x + other.velocity.y * other.velocity.y;
  return isHeldUp(other) && otherSpeedSq < agent.velocity.x * agent.velocity.x + agent.velocity.y * agent.velocity.y;
}

export const followHeldUp: Situation = {
  name: 'follow-held-up',
  order: 50,
  premise: 'in the open, a unit of its own order ahead of it is held up and slower than it',
  applies: (sim) => sim.strategy.passesGroups,
  pair(agent: Unit, other: Unit, terms: PlaneTerms, preferred: ReadonlyVec2): void {
    if (terms.openGround && isSlowerAhead(agent, other, preferred)) terms.share = 1;
  },
};
