/**
 * Draws what the page's simulation worker sends (src/app/snapshot.ts) with pixi.js; it never sees
 * the simulation itself. Units are particles of one ParticleContainer sharing one texture (a disc
 * with a heading mark): one draw batch for all of them, whose positions are interpolated between
 * the last two snapshots so drawing stays smooth whatever rate the worker ticks at. Selection
 * rings, order markers, the selection box and the debug overlays are each one Graphics, cleared
 * and redrawn per frame, so no display objects are created per frame.
 *
 * The world container is in metres with y up: it flips y and shifts by the world's height, so
 * its parent (the camera) sees a y-down world of width x height.
 */
import { Container, Graphics, type Renderer, Particle, ParticleContainer, type Texture } from 'pixi.js';
import { type ObstacleShape, boxCorners } from '../math/shapes';
import { TEAM_COLOURS } from './colours';
import { type Snapshot, U_HEADING, U_MOVING, U_RADIUS, U_TARGET_X, U_TARGET_Y, U_TEAM, U_X, U_Y, UNIT_STRIDE } from './snapshot';


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
  /** each order walking as a block: its box, and a line for the step aside it takes (1 s of it) */
  blocks: boolean;
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
  /** the box being dragged, in metres, or null */
  readonly selectionBox: { ax: number; ay: number; bx: number; by: number } | null;
  readonly markers: readonly OrderMarker[];
  /** a right-drag setting where a group goes (a) and the way it will face (toward b), or null */
  readonly facingDrag: { ax: number; ay: number; bx: number; by: number } | null;
}

/** What to draw: the last two snapshots and how far between them this frame lies. */
export interface Frame {
  readonly previous: Snapshot | null;
  readonly latest: Snapshot;
  /** 0 draws `previous`, 1 draws `latest` */
  readonly alpha: number;
  /** the obstacles standing (the latest list the worker sent) */
  readonly obstacles: readonly ObstacleShape[];
}

/** How many items each overlay drew in the last update (what the page's test hook reports). */
export interface OverlayCounts {
  /** route polylines drawn (one per order among the selected units) */
  routes: number;
  rays: number;
  forces: number;
  sides: number;
  velocity: number;
  /** lines of the orders' boxes and steps aside drawn (four per box, one per step) */
  blocks: number;
  selected: number;
  markers: number;
}

export interface SimulationView {
  /** world container: metres, y up */
  readonly world: Container;
  /** draws a frame */
  update(frame: Frame, state: ViewState): void;
  /** where the units were drawn in the last update, metres: x, y per unit in snapshot order
   * (empty before the first update) */
  drawnPositions(): Readonly<Float64Array>;
  readonly counts: Readonly<OverlayCounts>;
  destroy(): void;
}

const RAY_CLEAR = 0x4c566a;
const RAY_HIT = 0xebcb8b;
const FORCE = 0xbf616a;
const VELOCITY = 0xa3be8c;
const BLOCK = 0x8fbcbb;
const SIDE_LEFT = 0x88c0d0;
const SIDE_RIGHT = 0xd08770;
const SELECTED = 0xffffff;
const ROUTE = 0xb48ead;

/** What each overlay's colours mean, for the page's legend (the same colours the view draws). */
export const OVERLAY_LEGEND: { readonly [K in keyof Overlays]: ReadonlyArray<readonly [colour: number, meaning: string]> } = {
  routes: [[ROUTE, 'route of the selection, and each unit\'s next waypoint']],
  rays: [
    [RAY_CLEAR, 'look-ahead ray, clear'],
    [RAY_HIT, 'ray that hits, and where the unit would touch'],
  ],
  forces: [[FORCE, 'avoidance force']],
  sides: [
    [SIDE_LEFT, 'passes on its left'],
    [SIDE_RIGHT, 'passes on its right'],
  ],
  velocity: [[VELOCITY, 'velocity (0.5 s of travel)']],
  blocks: [[BLOCK, 'the situations: an order walking as a block, and its step aside (1 s of it); a door where an order holds back, and the way of the order whose turn it is; a door passed in halves']],
};
/** pixels of the unit texture's disc radius (particles are scaled to each unit's radius) */
const TEXTURE_RADIUS = 64;

export function createSimulationView(parent: Container, renderer: Renderer, size: { width: number; height: number }): SimulationView {
  const { width, height } = size;
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
  // positions and rotations change every frame; scale and tint only when a unit is first drawn
  const unitLayer = new ParticleContainer({ dynamicProperties: { position: true, rotation: true, vertex: false, color: false } });
  const overlay = new Graphics();
  const box = new Graphics();
  world.addChild(obstacles, markers, rings, unitLayer, overlay, box);

  // one texture for every unit: a white disc with a heading mark along +x, tinted per team
  const disc = new Graphics()
    .circle(TEXTURE_RADIUS, TEXTURE_RADIUS, TEXTURE_RADIUS)
    .fill(0xffffff)
    .moveTo(TEXTURE_RADIUS, TEXTURE_RADIUS)
    .lineTo(2 * TEXTURE_RADIUS, TEXTURE_RADIUS)
    .stroke({ width: 0.25 * TEXTURE_RADIUS, color: 0x14171c });
  const unitTexture: Texture = renderer.generateTexture({ target: disc, resolution: 1, antialias: true });
  disc.destroy();

  const counts: OverlayCounts = { routes: 0, rays: 0, forces: 0, sides: 0, velocity: 0, blocks: 0, selected: 0, markers: 0 };
  /** positions drawn in the last update, two numbers per unit in snapshot order */
  let drawn = new Float64Array(0);
  /** the ids the particles were made for, in order */
  let particleIds: Int32Array = new Int32Array(0);
  let drawnObstacles: readonly ObstacleShape[] | null = null;

  /** Particles for the latest snapshot's units (made again only when the units change). */
  function matchParticles(latest: Snapshot): void {
    const ids = latest.ids;
    if (ids.length === particleIds.length && ids.every((id, index) => id === particleIds[index])) return;
    unitLayer.removeParticles();
    for (let index = 0; index < ids.length; index++) {
      const at = index * UNIT_STRIDE;
      const scale = latest.units[at + U_RADIUS]! / TEXTURE_RADIUS;
      unitLayer.addParticle(
        new Particle({ texture: unitTexture, anchorX: 0.5, anchorY: 0.5, scaleX: scale, scaleY: scale, tint: TEAM_COLOURS[latest.units[at + U_TEAM]! % TEAM_COLOURS.length]! }),
      );
    }
    particleIds = ids.slice();
  }

  function drawUnits(frame: Frame): void {
    const { latest, alpha } = frame;
    matchParticles(latest);
    const count = latest.ids.length;
    if (drawn.length !== 2 * count) drawn = new Float64Array(2 * count);
    // interpolate only between snapshots of the same units
    const previous = frame.previous !== null && frame.previous.ids.length === count && frame.previous.ids[0] === latest.ids[0] ? frame.previous : null;
    const particles = unitLayer.particleChildren;
    for (let index = 0; index < count; index++) {
      const at = index * UNIT_STRIDE;
      let x = latest.units[at + U_X]!;
      let y = latest.units[at + U_Y]!;
      let heading = latest.units[at + U_HEADING]!;
      if (previous !== null && alpha < 1) {
        x = previous.units[at + U_X]! + (x - previous.units[at + U_X]!) * alpha;
        y = previous.units[at + U_Y]! + (y - previous.units[at + U_Y]!) * alpha;
        // the short way round
        const from = previous.units[at + U_HEADING]!;
        let turn = heading - from;
        turn -= 2 * Math.PI * Math.round(turn / (2 * Math.PI));
        heading = from + turn * alpha;
      }
      const particle = particles[index]!;
      particle.x = x;
      particle.y = y;
      particle.rotation = heading;
      drawn[2 * index] = x;
      drawn[2 * index + 1] = y;
    }
    unitLayer.update();
  }

  return {
    world,
    counts,
    update(frame, state) {
      if (frame.obstacles !== drawnObstacles) {
        drawObstacles(obstacles, frame.obstacles);
        drawnObstacles = frame.obstacles;
      }
      drawUnits(frame);
      drawRings(rings, frame, state.selected, drawn, counts);
      drawMarkers(markers, state.markers, counts);
      drawOverlays(overlay, frame, counts);
      drawBox(box, state.selectionBox, state.facingDrag);
    },
    drawnPositions: () => drawn,
    destroy() {
      world.destroy({ children: true, context: true });
      unitTexture.destroy(true);
    },
  };
}

/** A ring round each selected unit (where it was drawn), and a faint line to its own slot. */
function drawRings(rings: Graphics, frame: Frame, selected: ReadonlySet<number>, drawn: Float64Array, counts: OverlayCounts): void {
  rings.clear();
  counts.selected = 0;
  if (selected.size === 0) return;
  const { ids, units } = frame.latest;
  for (let index = 0; index < ids.length; index++) {
    if (!selected.has(ids[index]!)) continue;
    rings.circle(drawn[2 * index]!, drawn[2 * index + 1]!, units[index * UNIT_STRIDE + U_RADIUS]! + 0.12);
    counts.selected++;
  }
  if (counts.selected === 0) return;
  rings.stroke({ width: 0.08, color: SELECTED });
  // where each selected unit is going: a faint line to its own slot
  for (let index = 0; index < ids.length; index++) {
    const at = index * UNIT_STRIDE;
    if (!selected.has(ids[index]!) || units[at + U_MOVING] !== 1) continue;
    rings.moveTo(drawn[2 * index]!, drawn[2 * index + 1]!).lineTo(units[at + U_TARGET_X]!, units[at + U_TARGET_Y]!);
    rings.circle(units[at + U_TARGET_X]!, units[at + U_TARGET_Y]!, 0.1);
  }
  rings.stroke({ width: 0.03, color: SELECTED, alpha: 0.3 });
}

/** The move orders' markers, fading as they age. */
function drawMarkers(markers: Graphics, list: readonly OrderMarker[], counts: OverlayCounts): void {
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

/** Segments [x0, y0, x1, y1, ...] into the overlay; returns how many. */
function segments(overlay: Graphics, list: Float64Array): number {
  for (let i = 0; i < list.length; i += 4) overlay.moveTo(list[i]!, list[i + 1]!).lineTo(list[i + 2]!, list[i + 3]!);
  return list.length / 4;
}

/** Dots [x, y, radius, ...] into the overlay; returns how many. */
function dots(overlay: Graphics, list: Float64Array): number {
  for (let i = 0; i < list.length; i += 3) overlay.circle(list[i]!, list[i + 1]!, list[i + 2]!);
  return list.length / 3;
}

/** The overlays the snapshot carries: routes, rays, forces, sides, velocities, the situations' lines. */
function drawOverlays(overlay: Graphics, frame: Frame, counts: OverlayCounts): void {
  const data = frame.latest.overlays;
  overlay.clear();
  // each selected unit's next waypoint on the way round, and each order's route
  segments(overlay, data.waypoints);
  let start = 0;
  for (const end of data.routeEnds) {
    overlay.moveTo(data.routes[start]!, data.routes[start + 1]!);
    for (let i = start + 2; i < end; i += 2) overlay.lineTo(data.routes[i]!, data.routes[i + 1]!);
    start = end;
  }
  counts.routes = data.routeEnds.length;
  if (data.waypoints.length > 0 || counts.routes > 0) overlay.stroke({ width: 0.08, color: ROUTE, alpha: 0.8 });
  // rays that hit nothing, then the ones that hit (highlighted) with the threat points
  counts.rays = segments(overlay, data.raysClear);
  if (data.raysClear.length > 0) overlay.stroke({ width: 0.03, color: RAY_CLEAR });
  counts.rays += segments(overlay, data.raysHit);
  dots(overlay, data.threatDots);
  if (data.raysHit.length > 0) overlay.stroke({ width: 0.05, color: RAY_HIT });
  counts.forces = segments(overlay, data.forces);
  if (counts.forces > 0) overlay.stroke({ width: 0.06, color: FORCE });
  const left = dots(overlay, data.leftDots);
  if (left > 0) overlay.fill(SIDE_LEFT);
  const right = dots(overlay, data.rightDots);
  if (right > 0) overlay.fill(SIDE_RIGHT);
  counts.sides = left + right;
  counts.velocity = segments(overlay, data.velocity);
  if (counts.velocity > 0) overlay.stroke({ width: 0.04, color: VELOCITY });
  // four edges per box, and one line per step aside
  counts.blocks = segments(overlay, data.blocks);
  if (counts.blocks > 0) overlay.stroke({ width: 0.1, color: BLOCK, alpha: 0.8 });
}

/** The selection box being dragged, and the arrow of the way a group will face. */
function drawBox(box: Graphics, selection: ViewState['selectionBox'], facing: ViewState['facingDrag']): void {
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

function drawObstacles(graphics: Graphics, shapes: readonly ObstacleShape[]): void {
  graphics.clear();
  for (const shape of shapes) {
    if (shape.type === 'circle') graphics.circle(shape.x, shape.y, shape.radius);
    else if (shape.type === 'box') graphics.poly(boxCorners(shape).flat());
    else graphics.poly(shape.points.flat());
    graphics.fill(0x59606b);
  }
}
