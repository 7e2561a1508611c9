/**
 * A small seeded pseudo-random generator (mulberry32): the same seed gives the same sequence
 * on every machine, which keeps scenarios and benchmarks reproducible.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
}

export function createRandom(seed: number): Random {
  let state = (Math.floor(seed) >>> 0) ^ 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
  };
}
