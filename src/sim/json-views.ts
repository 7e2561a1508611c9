/**
 * The plain-data copies of units and obstacles (their `toJSON`): what `JSON.stringify` and
 * `postMessage` carry instead of the live views, which hold physics bodies and routes.
 */
import { copyShape } from '../math/shapes';
import type { ObstacleJson, ObstacleRecord, Unit, UnitJson } from './state';

/** UnitView.toJSON, shared by every unit. */
export function unitJson(this: Unit): UnitJson {
  const task = this.task;
  return {
    id: this.id,
    team: this.team,
    radius: this.radius,
    mass: this.mass,
    maxSpeed: this.maxSpeed,
    maxForce: this.maxForce,
    position: { x: this.position.x, y: this.position.y },
    velocity: { x: this.velocity.x, y: this.velocity.y },
    heading: this.heading,
    avoidSide: this.avoidSide,
    task:
      task.kind === 'idle'
        ? { kind: 'idle' }
        : {
            kind: 'move',
            orderId: task.orderId,
            target: { x: task.target.x, y: task.target.y },
            group: task.group === null ? null : { target: { x: task.group.target.x, y: task.group.target.y }, radius: task.group.radius },
          },
    holding: this.holding,
    engagedWith: this.engagedWith,
    waypoint: { x: this.waypoint.x, y: this.waypoint.y },
    avoidance: { side: this.avoidance.side, force: { x: this.avoidance.force.x, y: this.avoidance.force.y }, lean: this.avoidance.lean },
    steeringForce: { x: this.steeringForce.x, y: this.steeringForce.y },
    asleep: this.asleep,
  };
}

/** What JSON.stringify writes for an obstacle: its id and a copy of its shape. */
export function obstacleJson(this: ObstacleRecord): ObstacleJson {
  return { id: this.id, shape: copyShape(this.shape) };
}
