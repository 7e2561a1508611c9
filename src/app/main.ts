/**
 * The demo page: wires a simulation, its pixi view and a fixed-step loop. The simulation runs at
 * its own fixed tick whatever the frame rate (accumulator, with a cap on catch-up ticks).
 */
import { Application } from 'pixi.js';
import { buildCrossing } from '../scenarios/crossing';
import { createSimulationView } from '../render/view';
import { setAvoidance, stepSimulation } from '../sim/simulation';
import { AVOIDANCE_NAMES, type AvoidanceName } from '../steering/avoidance';

/** at most this many ticks per frame, so a slow frame does not snowball */
const MAX_TICKS_PER_FRAME = 4;

async function start(): Promise<void> {
  const app = new Application();
  await app.init({ resizeTo: window, background: 0x14171c, antialias: true });
  document.body.appendChild(app.canvas);

  const sim = buildCrossing(200, 'rays', 'sideways');
  const view = createSimulationView(app.stage, sim);
  const fit = () => view.fit(app.screen.width, app.screen.height);
  fit();
  app.renderer.on('resize', fit);

  const hud = document.getElementById('hud')!;
  const avoidance = document.getElementById('avoidance') as HTMLSelectElement;
  for (const name of AVOIDANCE_NAMES) avoidance.add(new Option(name, name, false, name === sim.strategy.name));
  avoidance.addEventListener('change', () => setAvoidance(sim, avoidance.value as AvoidanceName));
  let accumulator = 0;
  app.ticker.add((ticker) => {
    accumulator += ticker.deltaMS / 1000;
    let ticks = 0;
    while (accumulator >= sim.dt && ticks < MAX_TICKS_PER_FRAME) {
      stepSimulation(sim);
      accumulator -= sim.dt;
      ticks++;
    }
    if (ticks === MAX_TICKS_PER_FRAME) accumulator = 0;
    view.update();
    hud.textContent = `${sim.units.length} units   t ${(sim.tick * sim.dt).toFixed(1)} s   tick ${sim.timing.tickMs.toFixed(2)} ms   ${ticker.FPS.toFixed(0)} fps`;
  });

  // read-only hook for the browser tests
  (window as unknown as { __rts: unknown }).__rts = {
    tick: () => sim.tick,
    avoidance: () => sim.strategy.name,
    units: () => sim.units.map((unit) => ({ id: unit.id, x: unit.position.x, y: unit.position.y, team: unit.team })),
  };
}

start().catch((error: unknown) => {
  console.error(error);
});
