/**
 * The planck.js world and the bodies in it. This folder is the only place that imports planck:
 * the rest of the engine sees plain numbers and {x, y} vectors.
 */
import type { ObstacleShape } from '../math/shapes';
import { type Body, Box, Circle, Edge, type Fixture, Polygon, World } from 'planck';
import type { ReadonlyVec2, Vec2 } from '../math/vec2';
import type { Agent } from '../steering/agent';

/** How units that touch are resolved: see response.ts. */
export type CollisionResponse = 'sideways' | 'physics';
export const COLLISION_RESPONSES: readonly CollisionResponse[] = ['sideways', 'physics'];

/** What a fixture belongs to; stored as the fixture's user data. */
export type BodyTag =
  | { readonly kind: 'unit'; readonly unit: Agent }
  | { readonly kind: 'obstacle'; readonly obstacleId: number }
  | { readonly kind: 'wall' };

export interface PhysicsWorld {
  readonly world: World;
  /** metres; the walls run along x = 0, x = width, y = 0, y = height */
  readonly width: number;
  readonly height: number;
  /** read by the contact listener at every contact, so it can be switched between ticks */
  response: CollisionResponse;
}

export interface PhysicsWorldDef {
  width: number;
  height: number;
  response: CollisionResponse;
}

export function createPhysicsWorld(def: PhysicsWorldDef): PhysicsWorld {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const walls = world.createBody({ type: 'static' });
  const corners: Array<[number, number]> = [
    [0, 0],
    [def.width, 0],
    [def.width, def.height],
    [0, def.height],
  ];
  const wallTag: BodyTag = { kind: 'wall' };
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corners[i]!;
    const [bx, by] = corners[(i + 1) % 4]!;
    walls.createFixture(new Edge({ x: ax, y: ay }, { x: bx, y: by }), {
      friction: 0,
      restitution: 0,
      userData: wallTag,
    });
  }
  return { world, width: def.width, height: def.height, response: def.response };
}

/** A planck body, opaque to the code outside this folder. */
export type UnitBody = Body;

export function bodyTag(fixture: Fixture): BodyTag | null {
  return (fixture.getUserData() as BodyTag | undefined) ?? null;
}

export interface UnitBodyDef {
  unit: Agent;
  position: ReadonlyVec2;
  radius: number;
  mass: number;
}

/**
 * A unit: a dynamic body with one circle fixture, no friction, no bounce, no rotation (heading
 * follows the velocity, not the body angle).
 */
export function createUnitBody(physics: PhysicsWorld, def: UnitBodyDef): Body {
  const body = physics.world.createBody({
    type: 'dynamic',
    position: { x: def.position.x, y: def.position.y },
    fixedRotation: true,
    linearDamping: 0,
  });
  const tag: BodyTag = { kind: 'unit', unit: def.unit };
  body.createFixture(new Circle(def.radius), {
    density: def.mass / (Math.PI * def.radius * def.radius),
    friction: 0,
    restitution: 0,
    userData: tag,
  });
  return body;
}

export type { ObstacleShape };

/** What the sense phase needs of an obstacle: its fixture for exact ray casts and its bounds. */
export interface ObstacleSensor {
  readonly obstacleId: number;
  readonly fixture: Fixture;
  /** metres: axis-aligned bounds of the shape */
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** centre and radius of a circle around the whole obstacle, for steering around it */
  readonly centre: ReadonlyVec2;
  readonly boundingRadius: number;
  /** the circle itself for a circle obstacle (tested in closed form), else null */
  readonly circle: { readonly x: number; readonly y: number; readonly radius: number } | null;
}

/** A static body for an obstacle. The shape must already be validated (see obstacles.ts). */
export function createObstacleBody(
  physics: PhysicsWorld,
  obstacleId: number,
  shape: ObstacleShape,
): { body: Body; sensor: ObstacleSensor } {
  const body = physics.world.createBody({ type: 'static' });
  const bounds = obstacleBoundingCircle(shape);
  const centre = { x: bounds.x, y: bounds.y };
  const tag: BodyTag = { kind: 'obstacle', obstacleId };
  const options = { friction: 0, restitution: 0, userData: tag };
  let fixture: Fixture;
  switch (shape.type) {
    case 'circle':
      fixture = body.createFixture(new Circle({ x: shape.x, y: shape.y }, shape.radius), options);
      break;
    case 'box':
      fixture = body.createFixture(
        new Box(shape.width / 2, shape.height / 2, { x: shape.x, y: shape.y }, shape.angle),
        options,
      );
      break;
    case 'polygon':
      fixture = body.createFixture(new Polygon(shape.points.map(([x, y]) => ({ x, y }))), options);
      break;
  }
  const aabb = fixture.getAABB(0);
  const sensor: ObstacleSensor = {
    obstacleId,
    fixture,
    minX: aabb.lowerBound.x,
    minY: aabb.lowerBound.y,
    maxX: aabb.upperBound.x,
    maxY: aabb.upperBound.y,
    centre,
    boundingRadius: bounds.radius,
    circle: shape.type === 'circle' ? { x: shape.x, y: shape.y, radius: shape.radius } : null,
  };
  return { body, sensor };
}

/** A circle around the whole obstacle: exact for circles, around the vertices' mean otherwise. */
export function obstacleBoundingCircle(shape: ObstacleShape): { x: number; y: number; radius: number } {
  if (shape.type === 'circle') return { x: shape.x, y: shape.y, radius: shape.radius };
  if (shape.type === 'box') {
    return { x: shape.x, y: shape.y, radius: Math.hypot(shape.width, shape.height) / 2 };
  }
  let cx = 0;
  let cy = 0;
  for (const [x, y] of shape.points) {
    cx += x;
    cy += y;
  }
  cx /= shape.points.length;
  cy /= shape.points.length;
  let radius = 0;
  for (const [x, y] of shape.points) radius = Math.max(radius, Math.hypot(x - cx, y - cy));
  return { x: cx, y: cy, radius };
}

export function destroyBody(physics: PhysicsWorld, body: Body): void {
  physics.world.destroyBody(body);
}

/** Copies the body's position and velocity into plain vectors (planck's are never kept). */
export function readBodyState(body: Body, position: Vec2, velocity: Vec2): void {
  const p = body.getPosition();
  position.x = p.x;
  position.y = p.y;
  const v = body.getLinearVelocity();
  velocity.x = v.x;
  velocity.y = v.y;
}

/**
 * Applies `force` (newtons) for the coming step, reduced if needed so the velocity it produces
 * (v + F dt / m) stays within maxSpeed. `wake` says whether a sleeping body is woken for it
 * (a sleeping body is at rest, so a braking force need not wake it).
 */
export function applySteeringForce(
  body: Body,
  force: ReadonlyVec2,
  mass: number,
  maxSpeed: number,
  dt: number,
  wake: boolean,
): void {
  if (force.x === 0 && force.y === 0) return;
  const v = body.getLinearVelocity();
  let nextX = v.x + (force.x * dt) / mass;
  let nextY = v.y + (force.y * dt) / mass;
  const speedSq = nextX * nextX + nextY * nextY;
  if (speedSq > maxSpeed * maxSpeed) {
    const factor = maxSpeed / Math.sqrt(speedSq);
    nextX *= factor;
    nextY *= factor;
  }
  _apply_force.x = ((nextX - v.x) * mass) / dt;
  _apply_force.y = ((nextY - v.y) * mass) / dt;
  body.applyForceToCenter(_apply_force, wake);
}

const _apply_force = { x: 0, y: 0 };

/**
 * After the step, contacts may have pushed a unit past maxSpeed. An impulse takes the excess
 * away (no position is ever set), so speed never exceeds maxSpeed between ticks.
 */
export function limitSpeed(body: Body, mass: number, maxSpeed: number): void {
  const v = body.getLinearVelocity();
  const speedSq = v.x * v.x + v.y * v.y;
  if (speedSq <= maxSpeed * maxSpeed) return;
  const keep = maxSpeed / Math.sqrt(speedSq);
  _limit_impulse.x = v.x * (keep - 1) * mass;
  _limit_impulse.y = v.y * (keep - 1) * mass;
  body.applyLinearImpulse(_limit_impulse, body.getWorldCenter(), false);
}

const _limit_impulse = { x: 0, y: 0 };
