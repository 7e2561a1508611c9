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
import type { UnitStore } from '../steering/store';
import type { PlaneTerms } from '../steering/strategy';
import type { Situation } from '../sim/state';

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
function isOffCourseAhead(units: UnitStore, agent: number, other: number): boolean {
  const group = units.group.data;
  if (group[other] !== group[agent] || group[agent] === 0) return false;
  const position = units.position.data;
  const dx = position[2 * other]! - position[2 * agent]!;
  const dy = position[2 * other + 1]! - position[2 * agent + 1]!;
  const vx = units.velocity.data[2 * other]!;
  const vy = units.velocity.data[2 * other + 1]!;
  if (dx * vx + dy * vy <= 0) return false;
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1e-9) return false;
  return (units.wanted.data[2 * other]! * vx + units.wanted.data[2 * other + 1]! * vy) / speed < speed - OFF_COURSE;
}

export const offCourseAhead: Situation = {
  name: 'off-course-ahead',
  order: 55,
  premise: 'in the open, a unit of its own order ahead of it moves off the course it wants',
  applies: (sim) => sim.strategy.passesGroups,
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms): void {
    if (terms.openGround && isOffCourseAhead(units, agent, other) && !isOffCourseAhead(units, other, agent)) terms.share = 1;
  },
};
