/**
 * The scenario editor's model: a draft scenario the page's editor changes one step at a time
 * (obstacles placed and deleted, blocks of units painted and given a goal, the world resized), and
 * the scenario file it saves. Every obstacle is checked as the API checks it when placed; the
 * whole file is checked against the schema before it is saved or run. No DOM, no pixi.js.
 */
import { type ObstacleShape, prepareShape, signedDistance } from '../math/shapes';
import { DEFAULT_UNIT } from '../sim/defaults';
import { validateObstacle } from '../sim/validate';
import { type Scenario, type ScenarioFile, parseScenario, scenarioToFile } from '../scenarios/schema';

export interface DraftUnit {
  x: number;
  y: number;
  radius: number;
  maxSpeed: number;
  team: number;
  goal: { x: number; y: number } | null;
}

export interface Draft {
  name: string;
  description: string;
  seed: number;
  duration: number;
  world: { width: number; height: number };
  obstacles: ObstacleShape[];
  units: DraftUnit[];
}

/** metres between the centres of painted units, per metre of radius (1.5 m for the default unit) */
const BLOCK_SPACING_PER_RADIUS = 3;

/** A draft to edit, from a checked scenario (its timed obstacle changes are not edited, and dropped). */
export function draftFromScenario(scenario: Scenario): Draft {
  return {
    name: scenario.name,
    description: scenario.description ?? '',
    seed: scenario.seed,
    duration: scenario.duration,
    world: { ...scenario.world },
    obstacles: scenario.obstacles.map((shape) => structuredClone(shape)),
    units: scenario.units.map((unit) => ({ ...unit, goal: unit.goal === null ? null : { ...unit.goal } })),
  };
}

/** The draft as a scenario file; throws the schema's ScenarioError, listing every problem, when it is not valid. */
export function draftToFile(draft: Draft, source = 'draft'): ScenarioFile {
  const file: ScenarioFile = {
    name: draft.name,
    ...(draft.description === '' ? {} : { description: draft.description }),
    seed: draft.seed,
    world: { ...draft.world },
    obstacles: draft.obstacles.map((shape) => structuredClone(shape)),
    units: draft.units.map(({ goal, ...unit }) => (goal === null ? { ...unit } : { ...unit, goal: { ...goal } })),
    duration: draft.duration,
  };
  return scenarioToFile(parseScenario(file, source));
}

/** Places an obstacle, checked as `addObstacle` checks it (an Error naming the field when it is not valid). */
export function placeObstacle(draft: Draft, shape: unknown): ObstacleShape {
  const checked = validateObstacle(shape);
  draft.obstacles.push(checked);
  return checked;
}

/**
 * Fills the rectangle between two corners with units of `team` in rows and columns (at least one
 * unit), keeping them inside the world; returns their indices in `draft.units`.
 */
export function paintBlock(draft: Draft, a: { x: number; y: number }, b: { x: number; y: number }, team: number, radius = DEFAULT_UNIT.radius): number[] {
  const spacing = BLOCK_SPACING_PER_RADIUS * radius;
  const minX = Math.max(radius, Math.min(a.x, b.x));
  const maxX = Math.min(draft.world.width - radius, Math.max(a.x, b.x));
  const minY = Math.max(radius, Math.min(a.y, b.y));
  const maxY = Math.min(draft.world.height - radius, Math.max(a.y, b.y));
  const columns = Math.max(1, Math.floor((maxX - minX) / spacing) + 1);
  const rows = Math.max(1, Math.floor((maxY - minY) / spacing) + 1);
  const left = (minX + maxX) / 2 - ((columns - 1) * spacing) / 2;
  const bottom = (minY + maxY) / 2 - ((rows - 1) * spacing) / 2;
  const indices: number[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      indices.push(draft.units.length);
      draft.units.push({ x: left + column * spacing, y: bottom + row * spacing, radius, maxSpeed: DEFAULT_UNIT.maxSpeed, team, goal: null });
    }
  }
  return indices;
}

/** Sends the units at `indices` to `goal` (as a group: they share it, and arrive in slots around it). */
export function setGoal(draft: Draft, indices: readonly number[], goal: { x: number; y: number }): void {
  const shared = { x: goal.x, y: goal.y };
  for (const index of indices) {
    const unit = draft.units[index];
    if (unit !== undefined) unit.goal = shared;
  }
}

/** Deletes the unit under `point`, else the obstacle under it; says which, or null for nothing. */
export function deleteAt(draft: Draft, point: { x: number; y: number }): 'unit' | 'obstacle' | null {
  let best = -1;
  let bestDistance = Infinity;
  draft.units.forEach((unit, index) => {
    const distance = Math.hypot(unit.x - point.x, unit.y - point.y);
    if (distance <= unit.radius && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  if (best >= 0) {
    draft.units.splice(best, 1);
    return 'unit';
  }
  for (let index = draft.obstacles.length - 1; index >= 0; index--) {
    if (signedDistance(prepareShape(draft.obstacles[index]!), point.x, point.y) <= 0) {
      draft.obstacles.splice(index, 1);
      return 'obstacle';
    }
  }
  return null;
}

/** Deletes the units whose centres are inside the rectangle between two corners; returns how many. */
export function deleteUnitsIn(draft: Draft, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const before = draft.units.length;
  draft.units = draft.units.filter((unit) => unit.x < Math.min(a.x, b.x) || unit.x > Math.max(a.x, b.x) || unit.y < Math.min(a.y, b.y) || unit.y > Math.max(a.y, b.y));
  return before - draft.units.length;
}
