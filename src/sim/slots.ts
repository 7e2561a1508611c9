/**
 * Slot trading. Slots are handed out when a group move is given, from where its units stood
 * then (orders/formation.ts). A block pushed round by another crowd on its way comes in from
 * another side, and its units' ways to their slots then cross: inside the arrival circle they
 * press against one another, each wanting through the others, and the units of another order
 * caught among them cannot get out. Two units of one group near its point trade slots when that
 * makes their two ways together shorter by TRADE_GAIN or more; two ways that cross always get
 * shorter by trading (the sides of a triangle), and since every trade shortens the sum, two units
 * never trade back and forth. No pixi.js, no DOM.
 */
import { hypot } from '../math/exact';
import { restartUnit } from './progress';
import { type SimulationState, type Unit, moveTask } from './state';

/** metres: a trade must shorten the two units' ways together by at least this much */
const TRADE_GAIN = 0.5;
/** units trade within this many times their group's arrival radius of its point (where the
 * straight line to a slot is the way to it) */
const TRADE_ZONE = 2;

/**
 * Phase 8, after arrivals: each awake unit on a group move near its point, against the units its
 * sense phase found this tick (in unit order, each pair once), trades slots with one of its own
 * order and radius where that shortens their ways by TRADE_GAIN or more. The slots of a group of
 * several sizes were packed by size, so only units of one size trade. The two track their progress
 * afresh and look their waypoints up again. It costs about 3% of a tick of the 1000-unit bench
 * (most units are near their point there); looking only for held-up units cost a third of that but
 * left two touches in the doorway's runs.
 */
export function tradeSlots(sim: SimulationState): void {
  for (const unit of sim.awake) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting || task.group === null || !isNearPoint(unit)) continue;
    const sensing = unit.sensing;
    for (let index = 0; index < sensing.neighbourCount; index++) {
      const other = sim.units[sensing.neighbours[index]!]!;
      if (other.groupId !== unit.groupId || other.id <= unit.id || other.radius !== unit.radius) continue;
      const theirs = other.task;
      const mine = unit.task;
      if (theirs.kind !== 'move' || mine.kind !== 'move' || theirs.waiting || theirs.orderId !== mine.orderId || !isNearPoint(other)) continue;
      const now = hypot(mine.target.x - unit.position.x, mine.target.y - unit.position.y) + hypot(theirs.target.x - other.position.x, theirs.target.y - other.position.y);
      const traded = hypot(theirs.target.x - unit.position.x, theirs.target.y - unit.position.y) + hypot(mine.target.x - other.position.x, mine.target.y - other.position.y);
      if (traded > now - TRADE_GAIN) continue;
      unit.task = moveTask(mine.orderId, theirs.target, mine.stopRadius, mine.group, mine.route, mine.waiting);
      other.task = moveTask(theirs.orderId, mine.target, theirs.stopRadius, theirs.group, theirs.route, theirs.waiting);
      startAfresh(sim, unit);
      startAfresh(sim, other);
    }
  }
}

/** Whether a unit on a group move stands within TRADE_ZONE arrival radii of its group's point. */
function isNearPoint(unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move' || task.group === null) return false;
  const reach = TRADE_ZONE * task.group.radius;
  const dx = unit.position.x - task.group.target.x;
  const dy = unit.position.y - task.group.target.y;
  return dx * dx + dy * dy <= reach * reach;
}

/** After a trade: progress is measured to the new slot, and the waypoint is looked up again. */
function startAfresh(sim: SimulationState, unit: Unit): void {
  restartUnit(sim, unit);
  unit.waypointTick = -1;
  unit.ownRoute = null;
}
