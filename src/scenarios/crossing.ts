import type { CollisionResponse } from '../physics/world';
import { addUnit, createSimulation, issueOrder, type Simulation } from '../sim/simulation';
import type { AvoidanceName } from '../steering/avoidance';

/**
 * Two square blocks of units (radius 0.5 m, 1.5 m apart) that start 6 m apart and walk through
 * each other to the other block's starting place, so the measured ticks are the crossing itself.
 */
export function buildCrossing(units: number, avoidance: AvoidanceName, response: CollisionResponse): Simulation {
  const perSide = Math.floor(units / 2);
  const columns = Math.ceil(Math.sqrt(perSide));
  const spacing = 1.5;
  const blockSize = columns * spacing;
  const margin = 10;
  const gap = 6;
  const width = 2 * margin + 2 * blockSize + gap;
  const height = blockSize + 2 * margin;
  const sim = createSimulation({ width, height, avoidance, response });
  const leftX = margin;
  const rightX = margin + blockSize + gap;
  const sides = [
    { x0: leftX, goalX: rightX + blockSize / 2, team: 0 },
    { x0: rightX, goalX: leftX + blockSize / 2, team: 1 },
  ];
  for (const side of sides) {
    const ids: number[] = [];
    for (let i = 0; i < perSide; i++) {
      const column = i % columns;
      const row = Math.floor(i / columns);
      ids.push(
        addUnit(sim, { x: side.x0 + (column + 0.5) * spacing, y: margin + (row + 0.5) * spacing, team: side.team }),
      );
    }
    issueOrder(sim, { kind: 'move', unitIds: ids, target: { x: side.goalX, y: margin + blockSize / 2 } });
  }
  return sim;
}
