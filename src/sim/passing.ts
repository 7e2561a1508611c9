/**
 * Orders passing each other as blocks. Two orders whose units walk at each other from opposite
 * sides each step aside as a whole, to their right unless the left is much shorter, far enough
 * that the two blocks pass side by side instead of pressing into each other face to face. The
 * units' own avoidance only sees a few metres ahead; a block 14 m across cannot get out of the
 * way in that distance, so only its front leaned, and the middles of the two blocks stood pressed
 * together while their edges wrapped round each other.
 *
 * Where a door lies between them too narrow for the two blocks side by side (but wider than the
 * doors where orders take turns, sim/doors.ts), each keeps to its right half of the door instead,
 * every walking unit of it, until one of the two has no unit left coming to it. Stepping aside as
 * blocks, they pressed against the wall on either side of the door and then met face to face in
 * it; with two halves, two blocks of 50 go through a door 10 m wide in about two thirds of the time.
 * Orders coming to such a door along ways that meet at an angle (one of them from the side, round
 * the wall's end) take turns there instead, the later one holding back out of the way the other
 * comes out by: in halves, each block arrived with part of it in the other's half, and both
 * crowds stood pressed face to face in the door.
 *
 * Two orders whose ways cross at a shallow angle (8 to 37 degrees) take turns instead: the one
 * that comes to the crossing later (at about the same time: the one the other comes at from its
 * right) slows to `crossingPace` of its speed while the other crosses ahead of it. Without it the
 * two blocks met side by side, each pressing toward the other's side, and walked on glued
 * together to their points, where each had to get through the other.
 *
 * Worked out once per tick before the decide phase (planPassing), on each order's box: where its
 * walking units stand, along and across the way to their slots, kept in the simulation's state
 * until the next tick (the page draws them). Read by each unit as it decides (applyPassing). Only
 * units walking straight to their slots take part in the boxes: not while their order is planned,
 * nor on a route round an obstacle or through a passage (a door, a gap), where there is no room to
 * step aside, nor within NEAR_SLOT of their slots, where a group's ways fan out. Halves and turns
 * at a door, once found, apply to every unit of the two orders on the move.
 */
import { cos, hypot, sin } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import { DOOR_WIDTH, doorBetween } from '../nav/passages';
import { DOOR_STALL, HOLD_RANGE, PENDING_RANGE, holdBack, standsBefore } from './doors';
import { navClearance } from './planning';
import type { DoorLanes, MoveTask, OrderBox, PassingState, SimulationState, Unit, WideDoorTurn } from './state';

/** cosine of the angle between two orders' ways below which they come at each other (about 154
 * degrees): blocks crossing at 135 degrees do not step aside (their crossing swirls instead) */
const OPPOSITE = -0.9;
/** seconds: two orders step aside once their fronts would meet within this time */
const LOOK_AHEAD = 5;
/** metres kept between the two blocks' edges */
const MARGIN = 1;
/** an order steps to its left only when that is less than this share of the step to its right
 * (both orders reach the same choice, from the same two boxes) */
const KEEP_RIGHT = 0.5;
/** the two orders part by at most this many times the narrower one's width (and the margin) */
const WIDEST_STEP = 3;
/** seconds: the step left to make is spread over at least this long */
const MIN_STEP_TIME = 0.5;
/** metres: units this close to their slots are arriving, not walking as a block */
const NEAR_SLOT = 5;
/** cosine of the widest angle between two orders' ways at which they cross at a shallow angle
 * (about 37 degrees; from there to 60 degrees the units' own rule for converging orders applies,
 * steering/strategies/rays.ts) */
const SHALLOW = 0.8;
/** cosine of the narrowest such angle (about 8 degrees): ways closer than that run side by side
 * (an order overtaking another along the same line) */
const SIDE_BY_SIDE = 0.99;
/** metres: blocks further apart across than this go on at full speed */
const CROSSING_GAP = 4;
/** seconds: two orders that come to their crossing within this of each other come at the same time */
const SAME_TIME = 1;

function boxFor(passing: PassingState, orderId: number): OrderBox {
  let box = passing.byOrder.get(orderId);
  if (box !== undefined) return box;
  if (passing.count === passing.boxes.length) {
    passing.boxes.push({ orderId: 0, count: 0, cx: 0, cy: 0, dx: 0, dy: 0, vx: 0, vy: 0, back: 0, front: 0, right: 0, left: 0, speed: 0, shiftX: 0, shiftY: 0, tx: 0, ty: 0, pace: 1, radius: 0 });
  }
  box = passing.boxes[passing.count++]!;
  box.orderId = orderId;
  box.count = 0;
  box.cx = box.cy = box.dx = box.dy = box.vx = box.vy = box.speed = box.shiftX = box.shiftY = box.tx = box.ty = 0;
  box.radius = 0;
  box.pace = 1;
  box.back = box.right = Infinity;
  box.front = box.left = -Infinity;
  passing.byOrder.set(orderId, box);
  return box;
}

/** Whether the unit walks straight to its slot, far enough from it to walk with its block. */
function takesPart(unit: Unit): boolean {
  const task = unit.task;
  if (task.kind !== 'move' || task.waiting || unit.distanceToTarget < NEAR_SLOT) return false;
  if (task.route === null) return true;
  return unit.waypoint.x === task.target.x && unit.waypoint.y === task.target.y && unit.passageDistance === Infinity;
}

/**
 * Works out every order's sideways step and pace for this tick, from where its units stand now
 * (read with applyPassing during the same tick's decide phase): steps
 * while `passAside` is above 0, paces while `crossingPace` is below 1.
 */
export function planPassing(sim: SimulationState): void {
  const { passAside, crossingPace } = sim.config;
  const passing = sim.passing;
  passing.byOrder.clear();
  passing.count = 0;
  if (passAside > 0) {
    keepLanes(sim);
    keepWideDoors(sim);
  } else {
    passing.lanes.length = 0;
    passing.wideDoors.length = 0;
  }
  for (const unit of sim.awake) {
    if (!takesPart(unit)) continue;
    const task = unit.task as MoveTask;
    const box = boxFor(passing, unit.groupId);
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
  for (let index = 0; index < passing.count; index++) {
    const box = passing.boxes[index]!;
    box.cx /= box.count;
    box.cy /= box.count;
    box.speed /= box.count;
    box.tx /= box.count;
    box.ty /= box.count;
    const length = Math.sqrt(box.dx * box.dx + box.dy * box.dy);
    // ways that cancel out: no direction (such an order takes no step, see below)
    box.dx = length > 1e-9 ? box.dx / length : 0;
    box.dy = length > 1e-9 ? box.dy / length : 0;
  }
  for (const unit of sim.awake) {
    if (!takesPart(unit)) continue;
    const box = passing.byOrder.get(unit.groupId)!;
    const px = unit.position.x - box.cx;
    const py = unit.position.y - box.cy;
    const along = px * box.dx + py * box.dy;
    const across = py * box.dx - px * box.dy;
    box.back = Math.min(box.back, along - unit.radius);
    box.front = Math.max(box.front, along + unit.radius);
    box.right = Math.min(box.right, across - unit.radius);
    box.left = Math.max(box.left, across + unit.radius);
  }
  // a lone unit's own avoidance already steps aside (and leans right); blocks need this
  for (let i = 0; i < passing.count; i++) {
    const a = passing.boxes[i]!;
    if (a.count < 2 || a.speed <= 0) continue;
    for (let j = i + 1; j < passing.count; j++) {
      const b = passing.boxes[j]!;
      if (b.count < 2 || b.speed <= 0) continue;
      const cosine = a.dx * b.dx + a.dy * b.dy;
      if (cosine > SHALLOW && cosine < SIDE_BY_SIDE) {
        if (crossingPace < 1) planTurn(a, b, crossingPace);
        continue;
      }
      if (passAside <= 0 || cosine > DOOR_OPPOSITE) continue;
      // moving the same way, whatever their slots say (two blocks that met at 45 degrees and
      // wheeled off together, each now to walk back): not walking at each other
      if (a.vx * b.vx + a.vy * b.vy > 0) continue;
      if (lanesOf(passing, a.orderId, b.orderId) !== null || turnOf(passing, a.orderId, b.orderId) !== null) continue;
      if ((sim.tick + a.orderId + b.orderId) % LANE_LOOK_EVERY === 0 && planDoor(sim, a, b, cosine <= OPPOSITE)) continue;
      if (cosine > OPPOSITE) continue;
      planPair(a, b);
    }
  }
}

/** b's box in a's frame: least and most along a's way, least and most across it */
const _passing_span = new Float64Array(4);

function spanIn(a: OrderBox, b: OrderBox): void {
  _passing_span[0] = _passing_span[2] = Infinity;
  _passing_span[1] = _passing_span[3] = -Infinity;
  for (let corner = 0; corner < 4; corner++) {
    const along = corner < 2 ? b.back : b.front;
    const across = corner % 2 === 0 ? b.right : b.left;
    const x = b.cx + along * b.dx - across * b.dy - a.cx;
    const y = b.cy + along * b.dy + across * b.dx - a.cy;
    const u = x * a.dx + y * a.dy;
    const v = y * a.dx - x * a.dy;
    _passing_span[0] = Math.min(_passing_span[0]!, u);
    _passing_span[1] = Math.max(_passing_span[1]!, u);
    _passing_span[2] = Math.min(_passing_span[2]!, v);
    _passing_span[3] = Math.max(_passing_span[3]!, v);
  }
}

/** Whether neither of two orders has come past the other's middle yet (then they are passing, or passed). */
function stillApart(a: OrderBox, b: OrderBox): boolean {
  return (b.cx - a.cx) * a.dx + (b.cy - a.cy) * a.dy > 0 && (a.cx - b.cx) * b.dx + (a.cy - b.cy) * b.dy > 0;
}

/** Two orders walking at each other: the step each takes, added to its shift. */
function planPair(a: OrderBox, b: OrderBox): void {
  // no new step once they are passing
  if (!stillApart(a, b)) return;
  spanIn(a, b);
  const gap = _passing_span[0]! - a.front;
  const closing = a.speed + b.speed;
  if (gap > closing * LOOK_AHEAD) return;
  // how far the two must part across a's way: a to the right of b, or a to the left of b
  const toRight = a.left - _passing_span[2]! + MARGIN;
  const toLeft = _passing_span[3]! - a.right + MARGIN;
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

const _passing_door = { x: 0, y: 0, width: 0 };

/**
 * Two orders walking at each other with a door between them (on the line between their boxes, or
 * on either one's way) too narrow for the two blocks side by side, yet wider than the doors where
 * orders always take turns (DOOR_WIDTH). Where their ways to it, from where all their units on the
 * move stand, meet at an angle (TURN_ANGLE) they take turns there (a WideDoorTurn); where they come
 * at it head-on each keeps to its right half of it (applyLane). Returns whether it found such a
 * door and settled which.
 */
function planDoor(sim: SimulationState, a: OrderBox, b: OrderBox, headOn: boolean): boolean {
  if (!stillApart(a, b)) return false;
  // (as far ahead as blocks step aside)
  spanIn(a, b);
  if (_passing_span[0]! - a.front > (a.speed + b.speed) * LOOK_AHEAD) return false;
  const sideBySide = a.left - a.right + (b.left - b.right) + MARGIN;
  const radius = Math.max(a.radius, b.radius);
  const clearance = navClearance(radius);
  const map = sim.navMap;
  const length = hypot(b.cx - a.cx, b.cy - a.cy);
  // the line between the boxes misses a door the ways bend round (an order coming at it from the
  // side): then the door on either way, as far ahead as the other box
  const found =
    doorBetween(map, clearance, a.cx, a.cy, b.cx, b.cy, sideBySide, _passing_door) ||
    doorBetween(map, clearance, a.cx, a.cy, a.cx + a.dx * length, a.cy + a.dy * length, sideBySide, _passing_door) ||
    doorBetween(map, clearance, b.cx, b.cy, b.cx + b.dx * length, b.cy + b.dy * length, sideBySide, _passing_door);
  // (the door's width is free room for a centre: each stream keeps LANE_GAP from the middle)
  if (!found || _passing_door.width <= DOOR_WIDTH || _passing_door.width < 2 * (LANE_GAP + radius)) return false;
  const { x, y } = _passing_door;
  if (planWideTurn(sim, a, b, x, y)) return true;
  if (!headOn || !(length > 1e-9)) return false;
  sim.passing.lanes.push({ first: a.orderId, second: b.orderId, x, y, dx: (b.cx - a.cx) / length, dy: (b.cy - a.cy) / length });
  return true;
}

/** cosine of the angle between two orders' ways (their boxes' directions) below which a door
 * between them is looked for: 120 degrees, as for the doors where orders always take turns */
const DOOR_OPPOSITE = -0.5;
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

/**
 * Two orders coming at the wide door at (x, y) from ways meeting at an angle (TURN_ANGLE) take
 * turns there: the one to come to it first (at about the same time, the lower order id) goes
 * through, and the other holds back until it has. Returns whether they do.
 */
function planWideTurn(sim: SimulationState, a: OrderBox, b: OrderBox, x: number, y: number): boolean {
  // each order's way to the door, from where all its units on the move stand
  movingCentre(sim, a.orderId, _passing_centre);
  const ax0 = x - _passing_centre[0]!;
  const ay0 = y - _passing_centre[1]!;
  movingCentre(sim, b.orderId, _passing_centre);
  const bx0 = x - _passing_centre[0]!;
  const by0 = y - _passing_centre[1]!;
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
  sim.passing.wideDoors.push({
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

const _passing_centre = new Float64Array(2);

/** Whether orders `a` and `b` are `first` and `second`, either way round. */
function isPair(a: number, b: number, first: number, second: number): boolean {
  return (a === first && b === second) || (a === second && b === first);
}

/** The turn two orders take at a wide door, or null. */
function turnOf(passing: PassingState, first: number, second: number): WideDoorTurn | null {
  for (const turn of passing.wideDoors) if (isPair(turn.goes, turn.waits, first, second)) return turn;
  return null;
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

/**
 * Keeps each wide door's turn: the order going through keeps it while it has units still to go
 * through (and gets them through: after DOOR_STALL ticks without one, the other holds back no
 * longer); then the other goes, holding nobody back, and the door is dropped once neither has a
 * unit left to go through.
 */
function keepWideDoors(sim: SimulationState): void {
  const turns = sim.passing.wideDoors;
  if (turns.length === 0) return;
  let kept = 0;
  for (const turn of turns) {
    const goes = pendingAt(sim, turn.goes, turn.x, turn.y, turn.goesX, turn.goesY);
    const waits = pendingAt(sim, turn.waits, turn.x, turn.y, turn.waitsX, turn.waitsY);
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

/**
 * Holds the unit back while its order waits for another's turn at a wide door it still has to go
 * through: out of the ground in front of the mouth where the other's units come out, else standing
 * where it is. Returns whether it holds.
 */
function holdAtWideDoor(passing: PassingState, unit: Unit, preferred: Vec2): boolean {
  for (const turn of passing.wideDoors) {
    if (!turn.holding || turn.waits !== unit.groupId) continue;
    if (!standsBefore(unit, turn.x, turn.y, turn.waitsX, turn.waitsY, HOLD_RANGE)) continue;
    // (the ground the going order comes out onto lies before the door along its way reversed)
    holdBack(unit, turn.x, turn.y, -turn.goesX, -turn.goesY, preferred);
    return true;
  }
  return false;
}

/** The lanes two orders keep at a door, or null. */
function lanesOf(passing: PassingState, first: number, second: number): DoorLanes | null {
  for (const lanes of passing.lanes) if (isPair(lanes.first, lanes.second, first, second)) return lanes;
  return null;
}

/** Drops the lanes of every door one of whose two orders has no unit still keeping to its lane. */
function keepLanes(sim: SimulationState): void {
  const passing = sim.passing;
  if (passing.lanes.length === 0) return;
  let kept = 0;
  for (const lanes of passing.lanes) {
    let first = false;
    let second = false;
    for (const unit of sim.units) {
      const task = unit.task;
      if (task.kind !== 'move' || task.waiting) continue;
      const along = (lanes.x - unit.position.x) * lanes.dx + (lanes.y - unit.position.y) * lanes.dy;
      if (task.orderId === lanes.first && along > -LANE_EXIT) first = true;
      if (task.orderId === lanes.second && along < LANE_EXIT) second = true;
    }
    if (first && second) passing.lanes[kept++] = lanes;
  }
  passing.lanes.length = kept;
}

/** ticks: two orders walking at each other look for a door between them once in this many */
const LANE_LOOK_EVERY = 10;
/** metres: units keep their centres this far to their right of a door's middle (planDoor) */
const LANE_GAP = 0.75;
/** metres past a door's middle a unit still keeps to its lane */
const LANE_EXIT = 1;
/** metres: a unit left of its lane makes for the point of its lane this far ahead of it */
const LANE_LEAD = 3;

/**
 * A unit of an order keeping to its right half of a door (planDoor), not yet LANE_EXIT past its
 * middle and left of its lane (less than LANE_GAP right of the middle): its wanted velocity turns,
 * keeping its speed, toward the point of its lane LANE_LEAD further along the way through the
 * door than it is. Every walking unit of the order does, on a route or not: the ones at the
 * block's edges, pressed against the wall beside the door, come to it round the wall's end.
 */
function applyLane(passing: PassingState, unit: Unit, preferred: Vec2): void {
  for (const lanes of passing.lanes) {
    const sign = lanes.first === unit.groupId ? 1 : lanes.second === unit.groupId ? -1 : 0;
    if (sign === 0) continue;
    const dx = sign * lanes.dx;
    const dy = sign * lanes.dy;
    const px = lanes.x - unit.position.x;
    const py = lanes.y - unit.position.y;
    const along = px * dx + py * dy;
    if (along < -LANE_EXIT) return;
    // how far right of the door's middle the unit stands (right of the way is (dy, -dx))
    const across = py * dx - px * dy;
    if (across >= LANE_GAP) return;
    const speed = Math.sqrt(preferred.x * preferred.x + preferred.y * preferred.y);
    if (speed < 1e-9) return;
    const before = along - LANE_LEAD;
    const aimX = px - dx * before + dy * LANE_GAP;
    const aimY = py - dy * before - dx * LANE_GAP;
    const distance = Math.sqrt(aimX * aimX + aimY * aimY);
    preferred.x = (aimX / distance) * speed;
    preferred.y = (aimY / distance) * speed;
    return;
  }
}

/** where the ways of two orders cross: the fraction of each one's way (centre to mean target) */
const _passing_cut = new Float64Array(2);

/** Whether the ways of a and b (each from its centre to its mean target) cross; where, in `_passing_cut`. */
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
  _passing_cut[0] = alongA;
  _passing_cut[1] = alongB;
  return true;
}

/**
 * Two orders whose ways cross at a shallow angle: the one to come to the crossing later, or at
 * about the same time the one the other comes at from its right, keeps `pace` of its speed while
 * the other's back is not yet ahead of its front and the two are within CROSSING_GAP across.
 */
function planTurn(a: OrderBox, b: OrderBox, pace: number): void {
  if (!waysCross(a, b)) return;
  const timeA = (_passing_cut[0]! * hypot(a.tx - a.cx, a.ty - a.cy)) / a.speed;
  const timeB = (_passing_cut[1]! * hypot(b.tx - b.cx, b.ty - b.cy)) / b.speed;
  // b's way turned to the left of a's: b comes from a's right
  const fromRight = a.dx * b.dy - a.dy * b.dx > 0;
  const aWaits = timeA > timeB + SAME_TIME || (timeA >= timeB - SAME_TIME && fromRight);
  const waiting = aWaits ? a : b;
  const crossing = aWaits ? b : a;
  spanIn(waiting, crossing);
  if (_passing_span[0]! > waiting.front + MARGIN) return; // crossing ahead already
  if (_passing_span[2]! > waiting.left + CROSSING_GAP || _passing_span[3]! < waiting.right - CROSSING_GAP) return;
  waiting.pace = Math.min(waiting.pace, pace);
}

/**
 * Holds the unit back while its order waits for another's turn at a wide door (any unit of it on
 * the move still to go through, holdAtWideDoor), and returns true; else turns `preferred` toward
 * the unit's half of a door its order passes in halves (applyLane); then, for a unit taking part
 * in its order's box, by the order's sideways step (planPassing), keeping its speed (the step is
 * at most `tan(maxTurn)` times the speed across), and slows it to the order's pace.
 */
export function applyPassing(sim: SimulationState, unit: Unit, preferred: Vec2, maxTurn: number): boolean {
  const task = unit.task;
  if (task.kind === 'move' && !task.waiting) {
    if (holdAtWideDoor(sim.passing, unit, preferred)) return true;
    applyLane(sim.passing, unit, preferred);
  }
  if (!takesPart(unit)) return false;
  const box = sim.passing.byOrder.get(unit.groupId);
  if (box === undefined) return false;
  stepAside(box, preferred, maxTurn);
  preferred.x *= box.pace;
  preferred.y *= box.pace;
  return false;
}

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
