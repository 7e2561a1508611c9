/**
 * Trigonometry and lengths that give the same bits in every JavaScript engine. ECMAScript fixes
 * the result of +, -, *, / and Math.sqrt to the bit (IEEE 754, correctly rounded) but leaves
 * Math.sin, cos, atan2, hypot, exp, pow and the rest "implementation-approximated": V8,
 * SpiderMonkey and JavaScriptCore may differ in the last bit, and in a crowd one bit grows into a
 * different run. Everything the simulation computes on its way from one state to the next uses
 * these instead (a test scans the core for the others). They are accurate to a few units in the
 * last place, which is all the simulation needs.
 *
 * sin and cos: reduction by multiples of pi/2 (pi/2 split in two parts so the reduction loses
 * nothing for the angles a simulation meets), then Taylor polynomials on [-pi/4, pi/4] in Horner
 * form. atan2: octant reduction to atan(t) with 0 <= t <= 1, then t > tan(pi/12) shifted by pi/6,
 * then the Taylor series of atan, which converges fast below tan(pi/12).
 */

/** pi/2 in two parts: the first with its low bits zero, so k * PIO2_HI is exact for small k */
const PIO2_HI = 1.5707963267341256;
const PIO2_LO = 6.077100506506192e-11;
const TWO_OVER_PI = 0.6366197723675814;
const PI = 3.141592653589793;
const PI_OVER_2 = 1.5707963267948966;
const PI_OVER_6 = 0.5235987755982989;
const TAN_PI_OVER_12 = 0.2679491924311228;
const SQRT_3 = 1.7320508075688772;

/** sin(x) for |x| <= pi/4 */
function sinKernel(x: number): number {
  const z = x * x;
  // x - x^3/3! + x^5/5! - ... to x^17/17!
  return x * (1 + z * (-1 / 6 + z * (1 / 120 + z * (-1 / 5040 + z * (1 / 362880 + z * (-1 / 39916800 + z * (1 / 6227020800 + z * (-1 / 1307674368000 + z * (1 / 355687428096000)))))))));
}

/** cos(x) for |x| <= pi/4 */
function cosKernel(x: number): number {
  const z = x * x;
  // 1 - x^2/2! + x^4/4! - ... to x^18/18!
  return 1 + z * (-1 / 2 + z * (1 / 24 + z * (-1 / 720 + z * (1 / 40320 + z * (-1 / 3628800 + z * (1 / 479001600 + z * (-1 / 87178291200 + z * (1 / 20922789888000 + z * (-1 / 6402373705728000)))))))));
}

/** x reduced to [-pi/4, pi/4] by `reduce`. In a typed array, not a module variable: V8 boxes each
 * fractional number written to a variable of the module on the heap, and these run many times a
 * tick. */
const reduced = new Float64Array(1);

/** Reduces x by quarter turns into `reduced`; returns how many were taken off, mod 4. */
function reduce(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  reduced[0] = x - k * PIO2_HI - k * PIO2_LO;
  return ((k % 4) + 4) % 4;
}

export function sin(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  if (x === 0) return x;
  const quadrant = reduce(x);
  const r = reduced[0]!;
  switch (quadrant) {
    case 0:
      return sinKernel(r);
    case 1:
      return cosKernel(r);
    case 2:
      return -sinKernel(r);
    default:
      return -cosKernel(r);
  }
}

export function cos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const quadrant = reduce(x);
  const r = reduced[0]!;
  switch (quadrant) {
    case 0:
      return cosKernel(r);
    case 1:
      return -sinKernel(r);
    case 2:
      return -cosKernel(r);
    default:
      return sinKernel(r);
  }
}

/** atan(t) for 0 <= t <= tan(pi/12): the series t - t^3/3 + t^5/5 - ... to t^31/31 */
function atanKernel(t: number): number {
  const z = t * t;
  let sum = 0;
  for (let k = 31; k >= 3; k -= 2) sum = z * ((k % 4 === 1 ? 1 : -1) / k + sum);
  return t + t * sum;
}

/** atan(t) for 0 <= t <= 1 */
function atanUnit(t: number): number {
  if (t <= TAN_PI_OVER_12) return atanKernel(t);
  // atan(t) = pi/6 + atan((t sqrt3 - 1) / (sqrt3 + t))
  return PI_OVER_6 + atanKernel((t * SQRT_3 - 1) / (SQRT_3 + t));
}

/** The angle of the point (x, y) from the x axis, in (-pi, pi], as Math.atan2 defines it for finite input. */
export function atan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (y === 0) {
    // keep the signs of zero as Math.atan2 does: +-0 along +x, +-pi along -x
    if (x > 0 || Object.is(x, 0)) return y;
    return Object.is(y, -0) ? -PI : PI;
  }
  if (x === 0) return y > 0 ? PI_OVER_2 : -PI_OVER_2;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  // the angle in the first octant, then unfolded
  let angle = ay <= ax ? atanUnit(ay / ax) : PI_OVER_2 - atanUnit(ax / ay);
  if (x < 0) angle = PI - angle;
  return y < 0 ? -angle : angle;
}

/** sqrt(x^2 + y^2), exactly rounded steps (for lengths up to 1e150, far beyond any world) */
export function hypot(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}
