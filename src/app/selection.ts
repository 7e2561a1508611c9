/**
 * Unit selection as RTS players expect it, in world coordinates (metres), free of pixi.js and
 * the DOM: click a unit, drag a box, shift to add or remove, Escape to clear.
 */
import type { ReadonlyVec2 } from '../math/vec2';

export interface SelectableUnit {
  readonly id: number;
  readonly position: ReadonlyVec2;
  readonly radius: number;
}

/** metres of slack around a unit's disc that still count as clicking it (a fat finger) */
export const CLICK_SLACK = 0.15;

/** The unit under a point: the one whose disc (plus CLICK_SLACK) holds it, nearest centre first. */
export function unitAt(units: Iterable<SelectableUnit>, x: number, y: number): number | null {
  let best: number | null = null;
  let bestDistanceSq = Infinity;
  for (const unit of units) {
    const dx = unit.position.x - x;
    const dy = unit.position.y - y;
    const distanceSq = dx * dx + dy * dy;
    const reach = unit.radius + CLICK_SLACK;
    if (distanceSq <= reach * reach && distanceSq < bestDistanceSq) {
      best = unit.id;
      bestDistanceSq = distanceSq;
    }
  }
  return best;
}

/** Ids of the units whose centre lies in the box spanned by two corners (in any order). */
export function unitsInBox(units: Iterable<SelectableUnit>, ax: number, ay: number, bx: number, by: number): number[] {
  const minX = Math.min(ax, bx);
  const maxX = Math.max(ax, bx);
  const minY = Math.min(ay, by);
  const maxY = Math.max(ay, by);
  const ids: number[] = [];
  for (const unit of units) {
    const { x, y } = unit.position;
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) ids.push(unit.id);
  }
  return ids;
}

/**
 * A click: without shift, select only the unit clicked (or nothing, on the ground); with shift,
 * toggle the unit clicked and keep the rest (shift on the ground changes nothing).
 */
export function clickSelect(selection: Set<number>, hit: number | null, shift: boolean): void {
  if (!shift) {
    selection.clear();
    if (hit !== null) selection.add(hit);
    return;
  }
  if (hit === null) return;
  if (selection.has(hit)) selection.delete(hit);
  else selection.add(hit);
}

/** A box: without shift, select exactly the units in it; with shift, add them to the selection. */
export function boxSelect(selection: Set<number>, inBox: readonly number[], shift: boolean): void {
  if (!shift) selection.clear();
  for (const id of inBox) selection.add(id);
}
