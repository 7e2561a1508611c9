/**
 * A skirmish: what a game's crowd does, rather than one crossing. Units of four teams start in the
 * corners of a 300 m map of rocks and are given random group orders all the time (about two a
 * second: 5 to 60 units of one team to a random point), as players and AI give them; soon most
 * units are on the move, in groups crossing each other at every angle among the rocks. The soak
 * plays it for minutes, and `npm run bench` times it against DetourCrowd given the same orders.
 */
import { createRandom } from '../math/random';
import { type Scenario, parseScenario } from '../scenarios/schema';

/** metres: side of the square map */
export const SKIRMISH_MAP = 300;
const ROCKS = 60;
/** metres: units start within this of their corner's point, 30 m in from both edges (more for big
 * armies: about 4 square metres a unit) */
const CORNER_SPREAD = 25;
/** square metres of its corner's square per unit, at least */
const AREA_PER_UNIT = 4;
/** metres: the most (the corner squares stay apart, and inside the map) */
const CORNER_SPREAD_MAX = 29;
/** places drawn for a unit at most before giving up (a corner is never mostly rock) */
const MAX_DRAWS = 100;
const UNIT_RADIUS = 0.5;
const UNIT_SPEED = 4;

/** One group order: at the start of tick `tick` (1 is the first), the units at these indices of the scenario walk to `target`. */
export interface SkirmishOrder {
  readonly tick: number;
  readonly units: readonly number[];
  readonly target: { readonly x: number; readonly y: number };
}

export interface Skirmish {
  /** the map, its rocks, and the units standing in their corners (no goals) */
  readonly scenario: Scenario;
  /** in tick order */
  readonly orders: readonly SkirmishOrder[];
}

/** The skirmish of `units` units over `ticks` ticks that `seed` draws (the same everywhere). */
export function buildSkirmish(units: number, ticks: number, seed: number): Skirmish {
  const random = createRandom(seed);
  const obstacles = Array.from({ length: ROCKS }, () => ({ type: 'circle' as const, x: random.range(20, SKIRMISH_MAP - 20), y: random.range(20, SKIRMISH_MAP - 20), radius: random.range(1, 5) }));
  const spread = Math.min(CORNER_SPREAD_MAX, Math.max(CORNER_SPREAD, Math.sqrt((units / 4) * AREA_PER_UNIT) / 2));
  const placed = Array.from({ length: units }, (_, index) => {
    const team = index % 4;
    const cornerX = team % 2 === 0 ? 30 : SKIRMISH_MAP - 30;
    const cornerY = team < 2 ? 30 : SKIRMISH_MAP - 30;
    // drawn again while it would stand on a rock
    for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
      const x = cornerX + random.range(-spread, spread);
      const y = cornerY + random.range(-spread, spread);
      if (!obstacles.some((rock) => Math.hypot(x - rock.x, y - rock.y) < rock.radius + UNIT_RADIUS)) return { x, y, radius: UNIT_RADIUS, maxSpeed: UNIT_SPEED, team };
    }
    throw new Error(`the skirmish: no place clear of the rocks for unit ${index} in ${MAX_DRAWS} draws`);
  });
  const description = `${units} units of four teams given random group orders on a ${SKIRMISH_MAP} m map of ${ROCKS} rocks.`;
  const scenario = parseScenario({ name: 'skirmish', description, seed, world: { width: SKIRMISH_MAP, height: SKIRMISH_MAP }, obstacles, units: placed, duration: ticks / 60 }, 'the skirmish');
  const orders: SkirmishOrder[] = [];
  for (let tick = 1; tick <= ticks; tick++) {
    // a group order about every half second
    if (random.next() >= 1 / 30) continue;
    const team = Math.floor(random.range(0, 4));
    const size = Math.floor(random.range(5, 60));
    const group: number[] = [];
    for (let index = team; index < units; index += 4) if (random.next() < size / (units / 4)) group.push(index);
    const target = { x: random.range(10, SKIRMISH_MAP - 10), y: random.range(10, SKIRMISH_MAP - 10) };
    if (group.length > 0) orders.push({ tick, units: group, target });
  }
  return { scenario, orders };
}
