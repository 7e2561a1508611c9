/**
 * The page's input: the mouse selects (click, drag a box, shift to add or remove) and commands
 * (right click: move there; right drag: move there and face that way); the keyboard stops,
 * clears, pauses, steps, restarts and pans. Selection rules themselves are in selection.ts.
 */
import type { Container, FederatedPointerEvent } from 'pixi.js';
import type { Viewport } from 'pixi-viewport';
import type { SelectableUnit } from './selection';
import { boxSelect, clickSelect, unitAt, unitsInBox } from './selection';

/** screen pixels a press must move before it is a drag rather than a click */
const DRAG_THRESHOLD = 5;
/** screen pixels per second the arrow keys pan the camera */
const PAN_SPEED = 600;

/** A rectangle being dragged, or a right-drag from a target (a) toward a facing (b); metres. */
export interface Drag {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/**
 * A tool that takes the mouse and keyboard over from selection and orders while it is on (the
 * scenario editor's). Points are in metres.
 */
export interface PointerTool {
  down(point: { x: number; y: number }, button: number, shift: boolean): void;
  move(point: { x: number; y: number }): void;
  up(point: { x: number; y: number }, button: number, shift: boolean): void;
  /** a key pressed; true when the tool used it */
  key(key: string): boolean;
}

/** What the input reads and drives on the page. */
export interface InputTarget {
  /** when set, the pointer and keys go to it instead */
  tool: PointerTool | null;
  readonly selected: Set<number>;
  /** the selection box being dragged (metres), or null */
  selectionBox: Drag | null;
  /** the right-drag setting a target and a facing (metres), or null */
  facingDrag: Drag | null;
  /** the world point (metres) under a screen point */
  toWorld(screen: { x: number; y: number }): { x: number; y: number };
  units(): readonly SelectableUnit[];
  /** a right click: move the selection there (`queue`: shift held, after its orders so far), or
   * what a key armed: patrol (P), attack-move (A), follow the unit clicked (F) */
  move(x: number, y: number, facing: { x: number; y: number } | undefined, queue: boolean): void;
  stop(): void;
  /** H: the selection holds its ground */
  hold(): void;
  /** P, A or F: what the next right click gives instead of a move */
  arm(kind: 'patrol' | 'attack' | 'follow'): void;
  togglePause(): void;
  stepOnce(): void;
  restart(): void;
}

/** what the next right click gives after each of these keys */
const ARMED_BY = { p: 'patrol', a: 'attack', f: 'follow' } as const;

/** Listens to pointer events on the stage: selection with the left button, orders with the right. */
export function attachPointer(stage: Container, target: InputTarget): void {
  let press: { screenX: number; screenY: number; worldX: number; worldY: number; dragging: boolean } | null = null;
  let rightPress: { screenX: number; screenY: number } | null = null;

  stage.on('pointerdown', (event: FederatedPointerEvent) => {
    const point = target.toWorld(event.global);
    if (target.tool !== null) {
      if (event.button !== 1) target.tool.down(point, event.button, event.shiftKey);
      return;
    }
    if (event.button === 0) {
      press = { screenX: event.global.x, screenY: event.global.y, worldX: point.x, worldY: point.y, dragging: false };
    } else if (event.button === 2) {
      rightPress = { screenX: event.global.x, screenY: event.global.y };
      target.facingDrag = { ax: point.x, ay: point.y, bx: point.x, by: point.y };
    }
  });
  stage.on('globalpointermove', (event: FederatedPointerEvent) => {
    if (target.tool !== null) {
      target.tool.move(target.toWorld(event.global));
      return;
    }
    if (target.facingDrag !== null) {
      const point = target.toWorld(event.global);
      target.facingDrag.bx = point.x;
      target.facingDrag.by = point.y;
    }
    if (press === null) return;
    if (!press.dragging && Math.hypot(event.global.x - press.screenX, event.global.y - press.screenY) < DRAG_THRESHOLD) return;
    press.dragging = true;
    const point = target.toWorld(event.global);
    target.selectionBox = { ax: press.worldX, ay: press.worldY, bx: point.x, by: point.y };
  });
  const release = (event: FederatedPointerEvent) => {
    if (target.tool !== null) {
      if (event.button !== 1) target.tool.up(target.toWorld(event.global), event.button, event.shiftKey);
      return;
    }
    const drag = target.facingDrag;
    if (drag !== null && rightPress !== null && event.button === 2) {
      const dragged = Math.hypot(event.global.x - rightPress.screenX, event.global.y - rightPress.screenY) >= DRAG_THRESHOLD;
      target.facingDrag = null;
      rightPress = null;
      target.move(drag.ax, drag.ay, dragged ? { x: drag.bx - drag.ax, y: drag.by - drag.ay } : undefined, event.shiftKey);
      return;
    }
    if (press === null || event.button !== 0) return;
    const box = target.selectionBox;
    if (press.dragging && box !== null) {
      boxSelect(target.selected, unitsInBox(target.units(), box.ax, box.ay, box.bx, box.by), event.shiftKey);
    } else {
      clickSelect(target.selected, unitAt(target.units(), press.worldX, press.worldY), event.shiftKey);
    }
    press = null;
    target.selectionBox = null;
  };
  stage.on('pointerup', release);
  stage.on('pointerupoutside', release);
}

/**
 * Listens to the keyboard: Escape clears the selection, S stops it, H holds it, P, A and F arm a
 * patrol, an attack-move and a follow for the next right click, space pauses, `.` steps, R
 * restarts; the arrow keys are held for panning (see `panWithKeys`). Keys typed into the panel's
 * fields are left alone. Returns the keys held down.
 */
export function attachKeys(target: InputTarget): ReadonlySet<string> {
  const held = new Set<string>();
  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    held.add(event.key);
    if (target.tool?.key(event.key)) {
      event.preventDefault();
      return;
    }
    // a held key repeats: pause, step and restart act once per press
    if (event.repeat && [' ', '.', 'r', 'R'].includes(event.key)) {
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'Escape':
        target.selected.clear();
        break;
      case 's':
      case 'S':
        if (target.selected.size > 0) target.stop();
        break;
      case 'p':
      case 'P':
      case 'a':
      case 'A':
      case 'f':
      case 'F':
        if (target.selected.size > 0) target.arm(ARMED_BY[event.key.toLowerCase() as keyof typeof ARMED_BY]);
        break;
      case 'h':
      case 'H':
        if (target.selected.size > 0) target.hold();
        break;
      case ' ':
        target.togglePause();
        event.preventDefault();
        break;
      case '.':
        target.stepOnce();
        break;
      case 'r':
      case 'R':
        target.restart();
        break;
      default:
        if (event.key.startsWith('Arrow')) event.preventDefault();
    }
  });
  window.addEventListener('keyup', (event) => held.delete(event.key));
  window.addEventListener('blur', () => held.clear());
  return held;
}

/** Moves the camera by the arrow keys held, for `seconds` of a frame. */
export function panWithKeys(viewport: Viewport, held: ReadonlySet<string>, seconds: number): void {
  const step = (PAN_SPEED * seconds) / viewport.scale.x;
  const dx = (held.has('ArrowRight') ? step : 0) - (held.has('ArrowLeft') ? step : 0);
  const dy = (held.has('ArrowDown') ? step : 0) - (held.has('ArrowUp') ? step : 0);
  if (dx !== 0 || dy !== 0) viewport.moveCenter(viewport.center.x + dx, viewport.center.y + dy);
}
