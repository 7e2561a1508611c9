/**
 * Turns at a wide door. Two blocks walking at each other with a door between them too narrow for
 * the two side by side, but wider than the doors where orders always take turns (door-turns.ts),
 * take turns there when their ways to it meet at an angle (one of them comes from the side, round
 * the wall's end): the one to come to it first goes through, and the other holds back out of the
 * way the first comes out by, then goes.
 *
 * Premise: two orders of two units or more walk at each other (ways more than 120 degrees apart),
 * a door lies between them (measured on the navigation map: doorBetweenBlocks) wider than
 * DOOR_WIDTH yet too narrow for both blocks side by side, in a wall: both its posts are parts of
 * obstacles reaching CUT_REACH further from its middle (a wall, a building, the world's edge;
 * nav/walls.ts), so both orders must share it. A gap beside a rock is none: each order can walk
 * round the rock. And their ways to it from where their units stand meet more than about 37
 * degrees off head-on (TURN_ANGLE). In halves (door-halves.ts)
 * each block arrived with part of it in the other's half, and both crowds stood pressed face to
 * face in the door.
 *
 * Hooks: `plan` (keeping the turns, and finding new ones), `intent` (holding back), `overlay`.
 */
import { hypot } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import type { SimulationState, Situation, Unit } from '../sim/state';
import { type Blocks, type OrderBox, doorBetweenBlocks, isBlock, looksForDoor, measureBlocks, type WideDoorTurn } from './blocks';
import { DOOR_STALL, HOLD_RANGE, PENDING_RANGE, drawDoor, holdBack, standsBefore } from './door-turns';

/**
 * cosine of the angle between two orders' ways to a wide door, from where their units stand,
 * above which they take turns there rather than halves: about 37 degrees off head-on. Coming at a
 * door 8 m wide from 45 degrees off the other's way, two blocks of 50 in halves each had the
 * part of its block in the other's half in the mouth, both halves' exits stood blocked, and the
 * two crowds pressed face to face in the door for seconds (24.7 s to arrive on average over five
 * layouts, DetourCrowd 16.9 s); taking turns, 17.3 s. From 30 degrees (about 18 off head-on by
 * the two ways) halves still did better (12.7 s against 18.1 s in turns).
 */
const TURN_ANGLE = -0.8;
/** seconds: two orders that come to the door within this of each other come at the same time */
const SAME_TIME = 1;

const _wide_centre = new Float64Array(2);

/** Where all the units of the order on the move stand, routes round walls included (into `out`). */
function movingCentre(sim: SimulationState, orderId: number, out: Float64Array): void {
  let x = 0;
  let y = 0;
  let count = 0;
  for (const unit of sim.awake) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting || unit.groupId !== orderId) continue;
    x += unit.position.x;
    y += unit.position.y;
    count++;
  }
  // (the order has a box, so at least one unit on the move)
  out[0] = x / count;
  out[1] = y / count;
}

/** How many units of the order still have to go through the door at (x, y) along (dirX, dirY). */
function pendingAt(sim: SimulationState, orderId: number, x: number, y: number, dirX: number, dirY: number): number {
  let pending = 0;
  for (const unit of sim.units) {
    const task = unit.task;
    if (task.kind === 'move' && !task.waiting && task.orderId === orderId && standsBefore(unit, x, y, dirX, dirY, PENDING_RANGE)) pending++;
  }
  return pending;
}

/** pendingAt for both orders of a turn, in one pass over the units: into `_wide_pending` (the
 * going order's count, then the waiting one's). */
function pendingAtTurn(sim: SimulationState, turn: WideDoorTurn): void {
  let goes = 0;
  let waits = 0;
  for (const unit of sim.units) {
    const task = unit.task;
    if (task.kind !== 'move' || task.waiting) continue;
    if (task.orderId === turn.goes && standsBefore(unit, turn.x, turn.y, turn.goesX, turn.goesY, PENDING_RANGE)) goes++;
    else if (task.orderId === turn.waits && standsBefore(unit, turn.x, turn.y, turn.waitsX, turn.waitsY, PENDING_RANGE)) waits++;
  }
  _wide_pending[0] = goes;
  _wide_pending[1] = waits;
}

const _wide_pending = new Int32Array(2);

/**
 * Two orders coming at the wide door at (x, y) from ways meeting at an angle (TURN_ANGLE) take
 * turns there: the one to come to it first (at about the same time, the lower order id) goes
 * through, and the other holds back until it has. Returns whether they do.
 */
function planWideTurn(sim: SimulationState, blocks: Blocks, a: OrderBox, b: OrderBox, x: number, y: number): boolean {
  // each order's way to the door, from where all its units on the move stand
  movingCentre(sim, a.orderId, _wide_centre);
  const ax0 = x - _wide_centre[0]!;
  const ay0 = y - _wide_centre[1]!;
  movingCentre(sim, b.orderId, _wide_centre);
  const bx0 = x - _wide_centre[0]!;
  const by0 = y - _wide_centre[1]!;
  const aLength = hypot(ax0, ay0);
  const bLength = hypot(bx0, by0);
  if (!(aLength > 1e-9 && bLength > 1e-9)) return false;
  const ax = ax0 / aLength;
  const ay = ay0 / aLength;
  const bx = bx0 / bLength;
  const by = by0 / bLength;
  if (ax * bx + ay * by <= TURN_ANGLE) return false;
  const aTime = aLength / a.speed;
  const bTime = bLength / b.speed;
  const aFirst = aTime < bTime - SAME_TIME || (aTime <= bTime + SAME_TIME && a.orderId < b.orderId);
  const goes = aFirst ? a.orderId : b.orderId;
  const waits = aFirst ? b.orderId : a.orderId;
  const goesX = aFirst ? ax : bx;
  const goesY = aFirst ? ay : by;
  const waitsX = aFirst ? bx : ax;
  const waitsY = aFirst ? by : ay;
  blocks.wideDoors.push({
    goes,
    waits,
    holding: true,
    x,
    y,
    goesX,
    goesY,
    waitsX,
    waitsY,
    goesPending: pendingAt(sim, goes, x, y, goesX, goesY),
    waitsPending: pendingAt(sim, waits, x, y, waitsX, waitsY),
    progressTick: sim.tick,
  });
  return true;
}

/**
 * Keeps each wide door's turn: the order going through keeps it while it has units still to go
 * through (and gets them through: after DOOR_STALL ticks without one, the other holds back no
 * longer); then the other goes, holding nobody back, and the door is dropped once neither has a
 * unit left to go through.
 */
function keepWideDoors(sim: SimulationState, blocks: Blocks): void {
  const turns = blocks.wideDoors;
  if (turns.length === 0) return;
  let kept = 0;
  for (const turn of turns) {
    pendingAtTurn(sim, turn);
    const goes = _wide_pending[0]!;
    const waits = _wide_pending[1]!;
    if (goes === 0 && waits === 0) continue;
    if (goes < turn.goesPending) turn.progressTick = sim.tick;
    turn.goesPending = goes;
    turn.waitsPending = waits;
    if (turn.holding && goes === 0) {
      // the other's turn
      const { waits: order, waitsX, waitsY } = turn;
      turn.waits = turn.goes;
      turn.waitsX = turn.goesX;
      turn.waitsY = turn.goesY;
      turn.goes = order;
      turn.goesX = waitsX;
      turn.goesY = waitsY;
      turn.goesPending = waits;
      turn.waitsPending = 0;
      turn.holding = false;
    } else if (sim.tick - turn.progressTick > DOOR_STALL) {
      turn.holding = false;
    }
    turns[kept++] = turn;
  }
  turns.length = kept;
}

class WideDoorTurns implements Situation {
  readonly name = 'wide-door-turns';
  readonly order = 30;
  readonly premise = 'two blocks walking at each other come to a door in a wall too narrow for both side by side along ways meeting at an angle';

  constructor(readonly blocks: Blocks) {
    blocks.keepers.push((sim) => keepWideDoors(sim, blocks));
  }

  applies(sim: SimulationState): boolean {
    return sim.strategy.passesGroups && sim.config.passAside > 0;
  }

  reset(): void {
    this.blocks.wideDoors.length = 0;
  }

  plan(sim: SimulationState): void {
    const blocks = this.blocks;
    measureBlocks(sim, blocks);
    for (let i = 0; i < blocks.count; i++) {
      const a = blocks.boxes[i]!;
      if (!isBlock(a)) continue;
      for (let j = i + 1; j < blocks.count; j++) {
        const b = blocks.boxes[j]!;
        if (!isBlock(b) || !looksForDoor(sim, blocks, a, b)) continue;
        const door = doorBetweenBlocks(sim, blocks, a, b);
        // (only a door in a wall is a cut both orders must share: round a rock each can go its way)
        if (door?.walled) planWideTurn(sim, blocks, a, b, door.x, door.y);
      }
    }
  }

  /**
   * Holds the unit back while its order waits for another's turn at a wide door it still has to
   * go through: out of the ground in front of the mouth where the other's units come out, else
   * standing where it is.
   */
  intent(_sim: SimulationState, unit: Unit, preferred: Vec2): boolean {
    if (unit.task.kind !== 'move' || unit.task.waiting) return false;
    for (const turn of this.blocks.wideDoors) {
      if (!turn.holding || turn.waits !== unit.groupId) continue;
      if (!standsBefore(unit, turn.x, turn.y, turn.waitsX, turn.waitsY, HOLD_RANGE)) continue;
      // (the ground the going order comes out onto lies before the door along its way reversed)
      holdBack(unit, turn.x, turn.y, -turn.goesX, -turn.goesY, preferred);
      return true;
    }
    return false;
  }

  overlay(_sim: SimulationState, segments: number[]): void {
    for (const turn of this.blocks.wideDoors) if (turn.holding) drawDoor(segments, turn.x, turn.y, turn.goesX, turn.goesY);
  }
}

export function createWideDoorTurns(blocks: Blocks): Situation {
  return new WideDoorTurns(blocks);
}
