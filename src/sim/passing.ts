/**
 * Orders passing each other as blocks. Two orders whose units walk at each other from opposite
 * sides each step aside as a whole, to their right unless the left is much shorter, far enough
 * that the two blocks pass side by side instead of pressing into each other face to face. The
 * units' own avoidance only sees a few metres ahead; a block 14 m across cannot get out of the
 * way in that distance, so only its front leaned, and the middles of the two blocks stood pressed
 * together while their edges wrapped round each other.
 *
 * Two orders whose ways cross at a shallow angle (8 to 37 degrees) take turns instead: the one
 * that comes to the crossing later (at about the same time: the one the other comes at from its
 * right) slows to `crossingPace` of its speed while the other crosses ahead of it. Without it the
 * two blocks met side by side, each pressing toward the other's side, and walked on glued
 * together to their points, where each had to get through the other.
 *
 * Worked out once per tick before the decide phase (planPassing), on each order's box: where its
 * walking units stand, along and across the way to their slots, kept in the simulation's state
 * until the next tick (the page draws them). Read by each unit as it decides (applyPassing). Only units walking straight to their slots take part: not while their order
 * is planned, nor on a route round an obstacle or through a passage (a door, a gap), where there
 * is no room to step aside, nor within NEAR_SLOT of their slots, where a group's ways fan out.
 */
import { cos, hypot, sin } from '../math/exact';
import type { Vec2 } from '../math/vec2';
import type { OrderBox, PassingState, SimulationState, Unit } from './state';

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
    passing.boxes.push({ orderId: 0, count: 0, cx: 0, cy: 0, dx: 0, dy: 0, vx: 0, vy: 0, back: 0, front: 0, right: 0, left: 0, speed: 0, shiftX: 0, shiftY: 0, tx: 0, ty: 0, pace: 1 });
  }
  box = passing.boxes[passing.count++]!;
  box.orderId = orderId;
  box.count = 0;
  box.cx = box.cy = box.dx = box.dy = box.vx = box.vy = box.speed = box.shiftX = box.shiftY = box.tx = box.ty = 0;
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
  for (const unit of sim.awake) {
    if (!takesPart(unit)) continue;
    const task = unit.task as Extract<Unit['task'], { kind: 'move' }>;
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
      if (passAside <= 0 || cosine > OPPOSITE) continue;
      // moving the same way, whatever their slots say (two blocks that met at 45 degrees and
      // wheeled off together, each now to walk back): not walking at each other
      if (a.vx * b.vx + a.vy * b.vy > 0) continue;
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

/** Two orders walking at each other: the step each takes, added to its shift. */
function planPair(a: OrderBox, b: OrderBox): void {
  // once either has come past the other's middle, they are passing (or passed): no new step
  if ((b.cx - a.cx) * a.dx + (b.cy - a.cy) * a.dy <= 0 || (a.cx - b.cx) * b.dx + (a.cy - b.cy) * b.dy <= 0) return;
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
 * Turns `preferred` by the sideways step of the unit's order (planPassing), keeping its speed (the
 * step is at most `tan(maxTurn)` times the speed across), then slows it to the order's pace.
 * Nothing for a unit that takes no part.
 */
export function applyPassing(sim: SimulationState, unit: Unit, preferred: Vec2, maxTurn: number): void {
  if (!takesPart(unit)) return;
  const box = sim.passing.byOrder.get(unit.groupId);
  if (box === undefined) return;
  stepAside(box, preferred, maxTurn);
  preferred.x *= box.pace;
  preferred.y *= box.pace;
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
