/**
 * The sideways-push collision response (seed 004's closing idea): when two units touch while
 * moving into each other, the part of each one's velocity that drives it into the other is
 * turned along the contact tangent, toward that unit's avoidance side, instead of being cancelled
 * by the contact (which shoves both back and can pin two units together). They slide past.
 *
 * It runs in planck's pre-solve callback, which comes before the velocity solver in the same
 * step, and changes velocities only through impulses. With `response = 'physics'` the callback
 * does nothing and planck's plain (frictionless, inelastic) response applies.
 */
import type { Body, Contact } from 'planck';
import { NO_SIDE, type Side } from '../steering/agent';
import { sideAwayFrom } from '../steering/avoidance';
import { type PhysicsWorld, bodyTag } from './world';

export function installCollisionResponse(physics: PhysicsWorld): void {
  physics.world.on('pre-solve', (contact: Contact) => {
    if (physics.response !== 'sideways') return;
    const fixtureA = contact.getFixtureA();
    const fixtureB = contact.getFixtureB();
    const tagA = bodyTag(fixtureA);
    const tagB = bodyTag(fixtureB);
    if (tagA?.kind !== 'unit' || tagB?.kind !== 'unit') return;
    pushSideways(
      fixtureA.getBody(),
      fixtureB.getBody(),
      tagA.unit.avoidSide,
      tagB.unit.avoidSide,
    );
  });
}

const _response_velocityA = { x: 0, y: 0 };
const _response_velocityB = { x: 0, y: 0 };
const _response_normal = { x: 0, y: 0 };
const _response_impulse = { x: 0, y: 0 };

/**
 * Redirects the closing velocity of two touching circles that both move into each other. Each
 * unit turns the part of its velocity that drives it into the other into motion along the
 * tangent on its side; the pair then has no closing speed left for the contact to cancel, so
 * nothing is pushed backwards.
 * `sideA` / `sideB` are the units' avoidance sides; a unit that is not avoiding uses the same
 * cross-product rule as the avoidance controller.
 */
export function pushSideways(bodyA: Body, bodyB: Body, sideA: Side, sideB: Side): void {
  const pA = bodyA.getPosition();
  const pB = bodyB.getPosition();
  let nx = pB.x - pA.x;
  let ny = pB.y - pA.y;
  const distance = Math.sqrt(nx * nx + ny * ny);
  if (distance < 1e-9) return; // coincident centres: no normal, leave it to the solver
  nx /= distance;
  ny /= distance;
  const vA = bodyA.getLinearVelocity();
  const vB = bodyB.getLinearVelocity();
  _response_velocityA.x = vA.x;
  _response_velocityA.y = vA.y;
  _response_velocityB.x = vB.x;
  _response_velocityB.y = vB.y;
  const intoB = vA.x * nx + vA.y * ny;
  const intoA = -(vB.x * nx + vB.y * ny);
  // only units moving into each other; a unit bumped from the side or from behind, or one
  // standing still, gets planck's plain response (with no friction that already slides)
  if (intoB <= 0 || intoA <= 0) return;
  _response_normal.x = nx;
  _response_normal.y = ny;
  redirect(bodyA, _response_velocityA, _response_normal, intoB, sideA);
  _response_normal.x = -nx;
  _response_normal.y = -ny;
  redirect(bodyB, _response_velocityB, _response_normal, intoA, sideB);
}

function redirect(
  body: Body,
  velocity: { x: number; y: number },
  normal: { x: number; y: number },
  share: number,
  side: Side,
): void {
  if (share <= 0) return;
  // the normal points at the other unit, so it is the direction "toward the other"
  const turn = side !== NO_SIDE ? side : sideAwayFrom(velocity, normal);
  // tangent on the unit's side: left perpendicular of the normal, times the side;
  // moving along it keeps the other unit on the opposite hand, as the avoidance turn does
  const tangentX = -normal.y * turn;
  const tangentY = normal.x * turn;
  const mass = body.getMass();
  _response_impulse.x = mass * share * (tangentX - normal.x);
  _response_impulse.y = mass * share * (tangentY - normal.y);
  body.applyLinearImpulse(_response_impulse, body.getWorldCenter(), true);
}
