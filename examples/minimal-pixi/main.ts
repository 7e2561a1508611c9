/**
 * The smallest page: twelve units drawn with pixi.js; right-click anywhere and they walk there as
 * a group. The simulation ticks at a fixed 60 Hz on this thread; pixi only draws.
 */
import { Application, Graphics } from 'pixi.js';
import { addUnit, createSimulation, issueOrder, listUnits, stepSimulation } from 'rts-steer';

const WORLD = { width: 40, height: 25 }; // metres, y up
const SCALE = 24; // pixels per metre

const sim = createSimulation(WORLD);
const ids = Array.from({ length: 12 }, (_, i) => addUnit(sim, { x: 4 + 1.5 * (i % 3), y: 9 + 1.5 * Math.floor(i / 3) }));

const app = new Application();
await app.init({ width: WORLD.width * SCALE, height: WORLD.height * SCALE, background: 0x1d2430, antialias: true });
document.body.appendChild(app.canvas);
const drawing = new Graphics();
app.stage.addChild(drawing);

const toWorld = (px: number, py: number) => ({ x: px / SCALE, y: WORLD.height - py / SCALE });
app.canvas.addEventListener('contextmenu', (event) => {
  event.preventDefault();
  issueOrder(sim, { kind: 'move', unitIds: ids, target: toWorld(event.offsetX, event.offsetY) });
});

let owed = 0;
app.ticker.add((ticker) => {
  owed = Math.min(owed + ticker.deltaMS / 1000, 0.25);
  for (; owed >= 1 / 60; owed -= 1 / 60) stepSimulation(sim);
  drawing.clear();
  for (const unit of listUnits(sim)) {
    const x = unit.position.x * SCALE;
    const y = (WORLD.height - unit.position.y) * SCALE;
    drawing.circle(x, y, unit.radius * SCALE).fill(0x4a90e2);
    drawing.moveTo(x, y).lineTo(x + Math.cos(unit.heading) * unit.radius * SCALE, y - Math.sin(unit.heading) * unit.radius * SCALE).stroke({ width: 2, color: 0x10141a });
  }
});

// for the browser test (test/examples/examples.test.ts)
Object.assign(window, { __minimal: { units: () => listUnits(sim).map((unit) => ({ id: unit.id, x: unit.position.x, y: unit.position.y })), scale: SCALE, height: WORLD.height } });
