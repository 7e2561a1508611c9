/**
 * The page explains itself: the scenario's description, what each team's colour is, and what
 * the colours of the overlays that are switched on mean. Built from the same colour tables the
 * view draws with (TEAM_COLOURS, OVERLAY_LEGEND), as DOM nodes (a description is text, never markup).
 */
import { TEAM_COLOURS, cssColour } from '../render/colours';
import { OVERLAY_LEGEND, type Overlays } from '../render/view';

export interface LegendContent {
  description: string;
  /** units per team number */
  teams: readonly number[];
  overlays: Readonly<Overlays>;
}

/** Replaces `element`'s content with the legend. */
export function renderLegend(element: HTMLElement, content: LegendContent): void {
  element.replaceChildren();
  if (content.description !== '') {
    const text = document.createElement('div');
    text.className = 'description';
    text.textContent = content.description;
    element.append(text);
  }
  const rows: Array<[number, string]> = [];
  content.teams.forEach((count, team) => {
    if (count > 0) rows.push([teamColour(team), `team ${team}: ${count} unit${count === 1 ? '' : 's'}`]);
  });
  for (const key of Object.keys(OVERLAY_LEGEND) as Array<keyof Overlays>) {
    if (content.overlays[key]) rows.push(...OVERLAY_LEGEND[key].map(([colour, meaning]): [number, string] => [colour, meaning]));
  }
  const list = document.createElement('div');
  list.className = 'keys';
  for (const [colour, meaning] of rows) {
    const row = document.createElement('span');
    row.className = 'key';
    const swatch = document.createElement('i');
    swatch.style.background = cssColour(colour);
    row.append(swatch, meaning);
    list.append(row);
  }
  element.append(list);
}

export function teamColour(team: number): number {
  return TEAM_COLOURS[team % TEAM_COLOURS.length]!;
}
