/**
 * Reading trace files (docs/trace-format.md) back: one line at a time, each checked against the
 * scenario it belongs to, so a trace from anywhere (this engine's `--trace`, another engine writing
 * the same format) is either read whole or refused with the line and the field that is wrong.
 * Used by `trace-plot` and by the page's replay; no Node, no DOM.
 */

/** A trace that does not fit its scenario: `source:line: field: what was expected`. */
export class TraceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceError';
  }
}

/** One line of a trace: simulated seconds, and every unit's centre as x0, y0, x1, y1, ... */
export interface TraceFrame {
  t: number;
  p: number[];
}

/**
 * Parses one non-empty trace line (number `line`, from 1) for a scenario of `units` units;
 * `previousTime` is the line above's `t` (a trace never goes back in time), or null for the first.
 */
export function parseTraceLine(text: string, line: number, units: number, source: string, previousTime: number | null): TraceFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new TraceError(`${source}:${line}: expected one JSON object per line, got ${JSON.stringify(text.slice(0, 40))}`);
  }
  const frame = value as { t?: unknown; p?: unknown };
  if (typeof frame !== 'object' || frame === null || typeof frame.t !== 'number' || !Number.isFinite(frame.t)) {
    throw new TraceError(`${source}:${line}: "t": expected a finite number of seconds`);
  }
  const p = frame.p;
  if (!Array.isArray(p) || p.length !== 2 * units || !p.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    const found = Array.isArray(p) ? `an array of ${p.length}${p.length === 2 * units ? ' with a value that is not a finite number' : ''}` : JSON.stringify(p) ?? 'nothing';
    throw new TraceError(`${source}:${line}: "p": expected ${2 * units} finite numbers (2 per unit of the scenario), got ${found}`);
  }
  if (previousTime !== null && frame.t < previousTime) {
    throw new TraceError(`${source}:${line}: "t": ${frame.t} s comes before the line above (${previousTime} s)`);
  }
  return { t: frame.t, p: p as number[] };
}

/** Parses a whole trace text; blank lines are skipped. */
export function parseTraceText(text: string, units: number, source: string): TraceFrame[] {
  const frames: TraceFrame[] = [];
  let line = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const content = text.slice(start, end).replace(/\r$/, '');
    if (content.trim() !== '') frames.push(parseTraceLine(content, line, units, source, frames.length === 0 ? null : frames[frames.length - 1]!.t));
    start = end + 1;
  }
  if (frames.length === 0) throw new TraceError(`${source}: the trace has no lines`);
  return frames;
}
