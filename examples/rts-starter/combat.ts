/**
 * The starter's fighting, apart from orders and screens: two kinds of unit, health, weapons with a
 * reach and a cooldown, strikes, deaths and headquarters that can fall. The engine moves the units;
 * everything here is the game's own state, keyed by the engine's unit ids.
 *
 * A tick's strikes are simultaneous: every unit that may strike picks its victim from the positions
 * after the engine's step, the damage is added up, and only then are the dead removed (in id order),
 * so the result does not depend on which unit was looked at first.
 */
import { type Simulation, type UnitView, getUnit, listUnits, nearestUnit, removeObstacle, removeUnit } from 'rts-steer';

export type KindName = 'soldier' | 'archer';

export interface UnitKind {
  /** metres and m/s: the body the engine moves */
  readonly radius: number;
  readonly maxSpeed: number;
  readonly health: number;
  /** health taken by one strike */
  readonly damage: number;
  /** seconds between two strikes */
  readonly cooldown: number;
  /** metres, disc edge to disc edge: how near a victim must be to be struck */
  readonly reach: number;
  /** metres, disc to disc: how near an enemy must come for the unit to go for it (an attack-move
   * stops for it, an idle soldier runs at it) */
  readonly sight: number;
  /** gold, and seconds at a base */
  readonly cost: number;
  readonly trainTime: number;
}

/** A soldier is big, quick and strikes hard at arm's length; an archer is small and frail and
 * shoots from afar. */
export const KINDS: Readonly<Record<KindName, UnitKind>> = {
  soldier: { radius: 0.55, maxSpeed: 4.2, health: 120, damage: 14, cooldown: 0.8, reach: 0.4, sight: 6, cost: 50, trainTime: 4 },
  archer: { radius: 0.4, maxSpeed: 3.6, health: 60, damage: 9, cooldown: 1.1, reach: 7, sight: 7, cost: 60, trainTime: 5 },
};

export const KIND_NAMES = Object.keys(KINDS) as KindName[];

/** metres added to a weapon's reach against a building: a crowd round a wall all strike it */
export const BUILDING_REACH = 1.5;

/** A unit's fighting state. */
export interface Fighter {
  readonly kind: KindName;
  health: number;
  /** the first tick it may strike again */
  readyAt: number;
}

/** A headquarters: the building a team loses with. */
export interface Building {
  readonly team: number;
  readonly obstacleId: number;
  /** metres: its centre and half sizes (an axis-aligned box) */
  readonly x: number;
  readonly y: number;
  readonly halfWidth: number;
  readonly halfHeight: number;
  readonly maxHealth: number;
  health: number;
}

/** One strike, kept a moment for drawing (an arrow's line, a blade's flash). */
export interface Strike {
  readonly tick: number;
  readonly kind: KindName;
  readonly from: { readonly x: number; readonly y: number };
  readonly to: { readonly x: number; readonly y: number };
}

/** What the fighting reads and writes. */
export interface Battlefield {
  readonly sim: Simulation;
  readonly fighters: Map<number, Fighter>;
  readonly buildings: readonly Building[];
  /** the last second's strikes, oldest first */
  readonly strikes: Strike[];
  /** units each team has lost */
  readonly losses: number[];
}

/** What the orders layer says about one unit this tick (game.ts). */
export interface StrikeRule {
  /** whether it may strike at all (a unit on a plain move walks on without fighting) */
  mayStrike(unit: UnitView): boolean;
  /** the unit it was told to attack, if any: struck first when in reach */
  preferred(unit: UnitView): number | undefined;
}

/** ticks a strike is kept for drawing */
const STRIKE_SHOWN = 20;

export function enemyTeam(team: number): number {
  return team === 0 ? 1 : 0;
}

/** metres between two units' discs (0 when they touch or overlap). */
export function discGap(a: UnitView, b: UnitView): number {
  return Math.max(0, Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y) - a.radius - b.radius);
}

/** metres from a unit's disc to a building's walls (0 when touching). */
export function buildingGap(unit: UnitView, building: Building): number {
  const dx = Math.max(0, Math.abs(unit.position.x - building.x) - building.halfWidth);
  const dy = Math.max(0, Math.abs(unit.position.y - building.y) - building.halfHeight);
  return Math.max(0, Math.hypot(dx, dy) - unit.radius);
}

/** The enemy nearest a unit within `range` of its disc (disc to disc), if any. */
export function nearestEnemy(sim: Simulation, unit: UnitView, range: number): UnitView | undefined {
  // nearestUnit measures from a point to a disc's edge: from the unit's centre, add its radius
  const id = nearestUnit(sim, unit.position, { teams: [enemyTeam(unit.team)], maxDistance: range + unit.radius });
  return id === undefined ? undefined : getUnit(sim, id);
}

/** The standing enemy headquarters within `range` (plus BUILDING_REACH) of the unit, if any. */
export function buildingInReach(field: Battlefield, unit: UnitView, range: number): Building | undefined {
  return field.buildings.find((building) => building.team !== unit.team && building.health > 0 && buildingGap(unit, building) <= range + BUILDING_REACH);
}

/**
 * One tick of fighting at `tick`: every ready unit the rule lets strike hits its preferred target
 * when in reach, else the nearest enemy in reach, else an enemy headquarters in reach. Then the dead
 * are removed and fallen headquarters taken off the map. Returns the ids of the units that died.
 */
export function resolveStrikes(field: Battlefield, tick: number, rule: StrikeRule): number[] {
  for (const unit of listUnits(field.sim)) {
    const fighter = field.fighters.get(unit.id);
    if (fighter === undefined || fighter.readyAt > tick || !rule.mayStrike(unit)) continue;
    const kind = KINDS[fighter.kind];
    const victim = chosenVictim(field, unit, kind.reach, rule.preferred(unit));
    if (victim !== undefined) {
      field.fighters.get(victim.id)!.health -= kind.damage;
      field.strikes.push({ tick, kind: fighter.kind, from: { ...unit.position }, to: { ...victim.position } });
    } else {
      const building = buildingInReach(field, unit, kind.reach);
      if (building === undefined) continue;
      building.health -= kind.damage;
      const to = { x: Math.min(Math.max(unit.position.x, building.x - building.halfWidth), building.x + building.halfWidth), y: Math.min(Math.max(unit.position.y, building.y - building.halfHeight), building.y + building.halfHeight) };
      field.strikes.push({ tick, kind: fighter.kind, from: { ...unit.position }, to });
    }
    fighter.readyAt = tick + Math.round(kind.cooldown * 60);
  }
  while (field.strikes.length > 0 && field.strikes[0]!.tick < tick - STRIKE_SHOWN) field.strikes.shift();
  return buryTheDead(field);
}

function chosenVictim(field: Battlefield, unit: UnitView, reach: number, preferredId: number | undefined): UnitView | undefined {
  const preferred = preferredId === undefined ? undefined : getUnit(field.sim, preferredId);
  if (preferred !== undefined && preferred.team !== unit.team && discGap(unit, preferred) <= reach) return preferred;
  return nearestEnemy(field.sim, unit, reach);
}

/** Removes units out of health (in id order) and headquarters out of health; the dead's ids. */
function buryTheDead(field: Battlefield): number[] {
  const dead: number[] = [];
  for (const [id, fighter] of field.fighters) if (fighter.health <= 0) dead.push(id);
  dead.sort((a, b) => a - b);
  for (const id of dead) {
    const team = getUnit(field.sim, id)?.team;
    if (team !== undefined) field.losses[team] = (field.losses[team] ?? 0) + 1;
    field.fighters.delete(id);
    removeUnit(field.sim, id);
  }
  for (const building of field.buildings) {
    if (building.health <= 0 && removeObstacle(field.sim, building.obstacleId)) building.health = 0;
  }
  return dead;
}
