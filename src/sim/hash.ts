/**
 * A fingerprint of a simulation's state, for lockstep checks: two simulations that have run the
 * same ticks from the same start must give the same string, bit for bit, in Node, in a Web Worker
 * and on a browser's main thread. It reads the clock and every unit's id, team, position, velocity
 * and heading as the exact bits of their 64-bit floats (two FNV-1a lanes, 16 hex digits).
 */
import type { SimulationState } from './state';

const bits = new Float64Array(1);
const bytes = new Uint8Array(bits.buffer);

export function hashState(state: SimulationState): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  const mix = (value: number): void => {
    bits[0] = value;
    for (let i = 0; i < 8; i++) {
      a = Math.imul(a ^ bytes[i]!, 0x01000193) >>> 0;
      b = Math.imul(b ^ bytes[7 - i]!, 0x01000193) >>> 0;
    }
  };
  mix(state.tick);
  for (const unit of state.units) {
    mix(unit.id);
    mix(unit.team);
    mix(unit.position.x);
    mix(unit.position.y);
    mix(unit.velocity.x);
    mix(unit.velocity.y);
    mix(unit.heading);
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
