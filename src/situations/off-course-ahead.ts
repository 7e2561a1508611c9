/**
 * An off-course unit ahead: a unit behind one of its own order that moves off the course it wants
 * (braking, turning back past its slot, swerving round someone) takes all of the way between
 * them, rather than half.
 *
 * Premise: the other unit walks the agent's order, the agent is behind it along its motion, its
 * velocity runs OFF_COURSE m/s slower than it wants along where it moves (read from the wanted
 * velocity it published last tick), the agent is not off its own course ahead of that one too,
 * and no obstacle or wall is near the agent.
 */
import type { PlaneTerms } from '../steering/strategy';
import type { Situation, Unit } from '../sim/state';

/** m/s: a unit whose velocity runs this much slower than it wants along where it moves is off course */
const OFF_COURSE = 0.5;

/**
 * Whether `other`, a unit of the agent's order, moves off the course it wants
 * (it wanted on the last tick, along where it now moves, OFF_COURSE m/s less than its speed: it is
 * braking, turning back past its slot, or swerving round someone) with the agent behind it along
 * its motion. The agent then takes all of the avoidance: the one ahead cannot brake or turn while
 * the ones behind keep their half of the way at its present velocity, so arriving groups ran on
 * two or three metres past their slots into each other, and a unit swerving in a crowd was held
 * on the line it swerved to. Read the same way from both units (from the velocity and the wanted
 * velocity the other publishes), so the pair agrees who gives way.
 */
function isOffCourseAhead(agent: Unit, other: Unit): boolean {
  if (other.groupId !== agent.groupId || agent.groupId === 0) return false;
  const dx = other.position.x - agent.position.x;
  const dy = other.position.y - agent.position.y;
  const { x: vx, y: vy } = other.velocity;
  if (dx * vx + dy * vy <= 0) return false;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1e-9) return false;
  return (other.wanted.x * vx + other.wanted.y * vy) / speed < speed - OFF_COURSE;
}

export const offCourseAhead: Situation = {
  name: 'off-course-ahead',
  order: 55,
  premise: 'in the open, a unit of its own order ahead of it moves off the course it wants',
  applies: (sim) => sim.strategy.passesGroups,
  pair(agent: Unit, other: Unit, terms: PlaneTerms): void {
    if (terms.openGround && isOffCourseAhead(agent, other) && !isOffCourseAhead(other, agent)) terms.share = 1;
  },
};
