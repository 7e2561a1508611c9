/**
 * Playing a recorded run back on the page: a scenario file and its trace (docs/trace-format.md,
 * from `scenario --trace` or from any engine writing the same format) become snapshots like the
 * worker's, so the same view draws them. The metrics are measured once over the whole trace by the
 * same recorder as every run, and read per frame. No simulation runs; nothing here touches the DOM.
 */
import type { ObstacleShape } from '../math/shapes';
import { U_HEADING, U_MOVING, U_RADIUS, U_TARGET_X, U_TARGET_Y, U_TEAM, U_VX, U_VY, U_WAYPOINT_X, U_WAYPOINT_Y, U_X, U_Y, UNIT_STRIDE, EMPTY_OVERLAYS, type Snapshot } from '../render/snapshot';
import { recordTick } from '../scenarios/metrics';
import { createScenarioRecorder } from '../scenarios/run';
import { type Scenario, obstacleTimeline } from '../scenarios/schema';
import type { TraceFrame } from '../scenarios/trace';

export interface Replay {
  readonly scenario: Scenario;
  readonly frames: readonly TraceFrame[];
  /** per frame: collisions counted up to it, and units that had arrived by it */
  readonly collisions: Int32Array;
  readonly arrived: Int32Array;
  /** seconds: the last frame's time */
  readonly duration: number;
  readonly timeline: ReadonlyArray<{ shape: ObstacleShape; from: number; until: number }>;
}

/** metres per second below which a unit is drawn as standing */
const MOVING_SPEED = 0.05;

/** Measures the trace with the metrics recorder, frame by frame (frame 0 is the start state). */
export function createReplay(scenario: Scenario, frames: readonly TraceFrame[]): Replay {
  if (frames.length === 0) throw new Error('replay: the trace has no frames');
  const recorder = createScenarioRecorder(scenario);
  const collisions = new Int32Array(frames.length);
  const arrived = new Int32Array(frames.length);
  for (let index = 1; index < frames.length; index++) {
    const frame = frames[index]!;
    recordTick(recorder, frame.p, frame.t, 0);
    collisions[index] = recorder.collisions;
    let count = 0;
    for (let unit = 0; unit < recorder.unitCount; unit++) count += recorder.arrived[unit]!;
    arrived[index] = count;
  }
  return { scenario, frames, collisions, arrived, duration: frames[frames.length - 1]!.t, timeline: obstacleTimeline(scenario) };
}

/** The index of the last frame at or before `time` (the first frame for earlier times). */
export function frameIndexAt(replay: Replay, time: number): number {
  const { frames } = replay;
  let low = 0;
  let high = frames.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (frames[middle]!.t <= time + 1e-9) low = middle;
    else high = middle - 1;
  }
  return low;
}


/**
 * The snapshot of frame `index`: positions from the trace; velocity and heading from the motion
 * between this frame and the one before (the heading kept from the start while a unit has not
 * moved); team, radius and goal from the scenario; unit ids are the scenario's order.
 */
export function replaySnapshot(replay: Replay, index: number, clock: { paused: boolean; speed: number }): Snapshot {
  const { frames, scenario } = replay;
  const frame = frames[index]!;
  const count = scenario.units.length;
  const ids = new Int32Array(count);
  const units = new Float64Array(count * UNIT_STRIDE);
  for (let unit = 0; unit < count; unit++) {
    const at = unit * UNIT_STRIDE;
    const x = frame.p[2 * unit]!;
    const y = frame.p[2 * unit + 1]!;
    const { vx, vy } = velocityAt(frames, index, unit);
    const spec = scenario.units[unit]!;
    ids[unit] = unit;
    units[at + U_X] = x;
    units[at + U_Y] = y;
    units[at + U_VX] = vx;
    units[at + U_VY] = vy;
    units[at + U_HEADING] = headingAt(frames, index, unit);
    units[at + U_RADIUS] = spec.radius;
    units[at + U_TEAM] = spec.team;
    const moving = vx * vx + vy * vy > MOVING_SPEED * MOVING_SPEED;
    units[at + U_MOVING] = moving ? 1 : 0;
    units[at + U_TARGET_X] = spec.goal?.x ?? x;
    units[at + U_TARGET_Y] = spec.goal?.y ?? y;
    units[at + U_WAYPOINT_X] = spec.goal?.x ?? x;
    units[at + U_WAYPOINT_Y] = spec.goal?.y ?? y;
  }
  return {
    tick: index,
    time: frame.t,
    tickMs: 0,
    senseMs: 0,
    decideMs: 0,
    physicsMs: 0,
    workers: 1,
    threadShare: 0,
    paused: clock.paused,
    speed: clock.speed,
    ids,
    units,
    obstacles: obstaclesAt(replay, frame.t),
    overlays: EMPTY_OVERLAYS,
    collisions: replay.collisions[index]!,
    arrived: replay.arrived[index]!,
  };
}

/** The obstacles standing at `time`. */
export function obstaclesAt(replay: Replay, time: number): ObstacleShape[] {
  return replay.timeline.filter((entry) => entry.from <= time + 1e-9 && time < entry.until - 1e-9).map((entry) => entry.shape);
}

function velocityAt(frames: readonly TraceFrame[], index: number, unit: number): { vx: number; vy: number } {
  if (index === 0) return { vx: 0, vy: 0 };
  const a = frames[index - 1]!;
  const b = frames[index]!;
  const dt = b.t - a.t;
  if (!(dt > 0)) return { vx: 0, vy: 0 };
  return { vx: (b.p[2 * unit]! - a.p[2 * unit]!) / dt, vy: (b.p[2 * unit + 1]! - a.p[2 * unit + 1]!) / dt };
}

/** radians: the direction of the unit's last move of more than a centimetre up to frame `index`
 * (looking back at most a second of frames), else toward its goal */
function headingAt(frames: readonly TraceFrame[], index: number, unit: number): number {
  const x = frames[index]!.p[2 * unit]!;
  const y = frames[index]!.p[2 * unit + 1]!;
  for (let back = index - 1; back >= 0 && frames[index]!.t - frames[back]!.t <= 1; back--) {
    const dx = x - frames[back]!.p[2 * unit]!;
    const dy = y - frames[back]!.p[2 * unit + 1]!;
    if (dx * dx + dy * dy > 1e-4) return Math.atan2(dy, dx);
  }
  return 0;
}

/**
 * Each unit's trail over the `seconds` before frame `index`, as one polyline per unit: `points`
 * holds x, y pairs and `ends[k]` the end (in numbers) of unit k's polyline. At most one point per
 * `step` frames, plus the frame itself.
 */
export function trailsAt(replay: Replay, index: number, seconds: number, step = 6): { points: Float64Array; ends: Int32Array } {
  const { frames } = replay;
  const count = replay.scenario.units.length;
  const from = frameIndexAt(replay, frames[index]!.t - seconds);
  const picked: number[] = [];
  for (let frame = from; frame < index; frame += step) picked.push(frame);
  picked.push(index);
  const points = new Float64Array(count * picked.length * 2);
  const ends = new Int32Array(count);
  let at = 0;
  for (let unit = 0; unit < count; unit++) {
    for (const frame of picked) {
      points[at++] = frames[frame]!.p[2 * unit]!;
      points[at++] = frames[frame]!.p[2 * unit + 1]!;
    }
    ends[unit] = at;
  }
  return { points, ends };
}
