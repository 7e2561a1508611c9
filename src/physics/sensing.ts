/**
 * The sense phase: what each unit's three avoidance rays meet, and who crowds it.
 *
 * Casting three separate rays per unit through `world.rayCast` walks planck's tree three times
 * and allocates per hit. Instead, one `queryAABB` per unit collects the fixtures in the box that
 * covers all three rays and the separation range, and each candidate is then tested exactly
 * against the three rays: circles (every unit) in closed form, obstacles with the fixture's own
 * planck ray cast. The hits are the same as three world ray casts would report, the closest one
 * is kept per ray (planck reports hits in no particular order), and nothing is allocated per ray.
 * Other units are seen `avoidClearance` larger than they are (personal space).
 */
import { type Fixture, type RayCastOutput, Vec2 as PlanckVec2 } from 'planck';
import type { Agent } from '../steering/agent';
import type { AvoidanceStrategy } from '../steering/avoidance';
import type { SteeringConfig } from '../steering/config';
import {
  type Ray,
  type Sensing,
  clearThreat,
  layOutRays,
  segmentCircleFraction,
} from '../steering/sensing';
import { accumulateCrowding } from '../steering/separation';
import { type PhysicsWorld, bodyTag } from './world';

/** Everything the query callback needs, set before each query (one callback for all units). */
const _sense_query = {
  agent: null as Agent | null,
  sensing: null as Sensing | null,
  config: null as SteeringConfig | null,
  strategy: null as AvoidanceStrategy | null,
};
const _sense_box = { lowerBound: { x: 0, y: 0 }, upperBound: { x: 0, y: 0 } };
const _sense_rayInput = { p1: { x: 0, y: 0 }, p2: { x: 0, y: 0 }, maxFraction: 1 };
const _sense_rayOutput: RayCastOutput = { fraction: 1, normal: new PlanckVec2(0, 0) };

/**
 * Fills `sensing` for one unit. `strategy` decides whether rays are cast at all and which units
 * count as threats. The agent's own fixture and the world's walls are never threats.
 */
export function senseUnit(
  physics: PhysicsWorld,
  agent: Agent,
  sensing: Sensing,
  strategy: AvoidanceStrategy,
  config: SteeringConfig,
): void {
  sensing.crowding.x = 0;
  sensing.crowding.y = 0;
  clearThreat(sensing.threat);
  sensing.raysCast = strategy.castsRays && layOutRays(sensing, agent, config);

  const reach = agent.radius + config.separationGap;
  let minX = agent.position.x - reach;
  let minY = agent.position.y - reach;
  let maxX = agent.position.x + reach;
  let maxY = agent.position.y + reach;
  if (sensing.raysCast) {
    for (const ray of sensing.rays) {
      minX = Math.min(minX, ray.origin.x, ray.end.x);
      minY = Math.min(minY, ray.origin.y, ray.end.y);
      maxX = Math.max(maxX, ray.origin.x, ray.end.x);
      maxY = Math.max(maxY, ray.origin.y, ray.end.y);
    }
  }
  _sense_box.lowerBound.x = minX;
  _sense_box.lowerBound.y = minY;
  _sense_box.upperBound.x = maxX;
  _sense_box.upperBound.y = maxY;
  _sense_query.agent = agent;
  _sense_query.sensing = sensing;
  _sense_query.config = config;
  _sense_query.strategy = strategy;
  physics.world.queryAABB(_sense_box, visitCandidate);
  _sense_query.agent = null;
  _sense_query.sensing = null;
}

function visitCandidate(fixture: Fixture): boolean {
  const agent = _sense_query.agent!;
  const sensing = _sense_query.sensing!;
  const tag = bodyTag(fixture);
  if (tag === null || tag.kind === 'wall') return true;
  if (tag.kind === 'unit') {
    const other = tag.unit;
    if (other === agent) return true;
    accumulateCrowding(sensing.crowding, agent, other.id, other.position, other.radius, _sense_query.config!);
    if (sensing.raysCast && _sense_query.strategy!.isThreat(agent, other)) {
      for (let index = 0; index < 3; index++) {
        const ray = sensing.rays[index as 0 | 1 | 2];
        const fraction = segmentCircleFraction(
          ray.origin.x,
          ray.origin.y,
          ray.end.x,
          ray.end.y,
          other.position.x,
          other.position.y,
          other.radius + _sense_query.config!.avoidClearance,
        );
        if (fraction >= 0 && fraction < ray.hitFraction) {
          ray.hitFraction = fraction;
          if (fraction < sensing.threat.fraction || sensing.threat.kind === 'none') {
            const threat = sensing.threat;
            threat.kind = 'unit';
            threat.unit = other;
            threat.obstacleId = -1;
            threat.centre.x = other.position.x;
            threat.centre.y = other.position.y;
            threat.radius = other.radius;
            setThreatPoint(sensing, ray, index, fraction);
          }
        }
      }
    }
    return true;
  }
  // a static obstacle: the fixture's own exact ray cast
  if (!sensing.raysCast) return true;
  for (let index = 0; index < 3; index++) {
    const ray = sensing.rays[index as 0 | 1 | 2];
    _sense_rayInput.p1.x = ray.origin.x;
    _sense_rayInput.p1.y = ray.origin.y;
    _sense_rayInput.p2.x = ray.end.x;
    _sense_rayInput.p2.y = ray.end.y;
    _sense_rayInput.maxFraction = ray.hitFraction;
    if (!fixture.rayCast(_sense_rayOutput, _sense_rayInput, 0)) continue;
    const fraction = _sense_rayOutput.fraction;
    if (fraction < ray.hitFraction) {
      ray.hitFraction = fraction;
      if (fraction < sensing.threat.fraction || sensing.threat.kind === 'none') {
        const threat = sensing.threat;
        threat.kind = 'obstacle';
        threat.unit = null;
        threat.obstacleId = tag.obstacleId;
        threat.centre.x = tag.centre.x;
        threat.centre.y = tag.centre.y;
        threat.radius = tag.boundingRadius;
        setThreatPoint(sensing, ray, index, fraction);
      }
    }
  }
  return true;
}

function setThreatPoint(sensing: Sensing, ray: Ray, index: number, fraction: number): void {
  const threat = sensing.threat;
  threat.fraction = fraction;
  threat.ray = index;
  threat.point.x = ray.origin.x + (ray.end.x - ray.origin.x) * fraction;
  threat.point.y = ray.origin.y + (ray.end.y - ray.origin.y) * fraction;
}
