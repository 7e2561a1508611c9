// The engine without a screen: npx tsx examples/headless.ts (in a game: import from 'rts-steer').
import { addObstacle, addUnit, createSimulation, getUnit, issueOrder, onSimulationEvent, stepSimulation } from 'rts-steer';

const sim = createSimulation({ width: 60, height: 30 }); // metres; the world's edges are walls
addObstacle(sim, { type: 'circle', x: 30, y: 15, radius: 3 }); // a rock in the middle
const blue = [0, 1, 2, 3].map((i) => addUnit(sim, { x: 5, y: 9 + 4 * i, team: 0 }));
const red = [0, 1, 2, 3].map((i) => addUnit(sim, { x: 55, y: 9 + 4 * i, team: 1 }));
issueOrder(sim, { kind: 'move', unitIds: blue, target: { x: 52, y: 15 } }); // a group move: a slot each
issueOrder(sim, { kind: 'move', unitIds: red, target: { x: 8, y: 15 } });

onSimulationEvent(sim, (event) => {
  if (event.type === 'arrived') console.log(`unit ${event.unitId} arrived at ${event.time.toFixed(1)} s`);
});
for (let tick = 0; tick < 60 * 30; tick++) stepSimulation(sim); // 30 s of fixed 1/60 s ticks

for (const id of [...blue, ...red]) {
  const unit = getUnit(sim, id)!;
  console.log(`unit ${id} (team ${unit.team}) at ${unit.position.x.toFixed(1)}, ${unit.position.y.toFixed(1)}`);
}
