/**
 * The RTS starter's page: the game of game.ts drawn with pixi.js, a camera, RTS controls and a
 * minimap. The simulation ticks on this thread at a fixed 60 Hz (a few dozen units cost well under
 * a millisecond); for thousands of units move it into a worker, as the demo page does.
 *
 * Controls: left-click or drag a box to select your (blue) units, shift to add; double-click a unit
 * to select every unit of its team on screen; right-click to move (shift: queue a waypoint); A then
 * left-click to attack-move (shift: queue); S stops; Ctrl+1..9 sets a control group, 1..9 recalls
 * it; the wheel zooms, middle-drag or the arrow keys pan, a click on the minimap looks there.
 */
import { Application, Container, Graphics, Text } from 'pixi.js';
import { type UnitView, getUnit, listUnits, nearestUnit, unitsInBox } from 'rts-steer';
import { ENEMY, type Game, MAP, PLAYER, command, createGame, recallControlGroup, setControlGroup, stepGame, stop } from './game';

const TICK = 1 / 60;
const MINIMAP = { width: 192, height: 120, margin: 12 } as const;
const TEAM_COLOURS = [0x4a90e2, 0xe2574a];

interface Camera {
  /** world point at the screen's centre, metres */
  x: number;
  y: number;
  /** pixels per metre */
  zoom: number;
}

const params = new URLSearchParams(location.search);
const game: Game = createGame({ enemyAttacks: params.get('ai') !== '0' });
const camera: Camera = { x: 45, y: MAP.height / 2, zoom: 9 };
const selected = new Set<number>();
/** ids a spatial query found (reused) */
const found: number[] = [];
let attackArmed = false;
let paused = params.get('paused') === '1';

const app = new Application();
await app.init({ resizeTo: window, background: 0x20262e, antialias: true });
document.body.appendChild(app.canvas);
const world = new Container();
const ground = new Graphics();
const bodies = new Graphics();
const marks = new Graphics();
world.addChild(ground, marks, bodies);
const minimap = new Graphics();
const help = new Text({
  text: 'drag: select · dbl-click: team on screen · right-click: move (shift: queue) · A+click: attack-move · S: stop · Ctrl+1..9 / 1..9: groups',
  style: { fill: 0xdde3ea, fontSize: 13, fontFamily: 'sans-serif' },
});
help.position.set(10, 8);
const status = new Text({ text: '', style: { fill: 0xdde3ea, fontSize: 13, fontFamily: 'sans-serif' } });
app.stage.addChild(world, minimap, help, status);
drawGround();

// ---------------------------------------------------------------------------------------------
// camera: world metres (y up) <-> screen pixels

function toScreen(x: number, y: number): { x: number; y: number } {
  return { x: app.screen.width / 2 + (x - camera.x) * camera.zoom, y: app.screen.height / 2 - (y - camera.y) * camera.zoom };
}

function toWorld(sx: number, sy: number): { x: number; y: number } {
  return { x: camera.x + (sx - app.screen.width / 2) / camera.zoom, y: camera.y - (sy - app.screen.height / 2) / camera.zoom };
}

function clampCamera(): void {
  camera.zoom = Math.min(40, Math.max(3, camera.zoom));
  camera.x = Math.min(MAP.width, Math.max(0, camera.x));
  camera.y = Math.min(MAP.height, Math.max(0, camera.y));
}

function minimapRect(): { x: number; y: number; scale: number } {
  const scale = Math.min(MINIMAP.width / MAP.width, MINIMAP.height / MAP.height);
  return { x: MINIMAP.margin, y: app.screen.height - MINIMAP.margin - MAP.height * scale, scale };
}

function onMinimap(sx: number, sy: number): { x: number; y: number } | null {
  const rect = minimapRect();
  const x = (sx - rect.x) / rect.scale;
  const y = MAP.height - (sy - rect.y) / rect.scale;
  return x >= 0 && x <= MAP.width && y >= 0 && y <= MAP.height ? { x, y } : null;
}

// ---------------------------------------------------------------------------------------------
// input

const canvas = app.canvas;
canvas.addEventListener('contextmenu', (event) => event.preventDefault());
let drag: { x: number; y: number; button: number; moved: boolean } | null = null;
let box: { ax: number; ay: number; bx: number; by: number } | null = null;

canvas.addEventListener('pointerdown', (event) => {
  const map = onMinimap(event.offsetX, event.offsetY);
  if (map !== null && event.button === 0) {
    camera.x = map.x;
    camera.y = map.y;
    return;
  }
  drag = { x: event.offsetX, y: event.offsetY, button: event.button, moved: false };
});

canvas.addEventListener('pointermove', (event) => {
  if (drag === null) return;
  if (Math.hypot(event.offsetX - drag.x, event.offsetY - drag.y) > 4) drag.moved = true;
  if (drag.button === 1) {
    camera.x -= event.movementX / camera.zoom;
    camera.y += event.movementY / camera.zoom;
    clampCamera();
  } else if (drag.button === 0 && drag.moved && !attackArmed) {
    box = { ax: drag.x, ay: drag.y, bx: event.offsetX, by: event.offsetY };
  }
});

canvas.addEventListener('pointerup', (event) => {
  if (drag === null) return;
  const { button, moved } = drag;
  drag = null;
  const at = toWorld(event.offsetX, event.offsetY);
  if (button === 2) {
    const mine = [...selected].filter((id) => getUnit(game.sim, id)?.team === PLAYER);
    command(game, mine, at, { queue: event.shiftKey });
  } else if (button === 0 && attackArmed) {
    attackArmed = false;
    const mine = [...selected].filter((id) => getUnit(game.sim, id)?.team === PLAYER);
    command(game, mine, at, { queue: event.shiftKey, attack: true });
  } else if (button === 0) {
    if (!event.shiftKey) selected.clear();
    if (moved && box !== null) {
      const a = toWorld(Math.min(box.ax, box.bx), Math.max(box.ay, box.by));
      const b = toWorld(Math.max(box.ax, box.bx), Math.min(box.ay, box.by));
      unitsInBox(game.sim, { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y }, found, { teams: [PLAYER] });
      for (const id of found) selected.add(id);
    } else {
      const unit = unitAt(at.x, at.y);
      if (unit !== undefined) {
        if (event.shiftKey && selected.has(unit.id)) selected.delete(unit.id);
        else selected.add(unit.id);
      }
    }
  }
  box = null;
});

canvas.addEventListener('dblclick', (event) => {
  const at = toWorld(event.offsetX, event.offsetY);
  const unit = unitAt(at.x, at.y);
  if (unit === undefined) return;
  selected.clear();
  const a = toWorld(0, app.screen.height);
  const b = toWorld(app.screen.width, 0);
  unitsInBox(game.sim, { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y }, found, { teams: [unit.team] });
  for (const id of found) selected.add(id);
});

canvas.addEventListener(
  'wheel',
  (event) => {
    event.preventDefault();
    // zoom about the cursor: the world point under it stays under it
    const before = toWorld(event.offsetX, event.offsetY);
    camera.zoom *= Math.exp(-event.deltaY * 0.0015);
    clampCamera();
    const after = toWorld(event.offsetX, event.offsetY);
    camera.x += before.x - after.x;
    camera.y += before.y - after.y;
    clampCamera();
  },
  { passive: false },
);

const held = new Set<string>();
window.addEventListener('keyup', (event) => held.delete(event.key));
window.addEventListener('keydown', (event) => {
  held.add(event.key);
  const digit = /^Digit([1-9])$/.exec(event.code);
  if (digit !== null) {
    const group = Number(digit[1]);
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      setControlGroup(game, group, [...selected]);
    } else {
      selected.clear();
      for (const id of recallControlGroup(game, group)) selected.add(id);
    }
  } else if (event.key === 'a' || event.key === 'A') {
    attackArmed = selected.size > 0;
  } else if (event.key === 's' || event.key === 'S') {
    stop(game, [...selected].filter((id) => getUnit(game.sim, id)?.team === PLAYER));
  } else if (event.key === 'Escape') {
    attackArmed = false;
    selected.clear();
  }
});

function unitAt(x: number, y: number): UnitView | undefined {
  const id = nearestUnit(game.sim, { x, y }, { maxDistance: 0.3 });
  return id === undefined ? undefined : getUnit(game.sim, id);
}

// ---------------------------------------------------------------------------------------------
// the loop: fixed ticks for the time that passed, then one drawing

let owed = 0;
app.ticker.add((ticker) => {
  const panSpeed = 600 / camera.zoom; // metres per second
  const seconds = ticker.deltaMS / 1000;
  if (held.has('ArrowLeft')) camera.x -= panSpeed * seconds;
  if (held.has('ArrowRight')) camera.x += panSpeed * seconds;
  if (held.has('ArrowUp')) camera.y += panSpeed * seconds;
  if (held.has('ArrowDown')) camera.y -= panSpeed * seconds;
  clampCamera();
  if (!paused) {
    // a slow frame is caught up (ticking these units costs well under a millisecond), but a
    // stalled tab does not fast-forward for ever
    owed = Math.min(owed + seconds, 1);
    while (owed >= TICK) {
      stepGame(game);
      owed -= TICK;
    }
  }
  draw();
});

function drawGround(): void {
  ground.clear();
  ground.rect(0, 0, MAP.width, MAP.height).fill(0x2b3440);
  for (const shape of game.obstacles) {
    if (shape.type === 'circle') ground.circle(shape.x, shape.y, shape.radius).fill(0x6b6358);
    else if (shape.type === 'box') ground.rect(shape.x - shape.width / 2, shape.y - shape.height / 2, shape.width, shape.height).fill(0x8a8f99);
    else ground.poly(shape.points.flat()).fill(0x6b6358);
  }
}

function draw(): void {
  // the world container maps metres (y up) to pixels
  world.scale.set(camera.zoom, -camera.zoom);
  world.position.set(app.screen.width / 2 - camera.x * camera.zoom, app.screen.height / 2 + camera.y * camera.zoom);
  const units = listUnits(game.sim);
  bodies.clear();
  marks.clear();
  const line = 1.5 / camera.zoom;
  for (const unit of units) {
    const { x, y } = unit.position;
    bodies.circle(x, y, unit.radius).fill(TEAM_COLOURS[unit.team] ?? 0xcccccc);
    bodies.moveTo(x, y).lineTo(x + Math.cos(unit.heading) * unit.radius, y + Math.sin(unit.heading) * unit.radius).stroke({ width: line, color: 0x10141a });
    if (selected.has(unit.id)) marks.circle(x, y, unit.radius + 0.25).stroke({ width: line, color: 0x9cff8a });
    const enemy = game.engaged.get(unit.id);
    const target = enemy === undefined ? undefined : getUnit(game.sim, enemy);
    if (target !== undefined) marks.moveTo(x, y).lineTo(target.position.x, target.position.y).stroke({ width: line, color: 0xffd24a, alpha: 0.8 });
  }
  // the queued waypoints of the selection
  for (const id of selected) {
    const unit = getUnit(game.sim, id);
    const queue = game.queues.get(id);
    if (unit === undefined || queue === undefined) continue;
    let from = unit.position;
    for (const waypoint of queue) {
      marks.moveTo(from.x, from.y).lineTo(waypoint.target.x, waypoint.target.y).stroke({ width: line, color: waypoint.attack ? 0xff7a6a : 0x9cff8a, alpha: 0.35 });
      from = waypoint.target;
    }
  }
  if (box !== null) {
    const a = toWorld(box.ax, box.ay);
    const b = toWorld(box.bx, box.by);
    marks.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(a.x - b.x), Math.abs(a.y - b.y)).stroke({ width: line, color: 0x9cff8a });
  }
  drawMinimap(units);
  const counts = [PLAYER, ENEMY].map((team) => units.filter((unit) => unit.team === team).length);
  status.text = `${attackArmed ? 'ATTACK-MOVE: click a target · ' : ''}selected ${selected.size} · blue ${counts[0]} · red ${counts[1]} · groups ${game.controlGroups
    .map((group, index) => (group.length > 0 ? `${index}:${group.length}` : ''))
    .filter((text) => text !== '')
    .join(' ')}`;
  status.position.set(10, 28);
}

function drawMinimap(units: readonly UnitView[]): void {
  const { x: left, y: top, scale } = minimapRect();
  const at = (x: number, y: number): [number, number] => [left + x * scale, top + (MAP.height - y) * scale];
  minimap.clear();
  minimap.rect(left - 2, top - 2, MAP.width * scale + 4, MAP.height * scale + 4).fill({ color: 0x0c0f13, alpha: 0.85 });
  for (const shape of game.obstacles) {
    if (shape.type === 'circle') minimap.circle(...at(shape.x, shape.y), Math.max(1, shape.radius * scale)).fill(0x6b6358);
    else if (shape.type === 'box') minimap.rect(...at(shape.x - shape.width / 2, shape.y + shape.height / 2), shape.width * scale, shape.height * scale).fill(0x8a8f99);
  }
  for (const unit of units) minimap.rect(...at(unit.position.x - 0.6, unit.position.y + 0.6), 2, 2).fill(TEAM_COLOURS[unit.team] ?? 0xcccccc);
  // the part of the map on screen
  const a = toWorld(0, 0);
  const b = toWorld(app.screen.width, app.screen.height);
  const left0 = Math.max(0, a.x);
  const right0 = Math.min(MAP.width, b.x);
  const top0 = Math.min(MAP.height, a.y);
  const bottom0 = Math.max(0, b.y);
  minimap.rect(...at(left0, top0), (right0 - left0) * scale, (top0 - bottom0) * scale).stroke({ width: 1, color: 0xffffff });
}

// ---------------------------------------------------------------------------------------------
// a door for the browser test (test/examples/examples.test.ts)

Object.assign(window, {
  __starter: {
    game,
    units: () => listUnits(game.sim).map((unit) => ({ id: unit.id, team: unit.team, x: unit.position.x, y: unit.position.y, idle: unit.task.kind === 'idle' })),
    selected: () => [...selected].sort((a, b) => a - b),
    toScreen,
    camera: () => ({ ...camera }),
    minimapPoint: (x: number, y: number) => {
      const { x: left, y: top, scale } = minimapRect();
      return { x: left + x * scale, y: top + (MAP.height - y) * scale };
    },
    engaged: () => [...game.engaged.keys()].sort((a, b) => a - b),
    queued: (id: number) => game.queues.get(id)?.length ?? 0,
    setPaused: (value: boolean) => {
      paused = value;
    },
  },
});
