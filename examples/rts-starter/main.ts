/**
 * The RTS starter's page: the game of game.ts drawn with pixi.js, a camera, RTS controls, a HUD and
 * a minimap. The simulation ticks on this thread at a fixed 60 Hz (a few dozen units cost well under
 * a millisecond); for thousands of units move it into a worker, as the demo page does.
 *
 * Controls: left-click or drag a box to select your (blue) units, shift to add; double-click a unit
 * to select every unit of its team on screen; right-click the ground to move, an enemy to attack it
 * (shift: queue the move); A, P or R then a left click: attack-move, patrol, set the rally point;
 * H holds, S stops; Q trains a soldier, W an archer; Ctrl+1..9 sets a control group, 1..9 recalls
 * it; the wheel zooms, middle-drag or the arrow keys pan, a click on the minimap looks there.
 * URL: `?ai=0` (the enemy neither trains nor attacks), `?enemy=N` (its army), `?speed=N` (1 to 8).
 */
import { Application, Container, Graphics, Text } from 'pixi.js';
import { type UnitView, getUnit, listUnits, nearestUnit, queuedOrders, simulationTick, unitsInBox } from 'rts-steer';
import {
  ENEMY,
  type Game,
  KINDS,
  type KindName,
  MAP,
  PLAYER,
  armyCounts,
  attackUnit,
  command,
  createGame,
  hold,
  patrol,
  recallControlGroup,
  setControlGroup,
  stepGame,
  stop,
  train,
  trainingDone,
} from './game';

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
const enemyArmy = Number(params.get('enemy') ?? Number.NaN);
const game: Game = createGame({ enemyAttacks: params.get('ai') !== '0', ...(Number.isInteger(enemyArmy) && enemyArmy >= 0 ? { enemyUnits: enemyArmy } : {}) });
/** ticks run per 60th of a second */
const speed = Math.min(8, Math.max(1, Math.round(Number(params.get('speed') ?? 1)) || 1));
const camera: Camera = { x: 45, y: MAP.height / 2, zoom: 9 };
const selected = new Set<number>();
/** ids a spatial query found (reused) */
const found: number[] = [];
/** what the next left click does, after A, P or R */
let armed: 'attack' | 'patrol' | 'rally' | null = null;
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
  text: 'drag: select · right-click: move / attack (shift: queue) · A/P/R+click: attack-move / patrol / rally · H hold · S stop · Q soldier · W archer · Ctrl+1..9 / 1..9 groups',
  style: { fill: 0xdde3ea, fontSize: 13, fontFamily: 'sans-serif' },
});
help.position.set(10, 8);
const status = new Text({ text: '', style: { fill: 0xdde3ea, fontSize: 13, fontFamily: 'sans-serif' } });
const banner = new Text({ text: '', style: { fill: 0xffffff, fontSize: 48, fontFamily: 'sans-serif', fontWeight: 'bold', stroke: { color: 0x000000, width: 5 } } });
banner.anchor.set(0.5);
app.stage.addChild(world, minimap, help, status, banner);
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
  } else if (drag.button === 0 && drag.moved && armed === null) {
    box = { ax: drag.x, ay: drag.y, bx: event.offsetX, by: event.offsetY };
  }
});

canvas.addEventListener('pointerup', (event) => {
  if (drag === null) return;
  const { button, moved } = drag;
  drag = null;
  const at = toWorld(event.offsetX, event.offsetY);
  const mine = [...selected].filter((id) => getUnit(game.sim, id)?.team === PLAYER);
  if (button === 2) {
    const enemy = unitAt(at.x, at.y);
    if (enemy !== undefined && enemy.team !== PLAYER) attackUnit(game, mine, enemy.id);
    else command(game, mine, at, { queue: event.shiftKey });
  } else if (button === 0 && armed !== null) {
    if (armed === 'attack') command(game, mine, at, { queue: event.shiftKey, attack: true });
    else if (armed === 'patrol') patrol(game, mine, at, { queue: event.shiftKey });
    else game.bases[PLAYER]!.rally = { x: at.x, y: at.y };
    armed = null;
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
    return;
  }
  const key = event.key.toLowerCase();
  const mine = [...selected].filter((id) => getUnit(game.sim, id)?.team === PLAYER);
  if (key === 'a' || key === 'p') armed = mine.length > 0 ? (key === 'a' ? 'attack' : 'patrol') : null;
  else if (key === 'r') armed = 'rally';
  else if (key === 's') stop(game, mine);
  else if (key === 'h') hold(game, mine, { queue: event.shiftKey });
  else if (key === 'q' || key === 'w') train(game.bases[PLAYER]!, key === 'q' ? 'soldier' : 'archer');
  else if (key === 'escape') {
    armed = null;
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
      for (let i = 0; i < speed; i++) stepGame(game);
      owed -= TICK;
    }
  }
  draw();
});

function drawGround(): void {
  ground.clear();
  ground.rect(0, 0, MAP.width, MAP.height).fill(0x2b3440);
  // (the headquarters, the first two obstacles, are drawn each frame with their health)
  for (const shape of game.obstacles.slice(game.buildings.length)) {
    if (shape.type === 'circle') ground.circle(shape.x, shape.y, shape.radius).fill(0x6b6358);
    else if (shape.type === 'box') ground.rect(shape.x - shape.width / 2, shape.y - shape.height / 2, shape.width, shape.height).fill(0x8a8f99);
    else ground.poly(shape.points.flat()).fill(0x6b6358);
  }
}

/** A bar of `fraction` over `width` metres, centred at x, y. */
function healthBar(x: number, y: number, width: number, fraction: number): void {
  marks.rect(x - width / 2, y, width, 0.22).fill(0x10141a);
  marks.rect(x - width / 2, y, width * Math.max(0, fraction), 0.22).fill(fraction > 0.5 ? 0x6fdc6f : fraction > 0.25 ? 0xffd24a : 0xff5a4a);
}

function draw(): void {
  // the world container maps metres (y up) to pixels
  world.scale.set(camera.zoom, -camera.zoom);
  world.position.set(app.screen.width / 2 - camera.x * camera.zoom, app.screen.height / 2 + camera.y * camera.zoom);
  const units = listUnits(game.sim);
  bodies.clear();
  marks.clear();
  const line = 1.5 / camera.zoom;
  for (const building of game.buildings) {
    const { x, y, halfWidth: w, halfHeight: h } = building;
    if (building.health <= 0) {
      bodies.rect(x - w, y - h, 2 * w, 2 * h).stroke({ width: line * 2, color: 0x5a5f66 });
      continue;
    }
    bodies.rect(x - w, y - h, 2 * w, 2 * h).fill(TEAM_COLOURS[building.team] ?? 0xcccccc).stroke({ width: line * 3, color: 0x10141a });
    healthBar(x, y + h + 0.5, 2 * w, building.health / building.maxHealth);
  }
  for (const unit of units) {
    const { x, y } = unit.position;
    const fighter = game.fighters.get(unit.id);
    const colour = TEAM_COLOURS[unit.team] ?? 0xcccccc;
    bodies.circle(x, y, unit.radius).fill(colour);
    // soldiers carry a dark rim (a shield); archers a bow line across their heading
    if (fighter?.kind === 'soldier') bodies.circle(x, y, unit.radius * 0.8).stroke({ width: line * 1.5, color: 0x10141a });
    bodies.moveTo(x, y).lineTo(x + Math.cos(unit.heading) * unit.radius, y + Math.sin(unit.heading) * unit.radius).stroke({ width: line, color: 0x10141a });
    if (unit.holding) bodies.rect(x - 0.15, y - 0.15, 0.3, 0.3).fill(0x10141a);
    if (selected.has(unit.id)) marks.circle(x, y, unit.radius + 0.25).stroke({ width: line, color: 0x9cff8a });
    if (fighter !== undefined && fighter.health < KINDS[fighter.kind].health) healthBar(x, y + unit.radius + 0.2, 1.1, fighter.health / KINDS[fighter.kind].health);
  }
  for (const strike of game.strikes) {
    const colour = strike.kind === 'archer' ? 0xfff2a8 : 0xffffff;
    marks.moveTo(strike.from.x, strike.from.y).lineTo(strike.to.x, strike.to.y).stroke({ width: line, color: colour, alpha: 0.7 });
  }
  // the selection's orders: what it attacks, and its queued waypoints
  for (const id of selected) {
    const unit = getUnit(game.sim, id);
    if (unit === undefined) continue;
    const target = game.targets.get(id);
    const enemy = target === undefined ? undefined : getUnit(game.sim, target.enemyId);
    if (enemy !== undefined) marks.moveTo(unit.position.x, unit.position.y).lineTo(enemy.position.x, enemy.position.y).stroke({ width: line, color: 0xff7a6a, alpha: 0.6 });
    let from = unit.task.kind === 'move' ? unit.task.target : unit.position;
    if (unit.task.kind === 'move') marks.moveTo(unit.position.x, unit.position.y).lineTo(from.x, from.y).stroke({ width: line, color: 0x9cff8a, alpha: 0.35 });
    for (const step of queuedOrders(game.sim, id)) {
      if (step.target === null) continue;
      marks.moveTo(from.x, from.y).lineTo(step.target.x, step.target.y).stroke({ width: line, color: step.engage !== null ? 0xff7a6a : 0x9cff8a, alpha: 0.35 });
      from = step.target;
    }
  }
  const rally = game.bases[PLAYER]!.rally;
  marks.moveTo(rally.x, rally.y).lineTo(rally.x, rally.y + 1.6).stroke({ width: line * 2, color: 0xdde3ea });
  marks.poly([rally.x, rally.y + 1.6, rally.x + 0.9, rally.y + 1.35, rally.x, rally.y + 1.1]).fill(TEAM_COLOURS[PLAYER]!);
  if (box !== null) {
    const a = toWorld(box.ax, box.ay);
    const b = toWorld(box.bx, box.by);
    marks.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(a.x - b.x), Math.abs(a.y - b.y)).stroke({ width: line, color: 0x9cff8a });
  }
  drawMinimap(units);
  status.text = hudText();
  status.position.set(10, 28);
  banner.text = game.winner === null ? '' : game.winner === PLAYER ? 'VICTORY' : 'DEFEAT';
  banner.position.set(app.screen.width / 2, app.screen.height / 3);
}

const ARMED_HINT = { attack: 'ATTACK-MOVE: click a target · ', patrol: 'PATROL: click a point · ', rally: 'RALLY POINT: click a point · ' } as const;

/** The HUD's lines: gold and training, the armies, the headquarters, the next wave. */
function hudText(): string {
  const base = game.bases[PLAYER]!;
  const counts = armyCounts(game);
  const training = base.training.map((kind: KindName, index) => (index === 0 ? `${kind} ${Math.floor(trainingDone(base, TICK) * 100)}%` : kind)).join(', ');
  const hq = game.buildings.map((building) => Math.max(0, Math.ceil(building.health)));
  const wave = game.enemyAttacks && game.winner === null ? ` · next wave in ${Math.max(0, Math.ceil((game.nextWave - simulationTick(game.sim)) / 60))} s` : '';
  const groups = game.controlGroups.map((group, index) => (group.length > 0 ? `${index}:${group.length}` : '')).filter((text) => text !== '');
  return [
    `${armed === null ? '' : ARMED_HINT[armed]}gold ${Math.floor(base.gold)} · training: ${training === '' ? `nothing (Q soldier ${KINDS.soldier.cost}, W archer ${KINDS.archer.cost})` : training}`,
    `blue ${counts[PLAYER]!.soldier} soldiers, ${counts[PLAYER]!.archer} archers, HQ ${hq[PLAYER]} · red ${counts[ENEMY]!.soldier} soldiers, ${counts[ENEMY]!.archer} archers, HQ ${hq[ENEMY]}${wave}`,
    `selected ${selected.size} · lost: blue ${game.losses[PLAYER]}, red ${game.losses[ENEMY]}${groups.length > 0 ? ` · groups ${groups.join(' ')}` : ''}${speed > 1 ? ` · speed x${speed}` : ''}`,
  ].join('\n');
}

function drawMinimap(units: readonly UnitView[]): void {
  const { x: left, y: top, scale } = minimapRect();
  const at = (x: number, y: number): [number, number] => [left + x * scale, top + (MAP.height - y) * scale];
  minimap.clear();
  minimap.rect(left - 2, top - 2, MAP.width * scale + 4, MAP.height * scale + 4).fill({ color: 0x0c0f13, alpha: 0.85 });
  for (const building of game.buildings) {
    if (building.health > 0) minimap.rect(...at(building.x - building.halfWidth, building.y + building.halfHeight), 2 * building.halfWidth * scale, 2 * building.halfHeight * scale).fill(TEAM_COLOURS[building.team] ?? 0xcccccc);
  }
  for (const shape of game.obstacles.slice(game.buildings.length)) {
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
    units: () =>
      listUnits(game.sim).map((unit) => ({
        id: unit.id,
        team: unit.team,
        kind: game.fighters.get(unit.id)?.kind,
        health: game.fighters.get(unit.id)?.health,
        x: unit.position.x,
        y: unit.position.y,
        idle: unit.task.kind === 'idle',
      })),
    selected: () => [...selected].sort((a, b) => a - b),
    toScreen,
    camera: () => ({ ...camera }),
    minimapPoint: (x: number, y: number) => {
      const { x: left, y: top, scale } = minimapRect();
      return { x: left + x * scale, y: top + (MAP.height - y) * scale };
    },
    queued: (id: number) => (getUnit(game.sim, id) === undefined ? 0 : queuedOrders(game.sim, id).length),
    order: (id: number) => {
      const unit = getUnit(game.sim, id);
      return unit === undefined || unit.task.kind === 'idle' ? null : { kind: game.orderKinds.get(unit.task.orderId), target: unit.task.group?.target ?? unit.task.target };
    },
    hud: () => status.text,
    banner: () => banner.text,
    winner: () => game.winner,
    base: () => ({ gold: game.bases[PLAYER]!.gold, training: [...game.bases[PLAYER]!.training], rally: { ...game.bases[PLAYER]!.rally } }),
    setPaused: (value: boolean) => {
      paused = value;
    },
  },
});
