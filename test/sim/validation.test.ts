import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STEERING_CONFIG,
  type ObstacleShape,
  type Order,
  type UnitDef,
  addObstacle,
  addUnit,
  createSimulation,
  getUnit,
  issueOrder,
  resolveSteeringConfig,
  updateSteeringConfig,
  physicsBodyCount,
  listUnits,
  listObstacles,
  hasPendingOrders,
  getSteeringConfig,
  DEFAULT_SIMULATION,
  DEFAULT_UNIT,
  onSimulationEvent,
  simulationSettings,
  simulationTick,
  stepSimulation,
  traceRoute,
} from '../../src/index';
import { recordArrivals, runTicks, runUntilPlanned } from '../support';

/** A 40 x 20 m world with one unit (id 1) at (10, 10) and one circle obstacle. */
function smallWorld() {
  const sim = createSimulation({ width: 40, height: 20 });
  const unitId = addUnit(sim, { x: 10, y: 10 });
  addObstacle(sim, { type: 'circle', x: 30, y: 10, radius: 1 });
  return { sim, unitId };
}

describe('addUnit rejects a bad definition, naming the field and value, and adds nothing', () => {
  const cases: Array<[string, UnitDef, RegExp]> = [
    ['a negative radius', { x: 5, y: 5, radius: -1 }, /unit\.radius.*-1/],
    ['a NaN x', { x: Number.NaN, y: 5 }, /unit\.x.*NaN/],
    ['a maxSpeed of 0', { x: 5, y: 5, maxSpeed: 0 }, /unit\.maxSpeed.*got 0/],
    ['a position outside the world', { x: 50, y: 5 }, /unit\.x.*50/],
    ['a disc that crosses a wall', { x: 5, y: 19.8 }, /unit\.y.*19\.8/],
  ];
  for (const [what, def, message] of cases) {
    it(`throws on ${what}`, () => {
      const { sim } = smallWorld();
      const bodies = physicsBodyCount(sim);
      expect(() => addUnit(sim, def)).toThrow(message);
      expect(listUnits(sim).length).toBe(1);
      expect(physicsBodyCount(sim)).toBe(bodies);
    });
  }
});

describe('addObstacle rejects a bad shape, naming the field, and adds nothing', () => {
  const cases: Array<[string, ObstacleShape, RegExp]> = [
    ['a circle of radius 0', { type: 'circle', x: 5, y: 5, radius: 0 }, /obstacle\.radius.*got 0/],
    ['a box of width 0', { type: 'box', x: 5, y: 5, width: 0, height: 2, angle: 0 }, /obstacle\.width.*got 0/],
    [
      'a non-convex polygon',
      { type: 'polygon', points: [[0, 0], [4, 0], [1, 1], [0, 4]] },
      /obstacle\.points.*convex.*point 2 \(1, 1\)/,
    ],
    ['a collinear polygon', { type: 'polygon', points: [[0, 0], [1, 0], [2, 0]] }, /obstacle\.points.*area 0/],
  ];
  for (const [what, shape, message] of cases) {
    it(`throws on ${what}`, () => {
      const { sim } = smallWorld();
      const bodies = physicsBodyCount(sim);
      expect(() => addObstacle(sim, shape)).toThrow(message);
      expect(listObstacles(sim).length).toBe(1);
      expect(physicsBodyCount(sim)).toBe(bodies);
    });
  }
});

describe('issueOrder', () => {
  it('throws on a NaN target, naming order.target.x, and queues nothing', () => {
    const { sim, unitId } = smallWorld();
    expect(() => issueOrder(sim, { kind: 'move', unitIds: [unitId], target: { x: Number.NaN, y: 3 } })).toThrow(
      /order\.target\.x.*NaN/,
    );
    expect(hasPendingOrders(sim)).toBe(false);
  });

  it('throws on a zero or non-finite facing, naming order.facing, and queues nothing', () => {
    const { sim, unitId } = smallWorld();
    expect(() => issueOrder(sim, { kind: 'move', unitIds: [unitId], target: { x: 3, y: 3 }, facing: { x: 0, y: 0 } })).toThrow(
      'order.facing: expected a direction, got {x: 0, y: 0}',
    );
    expect(() => issueOrder(sim, { kind: 'move', unitIds: [unitId], target: { x: 3, y: 3 }, facing: { x: 1, y: Infinity } })).toThrow(
      /order\.facing\.y.*Infinity/,
    );
    expect(hasPendingOrders(sim)).toBe(false);
  });

  it('throws on an unknown unit id, naming it, and queues nothing', () => {
    const { sim, unitId } = smallWorld();
    const order: Order = { kind: 'move', unitIds: [unitId, 99], target: { x: 3, y: 3 } };
    expect(() => issueOrder(sim, order)).toThrow(/order\.unitIds\[1\].*99/);
    expect(hasPendingOrders(sim)).toBe(false);
  });

  it('throws on an order for no unit, or naming a unit twice, and queues nothing', () => {
    const { sim, unitId } = smallWorld();
    expect(() => issueOrder(sim, { kind: 'move', unitIds: [], target: { x: 3, y: 3 } })).toThrow('order.unitIds: expected at least one unit id, got an empty array');
    expect(() => issueOrder(sim, { kind: 'stop', unitIds: [] })).toThrow('order.unitIds: expected at least one unit id, got an empty array');
    expect(() => issueOrder(sim, { kind: 'move', unitIds: [unitId, unitId], target: { x: 3, y: 3 } })).toThrow(
      `order.unitIds[1]: expected each unit once, got ${unitId} again (listed at [0])`,
    );
    expect(hasPendingOrders(sim)).toBe(false);
  });

  it('clamps a target outside the world so the unit ends up inside it, at the clamped point', () => {
    const { sim, unitId } = smallWorld();
    issueOrder(sim, { kind: 'move', unitIds: [unitId], target: { x: 100, y: -50 } });
    const arrivals = recordArrivals(sim);
    const unit = getUnit(sim, unitId)!;
    // the nearest point whose disc (radius 0.5) is inside the 40 x 20 m world
    const clamped = { x: 39.5, y: 0.5 };
    runTicks(sim, 1);
    expect(unit.task.kind === 'move' && unit.task.target).toEqual(clamped);
    runTicks(sim, 899);
    expect(arrivals.has(unitId)).toBe(true);
    expect(unit.position.x).toBeGreaterThanOrEqual(unit.radius);
    expect(unit.position.x).toBeLessThanOrEqual(40 - unit.radius);
    expect(unit.position.y).toBeGreaterThanOrEqual(unit.radius);
    expect(unit.position.y).toBeLessThanOrEqual(20 - unit.radius);
    expect(Math.hypot(unit.position.x - clamped.x, unit.position.y - clamped.y)).toBeLessThanOrEqual(
      DEFAULT_STEERING_CONFIG.arrivalTolerance,
    );
  });
});

describe('steering settings are checked by name', () => {
  it('resolveSteeringConfig throws on a negative value, naming the field and value', () => {
    expect(() => resolveSteeringConfig({ lookAheadTime: -1 })).toThrow(/steering\.lookAheadTime.*-1/);
  });

  it('resolveSteeringConfig throws on an unknown field, naming it', () => {
    expect(() => resolveSteeringConfig({ lookAhead: 1 } as never)).toThrow(/steering\.lookAhead\b/);
  });

  it('updateSteeringConfig throws on a negative value and leaves the config as it was', () => {
    const { sim } = smallWorld();
    const before = { ...getSteeringConfig(sim) };
    expect(() => updateSteeringConfig(sim, { separationGap: -0.5 })).toThrow(/steering\.separationGap.*-0\.5/);
    expect(getSteeringConfig(sim)).toEqual(before);
  });

  it('updateSteeringConfig throws on an unknown field and leaves the config as it was', () => {
    const { sim } = smallWorld();
    const before = { ...getSteeringConfig(sim) };
    expect(() => updateSteeringConfig(sim, { avoidWeigth: 2 } as never)).toThrow(/steering\.avoidWeigth/);
    expect(getSteeringConfig(sim)).toEqual(before);
  });
});

describe('the simulation handle is opaque and checked', () => {
  it('a function given something that is not a simulation names the argument', () => {
    expect(() => stepSimulation(null as never)).toThrow(/^sim: expected a simulation made by createSimulation, got null/);
    expect(() => listUnits({} as never)).toThrow(/^sim: expected a simulation made by createSimulation, got object/);
  });

  it('the handle shows nothing of the state behind it', () => {
    const { sim } = smallWorld();
    expect(Object.keys(sim)).toEqual([]);
    expect(Object.isFrozen(sim)).toBe(true);
  });

  it('a listener that is not a function is refused, and nothing is subscribed', () => {
    const { sim } = smallWorld();
    expect(() => onSimulationEvent(sim, null as never)).toThrow(/^listener: expected a function, got null/);
    expect(() => runTicks(sim, 2)).not.toThrow();
  });

  it('the queries read the live state: units, obstacles, settings, clock and defaults', () => {
    const { sim, unitId } = smallWorld();
    expect(listUnits(sim).map((unit) => unit.id)).toEqual([unitId]);
    expect(listUnits(sim)[0]!.radius).toBe(DEFAULT_UNIT.radius);
    expect(listUnits(sim)[0]!.maxSpeed).toBe(DEFAULT_UNIT.maxSpeed);
    expect(listObstacles(sim).map((obstacle) => obstacle.shape)).toEqual([{ type: 'circle', x: 30, y: 10, radius: 1 }]);
    expect(simulationSettings(sim)).toEqual({ width: 40, height: 20, dt: DEFAULT_SIMULATION.dt, navigation: DEFAULT_SIMULATION.navigation, sleeping: DEFAULT_SIMULATION.sleeping });
    issueOrder(sim, { kind: 'move', unitIds: [unitId], target: { x: 36, y: 10 } });
    expect(hasPendingOrders(sim)).toBe(true);
    const ticks = runUntilPlanned(sim);
    expect(hasPendingOrders(sim)).toBe(false);
    expect(simulationTick(sim)).toBe(ticks);
    // a route round the circle: from near the unit to the target
    const route = traceRoute(sim, unitId, 1000);
    expect(route.state).toBe('walking');
    expect(route.points.length).toBeGreaterThanOrEqual(6);
    expect(Math.hypot(route.points[0]! - 10, route.points[1]! - 10)).toBeLessThan(1);
    expect(route.points.slice(-2)).toEqual([36, 10]);
    expect(() => traceRoute(sim, 999, 10)).toThrow('unitId: expected the id of a unit in the simulation, got 999');
    expect(() => traceRoute(sim, unitId, 1)).toThrow('maxPoints: expected an integer >= 2, got 1');
  });

  it('addObstacle refuses unknown keys, naming them, as the scenario format does', () => {
    const { sim } = smallWorld();
    expect(() => addObstacle(sim, { type: 'circle', x: 5, y: 5, radius: 1, colour: 'red' } as never)).toThrow('obstacle: unknown key "colour"');
    expect(listObstacles(sim).length).toBe(1);
  });
});
