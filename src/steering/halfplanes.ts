/**
 * Choosing a velocity under many constraints at once: each constraint is a half-plane of
 * velocities `n . v >= b` (n a unit vector, v in m/s), and the choice is the velocity nearest the
 * one the unit wants, inside its speed disc, that satisfies them all. This is a two-dimensional
 * linear program, solved incrementally: constraints are added one at a time, and only when the
 * current answer breaks one is it moved onto that constraint's line (expected linear time in the
 * number of constraints).
 *
 * When no velocity satisfies every constraint (a crowd closing in from all sides), the hard ones
 * (obstacles and walls) still hold, and among the velocities that keep them the one that breaks
 * the soft ones (other units) by the least, in the worst of them, is chosen.
 *
 * The method is the one of optimal reciprocal collision avoidance (van den Berg, Guy, Lin and
 * Manocha, 2011), written here in the engine's own terms. Nothing is allocated per call.
 */
import { vec2 } from '../math/vec2';

export interface HalfPlanes {
  /** how many constraints are set: the first `hard` of them may not be broken */
  count: number;
  hard: number;
  readonly normalX: Float64Array;
  readonly normalY: Float64Array;
  /** m/s: each constraint is normal . v >= offset */
  readonly offset: Float64Array;
}

export function createHalfPlanes(capacity: number): HalfPlanes {
  return { count: 0, hard: 0, normalX: new Float64Array(capacity), normalY: new Float64Array(capacity), offset: new Float64Array(capacity) };
}

export function clearHalfPlanes(planes: HalfPlanes): void {
  planes.count = 0;
  planes.hard = 0;
}

/**
 * Adds the constraint `(nx, ny) . v >= offset`; `(nx, ny)` must be a unit vector. Hard constraints
 * must all be added before the first soft one. Returns false (adding nothing) when full.
 */
export function addHalfPlane(planes: HalfPlanes, nx: number, ny: number, offset: number, hard: boolean): boolean {
  const index = planes.count;
  if (index >= planes.offset.length) return false;
  planes.normalX[index] = nx;
  planes.normalY[index] = ny;
  planes.offset[index] = offset;
  planes.count++;
  if (hard) planes.hard = planes.count;
  return true;
}

/** below this, two directions are taken as parallel and a violation as none */
const EPSILON = 1e-9;

const _solve_result = vec2();
const _solve_saved = vec2();
/** the constraints of the least-violation search, rebuilt per step */
let _solve_projected = createHalfPlanes(64);

/**
 * The velocity (into `out`) nearest (wantX, wantY) within `maxSpeed` that keeps every constraint;
 * when there is none, the least violating one, as described above. Returns true when every
 * constraint holds.
 */
export function solveVelocity(planes: HalfPlanes, maxSpeed: number, wantX: number, wantY: number, out: { x: number; y: number }): boolean {
  const failed = solveNearest(planes, 0, planes.count, maxSpeed, wantX, wantY, false, _solve_result);
  const satisfied = failed === planes.count;
  if (!satisfied) leastViolation(planes, failed, maxSpeed, _solve_result);
  out.x = _solve_result.x;
  out.y = _solve_result.y;
  return satisfied;
}

/**
 * Incremental solve over constraints [first, first + count) of `planes`: the velocity nearest
 * `want` (or, with `directionOnly`, the furthest along the unit vector `want`) in the speed disc.
 * Returns the index of the first constraint it could not keep (`first + count` when it kept all);
 * `result` is then the best answer for the constraints before it.
 */
function solveNearest(
  planes: HalfPlanes,
  first: number,
  count: number,
  maxSpeed: number,
  wantX: number,
  wantY: number,
  directionOnly: boolean,
  result: { x: number; y: number },
): number {
  if (directionOnly) {
    result.x = wantX * maxSpeed;
    result.y = wantY * maxSpeed;
  } else {
    const speedSq = wantX * wantX + wantY * wantY;
    const scale = speedSq > maxSpeed * maxSpeed ? maxSpeed / Math.sqrt(speedSq) : 1;
    result.x = wantX * scale;
    result.y = wantY * scale;
  }
  const end = first + count;
  for (let index = first; index < end; index++) {
    if (planes.normalX[index]! * result.x + planes.normalY[index]! * result.y >= planes.offset[index]! - EPSILON) continue;
    _solve_saved.x = result.x;
    _solve_saved.y = result.y;
    if (!solveOnLine(planes, first, index, maxSpeed, wantX, wantY, directionOnly, result)) {
      result.x = _solve_saved.x;
      result.y = _solve_saved.y;
      return index;
    }
  }
  return end;
}

/**
 * The best velocity on the boundary line of constraint `line` that keeps the constraints
 * [first, line) and the speed disc; false when that piece of line is empty.
 */
function solveOnLine(
  planes: HalfPlanes,
  first: number,
  line: number,
  maxSpeed: number,
  wantX: number,
  wantY: number,
  directionOnly: boolean,
  result: { x: number; y: number },
): boolean {
  const nx = planes.normalX[line]!;
  const ny = planes.normalY[line]!;
  // the line: point (nx, ny) * offset, direction (ny, -nx) (the allowed side is on its left)
  const pointX = nx * planes.offset[line]!;
  const pointY = ny * planes.offset[line]!;
  const directionX = ny;
  const directionY = -nx;
  // the part of the line inside the speed disc: t in [low, high]
  const along = pointX * directionX + pointY * directionY;
  const discriminant = along * along + maxSpeed * maxSpeed - (pointX * pointX + pointY * pointY);
  if (discriminant < 0) return false;
  const root = Math.sqrt(discriminant);
  let low = -along - root;
  let high = -along + root;
  for (let other = first; other < line; other++) {
    const mx = planes.normalX[other]!;
    const my = planes.normalY[other]!;
    // m . (point + t direction) >= offset  <=>  (m . direction) t >= offset - m . point
    const rate = mx * directionX + my * directionY;
    const need = planes.offset[other]! - (mx * pointX + my * pointY);
    if (Math.abs(rate) < EPSILON) {
      if (need > EPSILON) return false; // parallel, and this line lies wholly outside the other
      continue;
    }
    const bound = need / rate;
    if (rate > 0) low = Math.max(low, bound);
    else high = Math.min(high, bound);
    if (low > high) return false;
  }
  let t: number;
  if (directionOnly) {
    t = wantX * directionX + wantY * directionY > 0 ? high : low;
  } else {
    t = directionX * (wantX - pointX) + directionY * (wantY - pointY);
    t = t < low ? low : t > high ? high : t;
  }
  result.x = pointX + directionX * t;
  result.y = pointY + directionY * t;
  return true;
}

/**
 * No velocity keeps every constraint: keeping the hard ones, the velocity that breaks the soft
 * ones (from `failed` on; the earlier ones hold at `result`) by the least in the worst of them.
 * For each soft constraint still broken by more than the worst so far, the velocity is pushed as
 * far into it as it can go without breaking any earlier one by more than it breaks this one.
 */
function leastViolation(planes: HalfPlanes, failed: number, maxSpeed: number, result: { x: number; y: number }): void {
  let worst = 0;
  const hard = planes.hard;
  if (_solve_projected.offset.length < planes.count + 1) _solve_projected = createHalfPlanes(2 * (planes.count + 1));
  const projected = _solve_projected;
  for (let line = Math.max(failed, hard); line < planes.count; line++) {
    const nx = planes.normalX[line]!;
    const ny = planes.normalY[line]!;
    const b = planes.offset[line]!;
    if (b - (nx * result.x + ny * result.y) <= worst) continue;
    clearHalfPlanes(projected);
    for (let index = 0; index < hard; index++) addHalfPlane(projected, planes.normalX[index]!, planes.normalY[index]!, planes.offset[index]!, true);
    for (let other = hard; other < line; other++) {
      // broken no more than this line: b_o - m . v <= b - n . v  <=>  (m - n) . v >= b_o - b
      const mx = planes.normalX[other]! - nx;
      const my = planes.normalY[other]! - ny;
      const length = Math.sqrt(mx * mx + my * my);
      if (length < EPSILON) continue; // the same direction: one of the two always binds first
      addHalfPlane(projected, mx / length, my / length, (planes.offset[other]! - b) / length, false);
    }
    _solve_saved.x = result.x;
    _solve_saved.y = result.y;
    if (solveNearest(projected, 0, projected.count, maxSpeed, nx, ny, true, result) < projected.count) {
      // rounding can make this fail only by a hair: keep the previous answer
      result.x = _solve_saved.x;
      result.y = _solve_saved.y;
    }
    worst = b - (nx * result.x + ny * result.y);
  }
}
