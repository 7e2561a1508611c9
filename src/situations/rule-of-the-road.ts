/**
 * Rule of the road: units of two orders whose headings cross or converge at 37 to 120 degrees
 * both pass on their right, and of two blocks the one that has the other coming from its right
 * takes most of the way (it passes behind; the other walks on), unless it is the heavier.
 *
 * Premise: the pair belongs to two orders (two groups of units, each with its own heading) whose
 * headings cross at an angle within the band, and neither unit is within DOOR_RULES_REACH of a
 * door on its way (there the door's own situations decide). The share split needs both orders to
 * be blocks (two units or more each).
 */
import { RIGHT } from '../steering/agent';
import type { UnitStore } from '../steering/store';
import { sharedBy } from '../steering/strategies/rays';
import type { PlaneTerms } from '../steering/strategy';
import type { Situation } from '../sim/state';

/** of two crossing blocks (see `sharesByRuleOfRoad`), the part of the avoidance the block
 * with the other on its right takes, before masses: it gives way, the other stands on */
const GIVE_WAY_PART = 0.9;

/** the cosines between which two orders' headings cross or converge: 37 to 120 degrees apart
 * (nearer head-on, orders step aside as blocks; nearer parallel, units overtake) */
const CROSSING_MIN = -0.5;
const CROSSING_MAX = 0.8;

/** metres along its way within which a unit coming to a door leaves the way to the door's own
 * rules (turns, queues, halves) rather than giving way to the right */
const DOOR_RULES_REACH = 4;

/** Whether the other's order heads to the left of the agent's: it comes from the agent's right. */
function givesWayTo(units: UnitStore, agent: number, other: number): boolean {
  const heading = units.orderHeading.data;
  return heading[2 * agent]! * heading[2 * other + 1]! - heading[2 * agent + 1]! * heading[2 * other]! > 0;
}

/**
 * Whether the agent and `other` walk two orders whose headings cross or converge at 37 to 120
 * degrees. Such a pair passes with both turning right whichever edge is nearer:
 * the one that has the other on its right passes behind it, the rule of the road at a crossing
 * and a merge. Each unit taking the nearer edge, a unit crossing a stream of another order passed
 * ahead of one stream unit after another and was carried along with it: three vehicles crossing a
 * column of 60 soldiers drifted 13 to 38 m along it (24 s to arrive, or never); with the rule 4 to
 * 8 m (17 s). Two blocks crossing at right angles wheel less (crossing-90 over seeds 1-5: 8.7 ->
 * 7.2 s, 261 -> 152 degrees turned), and blocks converging at 45 degrees merge sooner
 * (crossing-45 12.7 -> 11.6 s). The orders' headings decide, not the units' own ways: blocks
 * converging at 45 degrees are pushed apart as they merge and want ways up to 90 degrees apart,
 * and the rule keyed on those (at 60 to 120 degrees) slowed them (12.7 -> 14.4 s). The rule holds
 * by walls and rocks too, but not near a door (`nearDoor`): kept to open ground, two blocks of 30
 * crossing at right angles where two corridors 8 m wide cross swept each other's units into the
 * wrong arm (18.1 s to arrive over five layouts, DetourCrowd 17.7 s); now 12.5 s.
 */
function ordersCross(units: UnitStore, agent: number, other: number): boolean {
  const group = units.group.data;
  if (group[agent] === 0 || group[other] === 0 || group[agent] === group[other]) return false;
  const heading = units.orderHeading.data;
  const ax = heading[2 * agent]!;
  const ay = heading[2 * agent + 1]!;
  const bx = heading[2 * other]!;
  const by = heading[2 * other + 1]!;
  if ((ax === 0 && ay === 0) || (bx === 0 && by === 0)) return false;
  const cosine = ax * bx + ay * by;
  return cosine > CROSSING_MIN && cosine < CROSSING_MAX;
}

/**
 * Whether a door (a passage up to the width where orders take turns) is within DOOR_RULES_REACH
 * on the unit's way. Two blocks coming from one side to a door 6 m wide, crossing there at right
 * angles, each giving way to the right in the door's mouth, held each other up (13.6 s over five
 * layouts, DetourCrowd 13.3 s); leaving the door to its rules, 11.4 s.
 */
function nearDoor(units: UnitStore, unit: number): boolean {
  return units.doorDistance.data[unit]! <= DOOR_RULES_REACH;
}

/**
 * Whether, of two orders that cross (`ordersCross`), the agent and `other` share the avoidance by
 * the rule of the road: the unit that has the other's order coming from its right takes most of
 * it and the other walks on. So between units of two blocks (orders of several units), unless the
 * one that would give way is the heavier: then the masses alone decide (see `sharedBy`). Both
 * turning right with equal shares, two blocks converging at 45 degrees walked on side by side, the
 * one that should pass behind carried along the other's flank and its units caught inside it where
 * it stopped (two blocks of 100 over five layouts: 20.3 s to arrive on average, 95th percentile
 * 28.5 s, DetourCrowd 19.5 s; with the split 16.0 s and 19.7 s). The split first held only for
 * blocks converging at 37 to 60 degrees; at every angle of the band, the blocks in `junction`,
 * crossing where two corridors meet, touched 0.6 times a run instead of 1.4 (10.8 against 11.0 s:
 * the block passing ahead no longer turns into its arm's wall), `mixed-sizes` 0.4 -> 0 (seeds
 * 1-5), and outside families moved the same way (three groups converging on points side by side
 * from 120 degrees apart 8.0 -> 7.5 s, 95th percentile 19.2 -> 16.0 s; two blocks crossing at
 * right angles in a 6 m door they come to from one side 11.4 -> 10.8 s, 1.2 -> 0.4 touches a
 * run). With the heavier giving way too, three vehicles crossing a column of 60 soldiers that came
 * from their right gave way to it and were carried 14 to 29 m along it. Lone units keep equal
 * shares: in the circle swap, where every unit has its own order, the split cost a quarter of a
 * second (8.3 -> 8.5 s over seeds 1-10).
 */
function sharesByRuleOfRoad(units: UnitStore, agent: number, other: number): boolean {
  if (units.orderSize.data[agent]! < 2 || units.orderSize.data[other]! < 2) return false;
  const giver = givesWayTo(units, agent, other) ? agent : other;
  const taker = giver === agent ? other : agent;
  return units.mass.data[giver]! <= units.mass.data[taker]!;
}

export const ruleOfTheRoad: Situation = {
  name: 'rule-of-the-road',
  order: 40,
  premise: 'two orders whose headings cross or converge at 37 to 120 degrees, away from doors',
  applies: (sim) => sim.strategy.passesGroups,
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms): void {
    if (!ordersCross(units, agent, other) || nearDoor(units, agent) || nearDoor(units, other)) return;
    terms.passOn = RIGHT;
    if (sharesByRuleOfRoad(units, agent, other)) terms.share = sharedBy(units, agent, other, givesWayTo(units, agent, other) ? GIVE_WAY_PART : 1 - GIVE_WAY_PART);
  },
};
