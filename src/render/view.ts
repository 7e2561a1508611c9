/**
 * Draws a read-only view of a simulation with pixi.js. It reads units and obstacles and never
 * writes to the simulation. All units share one GraphicsContext (a unit disc with a heading
 * mark); per frame only positions, rotations and tints change, no display objects are created
 * except when units are added.
 */
import { Container, Graphics, GraphicsContext } from 'pixi.js';
import type { Simulation } from '../sim/simulation';

export const TEAM_COLOURS = [0x4f9dde, 0xe0744f, 0x6cc070, 0xc78fe0, 0xe0c84f, 0x4fd1c5];

export interface SimulationView {
  /** world container: metres, y up (scaled and flipped onto the screen) */
  readonly world: Container;
  /** draws the current state of the simulation */
  update(): void;
  /** fits the whole world into a screen of the given size (pixels) */
  fit(screenWidth: number, screenHeight: number): void;
  destroy(): void;
}

export function createSimulationView(stage: Container, sim: Simulation): SimulationView {
  const world = new Container();
  stage.addChild(world);

  const ground = new Graphics()
    .rect(0, 0, sim.physics.width, sim.physics.height)
    .fill(0x1c2129)
    .stroke({ width: 0.15, color: 0x59606b });
  world.addChild(ground);

  const obstacles = new Graphics();
  world.addChild(obstacles);
  const unitLayer = new Container();
  world.addChild(unitLayer);

  // one shared disc of radius 1 with a heading mark along +x; each unit scales it by its radius
  const unitContext = new GraphicsContext()
    .circle(0, 0, 1)
    .fill(0xffffff)
    .moveTo(0, 0)
    .lineTo(1, 0)
    .stroke({ width: 0.25, color: 0x14171c });
  const sprites = new Map<number, Graphics>();

  function drawObstacles(): void {
    obstacles.clear();
    for (const { shape } of sim.obstacles) {
      if (shape.type === 'circle') obstacles.circle(shape.x, shape.y, shape.radius);
      else if (shape.type === 'box') {
        const c = Math.cos(shape.angle);
        const s = Math.sin(shape.angle);
        const hw = shape.width / 2;
        const hh = shape.height / 2;
        const corners = [
          [-hw, -hh],
          [hw, -hh],
          [hw, hh],
          [-hw, hh],
        ].flatMap(([x, y]) => [shape.x + x! * c - y! * s, shape.y + x! * s + y! * c]);
        obstacles.poly(corners);
      } else obstacles.poly(shape.points.flatMap(([x, y]) => [x, y]));
      obstacles.fill(0x59606b);
    }
  }
  let drawnObstacleCount = -1;

  return {
    world,
    update() {
      if (drawnObstacleCount !== sim.obstacles.length) {
        drawObstacles();
        drawnObstacleCount = sim.obstacles.length;
      }
      for (const unit of sim.units) {
        let sprite = sprites.get(unit.id);
        if (sprite === undefined) {
          sprite = new Graphics(unitContext);
          sprite.tint = TEAM_COLOURS[unit.team % TEAM_COLOURS.length]!;
          sprite.scale.set(unit.radius);
          unitLayer.addChild(sprite);
          sprites.set(unit.id, sprite);
        }
        sprite.position.set(unit.position.x, unit.position.y);
        sprite.rotation = unit.heading;
      }
      if (sprites.size !== sim.units.length) {
        for (const [id, sprite] of sprites) {
          if (!sim.unitsById.has(id)) {
            sprite.destroy();
            sprites.delete(id);
          }
        }
      }
    },
    fit(screenWidth, screenHeight) {
      const margin = 20;
      const scale = Math.min(
        (screenWidth - 2 * margin) / sim.physics.width,
        (screenHeight - 2 * margin) / sim.physics.height,
      );
      world.scale.set(scale, -scale);
      world.position.set(
        (screenWidth - sim.physics.width * scale) / 2,
        (screenHeight + sim.physics.height * scale) / 2,
      );
    },
    destroy() {
      world.destroy({ children: true });
      unitContext.destroy();
    },
  };
}
