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

/** The editor's bar: the tools, the team, the world's size, run / save / load / close, a status line. */
interface EditorBar {
  readonly bar: HTMLDivElement;
  readonly toolButtons: HTMLButtonElement[];
  readonly team: HTMLSelectElement;
  readonly width: HTMLInputElement;
  readonly height: HTMLInputElement;
  readonly run: HTMLButtonElement;
  readonly save: HTMLButtonElement;
  readonly load: HTMLButtonElement;
  readonly close: HTMLButtonElement;
  readonly status: HTMLSpanElement;
  readonly fileInput: HTMLInputElement;
}

function createEditorBar(): EditorBar {
  const bar = document.createElement('div');
  bar.id = 'editor';
  bar.hidden = true;
  const toolButtons = EDITOR_TOOLS.map((name) => {
    const toolButton = button(name);
    toolButton.dataset.tool = name;
    return toolButton;
  });
  const team = document.createElement('select');
  team.title = 'team of the units painted';
  for (let index = 0; index < TEAM_COLOURS.length; index++) team.append(new Option(`team ${index}`, String(index)));
  const parts = { bar, toolButtons, team, width: numberField('world width (m)'), height: numberField('world height (m)'), run: button('run it'), save: button('save file'), load: button('load file'), close: button('close editor') };
  const status = document.createElement('span');
  status.className = 'status';
  const fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.accept = '.json,application/json';
  fileInput.id = 'editor-file';
  fileInput.hidden = true;
  const row = document.createElement('div');
  row.append(...toolButtons, team, parts.width, parts.height, parts.run, parts.save, parts.load, parts.close);
  bar.append(row, status, fileInput);
  document.body.append(bar);
  return { ...parts, status, fileInput };
}

/** What the editor is in the middle of, beside the draft. */
interface EditorState {
  draft: Draft | null;
  version: number;
  /** the block painted last, waiting for its goal */
  waitingForGoal: number[] | null;
  /** the press being dragged (metres), or null */
  press: { x: number; y: number } | null;
  pointerAt: { x: number; y: number };
  /** the corners of the polygon being made */
  readonly corners: Array<[number, number]>;
  /** writes the status line */
  say(text: string): void;
}

/** Does `action` to the draft (a change) and counts it; its error on the status line instead. */
function attempt(state: EditorState, action: () => void): void {
  try {
    action();
    state.version++;
  } catch (error) {
    state.say(error instanceof Error ? error.message : String(error));
  }
}

function closePolygon(state: EditorState): void {
  const draft = state.draft;
  if (draft === null || state.corners.length < 3) return;
  const points = state.corners.map(([x, y]): [number, number] => [x, y]);
  state.corners.length = 0;
  attempt(state, () => {
    placeObstacle(draft, { type: 'polygon', points });
    state.say('polygon placed');
  });
}

/** A press released at `point` with the tool: paint, set a goal, place or delete. */
function release(state: EditorState, draft: Draft, tool: EditorTool, team: number, start: { x: number; y: number }, point: { x: number; y: number }): void {
  const dragged = Math.hypot(point.x - start.x, point.y - start.y) > 0.3;
  switch (tool) {
    case 'units':
      if (!dragged && state.waitingForGoal !== null) {
        const block = state.waitingForGoal;
        state.waitingForGoal = null;
        setGoal(draft, block, point);
        state.say(`goal set for ${block.length} units`);
      } else {
        state.waitingForGoal = paintBlock(draft, start, dragged ? point : start, team);
        state.say(`${state.waitingForGoal.length} units of team ${team}: click their goal`);
      }
      state.version++;
      return;
    case 'circle':
      attempt(state, () => placeObstacle(draft, { type: 'circle', x: start.x, y: start.y, radius: Math.max(0.2, Math.hypot(point.x - start.x, point.y - start.y)) }));
      return;
    case 'box':
      if (!dragged) return;
      attempt(state, () => placeObstacle(draft, { type: 'box', x: (start.x + point.x) / 2, y: (start.y + point.y) / 2, width: Math.abs(point.x - start.x), height: Math.abs(point.y - start.y) }));
      return;
    case 'polygon': {
      const first = state.corners[0];
      if (first !== undefined && state.corners.length >= 3 && Math.hypot(point.x - first[0], point.y - first[1]) < CLOSE_DISTANCE) closePolygon(state);
      else state.corners.push([point.x, point.y]);
      return;
    }
    case 'delete':
      if (dragged) state.say(`${deleteUnitsIn(draft, start, point)} units deleted`);
      else {
        const what = deleteAt(draft, point);
        state.say(what === null ? 'nothing there' : `${what} deleted`);
      }
      state.waitingForGoal = null;
      state.version++;
      return;
  }
}

/** The mouse tool while the editor is open. */
function editorPointer(state: EditorState, controls: { tool: EditorTool; team: number }): PointerTool {
  return {
    down(point, buttonPressed) {
      if (state.draft === null || buttonPressed !== 0) return;
      state.press = { ...point };
      state.pointerAt = { ...point };
    },
    move(point) {
      state.pointerAt = { ...point };
    },
    up(point, buttonPressed) {
      if (state.draft === null || buttonPressed !== 0 || state.press === null) return;
      const start = state.press;
      state.press = null;
      release(state, state.draft, controls.tool, controls.team, start, point);
    },
    key(key) {
      if (state.draft === null) return false;
      if (key === 'Enter' && controls.tool === 'polygon') {
        closePolygon(state);
        return true;
      }
      if (key === 'Escape') {
        state.corners.length = 0;
        state.waitingForGoal = null;
        state.press = null;
        state.say('');
        return true;
      }
      // keys that would order units or restart the run mean nothing here
      return [' ', '.', 'r', 'R', 's', 'S'].includes(key);
    },
  };
}

/** Draws each group's goal (a line from its centre, and a cross) and the shape being made (metres). */
function drawGuides(state: EditorState, tool: EditorTool, graphics: Graphics): void {
  graphics.clear();
  if (state.draft === null) return;
  const groups = new Map<{ x: number; y: number }, { x: number; y: number; count: number; team: number }>();
  for (const unit of state.draft.units) {
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
  const { press, pointerAt, corners } = state;
  if (press !== null) {
    const { x, y } = press;
    if (tool === 'circle') graphics.circle(x, y, Math.max(0.2, Math.hypot(pointerAt.x - x, pointerAt.y - y))).stroke(guide);
    else if (tool !== 'polygon') graphics.rect(Math.min(x, pointerAt.x), Math.min(y, pointerAt.y), Math.abs(pointerAt.x - x), Math.abs(pointerAt.y - y)).stroke(guide);
  }
  if (corners.length > 0) {
    graphics.moveTo(corners[0]![0], corners[0]![1]);
    for (const [x, y] of corners.slice(1)) graphics.lineTo(x, y);
    graphics.lineTo(pointerAt.x, pointerAt.y).stroke(guide);
    graphics.circle(corners[0]![0], corners[0]![1], CLOSE_DISTANCE).stroke(guide);
  }
}

export function createEditorControls(callbacks: EditorCallbacks): EditorControls {
  const elements = createEditorBar();
  const state: EditorState = {
    draft: null,
    version: 0,
    waitingForGoal: null,
    press: null,
    pointerAt: { x: 0, y: 0 },
    corners: [],
    say: (text) => {
      elements.status.textContent = text;
    },
  };
  const chosen: { tool: EditorTool; team: number } = { tool: 'units', team: 0 };
  const showTool = (): void => {
    for (const toolButton of elements.toolButtons) toolButton.classList.toggle('on', toolButton.dataset.tool === chosen.tool);
  };
  const controls: EditorControls = {
    get draft() {
      return state.draft;
    },
    pointer: editorPointer(state, chosen),
    get version() {
      return state.version;
    },
    get tool() {
      return chosen.tool;
    },
    set tool(tool: EditorTool) {
      chosen.tool = tool;
    },
    get team() {
      return chosen.team;
    },
    set team(team: number) {
      chosen.team = team;
    },
    open(scenario) {
      const draft = draftFromScenario(scenario);
      draft.name = scenario.name.endsWith('-edited') ? scenario.name : `${scenario.name}-edited`;
      state.draft = draft;
      state.waitingForGoal = null;
      state.corners.length = 0;
      elements.width.value = String(draft.world.width);
      elements.height.value = String(draft.world.height);
      elements.bar.hidden = false;
      showTool();
      state.say('drag a box to paint units; pick a tool above');
      state.version++;
      callbacks.opened(draft);
    },
    drawGuides: (graphics) => drawGuides(state, chosen.tool, graphics),
    file() {
      if (state.draft === null) return null;
      try {
        return draftToFile(state.draft, state.draft.name);
      } catch (error) {
        state.say(error instanceof ScenarioError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error));
        return null;
      }
    },
    close() {
      if (state.draft === null) return;
      state.draft = null;
      elements.bar.hidden = true;
      callbacks.closed();
    },
  };
  wireEditorBar(elements, state, controls, callbacks, showTool);
  return controls;
}

/** What the bar's buttons and fields do. */
function wireEditorBar(elements: EditorBar, state: EditorState, controls: EditorControls, callbacks: EditorCallbacks, showTool: () => void): void {
  for (const toolButton of elements.toolButtons) {
    toolButton.addEventListener('click', () => {
      controls.tool = toolButton.dataset.tool as EditorTool;
      state.corners.length = 0;
      showTool();
    });
  }
  elements.team.addEventListener('change', () => {
    controls.team = Number(elements.team.value);
  });
  const resize = (): void => {
    if (state.draft === null) return;
    const w = Number(elements.width.value);
    const h = Number(elements.height.value);
    if (!(Number.isFinite(w) && w > 0 && Number.isFinite(h) && h > 0)) {
      state.say(`world: expected a width and a height > 0, got ${JSON.stringify(elements.width.value)} x ${JSON.stringify(elements.height.value)}`);
      return;
    }
    state.draft.world = { width: w, height: h };
    state.version++;
    callbacks.resized(state.draft);
  };
  elements.width.addEventListener('change', resize);
  elements.height.addEventListener('change', resize);
  elements.run.addEventListener('click', () => {
    const file = controls.file();
    if (file === null) return;
    state.draft = null;
    elements.bar.hidden = true;
    callbacks.run(file);
  });
  elements.save.addEventListener('click', () => {
    const file = controls.file();
    if (file === null) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }));
    link.download = `${file.name}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    state.say(`saved ${link.download}`);
  });
  elements.load.addEventListener('click', () => elements.fileInput.click());
  elements.fileInput.addEventListener('change', async () => {
    const chosen = elements.fileInput.files?.[0];
    elements.fileInput.value = '';
    if (chosen === undefined) return;
    try {
      controls.open(parseScenarioText(await chosen.text(), chosen.name));
    } catch (error) {
      state.say(error instanceof ScenarioError ? `${chosen.name}: ${error.problems.join('; ')}` : error instanceof Error ? error.message : String(error));
    }
  });
  elements.close.addEventListener('click', () => controls.close());
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
    workers: 1,
    threadShare: 0,
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

