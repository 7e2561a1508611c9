/**
 * The queries change nothing: a game (or the page's overlays) asking them every tick gets the same
 * run, to the bit, as one that never asks. Route queries read the navigation map as it stands and
 * make nothing; a tile they made would be one the planner did not have to make later, and routes
 * would be ready on other ticks.
 */
import { describe, expect, it } from 'vitest';
import { listUnits, nearestUnit, stateHash, traceRoute, unitsInBox, unitsInRadius } from '../../src/index';
import { buildBuiltInScenario, startScenarioRun, stepScenarioRun } from '../../src/scenarios/index';
import { situationOverlay } from '../../src/sim/simulation';

function run(name: string, ticks: number, ask: boolean): string {
  // (a run makes the scenario's changes: base-build's buildings go up while orders walk)
  const run = startScenarioRun(buildBuiltInScenario(name));
  const sim = run.sim;
  const out: number[] = [];
  const segments: number[] = [];
  for (let tick = 0; tick < ticks; tick++) {
    stepScenarioRun(run);
    if (!ask) continue;
    for (const unit of listUnits(sim)) {
      traceRoute(sim, unit.id);
      unitsInRadius(sim, unit.position, 6, out, { exclude: unit.id });
      nearestUnit(sim, unit.position, { teams: [unit.team + 1] });
      JSON.stringify(unit);
    }
    unitsInBox(sim, { minX: 0, minY: 0, maxX: 50, maxY: 50 }, out);
    segments.length = 0;
    situationOverlay(sim, segments);
  }
  return stateHash(sim);
}

describe('the queries change nothing', () => {
  // a base being built round walking orders, a door too narrow for the routes' margin (the
  // companion map), a maze: routes whose tiles are made tick by tick
  for (const [name, ticks] of [
    ['base-build', 1200],
    ['tight-door', 600],
    ['maze', 900],
  ] as const) {
    it(`${name}: asked every tick, the same bits as never asked`, () => {
      expect(run(name, ticks, true)).toBe(run(name, ticks, false));
    });
  }
});
