/**
 * Wall-clock milliseconds for the tick's timing figures (`lastTickTiming`), never for anything
 * the simulation decides: `performance.now()`, which Node and every browser provide. Declared
 * here so the core needs neither the DOM's nor Node's type libraries.
 */
declare const performance: { now(): number };

export function nowMs(): number {
  return performance.now();
}
