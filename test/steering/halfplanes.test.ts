/** The velocity choice under half-plane constraints (src/steering/halfplanes.ts), on hand-made cases. */
import { describe, expect, it } from 'vitest';
import { addHalfPlane, clearHalfPlanes, createHalfPlanes, solveVelocity } from '../../src/steering/halfplanes';

const SQRT1_2 = Math.SQRT1_2;

describe('the velocity nearest the wanted one that every half-plane allows', () => {
  it('is the wanted velocity itself when nothing forbids it, cut to max speed when it is faster', () => {
    const planes = createHalfPlanes(4);
    const out = { x: 0, y: 0 };
    expect(solveVelocity(planes, 4, 1, 2, out)).toBe(true);
    expect(out).toEqual({ x: 1, y: 2 });
    solveVelocity(planes, 4, 6, 8, out);
    expect(out.x).toBeCloseTo(2.4, 12);
    expect(out.y).toBeCloseTo(3.2, 12);
  });

  it('moves the wanted velocity onto the line of the one half-plane it breaks', () => {
    // y >= 1: wanting (3, 0) gives (3, 1)
    const planes = createHalfPlanes(4);
    addHalfPlane(planes, 0, 1, 1, false);
    const out = { x: 0, y: 0 };
    expect(solveVelocity(planes, 4, 3, 0, out)).toBe(true);
    expect(out.x).toBeCloseTo(3, 12);
    expect(out.y).toBeCloseTo(1, 12);
  });

  it('lands on the corner of two half-planes, and stays within max speed', () => {
    // y >= 1 and x <= 1 (i.e. -x >= -1): wanting (3, 0) gives the corner (1, 1)
    const planes = createHalfPlanes(4);
    addHalfPlane(planes, 0, 1, 1, false);
    addHalfPlane(planes, -1, 0, -1, false);
    const out = { x: 0, y: 0 };
    expect(solveVelocity(planes, 4, 3, 0, out)).toBe(true);
    expect(out.x).toBeCloseTo(1, 12);
    expect(out.y).toBeCloseTo(1, 12);
    // y >= 3.5 within a speed of 4, wanting (4, 0): on the circle, as far right as it can go
    clearHalfPlanes(planes);
    addHalfPlane(planes, 0, 1, 3.5, false);
    solveVelocity(planes, 4, 4, 0, out);
    expect(out.y).toBeCloseTo(3.5, 12);
    expect(out.x).toBeCloseTo(Math.sqrt(16 - 12.25), 12);
  });

  it('with no velocity allowed, keeps the hard half-planes and breaks the soft ones by the least', () => {
    // hard: x >= 0. soft: y >= 1 and -y >= 1 (y <= -1) cannot both hold: y = 0 breaks each by 1
    const planes = createHalfPlanes(4);
    addHalfPlane(planes, 1, 0, 0, true);
    addHalfPlane(planes, 0, 1, 1, false);
    addHalfPlane(planes, 0, -1, 1, false);
    const out = { x: 0, y: 0 };
    expect(solveVelocity(planes, 4, -2, 3, out)).toBe(false);
    expect(out.x).toBeGreaterThanOrEqual(-1e-9);
    expect(out.y).toBeCloseTo(0, 9);
    // a diagonal pair: x + y >= 2 sqrt 2 and x - y >= 2 sqrt 2 and -x >= 0 cannot hold together
    clearHalfPlanes(planes);
    addHalfPlane(planes, -1, 0, 0, true);
    addHalfPlane(planes, SQRT1_2, SQRT1_2, 2, false);
    addHalfPlane(planes, SQRT1_2, -SQRT1_2, 2, false);
    expect(solveVelocity(planes, 4, 0, 0, out)).toBe(false);
    expect(out.x).toBeLessThanOrEqual(1e-9);
    // symmetric: both soft ones broken alike
    expect(out.y).toBeCloseTo(0, 9);
  });

  it('never returns NaN, even for a half-plane whose line misses the speed disc', () => {
    const planes = createHalfPlanes(4);
    addHalfPlane(planes, 1, 0, 10, false);
    const out = { x: 0, y: 0 };
    expect(solveVelocity(planes, 4, 0, 0, out)).toBe(false);
    expect(Number.isFinite(out.x) && Number.isFinite(out.y)).toBe(true);
    expect(Math.hypot(out.x, out.y)).toBeLessThanOrEqual(4 + 1e-9);
  });
});
