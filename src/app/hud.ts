/** The HUD: what the page is running, how fast, and the live metrics, as one text block. */
import type { Snapshot } from '../render/snapshot';
import type { LockstepStatus } from './lockstep';

export interface HudFigures {
  /** the scenario's name */
  name: string;
  /** frames per second */
  fps: number;
  /** milliseconds the main thread spent on the last frame (drawing and input) */
  frameMs: number;
  /** simulated ticks per real second, measured over the last second */
  ticksPerSecond: number;
  selected: number;
}

export function hudText(snapshot: Snapshot, figures: HudFigures): string {
  const units = snapshot.ids.length;
  return (
    `${figures.name}   ${units} units   t ${snapshot.time.toFixed(1)} s${snapshot.paused ? ' (paused)' : ''}   x${snapshot.speed}\n` +
    `${figures.fps.toFixed(0)} fps   frame ${figures.frameMs.toFixed(1)} ms   tick ${snapshot.tickMs.toFixed(2)} ms (sense ${snapshot.senseMs.toFixed(2)}, decide ${snapshot.decideMs.toFixed(2)}, physics ${snapshot.physicsMs.toFixed(2)})   ${figures.ticksPerSecond.toFixed(0)} ticks/s${workersText(snapshot)}\n` +
    `collisions ${snapshot.collisions}   arrived ${snapshot.arrived}/${units}   selected ${figures.selected}`
  );
}

/** How many threads sense, and the helpers' share, when more than one does. */
function workersText(snapshot: Snapshot): string {
  return snapshot.workers <= 1 ? '' : `   sense on ${snapshot.workers} threads (${(100 * snapshot.threadShare).toFixed(0)}% on helpers)`;
}

/** The HUD's lockstep line: the room and player, and whether the players are still in step. */
export function lockstepText(status: LockstepStatus): string {
  const who = `lockstep ${status.room}: player ${status.player} of ${status.players}`;
  if (status.desync !== null) return `${who}   DESYNC at tick ${status.desync.tick}: player ${status.desync.player} hashes ${status.desync.theirs}, this page ${status.desync.mine}`;
  if (status.lastAgreed === null) return `${who}   waiting for the first check${status.waiting ? ' (waiting for the others)' : ''}`;
  return `${who}   in step: ${status.agreed} checks agreed, the last at tick ${status.lastAgreed.tick}${status.waiting ? ' (waiting for the others)' : ''}`;
}
