/**
 * Queue order at a passage: units of one order queueing at a door or a gap go through nearest
 * first. The one ahead in the queue (QUEUE_TIE nearer the way through) only keeps from walking
 * into the one behind it; the one behind gives way as usual, or all of the way at a passage one
 * unit wide.
 *
 * Premise: both units walk the same order and queue at a passage (Unit.queueRank: the route left
 * while a passage is within QUEUE_RANGE on the way, measured on the navigation map). A crowd
 * pushing into a door or a gap wedges there when every unit keeps its full share of the way from
 * the others; in a queue the first goes through while the ones behind give way.
 */
import { NO_SIDE } from '../steering/agent';
import type { UnitStore } from '../steering/store';
import type { PlaneTerms } from '../steering/strategy';
import type { Situation } from '../sim/state';

/** metres of route: of two units of one order queueing at a passage, the one this much nearer
 * the way through goes first */
const QUEUE_TIE = 0.25;
/** seconds: how far ahead a unit first in a queue looks at the units of its order behind it */
const QUEUE_LEAD_HORIZON = 0.5;
/** metres: the personal space it keeps from them (they keep theirs from it) */
const QUEUE_LEAD_GAP = 0.02;

/** Whether `other` is queued behind the agent: both walk the same order and queue at a passage,
 * and the agent is QUEUE_TIE nearer the way through. */
export function isQueuedBehind(units: UnitStore, agent: number, other: number): boolean {
  const rank = units.queueRank.data;
  return units.group.data[other] === units.group.data[agent] && rank[other] !== Infinity && rank[agent]! < rank[other]! - QUEUE_TIE;
}

export const queueOrder: Situation = {
  name: 'queue-order',
  order: 60,
  premise: 'two units of one order queue at a passage on their route, one nearer the way through',
  applies: (sim) => sim.strategy.passesGroups,
  pair(units: UnitStore, agent: number, other: number, terms: PlaneTerms): void {
    if (units.queueRank.data[agent] === Infinity) return;
    if (isQueuedBehind(units, agent, other)) {
      // the agent is nearer the way through: it goes first, only not walking into the one behind
      // it (whatever the rules before this one said)
      terms.share = terms.baseShare;
      terms.reach = Math.min(terms.reach, terms.contact + QUEUE_LEAD_GAP);
      terms.horizon = Math.min(terms.horizon, QUEUE_LEAD_HORIZON);
      terms.passOn = NO_SIDE;
    } else if (units.singleFile.data[agent] === 1 && isQueuedBehind(units, other, agent)) {
      // queueing for a passage one unit wide behind one nearer the way through: all of the way (a
      // crowd pressing on a 2 m gap between rocks wedged three abreast in its mouth, the first in
      // the queue held behind the two at the corners)
      terms.share = 1;
    }
  },
};
