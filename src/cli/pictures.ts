/**
 * Pictures of runs as standalone SVG text, for the README and for anyone's runs: a chart of
 * collisions and time to goal per scenario and strategy (`compare --svg`), and a run's paths drawn
 * from its trace (`trace-plot`). Pure functions from numbers to text: no DOM, no files.
 */
import { type ObstacleShape, boxCorners } from '../math/shapes';
import { TEAM_COLOURS, cssColour } from '../render/colours';
import { type Scenario, obstacleTimeline } from '../scenarios/schema';
import type { TraceFrame } from '../scenarios/trace';

/** One bar group of the chart: a scenario run by one strategy, figures averaged over seeds. */
export interface ChartRow {
  scenario: string;
  /** the strategy's label, e.g. `rays` or `detour` */
  strategy: string;
  collisions: number;
  /** seconds, or null when no unit arrived */
  meanTimeToGoal: number | null;
  /** runs in which every unit arrived, of `seeds` */
  allArrived: number;
  seeds: number;
}

const FONT = 'font-family="system-ui, sans-serif"';
const STRATEGY_COLOURS = [0x4f9dde, 0x9aa3ad, 0xe0744f, 0x6cc070, 0xc78fe0, 0xe0c84f, 0x4fd1c5];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Two panels side by side, a row per scenario and a bar per strategy: mean collisions on a log
 * scale (0, 1, 10, 100, ...) and mean time to goal in seconds, with how many seeds had every unit
 * arrive. Scenarios and strategies keep the order they first appear in.
 */
export function comparisonChart(rows: readonly ChartRow[], title: string): string {
  const scenarios = [...new Set(rows.map((row) => row.scenario))];
  const strategies = [...new Set(rows.map((row) => row.strategy))];
  const find = (scenario: string, strategy: string): ChartRow | undefined => rows.find((row) => row.scenario === scenario && row.strategy === strategy);
  const bar = 7;
  const rowHeight = strategies.length * bar + 8;
  const labelWidth = 150;
  const panelWidth = 330;
  const gap = 70;
  const top = 64;
  const height = top + scenarios.length * rowHeight + 36;
  const width = labelWidth + 2 * panelWidth + gap + 40;
  const maxCollisions = Math.max(1, ...rows.map((row) => row.collisions));
  const decades = Math.max(1, Math.ceil(Math.log10(1 + maxCollisions)));
  const collisionX = (value: number): number => (Math.log10(1 + value) / decades) * panelWidth;
  const maxTime = Math.max(1, ...rows.map((row) => row.meanTimeToGoal ?? 0));
  const timeStep = maxTime > 60 ? 20 : maxTime > 24 ? 10 : 5;
  const timeMax = Math.ceil(maxTime / timeStep) * timeStep;
  const timeX = (value: number): number => (value / timeMax) * panelWidth;
  const left1 = labelWidth;
  const left2 = labelWidth + panelWidth + gap;
  const bottom = top + scenarios.length * rowHeight;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="600">${escapeXml(title)}</text>`,
  ];
  strategies.forEach((strategy, index) => {
    const x = 10 + index * 110;
    out.push(`<rect x="${x}" y="30" width="10" height="10" fill="${cssColour(STRATEGY_COLOURS[index % STRATEGY_COLOURS.length]!)}"/>`);
    out.push(`<text x="${x + 14}" y="39">${escapeXml(strategy)}</text>`);
  });
  out.push(`<text x="${left1}" y="${top - 8}" font-weight="600">collisions (mean over seeds, log scale)</text>`);
  out.push(`<text x="${left2}" y="${top - 8}" font-weight="600">mean time to goal (s) · seeds with every unit arrived</text>`);
  // grid lines and axis labels
  for (let decade = 0; decade <= decades; decade++) {
    const value = decade === 0 ? 0 : 10 ** decade;
    const x = left1 + collisionX(value);
    out.push(`<line x1="${round(x)}" y1="${top}" x2="${round(x)}" y2="${bottom}" stroke="#e3e6ea"/>`);
    out.push(`<text x="${round(x)}" y="${bottom + 14}" text-anchor="middle" fill="#555">${value >= 1000 ? `${value / 1000}k` : value}</text>`);
  }
  // 1 collision sits at log10(2): mark it too, it is the line that matters
  out.push(`<line x1="${round(left1 + collisionX(1))}" y1="${top}" x2="${round(left1 + collisionX(1))}" y2="${bottom}" stroke="#e3e6ea" stroke-dasharray="2,2"/>`);
  for (let t = 0; t <= timeMax; t += timeStep) {
    const x = left2 + timeX(t);
    out.push(`<line x1="${round(x)}" y1="${top}" x2="${round(x)}" y2="${bottom}" stroke="#e3e6ea"/>`);
    out.push(`<text x="${round(x)}" y="${bottom + 14}" text-anchor="middle" fill="#555">${t}</text>`);
  }
  scenarios.forEach((scenario, row) => {
    const y0 = top + row * rowHeight + 4;
    out.push(`<text x="${labelWidth - 8}" y="${y0 + (strategies.length * bar) / 2 + 4}" text-anchor="end">${escapeXml(scenario)}</text>`);
    strategies.forEach((strategy, index) => {
      const data = find(scenario, strategy);
      if (data === undefined) return;
      const y = y0 + index * bar;
      const colour = cssColour(STRATEGY_COLOURS[index % STRATEGY_COLOURS.length]!);
      const cw = collisionX(data.collisions);
      out.push(`<rect x="${left1}" y="${y}" width="${round(Math.max(cw, 0.8))}" height="${bar - 1}" fill="${colour}"><title>${escapeXml(`${scenario}, ${strategy}: ${round(data.collisions)} collisions`)}</title></rect>`);
      if (data.meanTimeToGoal !== null) {
        const tw = timeX(data.meanTimeToGoal);
        out.push(`<rect x="${left2}" y="${y}" width="${round(tw)}" height="${bar - 1}" fill="${colour}"><title>${escapeXml(`${scenario}, ${strategy}: ${round(data.meanTimeToGoal)} s`)}</title></rect>`);
        out.push(`<text x="${round(left2 + tw + 4)}" y="${y + bar - 1}" font-size="8" fill="${data.allArrived === data.seeds ? '#777' : '#c0392b'}">${data.allArrived}/${data.seeds}</text>`);
      }
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}


/**
 * The run seen from above: the world, its obstacles (those placed or removed during the run
 * dashed), every unit's path coloured by team, and its disc at `moments`: when the units have
 * walked that fraction (0 to 1) of their whole way, fainter for earlier ones. `frames` may be a
 * sample of the run's ticks; they must be in order.
 */
export function tracePlot(scenario: Scenario, frames: readonly TraceFrame[], moments: readonly number[] = [0, 0.35, 0.7, 1]): string {
  if (frames.length === 0) throw new Error('trace: no frames to draw');
  const { width: worldWidth, height: worldHeight } = scenario.world;
  const scale = Math.min(900 / worldWidth, 640 / worldHeight);
  const margin = 10;
  const header = 24;
  const width = Math.ceil(worldWidth * scale + 2 * margin);
  const height = Math.ceil(worldHeight * scale + 2 * margin + header);
  // a tenth of a pixel is finer than any screen shows, and keeps the file small
  const X = (x: number): string => String(Math.round((margin + x * scale) * 10) / 10);
  const Y = (y: number): string => String(Math.round((header + margin + (worldHeight - y) * scale) * 10) / 10);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin}" y="16" font-weight="600">${escapeXml(scenario.name)}: ${scenario.units.length} units, ${round(frames[frames.length - 1]!.t)} s</text>`,
    `<rect x="${X(0)}" y="${Y(worldHeight)}" width="${round(worldWidth * scale)}" height="${round(worldHeight * scale)}" fill="#f6f7f9" stroke="#59606b"/>`,
  ];
  for (const { shape, from, until } of obstacleTimeline(scenario)) {
    const changing = from > 0 || until !== Infinity;
    out.push(obstacleSvg(shape, X, Y, scale, changing));
  }
  const units = scenario.units.length;
  for (let unit = 0; unit < units; unit++) {
    const colour = cssColour(TEAM_COLOURS[scenario.units[unit]!.team % TEAM_COLOURS.length]!);
    const points: string[] = [];
    for (const frame of frames) points.push(`${X(frame.p[2 * unit]!)},${Y(frame.p[2 * unit + 1]!)}`);
    out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="1" stroke-opacity="0.55"/>`);
  }
  moments.forEach((moment, index) => {
    const frame = frameAtWalked(frames, moment);
    const opacity = moments.length === 1 ? 0.9 : 0.2 + (0.7 * index) / (moments.length - 1);
    for (let unit = 0; unit < units; unit++) {
      const colour = cssColour(TEAM_COLOURS[scenario.units[unit]!.team % TEAM_COLOURS.length]!);
      out.push(`<circle cx="${X(frame.p[2 * unit]!)}" cy="${Y(frame.p[2 * unit + 1]!)}" r="${round(scenario.units[unit]!.radius * scale)}" fill="${colour}" fill-opacity="${round(opacity)}"/>`);
    }
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/**
 * The first frame by which the units together have walked `fraction` of all the distance they walk
 * in the run (so the moments follow the crossing, not the slow settling after it).
 */
function frameAtWalked(frames: readonly TraceFrame[], fraction: number): TraceFrame {
  const walked = [0];
  for (let index = 1; index < frames.length; index++) {
    const a = frames[index - 1]!.p;
    const b = frames[index]!.p;
    let sum = 0;
    for (let k = 0; k < b.length; k += 2) sum += Math.hypot(b[k]! - a[k]!, b[k + 1]! - a[k + 1]!);
    walked.push(walked[index - 1]! + sum);
  }
  const goal = fraction * walked[walked.length - 1]!;
  const index = walked.findIndex((distance) => distance >= goal - 1e-9);
  return frames[index < 0 ? frames.length - 1 : index]!;
}

function obstacleSvg(shape: ObstacleShape, X: (x: number) => string, Y: (y: number) => string, scale: number, changing: boolean): string {
  const style = changing ? 'fill="#9aa3ad" fill-opacity="0.45" stroke="#59606b" stroke-dasharray="4,3"' : 'fill="#9aa3ad"';
  if (shape.type === 'circle') return `<circle cx="${X(shape.x)}" cy="${Y(shape.y)}" r="${round(shape.radius * scale)}" ${style}/>`;
  const corners = shape.type === 'polygon' ? shape.points : boxCorners(shape);
  return `<polygon points="${corners.map(([x, y]) => `${X(x)},${Y(y)}`).join(' ')}" ${style}/>`;
}
