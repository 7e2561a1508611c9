/**
 * Crossing pace. Two blocks whose ways cross at a shallow angle (8 to 37 degrees) take turns:
 * the one that comes to the crossing later (at about the same time: the one the other comes at
 * from its right) slows to `crossingPace` of its speed while the other crosses ahead of it.
 * Without it the two blocks met side by side, each pressing toward the other's side, and walked on
 * glued together to their points, where each had to get through the other.
 *
 * Premise: two orders of two units or more whose ways (from their centres to their mean targets)
 * cross ahead of both at 8 to 37 degrees, the other's back not yet ahead of the waiting one's
 * front, and the two within CROSSING_GAP across. Only units walking straight to their slots take
 * part (blocks.ts).
 *
 * Hooks: `plan` (each block's pace), `intent` (slowing a unit to its block's pace).
 */
import { hypot } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import type { SimulationState, Situation, Unit } from '../sim/state';
import { type Blocks, MARGIN, type OrderBox, isBlock, measureBlocks, span, spanIn, takesPart } from './blocks';

/** cosine of the widest angle between two orders' ways at which they cross at a shallow angle
 * (about 37 degrees; from there to 60 degrees the rule of the road applies to converging orders,
 * rule-of-the-road.ts) */
const SHALLOW = 0.8;
/** cosine of the narrowest such angle (about 8 degrees): ways closer than that run side by side
 * (an order overtaking another along the same line) */
const SIDE_BY_SIDE = 0.99;
/** metres: blocks further apart across than this go on at full speed */
const CROSSING_GAP = 4;
/** seconds: two orders that come to their crossing within this of each other come at the same time */
const SAME_TIME = 1;

/** where the ways of two orders cross: the fraction of each one's way (centre to mean target) */
const _pace_cut = new Float64Array(2);

/** Whether the ways of a and b (each from its centre to its mean target) cross; where, in `_pace_cut`. */
function waysCross(a: OrderBox, b: OrderBox): boolean {
  const ax = a.tx - a.cx;
  const ay = a.ty - a.cy;
  const bx = b.tx - b.cx;
  const by = b.ty - b.cy;
  const det = ax * by - ay * bx;
  if (Math.abs(det) < 1e-9) return false;
  const rx = b.cx - a.cx;
  const ry = b.cy - a.cy;
  const alongA = (rx * by - ry * bx) / det;
  const alongB = (rx * ay - ry * ax) / det;
  if (alongA <= 0 || alongA >= 1 || alongB <= 0 || alongB >= 1) return false;
  _pace_cut[0] = alongA;
  _pace_cut[1] = alongB;
  return true;
}

/**
 * Two orders whose ways cross at a shallow angle: the one to come to the crossing later, or at
 * about the same time the one the other comes at from its right, keeps `pace` of its speed while
 * the other's back is not yet ahead of its front and the two are within CROSSING_GAP across.
 */
function planTurn(a: OrderBox, b: OrderBox, pace: number): void {
  if (!waysCross(a, b)) return;
  const timeA = (_pace_cut[0]! * hypot(a.tx - a.cx, a.ty - a.cy)) / a.speed;
  const timeB = (_pace_cut[1]! * hypot(b.tx - b.cx, b.ty - b.cy)) / b.speed;
  // b's way turned to the left of a's: b comes from a's right
  const fromRight = a.dx * b.dy - a.dy * b.dx > 0;
  const aWaits = timeA > timeB + SAME_TIME || (timeA >= timeB - SAME_TIME && fromRight);
  const waiting = aWaits ? a : b;
  const crossing = aWaits ? b : a;
  spanIn(waiting, crossing);
  if (span[0]! > waiting.front + MARGIN) return; // crossing ahead already
  if (span[2]! > waiting.left + CROSSING_GAP || span[3]! < waiting.right - CROSSING_GAP) return;
  waiting.pace = Math.min(waiting.pace, pace);
}

class CrossingPace implements Situation {
  readonly name = 'crossing-pace';
  readonly order = 45;
  readonly premise = 'the ways of two blocks cross ahead of both at 8 to 37 degrees';

  constructor(readonly blocks: Blocks) {}

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups && sim.config.crossingPace < 1;
  }

  plan(sim: SimulationState): void {
    const blocks = this.blocks;
    measureBlocks(sim, blocks);
    for (let i = 0; i < blocks.count; i++) {
      const a = blocks.boxes[i]!;
      if (!isBlock(a)) continue;
      for (let j = i + 1; j < blocks.count; j++) {
        const b = blocks.boxes[j]!;
        if (!isBlock(b)) continue;
        const cosine = a.dx * b.dx + a.dy * b.dy;
        if (cosine > SHALLOW && cosine < SIDE_BY_SIDE) planTurn(a, b, sim.config.crossingPace);
      }
    }
  }

  intent(_sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    if (!takesPart(unit)) return false;
    const box = this.blocks.byOrder.get(unit.groupId);
    if (box !== undefined) {
      preferred.x *= box.pace;
      preferred.y *= box.pace;
    }
    return false;
  }
}

export function createCrossingPace(blocks: Blocks): Situation {
  return new CrossingPace(blocks);
}
