/**
 * Blocks stepping aside. Two orders whose units walk at each other from opposite sides each step
 * aside as a whole, to their right unless the left is much shorter, far enough that the two blocks
 * pass side by side instead of pressing into each other face to face. The units' own avoidance
 * only sees a few metres ahead; a block 14 m across cannot get out of the way in that distance, so
 * only its front leaned, and the middles of the two blocks stood pressed together while their
 * edges wrapped round each other.
 *
 * Premise: two orders of two units or more walk at each other (their ways more than about 154
 * degrees apart, their velocities not the same way), their fronts would meet within LOOK_AHEAD
 * seconds, they overlap across (they would press into each other), and no door between them is
 * settled for them (door-halves.ts, wide-door-turns.ts). Only units walking straight to their slots
 * take part (blocks.ts): on a route round an obstacle or through a passage there is no room to
 * step aside.
 *
 * Hooks: `plan` (each block's step), `intent` (turning a unit by its block's step), `overlay`
 * (the blocks' boxes and steps).
 */
import { cos, sin } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import type { SimulationState, Situation, Unit } from '../sim/state';
import { type Blocks, LOOK_AHEAD, MARGIN, OPPOSITE, type OrderBox, isBlock, measureBlocks, settledAtDoor, span, spanIn, stillApart, takesPart } from './blocks';

/** an order steps to its left only when that is less than this share of the step to its right
 * (both orders reach the same choice, from the same two boxes) */
const KEEP_RIGHT = 0.5;
/** the two orders part by at most this many times the narrower one's width (and the margin) */
const WIDEST_STEP = 3;
/** seconds: the step left to make is spread over at least this long */
const MIN_STEP_TIME = 0.5;

/** Two orders walking at each other: the step each takes, added to its shift. */
function planPair(a: OrderBox, b: OrderBox): void {
  // no new step once they are passing
  if (!stillApart(a, b)) return;
  spanIn(a, b);
  const gap = span[0]! - a.front;
  const closing = a.speed + b.speed;
  if (gap > closing * LOOK_AHEAD) return;
  // how far the two must part across a's way: a to the right of b, or a to the left of b
  const toRight = a.left - span[2]! + MARGIN;
  const toLeft = span[3]! - a.right + MARGIN;
  if (toRight <= 0 || toLeft <= 0) return; // apart already
  const side = toLeft < KEEP_RIGHT * toRight ? 1 : -1;
  const step = side === 1 ? toLeft : toRight;
  // an order much wider than the other (a long line) is not gone round: the units' own
  // avoidance weaves through it
  if (step > WIDEST_STEP * Math.min(a.left - a.right, b.left - b.right) + MARGIN) return;
  // each takes half, over the time left before the fronts meet
  const speed = (0.5 * step) / Math.max(MIN_STEP_TIME, gap / closing);
  // across a's way, left positive: a steps to `side`, b the other way (its own `side` too)
  const acrossX = -a.dy * side * speed;
  const acrossY = a.dx * side * speed;
  a.shiftX += acrossX;
  a.shiftY += acrossY;
  b.shiftX -= acrossX;
  b.shiftY -= acrossY;
}

/** Turns `preferred` by the order's step, scaled to the unit's speed, the step capped at
 * `tan(maxTurn)` times the speed across, keeping the speed. */
function stepAside(box: OrderBox, preferred: Vec2, maxTurn: number): void {
  if (box.shiftX === 0 && box.shiftY === 0) return;
  const speed = Math.sqrt(preferred.x * preferred.x + preferred.y * preferred.y);
  if (speed < 1e-9) return;
  // the order's step, scaled to this unit's speed and capped
  let shiftX = (box.shiftX * speed) / box.speed;
  let shiftY = (box.shiftY * speed) / box.speed;
  const shift = Math.sqrt(shiftX * shiftX + shiftY * shiftY);
  // (maxTurn is at most 1.5 rad, so its cosine is positive)
  const limit = (sin(maxTurn) / cos(maxTurn)) * speed;
  if (shift > limit) {
    shiftX *= limit / shift;
    shiftY *= limit / shift;
  }
  const x = preferred.x + shiftX;
  const y = preferred.y + shiftY;
  const turned = Math.sqrt(x * x + y * y);
  if (turned < 1e-9) return;
  preferred.x = (x / turned) * speed;
  preferred.y = (y / turned) * speed;
}

class StepAside implements Situation {
  readonly name = 'step-aside';
  readonly order = 40;
  readonly premise = 'two blocks walk at each other in the open and would press into each other';

  constructor(readonly blocks: Blocks) {}

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups && sim.config.passAside > 0;
  }

  plan(sim: SimulationState): void {
    const blocks = this.blocks;
    measureBlocks(sim, blocks);
    for (let i = 0; i < blocks.count; i++) {
      const a = blocks.boxes[i]!;
      if (!isBlock(a)) continue;
      for (let j = i + 1; j < blocks.count; j++) {
        const b = blocks.boxes[j]!;
        if (!isBlock(b) || a.dx * b.dx + a.dy * b.dy > OPPOSITE) continue;
        // moving the same way, whatever their slots say (two blocks that met at 45 degrees and
        // wheeled off together, each now to walk back): not walking at each other
        if (a.vx * b.vx + a.vy * b.vy > 0 || settledAtDoor(blocks, a.orderId, b.orderId)) continue;
        planPair(a, b);
      }
    }
  }

  intent(sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    if (!takesPart(unit)) return false;
    const box = this.blocks.byOrder.get(unit.groupId);
    if (box !== undefined) stepAside(box, preferred, sim.config.passAside);
    return false;
  }

  /** Each block's box (the orders of two units or more), and the step it takes from its centre. */
  overlay(_sim: SimulationState, segments: number[]): void {
    const blocks = this.blocks;
    for (let index = 0; index < blocks.count; index++) {
      const box = blocks.boxes[index]!;
      if (box.count < 2) continue;
      // the corners: back right, front right, front left, back left (across = way turned left)
      for (let k = 0; k < 4; k++) {
        const along0 = k === 0 || k === 3 ? box.back : box.front;
        const across0 = k < 2 ? box.right : box.left;
        const along1 = k === 2 || k === 3 ? box.back : box.front;
        const across1 = k === 0 || k === 3 ? box.right : box.left;
        segments.push(
          box.cx + box.dx * along0 - box.dy * across0,
          box.cy + box.dy * along0 + box.dx * across0,
          box.cx + box.dx * along1 - box.dy * across1,
          box.cy + box.dy * along1 + box.dx * across1,
        );
      }
      if (box.shiftX !== 0 || box.shiftY !== 0) segments.push(box.cx, box.cy, box.cx + box.shiftX, box.cy + box.shiftY);
    }
  }
}

export function createStepAside(blocks: Blocks): Situation {
  return new StepAside(blocks);
}
