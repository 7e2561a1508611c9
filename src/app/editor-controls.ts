/**
 * The page's scenario editor around editor.ts: a toolbar (tools, team, world size, run, save,
 * load, close), the mouse tools that change the draft, and what they draw while dragging. The page
 * (main.ts) shows the draft through the same view as a running scenario, with `draftSnapshot`.
 *
 * Tools: units (drag a box to paint a block of the chosen team, then click its goal), circle (press
 * at the centre, drag out the radius), box (drag corner to corner), polygon (click its corners;
 * Enter or a click on the first corner closes it, Escape drops it), delete (click a unit or an
 * obstacle; drag a box to delete the units in it).
 */
import type { Graphics } from 'pixi.js';
import { TEAM_COLOURS } from '../render/colours';
import { U_HEADING, U_MOVING, U_RADIUS, U_TARGET_X, U_TARGET_Y, U_TEAM, U_WAYPOINT_X, U_WAYPOINT_Y, U_X, U_Y, UNIT_STRIDE, EMPTY_OVERLAYS, type Snapshot } from '../render/snapshot';
import { type Scenario, type ScenarioFile, ScenarioError, parseScenarioText } from '../scenarios/schema';
import { type Draft, deleteAt, deleteUnitsIn, draftFromScenario, draftToFile, paintBlock, placeObstacle, setGoal } from './editor';
import type { PointerTool } from './input';

export const EDITOR_TOOLS = ['units', 'circle', 'box', 'polygon', 'delete'] as const;
export type EditorTool = (typeof EDITOR_TOOLS)[number];

export interface EditorCallbacks {
  /** the editor opened on a draft: show its world */
  opened(draft: Draft): void;
  /** the world's size changed: frame it again */
  resized(draft: Draft): void;
  /** run the draft as a scenario file (checked) */
  run(file: ScenarioFile): void;
  /** the editor closed without running */
  closed(): void;
}

export interface EditorControls {
  readonly draft: Draft | null;
  /** the mouse tool while the editor is open */
  readonly pointer: PointerTool;
  /** goes up with every change to the draft (the page redraws when it moves) */
  readonly version: number;
  tool: EditorTool;
  team: number;
  open(scenario: Scenario): void;
  /** draws goals and the shape being made into `graphics` (metres) */
  drawGuides(graphics: Graphics): void;
  /** the draft as a file, checked; the schema's problems on the status line (and null) when it is not valid */
  file(): ScenarioFile | null;
  close(): void;
}

/** a polygon closes when its first corner is clicked within this many metres */
const CLOSE_DISTANCE = 0.4;

export function createEditorControls(callbacks: EditorCallbacks): EditorControls {
  const bar = document.createElement('div');
  bar.id = 'editor';
  bar.hidden = true;
  const toolButtons = EDITOR_TOOLS.map((name) => {
    const button = document.createElement('button');
    button.textContent = name;
    button.dataset.tool = name;
    return button;
  });
  const team = document.createElement('select');
  team.title = 'team of the units painted';
  for (let index = 0; index < TEAM_COLOURS.length; index++) team.append(new Option(`team ${index}`, String(index)));
  const width = numberField('world width (m)');
  const height = numberField('world height (m)');
  const run = button('run it');
  const save = button('save file');
  const load = button('load file');
  const close = button('close editor');
  const status = document.createElement('span');
  status.className = 'status';
  const fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.accept = '.json,application/json';
  fileInput.id = 'editor-file';
  fileInput.hidden = true;
  const row = document.createElement('div');
  row.append(...toolButtons, team, width, height, run, save, load, close);
  bar.append(row, status, fileInput);
  document.body.append(bar);

  let draft: Draft | null = null;
  let version = 0;
  /** the block painted last, waiting for its goal */
  let waitingForGoal: number[] | null = null;
  /** the press being dragged (metres), or null */
  let press: { x: number; y: number } | null = null;
  let pointerAt = { x: 0, y: 0 };
  const corners: Array<[number, number]> = [];

  function say(text: string): void {
    status.textContent = text;
  }

  function changed(): void {
    version++;
  }

  function attempt(action: () => void): void {
    try {
      action();
      changed();
    } catch (error) {
      say(error instanceof Error ? error.message : String(error));
    }
  }

  function closePolygon(): void {
    if (draft === null || corners.length < 3) return;
    const points = corners.map(([x, y]): [number, number] => [x, y]);
    corners.length = 0;
    attempt(() => {
      placeObstacle(draft!, { type: 'polygon', points });
      say('polygon placed');
    });
  }

  function showTool(): void {
    for (const button of toolButtons) button.classList.toggle('on', button.dataset.tool === controls.tool);
  }

  const pointer: PointerTool = {
    down(point, buttonPressed) {
      if (draft === null || buttonPressed !== 0) return;
      press = { ...point };
      pointerAt = { ...point };
    },
    move(point) {
      pointerAt = { ...point };
    },
    up(point, buttonPressed) {
      if (draft === null || buttonPressed !== 0 || press === null) return;
      const start = press;
      press = null;
      const dragged = Math.hypot(point.x - start.x, point.y - start.y) > 0.3;
      switch (controls.tool) {
        case 'units':
          if (!dragged && waitingForGoal !== null) {
            const block = waitingForGoal;
            waitingForGoal = null;
            setGoal(draft, block, point);
            changed();
            say(`goal set for ${block.length} units`);
          } else {
            waitingForGoal = paintBlock(draft, start, dragged ? point : start, controls.team);
            changed();
            say(`${waitingForGoal.length} units of team ${controls.team}: click their goal`);
          }
          return;
        case 'circle':
          attempt(() => placeObstacle(draft!, { type: 'circle', x: start.x, y: start.y, radius: Math.max(0.2, Math.hypot(point.x - start.x, point.y - start.y)) }));
          return;
        case 'box':
          if (!dragged) return;
          attempt(() =>
            placeObstacle(draft!, { type: 'box', x: (start.x + point.x) / 2, y: (start.y + point.y) / 2, width: Math.abs(point.x - start.x), height: Math.abs(point.y - start.y) }),
          );
          return;
        case 'polygon': {
          const first = corners[0];
          if (first !== undefined && corners.length >= 3 && Math.hypot(point.x - first[0], point.y - first[1]) < CLOSE_DISTANCE) closePolygon();
          else corners.push([point.x, point.y]);
          return;
        }
        case 'delete':
          if (dragged) {
            const count = deleteUnitsIn(draft, start, point);
            say(`${count} units deleted`);
          } else {
            const what = deleteAt(draft, point);
            say(what === null ? 'nothing there' : `${what} deleted`);
          }
          waitingForGoal = null;
          changed();
          return;
      }
    },
    key(key) {
      if (draft === null) return false;
      if (key === 'Enter' && controls.tool === 'polygon') {
        closePolygon();
        return true;
      }
      if (key === 'Escape') {
        corners.length = 0;
        waitingForGoal = null;
        press = null;
        say('');
        return true;
      }
      // keys that would order units or restart the run mean nothing here
      return [' ', '.', 'r', 'R', 's', 'S'].includes(key);
    },
  };

  const controls: EditorControls = {
    get draft() {
      return draft;
    },
    pointer,
    get version() {
      return version;
    },
    tool: 'units',
    team: 0,
    open(scenario) {
      draft = draftFromScenario(scenario);
      draft.name = scenario.name.endsWith('-edited') ? scenario.name : `${scenario.name}-edited`;
      waitingForGoal = null;
      corners.length = 0;
      width.value = String(draft.world.width);
      height.value = String(draft.world.height);
      bar.hidden = false;
      showTool();
      say('drag a box to paint units; pick a tool above');
      changed();
      callbacks.opened(draft);
    },
    drawGuides(graphics) {
      graphics.clear();
      if (draft === null) return;
      // each group's goal: a line from the group's centre, and a cross
      const groups = new Map<{ x: number; y: number }, { x: number; y: number; count: number; team: number }>();
      for (const unit of draft.units) {
        if (unit.goal === null) continue;
        const group = groups.get(unit.goal) ?? { x: 0, y: 0, count: 0, team: unit.team };
        group.x += unit.x;
        group.y += unit.y;
        group.count++;
        groups.set(unit.goal, group);
      }
      for (const [goal, group] of groups) {
        const colour = TEAM_COLOURS[group.team % TEAM_COLOURS.length]!;
        graphics.moveTo(group.x / group.count, group.y / group.count).lineTo(goal.x, goal.y).stroke({ width: 0.08, color: colour, alpha: 0.6 });
        graphics.moveTo(goal.x - 0.5, goal.y - 0.5).lineTo(goal.x + 0.5, goal.y + 0.5).moveTo(goal.x - 0.5, goal.y + 0.5).lineTo(goal.x + 0.5, goal.y - 0.5).stroke({ width: 0.12, color: colour });
      }
      const guide = { width: 0.08, color: 0xffffff, alpha: 0.8 };
      if (press !== null) {
        const { x, y } = press;
        if (controls.tool === 'circle') graphics.circle(x, y, Math.max(0.2, Math.hypot(pointerAt.x - x, pointerAt.y - y))).stroke(guide);
        else if (controls.tool !== 'polygon') graphics.rect(Math.min(x, pointerAt.x), Math.min(y, pointerAt.y), Math.abs(pointerAt.x - x), Math.abs(pointerAt.y - y)).stroke(guide);
      }
      if (corners.length > 0) {
        graphics.moveTo(corners[0]![0], corners[0]![1]);
        for (const [x, y] of corners.slice(1)) graphics.lineTo(x, y);
        graphics.lineTo(pointerAt.x, pointerAt.y).stroke(guide);
        graphics.circle(corners[0]![0], corners[0]![1], CLOSE_DISTANCE).stroke(guide);
      }
    },
    file() {
      if (draft === null) return null;
      try {
        return draftToFile(draft, draft.name);
      } catch (error) {
        say(error instanceof ScenarioError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error));
        return null;
      }
    },
    close() {
      if (draft === null) return;
      draft = null;
      bar.hidden = true;
      callbacks.closed();
    },
  };

  for (const toolButton of toolButtons) {
    toolButton.addEventListener('click', () => {
      controls.tool = toolButton.dataset.tool as EditorTool;
      corners.length = 0;
      showTool();
    });
  }
  team.addEventListener('change', () => {
    controls.team = Number(team.value);
  });
  const resize = (): void => {
    if (draft === null) return;
    const w = Number(width.value);
    const h = Number(height.value);
    if (!(Number.isFinite(w) && w > 0 && Number.isFinite(h) && h > 0)) {
      say(`world: expected a width and a height > 0, got ${JSON.stringify(width.value)} x ${JSON.stringify(height.value)}`);
      return;
    }
    draft.world = { width: w, height: h };
    changed();
    callbacks.resized(draft);
  };
  width.addEventListener('change', resize);
  height.addEventListener('change', resize);
  run.addEventListener('click', () => {
    const file = controls.file();
    if (file === null) return;
    draft = null;
    bar.hidden = true;
    callbacks.run(file);
  });
  save.addEventListener('click', () => {
    const file = controls.file();
    if (file === null) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }));
    link.download = `${file.name}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`saved ${link.download}`);
  });
  load.addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', async () => {
    const chosen = fileInput.files?.[0];
    fileInput.value = '';
    if (chosen === undefined) return;
    try {
      controls.open(parseScenarioText(await chosen.text(), chosen.name));
    } catch (error) {
      say(error instanceof ScenarioError ? `${chosen.name}: ${error.problems.join('; ')}` : error instanceof Error ? error.message : String(error));
    }
  });
  close.addEventListener('click', () => controls.close());
  return controls;
}

function numberField(title: string): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'number';
  input.min = '1';
  input.step = '1';
  input.title = title;
  input.className = 'size';
  return input;
}

function button(text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = text;
  return element;
}

/** The draft as the view draws a scenario: its units standing where they start, its obstacles. */
export function draftSnapshot(draft: Draft, version: number): Snapshot {
  const count = draft.units.length;
  const ids = new Int32Array(count);
  const units = new Float64Array(count * UNIT_STRIDE);
  draft.units.forEach((unit, index) => {
    const at = index * UNIT_STRIDE;
    ids[index] = index;
    units[at + U_X] = unit.x;
    units[at + U_Y] = unit.y;
    units[at + U_HEADING] = unit.goal === null ? 0 : Math.atan2(unit.goal.y - unit.y, unit.goal.x - unit.x);
    units[at + U_RADIUS] = unit.radius;
    units[at + U_TEAM] = unit.team;
    units[at + U_MOVING] = 0;
    units[at + U_TARGET_X] = unit.x;
    units[at + U_TARGET_Y] = unit.y;
    units[at + U_WAYPOINT_X] = unit.x;
    units[at + U_WAYPOINT_Y] = unit.y;
  });
  return {
    tick: version,
    time: 0,
    tickMs: 0,
    senseMs: 0,
    decideMs: 0,
    physicsMs: 0,
    paused: true,
    speed: 1,
    ids,
    units,
    obstacles: [...draft.obstacles],
    overlays: EMPTY_OVERLAYS,
    collisions: 0,
    arrived: 0,
  };
}

