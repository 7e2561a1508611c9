/**
 * Orders seen as blocks: each order's walking units as a box along and across the way to their
 * slots, measured once a tick for the situations that move orders as wholes (step-aside.ts,
 * crossing-pace.ts, door-halves.ts, wide-door-turns.ts), and what those situations settled for
 * pairs of orders at doors, kept from tick to tick.
 *
 * Only units walking straight to their slots take part in the boxes: not while their order is
 * planned, nor on a route round an obstacle or through a passage (a door, a gap), where there is no
 * room to step aside, nor within NEAR_SLOT of their slots, where a group's ways fan out.
 */
import { hypot } from '../math/exact';
import { DOOR_WIDTH, type NarrowPlace, doorBetween } from '../nav/passages';
import { navClearance } from '../sim/planning';
import type { MoveTask, SimulationState, Unit } from '../sim/state';

/** metres: units this close to their slots are arriving, not walking as a block */
const NEAR_SLOT = 5;
/** seconds: two orders look at each other once their fronts would meet within this time */
export const LOOK_AHEAD = 5;
/** metres kept between the two blocks' edges */
export const MARGIN = 1;
/** cosine of the angle between two orders' ways below which they come at each other (about 154
 * degrees): blocks crossing at 135 degrees do not step aside (their crossing swirls instead) */
export const OPPOSITE = -0.9;
/** cosine of the angle between two orders' ways (their boxes' directions) below which a door
 * between them is looked for: 120 degrees, as for the doors where orders always take turns */
export const DOOR_OPPOSITE = -0.5;
/** ticks: two orders walking at each other look for a door between them once in this many */
const DOOR_LOOK_EVERY = 10;
/** metres: units keep their centres this far to their right of a door's middle (door-halves.ts);
 * a door between two blocks must leave this room on either side for the larger unit */
export const LANE_GAP = 0.75;

/** One order's walking units seen as a box along and across the way they walk. */
export interface OrderBox {
  orderId: number;
  count: number;
  /** metres: the centre of its units */
  cx: number;
  cy: number;
  /** unit vector of the way to their slots (their directions summed, then normalised) */
  dx: number;
  dy: number;
  /** metres from the centre, radii included: back and front along d, right and left across it */
  back: number;
  front: number;
  right: number;
  left: number;
  /** m/s: its units' velocities, summed */
  vx: number;
  vy: number;
  /** m/s: its units' mean max speed */
  speed: number;
  /** m/s: the sideways velocity its units add to their way, world frame (step-aside.ts) */
  shiftX: number;
  shiftY: number;
  /** metres: the mean of its units' targets (where its way ends) */
  tx: number;
  ty: number;
  /** the share of their speed its units keep: below 1 while it lets another order cross ahead
   * (crossing-pace.ts) */
  pace: number;
  /** metres: the largest radius among its units */
  radius: number;
}

/** A door two orders walking at each other pass side by side, each keeping to its right half
 * (door-halves.ts), for as long as both still have units coming to it. */
export interface DoorLanes {
  /** the order whose way through the door is (dx, dy), and the order coming the other way */
  readonly first: number;
  readonly second: number;
  /** metres: the door's middle */
  readonly x: number;
  readonly y: number;
  /** unit vector of the first order's way through it */
  readonly dx: number;
  readonly dy: number;
}

/** A door wider than the doors where orders always take turns (door-turns.ts), which two orders
 * come to along ways meeting at an angle: one goes through while the other holds back, then the
 * other goes (wide-door-turns.ts). */
export interface WideDoorTurn {
  /** the order going through, and the other one */
  goes: number;
  waits: number;
  /** whether `waits` holds back (until `goes` is through, or gets nobody through for a while) */
  holding: boolean;
  /** metres: the door's middle */
  readonly x: number;
  readonly y: number;
  /** unit vectors of the two orders' ways to the door */
  goesX: number;
  goesY: number;
  waitsX: number;
  waitsY: number;
  /** how many units of each still have to go through, as of the last tick */
  goesPending: number;
  waitsPending: number;
  /** the last tick `goes` got a unit through */
  progressTick: number;
}

/** A door found between two blocks this tick (doorBetweenBlocks). */
interface FoundDoor {
  first: number;
  second: number;
  found: boolean;
  x: number;
  y: number;
  /** whether the door's posts are parts of walls (nav/passages.ts NarrowPlace) */
  walled: boolean;
}

export interface Blocks {
  /** the orders' boxes: the first `count` (the rest are kept for reuse), and by order id */
  readonly boxes: OrderBox[];
  count: number;
  readonly byOrder: Map<number, OrderBox>;
  /** the tick the boxes were measured at (-1: never) */
  measuredAt: number;
  /** the doors orders pass in lanes (door-halves.ts) and take turns at (wide-door-turns.ts) */
  readonly lanes: DoorLanes[];
  readonly wideDoors: WideDoorTurn[];
  /** the doors looked for between pairs of blocks this tick */
  readonly found: FoundDoor[];
  foundCount: number;
  /** what keeps the settlements at doors up to date, run before each tick's boxes are measured
   * (so a settlement dropped this tick no longer holds its pair back from a new one): added by
   * the door situations, in the order they were made */
  readonly keepers: Array<(sim: SimulationState) => void>;
}

export function createBlocks(): Blocks {
  return { boxes: [], count: 0, byOrder: new Map(), measuredAt: -1, lanes: [], wideDoors: [], found: [], foundCount: 0, keepers: [] };
}

/** Whether the unit walks straight to its slot, far enough from it to walk with its block. */
export function takesPart(unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move' || task.waiting || unit.distanceToTarget < NEAR_SLOT) return false;
  if (task.route === null) return true;
  return unit.waypoint.x === task.target.x && unit.waypoint.y === task.target.y && unit.passageDistance === Infinity;
}

function boxFor(blocks: Blocks, orderId: number): OrderBox {
  let box = blocks.byOrder.get(orderId);
  if (box !== undefined) return box;
  if (blocks.count === blocks.boxes.length) {
    blocks.boxes.push({ orderId: 0, count: 0, cx: 0, cy: 0, dx: 0, dy: 0, vx: 0, vy: 0, back: 0, front: 0, right: 0, left: 0, speed: 0, shiftX: 0, shiftY: 0, tx: 0, ty: 0, pace: 1, radius: 0 });
  }
  box = blocks.boxes[blocks.count++]!;
  box.orderId = orderId;
  box.count = 0;
  box.cx = box.cy = box.dx = box.dy = box.vx = box.vy = box.speed = box.shiftX = box.shiftY = box.tx = box.ty = 0;
  box.radius = 0;
  box.pace = 1;
  box.back = box.right = Infinity;
  box.front = box.left = -Infinity;
  blocks.byOrder.set(orderId, box);
  return box;
}

/** Keeps the settlements at doors, then measures every order's box for this tick from where its
 * units stand now (once a tick: the block situations each ask for it first). */
export function measureBlocks(sim: SimulationState, blocks: Blocks): void {
  if (blocks.measuredAt === sim.tick) return;
  blocks.measuredAt = sim.tick;
  for (const keep of blocks.keepers) keep(sim);
  blocks.byOrder.clear();
  blocks.count = 0;
  blocks.foundCount = 0;
  for (const unit of sim.awake) {
    if (!takesPart(unit)) continue;
    const task = unit.task as MoveTask;
    const box = boxFor(blocks, unit.groupId);
    box.count++;
    box.cx += unit.position.x;
    box.cy += unit.position.y;
    // distanceToTarget >= NEAR_SLOT > 0
    box.dx += (task.target.x - unit.position.x) / unit.distanceToTarget;
    box.dy += (task.target.y - unit.position.y) / unit.distanceToTarget;
    box.speed += unit.maxSpeed;
    box.vx += unit.velocity.x;
    box.vy += unit.velocity.y;
    box.tx += task.target.x;
    box.ty += task.target.y;
    box.radius = Math.max(box.radius, unit.radius);
  }
  for (let index = 0; index < blocks.count; index++) {
    const box = blocks.boxes[index]!;
    box.cx /= box.count;
    box.cy /= box.count;
    box.speed /= box.count;
    box.tx /= box.count;
    box.ty /= box.count;
    const length = Math.sqrt(box.dx * box.dx + box.dy * box.dy);
    // ways that cancel out: no direction (such an order takes no step)
    box.dx = length > 1e-9 ? box.dx / length : 0;
    box.dy = length > 1e-9 ? box.dy / length : 0;
  }
  for (const unit of sim.awake) {
    if (!takesPart(unit)) continue;
    const box = blocks.byOrder.get(unit.groupId)!;
    const px = unit.position.x - box.cx;
    const py = unit.position.y - box.cy;
    const along = px * box.dx + py * box.dy;
    const across = py * box.dx - px * box.dy;
    box.back = Math.min(box.back, along - unit.radius);
    box.front = Math.max(box.front, along + unit.radius);
    box.right = Math.min(box.right, across - unit.radius);
    box.left = Math.max(box.left, across + unit.radius);
  }
}

/** Whether a box is a block on the move (two units or more, a way to walk): a lone unit's own
 * avoidance already steps aside. */
export function isBlock(box: OrderBox): boolean {
  return box.count >= 2 && box.speed > 0;
}

/** b's box in a's frame: least and most along a's way, least and most across it (spanIn) */
export const span = new Float64Array(4);

export function spanIn(a: OrderBox, b: OrderBox): void {
  span[0] = span[2] = Infinity;
  span[1] = span[3] = -Infinity;
  for (let corner = 0; corner < 4; corner++) {
    const along = corner < 2 ? b.back : b.front;
    const across = corner % 2 === 0 ? b.right : b.left;
    const x = b.cx + along * b.dx - across * b.dy - a.cx;
    const y = b.cy + along * b.dy + across * b.dx - a.cy;
    const u = x * a.dx + y * a.dy;
    const v = y * a.dx - x * a.dy;
    span[0] = Math.min(span[0]!, u);
    span[1] = Math.max(span[1]!, u);
    span[2] = Math.min(span[2]!, v);
    span[3] = Math.max(span[3]!, v);
  }
}

/** Whether neither of two orders has come past the other's middle yet (then they are passing, or passed). */
export function stillApart(a: OrderBox, b: OrderBox): boolean {
  return (b.cx - a.cx) * a.dx + (b.cy - a.cy) * a.dy > 0 && (a.cx - b.cx) * b.dx + (a.cy - b.cy) * b.dy > 0;
}

/** Whether orders `a` and `b` are `first` and `second`, either way round. */
export function isPair(a: number, b: number, first: number, second: number): boolean {
  return (a === first && b === second) || (a === second && b === first);
}

/** Whether two orders pass a door in lanes or take turns at one (door-halves.ts, wide-door-turns.ts). */
export function settledAtDoor(blocks: Blocks, first: number, second: number): boolean {
  for (const lanes of blocks.lanes) if (isPair(lanes.first, lanes.second, first, second)) return true;
  for (const turn of blocks.wideDoors) if (isPair(turn.goes, turn.waits, first, second)) return true;
  return false;
}

/**
 * Whether blocks a and b walk at each other (their ways more than 120 degrees apart and their
 * velocities not the same way: two blocks that met at 45 degrees and wheeled off together, each
 * now to walk back, are not), with nothing settled for them at a door yet, on a tick they look
 * for a door between them.
 */
export function looksForDoor(sim: SimulationState, blocks: Blocks, a: OrderBox, b: OrderBox): boolean {
  if (a.dx * b.dx + a.dy * b.dy > DOOR_OPPOSITE || a.vx * b.vx + a.vy * b.vy > 0) return false;
  if (settledAtDoor(blocks, a.orderId, b.orderId)) return false;
  return (sim.tick + a.orderId + b.orderId) % DOOR_LOOK_EVERY === 0;
}

const _blocks_door: NarrowPlace = { x: 0, y: 0, width: 0, walled: false };

/**
 * The door between two blocks walking at each other (on the line between their boxes, or on
 * either one's way) too narrow for the two side by side, yet wider than the doors where orders
 * always take turns (DOOR_WIDTH) and wide enough for a lane either side of its middle; looked for
 * once a tick per pair (both door situations ask). Its middle, or null.
 */
export function doorBetweenBlocks(sim: SimulationState, blocks: Blocks, a: OrderBox, b: OrderBox): FoundDoor | null {
  for (let index = 0; index < blocks.foundCount; index++) {
    const found = blocks.found[index]!;
    if (found.first === a.orderId && found.second === b.orderId) return found.found ? found : null;
  }
  if (blocks.foundCount === blocks.found.length) blocks.found.push({ first: 0, second: 0, found: false, x: 0, y: 0, walled: false });
  const found = blocks.found[blocks.foundCount++]!;
  found.first = a.orderId;
  found.second = b.orderId;
  found.found = findDoor(sim, a, b);
  found.x = _blocks_door.x;
  found.y = _blocks_door.y;
  found.walled = _blocks_door.walled;
  return found.found ? found : null;
}

function findDoor(sim: SimulationState, a: OrderBox, b: OrderBox): boolean {
  if (!stillApart(a, b)) return false;
  // (as far ahead as blocks step aside)
  spanIn(a, b);
  if (span[0]! - a.front > (a.speed + b.speed) * LOOK_AHEAD) return false;
  const sideBySide = a.left - a.right + (b.left - b.right) + MARGIN;
  const radius = Math.max(a.radius, b.radius);
  const clearance = navClearance(radius);
  const map = sim.navMap;
  const length = hypot(b.cx - a.cx, b.cy - a.cy);
  // the line between the boxes misses a door the ways bend round (an order coming at it from the
  // side): then the door on either way, as far ahead as the other box
  const found =
    doorBetween(map, clearance, a.cx, a.cy, b.cx, b.cy, sideBySide, _blocks_door) ||
    doorBetween(map, clearance, a.cx, a.cy, a.cx + a.dx * length, a.cy + a.dy * length, sideBySide, _blocks_door) ||
    doorBetween(map, clearance, b.cx, b.cy, b.cx + b.dx * length, b.cy + b.dy * length, sideBySide, _blocks_door);
  // (the door's width is free room for a centre: each stream keeps LANE_GAP from the middle)
  return found && _blocks_door.width > DOOR_WIDTH && _blocks_door.width >= 2 * (LANE_GAP + radius);
}

