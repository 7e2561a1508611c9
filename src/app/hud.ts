/** The HUD: what the page is running, how fast, and the live metrics, as one text block. */
import { listUnits, simulationTime } from '../sim/simulation';
import type { PageSession } from './session';

export interface HudFigures {
  /** frames per second */
  fps: number;
  /** milliseconds of the last tick and of the whole last frame */
  tickMs: number;
  frameMs: number;
  selected: number;
}

export function hudText(session: PageSession, figures: HudFigures): string {
  const { sim, recorder } = session;
  let arrived = 0;
  for (let i = 0; i < recorder.unitCount; i++) arrived += recorder.arrived[i]!;
  return (
    `${session.choice.name}   ${listUnits(sim).length} units   t ${simulationTime(sim).toFixed(1)} s${session.paused ? ' (paused)' : ''}   x${session.speed}\n` +
    `${figures.fps.toFixed(0)} fps   tick ${figures.tickMs.toFixed(2)} ms   frame ${figures.frameMs.toFixed(1)} ms\n` +
    `collisions ${recorder.collisions}   arrived ${arrived}/${recorder.unitCount}   selected ${figures.selected}`
  );
}
