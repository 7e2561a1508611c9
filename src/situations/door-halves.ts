/**
 * Door halves. Two blocks walking at each other head-on, with a door between them too narrow for
 * the two side by side but wider than the doors where orders always take turns (door-turns.ts),
 * each keep to the right half of the door, every walking unit of both, until one of the two has no
 * unit left coming to it. Stepping aside as blocks (step-aside.ts), they pressed against the wall
 * on either side of the door and then met face to face in it; in two halves, two blocks of 50 go
 * through a door 10 m wide in about two thirds of the time.
 *
 * Premise: two orders of two units or more come at each other head-on (ways more than about 154
 * degrees apart), a door lies between them (measured on the navigation map: doorBetweenBlocks)
 * wider than DOOR_WIDTH, yet too narrow for both blocks side by side, and wide enough for a lane
 * either side of its middle; and they do not take turns there (wide-door-turns.ts: ways meeting at
 * an angle).
 *
 * Hooks: `plan` (the doors passed in halves), `intent` (turning toward the unit's half), `overlay`.
 */
import { hypot } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import type { SimulationState, Situation, Unit } from '../sim/state';
import { type Blocks, LANE_GAP, OPPOSITE, doorBetweenBlocks, isBlock, looksForDoor, measureBlocks } from './blocks';
import { DOOR_WAY_MARK } from './door-turns';

/** metres past a door's middle a unit still keeps to its lane */
const LANE_EXIT = 1;
/** metres: a unit left of its lane makes for the point of its lane this far ahead of it */
const LANE_LEAD = 3;
/** metres: each order's half of a door is marked this far from its middle, this long each way */
const LANE_MARK = 1.5;

/** Drops the lanes of every door one of whose two orders has no unit still keeping to its lane. */
function keepLanes(sim: SimulationState, blocks: Blocks): void {
  if (blocks.lanes.length === 0) return;
  let kept = 0;
  for (const lanes of blocks.lanes) {
    let first = false;
    let second = false;
    for (const unit of sim.units) {
      const task = unit.task;
      if (task.kind !== 'move' || task.waiting) continue;
      const along = (lanes.x - unit.position.x) * lanes.dx + (lanes.y - unit.position.y) * lanes.dy;
      if (task.orderId === lanes.first && along > -LANE_EXIT) first = true;
      if (task.orderId === lanes.second && along < LANE_EXIT) second = true;
      // (both orders still keep to their lanes: the door's lanes stay, whoever else is left)
      if (first && second) break;
    }
    if (first && second) blocks.lanes[kept++] = lanes;
  }
  blocks.lanes.length = kept;
}

class DoorHalves implements Situation {
  readonly name = 'door-halves';
  readonly order = 35;
  readonly premise = 'two blocks come head-on at a door too narrow for both side by side and too wide for turns';

  constructor(readonly blocks: Blocks) {
    blocks.keepers.push((sim) => keepLanes(sim, blocks));
  }

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups && sim.config.passAside > 0;
  }

  reset(): void {
    this.blocks.lanes.length = 0;
  }

  plan(sim: SimulationState): void {
    const blocks = this.blocks;
    measureBlocks(sim, blocks);
    for (let i = 0; i < blocks.count; i++) {
      const a = blocks.boxes[i]!;
      if (!isBlock(a)) continue;
      for (let j = i + 1; j < blocks.count; j++) {
        const b = blocks.boxes[j]!;
        if (!isBlock(b) || a.dx * b.dx + a.dy * b.dy > OPPOSITE || !looksForDoor(sim, blocks, a, b)) continue;
        const door = doorBetweenBlocks(sim, blocks, a, b);
        const length = hypot(b.cx - a.cx, b.cy - a.cy);
        if (door === null || !(length > 1e-9)) continue;
        blocks.lanes.push({ first: a.orderId, second: b.orderId, x: door.x, y: door.y, dx: (b.cx - a.cx) / length, dy: (b.cy - a.cy) / length });
      }
    }
  }

  /**
   * A unit of an order keeping to its right half of a door, not yet LANE_EXIT past its middle and
   * left of its lane (less than LANE_GAP right of the middle): its wanted velocity turns, keeping
   * its speed, toward the point of its lane LANE_LEAD further along the way through the door than
   * it is. Every walking unit of the order does, on a route or not: the ones at the block's edges,
   * pressed against the wall beside the door, come to it round the wall's end.
   */
  intent(_sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    if (unit.task.kind !== 'move' || unit.task.waiting) return false;
    for (const lanes of this.blocks.lanes) {
      const sign = lanes.first === unit.groupId ? 1 : lanes.second === unit.groupId ? -1 : 0;
      if (sign === 0) continue;
      const dx = sign * lanes.dx;
      const dy = sign * lanes.dy;
      const px = lanes.x - unit.position.x;
      const py = lanes.y - unit.position.y;
      const along = px * dx + py * dy;
      if (along < -LANE_EXIT) return false;
      // how far right of the door's middle the unit stands (right of the way is (dy, -dx))
      const across = py * dx - px * dy;
      if (across >= LANE_GAP) return false;
      const speed = Math.sqrt(preferred.x * preferred.x + preferred.y * preferred.y);
      if (speed < 1e-9) return false;
      const before = along - LANE_LEAD;
      const aimX = px - dx * before + dy * LANE_GAP;
      const aimY = py - dy * before - dx * LANE_GAP;
      const distance = Math.sqrt(aimX * aimX + aimY * aimY);
      preferred.x = (aimX / distance) * speed;
      preferred.y = (aimY / distance) * speed;
      return false;
    }
    return false;
  }

  /** The line between the two halves, and each order's way through its half (right of its way). */
  overlay(_sim: SimulationState, segments: number[]): void {
    for (const { x, y, dx, dy } of this.blocks.lanes) {
      segments.push(x - dx * DOOR_WAY_MARK, y - dy * DOOR_WAY_MARK, x + dx * DOOR_WAY_MARK, y + dy * DOOR_WAY_MARK);
      for (const sign of [1, -1]) {
        const rightX = x + sign * dy * LANE_MARK;
        const rightY = y - sign * dx * LANE_MARK;
        segments.push(rightX - sign * dx * LANE_MARK, rightY - sign * dy * LANE_MARK, rightX + sign * dx * LANE_MARK, rightY + sign * dy * LANE_MARK);
      }
    }
  }
}

export function createDoorHalves(blocks: Blocks): Situation {
  return new DoorHalves(blocks);
}
