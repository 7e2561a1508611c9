/**
 * The spatial queries' bench row (`npm run bench -- --queries N`): on a skirmish as its timed
 * ticks left it, every unit asks a question once a round, with a tick between rounds so each
 * round pays for sorting the units afresh; beside them, the loop over listUnits a game would
 * write without the queries.
 */
import { median } from '../scenarios/metrics';
import { type Simulation, type UnitView, listUnits, nearestUnit, stepSimulation, unitsInRadius } from '../sim/simulation';

/** Milliseconds for every unit to ask one question, medians over QUERY_TICKS ticks (see queryBenchmark). */
export interface QueryRow {
  /** the nearest unit of another team within QUERY_RANGE metres (nearestUnit) */
  msNearestInRange: number;
  /** the units of every team within QUERY_RANGE metres, nearest first (unitsInRadius) */
  msInRadius: number;
  /** the nearest unit of another team anywhere on the map (nearestUnit without a limit) */
  msNearestAnywhere: number;
  /** that last question answered by a loop over listUnits, as a game without the queries would */
  msNearestByLoop: number;
  /** how many units the radius question found per unit, on average */
  foundPerUnit: number;
}

/** metres: an RTS unit's reach of sight, about */
export const QUERY_RANGE = 15;
/** rounds timed per question */
export const QUERY_TICKS = 5;

/** The spatial queries (sim/nearby.ts) as a game asks them, each round timed. */
export function queryBenchmark(sim: Simulation): QueryRow {
  const out: number[] = [];
  const others = (team: number): number[] => [0, 1, 2, 3].filter((other) => other !== team);
  const byTeam = [0, 1, 2, 3].map(others);
  const timeRound = (ask: (unit: UnitView) => number): [number, number] => {
    stepSimulation(sim);
    let found = 0;
    const start = performance.now();
    for (const unit of listUnits(sim)) found += ask(unit);
    return [performance.now() - start, found];
  };
  const rounds = (ask: (unit: UnitView) => number): number[][] => Array.from({ length: QUERY_TICKS }, () => timeRound(ask));
  const inRange = rounds((unit) => (nearestUnit(sim, unit.position, { teams: byTeam[unit.team]!, maxDistance: QUERY_RANGE }) === undefined ? 0 : 1));
  const inRadius = rounds((unit) => unitsInRadius(sim, unit.position, QUERY_RANGE, out, { exclude: unit.id }));
  const anywhere = rounds((unit) => (nearestUnit(sim, unit.position, { teams: byTeam[unit.team]! }) === undefined ? 0 : 1));
  const byLoop = rounds((unit) => {
    let best = Infinity;
    let bestId = 0;
    for (const other of listUnits(sim)) {
      if (other.team === unit.team) continue;
      const gap = Math.hypot(other.position.x - unit.position.x, other.position.y - unit.position.y) - other.radius;
      if (gap < best) {
        best = gap;
        bestId = other.id;
      }
    }
    return bestId === 0 ? 0 : 1;
  });
  const times = (measured: number[][]): number => median(measured.map(([ms]) => ms!));
  return {
    msNearestInRange: times(inRange),
    msInRadius: times(inRadius),
    msNearestAnywhere: times(anywhere),
    msNearestByLoop: times(byLoop),
    foundPerUnit: median(inRadius.map(([, found]) => found!)) / listUnits(sim).length,
  };
}

