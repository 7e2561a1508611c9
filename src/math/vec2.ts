/**
 * Plain two-dimensional vectors. Every function that produces a vector writes into an `out`
 * parameter and returns it, so hot loops can reuse scratch vectors instead of allocating.
 * `out` may alias any input.
 */
export interface Vec2 {
  x: number;
  y: number;
}

export type ReadonlyVec2 = Readonly<Vec2>;

/**
 * The objects `vec2` makes. A class of their own, so their fields keep V8's unboxed number
 * representation: objects written as `{ x, y }` literals share one hidden-class tree with every
 * other two-field literal named x and y, and a single one holding something else (a schema
 * library's `{ x: number(), y: number() }`) turns those fields into general ones for all of
 * them, after which every number written to a vector is a fresh heap allocation.
 */
class Vector {
  declare x: number;
  declare y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
}

export function vec2(x = 0, y = 0): Vec2 {
  return new Vector(x, y);
}

export function set(out: Vec2, x: number, y: number): Vec2 {
  out.x = x;
  out.y = y;
  return out;
}

export function copy(out: Vec2, a: ReadonlyVec2): Vec2 {
  out.x = a.x;
  out.y = a.y;
  return out;
}

export function add(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2): Vec2 {
  out.x = a.x + b.x;
  out.y = a.y + b.y;
  return out;
}

export function subtract(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2): Vec2 {
  out.x = a.x - b.x;
  out.y = a.y - b.y;
  return out;
}

export function scale(out: Vec2, a: ReadonlyVec2, factor: number): Vec2 {
  out.x = a.x * factor;
  out.y = a.y * factor;
  return out;
}

/** out = a + b * factor */
export function addScaled(out: Vec2, a: ReadonlyVec2, b: ReadonlyVec2, factor: number): Vec2 {
  out.x = a.x + b.x * factor;
  out.y = a.y + b.y * factor;
  return out;
}

export function dot(a: ReadonlyVec2, b: ReadonlyVec2): number {
  return a.x * b.x + a.y * b.y;
}

/** z component of the 3D cross product: positive when b lies counter-clockwise (left) of a. */
export function cross(a: ReadonlyVec2, b: ReadonlyVec2): number {
  return a.x * b.y - a.y * b.x;
}

export function lengthSquared(a: ReadonlyVec2): number {
  return a.x * a.x + a.y * a.y;
}

export function length(a: ReadonlyVec2): number {
  return Math.sqrt(a.x * a.x + a.y * a.y);
}

export function distanceSquared(a: ReadonlyVec2, b: ReadonlyVec2): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return dx * dx + dy * dy;
}

export function distance(a: ReadonlyVec2, b: ReadonlyVec2): number {
  return Math.sqrt(distanceSquared(a, b));
}

/** Unit vector along a; the zero vector stays zero (never NaN). */
export function normalize(out: Vec2, a: ReadonlyVec2): Vec2 {
  const len = length(a);
  if (len > 1e-12) {
    out.x = a.x / len;
    out.y = a.y / len;
  } else {
    out.x = 0;
    out.y = 0;
  }
  return out;
}

/** a shortened to at most maxLength; shorter vectors are copied unchanged. */
export function truncate(out: Vec2, a: ReadonlyVec2, maxLength: number): Vec2 {
  const lenSq = lengthSquared(a);
  if (lenSq > maxLength * maxLength) {
    const factor = maxLength / Math.sqrt(lenSq);
    out.x = a.x * factor;
    out.y = a.y * factor;
  } else {
    out.x = a.x;
    out.y = a.y;
  }
  return out;
}

/** a rotated 90 degrees counter-clockwise (to its left, y up). */
export function perpendicularLeft(out: Vec2, a: ReadonlyVec2): Vec2 {
  const x = a.x;
  out.x = -a.y;
  out.y = x;
  return out;
}

export function isFiniteVec2(a: ReadonlyVec2): boolean {
  return Number.isFinite(a.x) && Number.isFinite(a.y);
}
