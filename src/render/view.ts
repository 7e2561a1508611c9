/**
 * Draws a read-only view of a simulation with pixi.js. It reads units and obstacles and never
 * writes to the simulation. All units share one GraphicsContext (a unit disc with a heading
 * mark); per frame only positions, rotations and tints change. Selection rings, order markers,
 * the selection box and the debug overlays are each one Graphics, cleared and redrawn per frame,
 * so no display objects are created per frame.
 *
 * The world container is in metres with y up: it flips y and shifts by the world's height, so
 * its parent (the camera) sees a y-down world of width x height.
 */
import { Container, Graphics, GraphicsContext } from 'pixi.js';
import { type ObstacleView, type Simulation, getUnit, listObstacles, listUnits, simulationSettings, traceRoute } from '../sim/simulation';
import { NO_SIDE } from '../steering/agent';
import { RAY_RELATIVE } from '../steering/sensing';

export const TEAM_COLOURS = [0x4f9dde, 0xe0744f, 0x6cc070, 0xc78fe0, 0xe0c84f, 0x4fd1c5];

export interface Overlays {
  /** the three rays of each moving unit, the one that hit highlighted, and the relative-ray hit */
  rays: boolean;
  /** the avoidance force as a line (1 m per max force) */
  forces: boolean;
  /** the avoidance side each unit committed to: a mark on its left or right */
  sides: boolean;
  /** velocity as a line (the distance covered in 0.5 s) */
  velocity: boolean;
  /** the route of the selected units' orders (down their routes) and each unit's waypoint */
  routes: boolean;
}

export interface OrderMarker {
  x: number;
  y: number;
  /** seconds since it was placed */
  age: number;
}

/** How long an order marker takes to fade, seconds. */
export const MARKER_LIFETIME = 1.2;

export interface ViewState {
  readonly selected: ReadonlySet<number>;
  readonly overlays: Readonly<Overlays>;
  /** the box being dragged, in metres, or null */
  readonly selectionBox: { ax: number; ay: number; bx: number; by: number } | null;
  readonly markers: readonly OrderMarker[];
  /** a right-drag setting where a group goes (a) and the way it will face (toward b), or null */
  readonly facingDrag: { ax: number; ay: number; bx: number; by: number } | null;
}

/** How many items each overlay drew in the last update (what the page's test hook reports). */
export interface OverlayCounts {
  /** route polylines drawn (one per order among the selected units) */
  routes: number;
  rays: number;
  forces: number;
  sides: number;
  velocity: number;
  selected: number;
  markers: number;
}

export interface SimulationView {
  /** world container: metres, y up */
  readonly world: Container;
  /** draws the current state of the simulation */
  update(state: ViewState): void;
  readonly counts: Readonly<OverlayCounts>;
  destroy(): void;
}

const RAY_CLEAR = 0x4c566a;
const RAY_HIT = 0xebcb8b;
const FORCE = 0xbf616a;
const VELOCITY = 0xa3be8c;
const SIDE_LEFT = 0x88c0d0;
const SIDE_RIGHT = 0xd08770;
const SELECTED = 0xffffff;
const ROUTE = 0xb48ead;
/** cells traced along a route for drawing, at most */
const MAX_ROUTE_POINTS = 2000;

export function createSimulationView(parent: Container, sim: Simulation): SimulationView {
  const { width, height } = simulationSettings(sim);
  const units = listUnits(sim);
  const world = new Container();
  world.scale.set(1, -1);
  world.position.set(0, height);
  parent.addChild(world);

  const ground = new Graphics()
    .rect(0, 0, width, height)
    .fill(0x1c2129)
    .stroke({ width: 0.15, color: 0x59606b });
  world.addChild(ground);

  const obstacles = new Graphics();
  const markers = new Graphics();
  const rings = new Graphics();
  const unitLayer = new Container();
  const overlay = new Graphics();
  const box = new Graphics();
  world.addChild(obstacles, markers, rings, unitLayer, overlay, box);

  // one shared disc of radius 1 with a heading mark along +x; each unit scales it by its radius
  const unitContext = new GraphicsContext()
    .circle(0, 0, 1)
    .fill(0xffffff)
    .moveTo(0, 0)
    .lineTo(1, 0)
    .stroke({ width: 0.25, color: 0x14171c });
  const sprites = new Map<number, Graphics>();
  const counts: OverlayCounts = { routes: 0, rays: 0, forces: 0, sides: 0, velocity: 0, selected: 0, markers: 0 };

  /** the ids of the obstacles drawn (drawn again when obstacles go up or come down; none are
   * drawn yet, so the list matches no world) */
  let drawnObstacles: number[] = [-1];

  function drawUnits(): void {
    for (const unit of units) {
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
    if (sprites.size === units.length) return;
    for (const [id, sprite] of sprites) {
      if (getUnit(sim, id) !== undefined) continue;
      sprite.destroy();
      sprites.delete(id);
    }
  }

  function drawRings(selected: ReadonlySet<number>): void {
    rings.clear();
    counts.selected = 0;
    for (const id of selected) {
      const unit = getUnit(sim, id);
      if (unit === undefined) continue;
      rings.circle(unit.position.x, unit.position.y, unit.radius + 0.12);
      counts.selected++;
    }
    if (counts.selected === 0) return;
    rings.stroke({ width: 0.08, color: SELECTED });
    // where each selected unit is going: a faint line to its own slot
    for (const id of selected) {
      const unit = getUnit(sim, id);
      if (unit === undefined || unit.task.kind !== 'move') continue;
      rings.moveTo(unit.position.x, unit.position.y).lineTo(unit.task.target.x, unit.task.target.y);
      rings.circle(unit.task.target.x, unit.task.target.y, 0.1);
    }
    rings.stroke({ width: 0.03, color: SELECTED, alpha: 0.3 });
  }

  function drawMarkers(list: readonly OrderMarker[]): void {
    markers.clear();
    counts.markers = 0;
    for (const marker of list) {
      const left = 1 - marker.age / MARKER_LIFETIME;
      if (left <= 0) continue;
      const size = 0.3 + 0.5 * (1 - left);
      markers
        .circle(marker.x, marker.y, size)
        .stroke({ width: 0.08, color: 0xa3be8c, alpha: left })
        .moveTo(marker.x - 0.2, marker.y)
        .lineTo(marker.x + 0.2, marker.y)
        .moveTo(marker.x, marker.y - 0.2)
        .lineTo(marker.x, marker.y + 0.2)
        .stroke({ width: 0.06, color: 0xa3be8c, alpha: left });
      counts.markers++;
    }
  }

  /** The route of each order among the selected units, traced from its first selected unit. */
  const traced = new Set<number>();
  function drawRoutes(selected: ReadonlySet<number>): void {
    traced.clear();
    for (const id of selected) {
      const unit = getUnit(sim, id);
      if (unit === undefined || unit.task.kind !== 'move') continue;
      // each unit's next waypoint on the way round (none on a straight walk)
      const waypoint = unit.waypoint;
      const target = unit.task.target;
      if (waypoint.x !== target.x || waypoint.y !== target.y) overlay.moveTo(unit.position.x, unit.position.y).lineTo(waypoint.x, waypoint.y);
      if (traced.has(unit.task.orderId)) continue;
      const points = traceRoute(sim, id, MAX_ROUTE_POINTS);
      // a unit pressed into a wall's margin has no path to trace: another of the order may
      if (points.length < 4) continue;
      traced.add(unit.task.orderId);
      overlay.moveTo(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) overlay.lineTo(points[i]!, points[i + 1]!);
      counts.routes++;
    }
    overlay.stroke({ width: 0.08, color: ROUTE, alpha: 0.8 });
  }

  function drawOverlays(on: Readonly<Overlays>, selected: ReadonlySet<number>): void {
    overlay.clear();
    counts.routes = 0;
    if (on.routes) drawRoutes(selected);
    counts.rays = 0;
    counts.forces = 0;
    counts.sides = 0;
    counts.velocity = 0;
    if (on.rays) {
      // rays that hit nothing, then the ones that hit (highlighted) with the threat point
      for (const unit of units) {
        if (!unit.sensing.raysCast) continue;
        for (const ray of unit.sensing.rays) {
          if (ray.hitFraction < 1) continue;
          overlay.moveTo(ray.origin.x, ray.origin.y).lineTo(ray.end.x, ray.end.y);
          counts.rays++;
        }
      }
      overlay.stroke({ width: 0.03, color: RAY_CLEAR });
      for (const unit of units) {
        if (!unit.sensing.raysCast) continue;
        for (const ray of unit.sensing.rays) {
          if (ray.hitFraction >= 1) continue;
          const x = ray.origin.x + (ray.end.x - ray.origin.x) * ray.hitFraction;
          const y = ray.origin.y + (ray.end.y - ray.origin.y) * ray.hitFraction;
          overlay.moveTo(ray.origin.x, ray.origin.y).lineTo(x, y);
          counts.rays++;
        }
        const threat = unit.sensing.threat;
        if (threat.kind !== 'none' && threat.ray === RAY_RELATIVE) {
          // a unit threat: where this unit will be when it touches it
          overlay.moveTo(unit.position.x, unit.position.y).lineTo(threat.point.x, threat.point.y);
          overlay.circle(threat.point.x, threat.point.y, 0.08);
          counts.rays++;
        }
      }
      overlay.stroke({ width: 0.05, color: RAY_HIT });
    }
    if (on.forces) {
      for (const unit of units) {
        const force = unit.avoidance.force;
        if (force.x === 0 && force.y === 0) continue;
        const scale = 1 / unit.maxForce;
        overlay.moveTo(unit.position.x, unit.position.y).lineTo(unit.position.x + force.x * scale, unit.position.y + force.y * scale);
        counts.forces++;
      }
      overlay.stroke({ width: 0.06, color: FORCE });
    }
    if (on.sides) {
      for (const side of [1, -1] as const) {
        for (const unit of units) {
          if (unit.avoidSide !== side || unit.avoidSide === NO_SIDE) continue;
          // a dot on the unit's left (side 1) or right (side -1) of its heading
          const angle = unit.heading + (side * Math.PI) / 2;
          overlay.circle(unit.position.x + Math.cos(angle) * unit.radius * 0.6, unit.position.y + Math.sin(angle) * unit.radius * 0.6, unit.radius * 0.22);
          counts.sides++;
        }
        overlay.fill(side === 1 ? SIDE_LEFT : SIDE_RIGHT);
      }
    }
    if (on.velocity) {
      for (const unit of units) {
        const { x, y } = unit.velocity;
        if (x * x + y * y < 1e-4) continue;
        overlay.moveTo(unit.position.x, unit.position.y).lineTo(unit.position.x + x * 0.5, unit.position.y + y * 0.5);
        counts.velocity++;
      }
      overlay.stroke({ width: 0.04, color: VELOCITY });
    }
  }

  function drawBox(selection: ViewState['selectionBox'], facing: ViewState['facingDrag']): void {
    box.clear();
    if (facing !== null && Math.hypot(facing.bx - facing.ax, facing.by - facing.ay) > 0.3) {
      // an arrow from the target the way the group will face
      const angle = Math.atan2(facing.by - facing.ay, facing.bx - facing.ax);
      const head = 0.6;
      box
        .moveTo(facing.ax, facing.ay)
        .lineTo(facing.bx, facing.by)
        .moveTo(facing.bx - head * Math.cos(angle - 0.5), facing.by - head * Math.sin(angle - 0.5))
        .lineTo(facing.bx, facing.by)
        .lineTo(facing.bx - head * Math.cos(angle + 0.5), facing.by - head * Math.sin(angle + 0.5))
        .stroke({ width: 0.1, color: 0xa3be8c });
    }
    if (selection === null) return;
    const x = Math.min(selection.ax, selection.bx);
    const y = Math.min(selection.ay, selection.by);
    box
      .rect(x, y, Math.abs(selection.bx - selection.ax), Math.abs(selection.by - selection.ay))
      .fill({ color: SELECTED, alpha: 0.08 })
      .stroke({ width: 0.06, color: SELECTED, alpha: 0.8 });
  }

  return {
    world,
    counts,
    update(state) {
      const obstacleList = listObstacles(sim);
      if (drawnObstacles.length !== obstacleList.length || obstacleList.some((obstacle, index) => obstacle.id !== drawnObstacles[index])) {
        drawObstacles(obstacles, obstacleList.map((obstacle) => obstacle.shape));
        drawnObstacles = obstacleList.map((obstacle) => obstacle.id);
      }
      drawUnits();
      drawRings(state.selected);
      drawMarkers(state.markers);
      drawOverlays(state.overlays, state.selected);
      drawBox(state.selectionBox, state.facingDrag);
    },
    destroy() {
      // the unit sprites share one context, destroyed once after them; every other Graphics
      // owns its own
      unitLayer.destroy({ children: true });
      world.destroy({ children: true, context: true });
      unitContext.destroy();
    },
  };
}

function drawObstacles(graphics: Graphics, shapes: ReadonlyArray<ObstacleView['shape']>): void {
  graphics.clear();
  for (const shape of shapes) {
    if (shape.type === 'circle') graphics.circle(shape.x, shape.y, shape.radius);
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
      graphics.poly(corners);
    } else graphics.poly(shape.points.flatMap(([x, y]) => [x, y]));
    graphics.fill(0x59606b);
  }
}
