import { describe, expect, it } from 'vitest';
import type { ObstacleShape } from '../../src/math/shapes';
import {
  CONTACT_THRESHOLD,
  createMetricsRecorder,
  finishMetrics,
  HEADING_MIN_SPEED,
  type MetricsSetup,
  recordTick,
  type ScenarioMetrics,
} from '../../src/scenarios/metrics';

type UnitSetup = MetricsSetup['units'][number];
type Point = readonly [number, number];

/** seconds per tick in these hand-made runs */
const TICK = 0.1;

function unit(x: number, y: number, goal: { x: number; y: number } | null = null, radius = 0.5): UnitSetup {
  return { x, y, radius, goal };
}

/**
 * Runs hand-made trajectories: `frames[t][u]` is unit u's position after tick t + 1 (the start
 * positions come from the units), one tick every TICK seconds taking 1 ms each.
 */
function run(
  units: UnitSetup[],
  frames: ReadonlyArray<readonly Point[]>,
  options: { obstacles?: ObstacleShape[]; width?: number; height?: number } = {},
): ScenarioMetrics {
  const recorder = createMetricsRecorder({
    world: { width: options.width ?? 100, height: options.height ?? 100 },
    obstacles: options.obstacles ?? [],
    units,
  });
  frames.forEach((frame, index) => {
    recordTick(recorder, frame.flat(), (index + 1) * TICK, 1);
  });
  return finishMetrics(recorder);
}

/** the same positions for `count` ticks */
function hold(positions: readonly Point[], count: number): Point[][] {
  return Array.from({ length: count }, () => [...positions]);
}

/** a single unit's frames from a list of points */
function path(points: readonly Point[]): Point[][] {
  return points.map((point) => [point]);
}

describe('unit-unit collisions', () => {
  const pair = [unit(10, 10), unit(12, 10)];

  it('count a pair that touches, separates and touches again twice', () => {
    const metrics = run(pair, [
      [[10, 10], [10.9, 10]], // penetration 0.1: starts
      [[10, 10], [10.95, 10]], // still in contact
      [[10, 10], [11, 10]], // penetration 0: separated
      [[10, 10], [10.99, 10]], // penetration 0.01: starts again
    ]);
    expect(metrics.collisions).toBe(2);
  });

  it('count a pair that stays in contact for many ticks once, even while its penetration shrinks below the threshold', () => {
    const frames = [...hold([[10, 10], [10.8, 10]], 50), ...hold([[10, 10], [10.9995, 10]], 20), ...hold([[10, 10], [10.7, 10]], 20)];
    expect(run(pair, frames).collisions).toBe(1);
  });

  it('ignore touching by exactly CONTACT_THRESHOLD or less', () => {
    // discs of 1 mm radius, 1 mm apart: the penetration is exactly 0.001 in floating point
    const tiny = [unit(0, 0, null, 0.001), unit(0.002, 0, null, 0.001)];
    const exact = run(tiny, hold([[0, 0], [0.001, 0]], 5));
    expect(exact.maxPenetration).toBe(CONTACT_THRESHOLD);
    expect(exact.collisions).toBe(0);
    expect(run(pair, hold([[10, 10], [10.9995, 10]], 5)).collisions).toBe(0);
    expect(run(pair, hold([[10, 10], [10.9985, 10]], 5)).collisions).toBe(1);
  });

  it('report the largest penetration seen, and 0 when units never touch', () => {
    const metrics = run(pair, [
      [[10, 10], [10.75, 10]],
      [[10, 10], [10.5, 10]],
      [[10, 10], [10.8, 10]],
    ]);
    expect(metrics.maxPenetration).toBeCloseTo(0.5, 12);
    expect(run(pair, hold([[10, 10], [12, 10]], 3)).maxPenetration).toBe(0);
  });

  // the grid stores only occupied cells: on the 2 km map nearly all of its cells are empty
  it.each([
    [70, 0],
    [2000, 1300],
  ])('match a brute-force reference for 2000 random units over several ticks (%i m map, units from %i m)', (worldSize, offset) => {
    let state = 12345;
    // a 32-bit linear congruential generator (Numerical Recipes constants), values in [0, 1)
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const count = 2000;
    const size = 70;
    const units = Array.from({ length: count }, () => unit(offset + random() * size, offset + random() * size, null, 0.3 + random() * 0.4));
    // a few units outside the world, to exercise the clamping into border cells
    units[0] = unit(-3, 5);
    units[1] = unit(-3.5, 5.2);
    units[2] = unit(worldSize + 4, worldSize + 4);
    units[3] = unit(worldSize + 4.5, worldSize + 4.2);
    const recorder = createMetricsRecorder({ world: { width: worldSize, height: worldSize }, obstacles: [], units });

    const positions = new Float64Array(2 * count);
    units.forEach((u, index) => {
      positions[2 * index] = u.x;
      positions[2 * index + 1] = u.y;
    });
    const radii = Float64Array.from(units, (u) => u.radius);
    // the reference: every pair, every tick, with the same start / separate rule
    const inContact = new Uint8Array(count * count);
    let referenceCollisions = 0;
    let referencePenetration = 0;
    for (let tick = 1; tick <= 5; tick++) {
      for (let index = 0; index < 2 * count; index++) positions[index] = positions[index]! + (random() - 0.5) * 0.4;
      recordTick(recorder, positions, tick * TICK, 1);
      for (let first = 0; first < count; first++) {
        const x = positions[2 * first]!;
        const y = positions[2 * first + 1]!;
        const radius = radii[first]!;
        for (let second = first + 1; second < count; second++) {
          const dx = positions[2 * second]! - x;
          const dy = positions[2 * second + 1]! - y;
          const reach = radius + radii[second]!;
          const distanceSquared = dx * dx + dy * dy;
          const key = first * count + second;
          if (distanceSquared >= reach * reach) {
            inContact[key] = 0;
            continue;
          }
          const penetration = reach - Math.sqrt(distanceSquared);
          referencePenetration = Math.max(referencePenetration, penetration);
          if (inContact[key] === 1) {
            if (penetration <= 0) inContact[key] = 0;
          } else if (penetration > CONTACT_THRESHOLD) {
            inContact[key] = 1;
            referenceCollisions++;
          }
        }
      }
    }
    const metrics = finishMetrics(recorder);
    expect(referenceCollisions).toBeGreaterThan(500);
    expect(metrics.collisions).toBe(referenceCollisions);
    expect(metrics.maxPenetration).toBe(referencePenetration);
  });
});

describe('obstacle and wall hits', () => {
  it('count a unit crossing into a wall once, and again after it leaves and returns', () => {
    const into = path([[2, 50], [0.6, 50], [0.4, 50], [0.3, 50], [0.45, 50]]);
    expect(run([unit(5, 50)], into).obstacleHits).toBe(1);
    const twice = path([[0.4, 50], [0.6, 50], [0.45, 50]]);
    expect(run([unit(5, 50)], twice).obstacleHits).toBe(2);
  });

  it('count every wall: right, bottom and top', () => {
    const metrics = run(
      [unit(50, 50), unit(50, 50), unit(50, 50)],
      [[[99.6, 50], [50, 0.2], [50, 99.9]]],
    );
    expect(metrics.obstacleHits).toBe(3);
  });

  it('measure against a circle', () => {
    const circle: ObstacleShape = { type: 'circle', x: 50, y: 50, radius: 2 };
    expect(run([unit(55, 50)], path([[52.3, 50]]), { obstacles: [circle] }).obstacleHits).toBe(1);
    expect(run([unit(55, 50)], path([[50, 50]]), { obstacles: [circle] }).obstacleHits).toBe(1);
    expect(run([unit(55, 50)], path([[52.6, 50]]), { obstacles: [circle] }).obstacleHits).toBe(0);
  });

  it('measure against a rotated box in its own frame', () => {
    // 4 m wide, 2 m high, turned a quarter turn: it spans x 19..21 and y 18..22
    const upright: ObstacleShape = { type: 'box', x: 20, y: 20, width: 4, height: 2, angle: Math.PI / 2 };
    const hits = (point: Point, box: ObstacleShape) => run([unit(40, 40)], path([point]), { obstacles: [box] }).obstacleHits;
    expect(hits([21.3, 20], upright)).toBe(1);
    expect(hits([20, 22.3], upright)).toBe(1);
    expect(hits([22.3, 20], upright)).toBe(0); // would hit the box unrotated

    const diagonal: ObstacleShape = { type: 'box', x: 20, y: 20, width: 4, height: 2, angle: Math.PI / 4 };
    const atLocal = (localX: number, localY: number): Point => {
      const cos = Math.cos(Math.PI / 4);
      const sin = Math.sin(Math.PI / 4);
      return [20 + localX * cos - localY * sin, 20 + localX * sin + localY * cos];
    };
    expect(hits(atLocal(2.3, 0), diagonal)).toBe(1); // 0.3 m from the end face
    expect(hits(atLocal(0, 0), diagonal)).toBe(1); // centre inside
    // beyond the corner (2, 1): inside the bounding box grown by the radius and within 0.5 m of
    // both face lines, but 0.503 m from the corner itself
    expect(hits(atLocal(2.48, 1.15), diagonal)).toBe(0);
    expect(hits(atLocal(2.3, 1.3), diagonal)).toBe(1); // 0.42 m from the corner
  });

  it('measure against a convex polygon in either winding', () => {
    const counterClockwise: ObstacleShape = { type: 'polygon', points: [[60, 10], [64, 10], [64, 11]] };
    const clockwise: ObstacleShape = { type: 'polygon', points: [[60, 10], [64, 11], [64, 10]] };
    for (const polygon of [counterClockwise, clockwise]) {
      const hits = (point: Point) => run([unit(40, 40)], path([point]), { obstacles: [polygon] }).obstacleHits;
      expect(hits([63, 9.7])).toBe(1); // 0.3 m below the bottom edge
      expect(hits([63, 10.3])).toBe(1); // inside
      expect(hits([64.45, 10.5])).toBe(1); // 0.45 m right of the vertical edge
      // above the slanted edge, inside the bounding box: 2.6 / sqrt(17) = 0.63 m from it
      expect(hits([61, 10.9])).toBe(0);
    }
  });

  it('count each obstacle separately, once per contact', () => {
    const obstacles: ObstacleShape[] = [
      { type: 'circle', x: 30, y: 30, radius: 1 },
      { type: 'circle', x: 32.5, y: 30, radius: 1 },
    ];
    // 0.25 m into both circles at once for several ticks, then away
    const frames = [...hold([[31.25, 30]], 5), [[31.25, 35] as Point]];
    expect(run([unit(31.25, 35)], frames, { obstacles }).obstacleHits).toBe(2);
  });
});

describe('arrival', () => {
  const goal = { x: 50, y: 50 };

  it('uses the group radius 2 r sqrt(n) for units sharing a goal: 4 units of 0.5 m arrive within 2 m', () => {
    const units = [unit(40, 50, goal), unit(50, 40, goal), unit(60, 60, goal), unit(40, 40, goal)];
    const still: Point[] = [[50, 40], [60, 60], [40, 40]];
    const outside = run(units, [[[47.99, 50], ...still]]);
    expect(outside.arrived).toBe(0);
    expect(outside.meanTimeToGoal).toBeNull();
    expect(outside.p95TimeToGoal).toBeNull();
    expect(outside.pathEfficiency).toBeNull();
    const metrics = run(units, [[[47.99, 50], ...still], [[48.01, 50], ...still]]);
    expect(metrics.arrived).toBe(1);
    expect(metrics.meanTimeToGoal).toBeCloseTo(2 * TICK, 12);
  });

  it('gives a group of several sizes one circle, 2 sqrt(sum of r^2): its small units arrive as far out as its large ones', () => {
    // three of 0.3 m and one of 1.2 m: 2 sqrt(3 x 0.09 + 1.44) = 2.615 m for all four (at its own
    // size a small one would have had 2 x 0.3 x sqrt(4) = 1.2 m)
    const units = [unit(40, 50, goal, 0.3), unit(50, 40, goal, 0.3), unit(60, 60, goal, 0.3), unit(40, 40, goal, 1.2)];
    const still: Point[] = [[50, 40], [60, 60], [40, 40]];
    expect(run(units, [[[47.38, 50], ...still]]).arrived).toBe(0);
    expect(run(units, [[[47.38, 50], ...still], [[47.39, 50], ...still]]).arrived).toBe(1);
  });

  it('uses 1 m for a lone unit, inclusive', () => {
    expect(run([unit(40, 50, goal)], path([[48.99, 50]])).arrived).toBe(0);
    expect(run([unit(40, 50, goal)], path([[49, 50]])).arrived).toBe(1);
  });

  it('counts goals as shared only when they are exactly the same point', () => {
    const units = [unit(40, 50, goal), unit(60, 50, { x: 50, y: 50.0001 }), unit(60, 60, goal)];
    // two share (50, 50): radius max(1, 2 * 0.5 * sqrt(2)) = 1.414 m
    const metrics = run(units, [[[48.6, 50], [51.4, 50.0001], [60, 60]]]);
    expect(metrics.arrived).toBe(1);
  });

  it('records the time of the first tick within the radius and ignores what follows', () => {
    const metrics = run([unit(40, 50, goal)], path([[45, 50], [49.5, 50], [30, 50], [49.5, 50]]));
    expect(metrics.arrived).toBe(1);
    expect(metrics.meanTimeToGoal).toBeCloseTo(0.2, 12);
  });

  it('counts a unit starting within its radius as arrived at time 0, even without ticks', () => {
    const metrics = run([unit(49.5, 50, goal)], []);
    expect(metrics.arrived).toBe(1);
    expect(metrics.meanTimeToGoal).toBe(0);
    expect(metrics.pathEfficiency).toBe(1);
  });

  it('never counts units without a goal', () => {
    expect(run([unit(50, 50)], path([[50, 50]])).arrived).toBe(0);
  });

  it('gives the mean and nearest-rank 95th percentile of the arrival times', () => {
    // unit i jumps onto its own goal at tick i + 1: times 0.1, 0.2, ..., 2.0
    const count = 20;
    const units = Array.from({ length: count }, (_, index) => unit(10, 5 + 4 * index, { x: 15, y: 5 + 4 * index }));
    const frames = Array.from({ length: count }, (_, tick) =>
      units.map((u, index): Point => (index <= tick ? [15, u.y] : [u.x, u.y])),
    );
    const metrics = run(units, frames);
    expect(metrics.arrived).toBe(20);
    expect(metrics.meanTimeToGoal).toBeCloseTo(1.05, 12);
    // sorted index ceil(0.95 * 20) - 1 = 18: the 19th time
    expect(metrics.p95TimeToGoal).toBeCloseTo(1.9, 12);

    // with 10 arrivals the 95th percentile is the largest: ceil(9.5) - 1 = 9
    const ten = run(units.slice(0, 10), frames.slice(0, 10).map((frame) => frame.slice(0, 10)));
    expect(ten.p95TimeToGoal).toBeCloseTo(1.0, 12);
    const one = run(units.slice(0, 1), [frames[0]!.slice(0, 1)]);
    expect(one.p95TimeToGoal).toBeCloseTo(0.1, 12);
  });
});

describe('path efficiency', () => {
  it('is 1 for a straight walk', () => {
    const walk = path(Array.from({ length: 9 }, (_, index): Point => [11 + index, 10]));
    const metrics = run([unit(10, 10, { x: 20, y: 10 })], walk);
    expect(metrics.arrived).toBe(1);
    expect(metrics.pathEfficiency).toBeCloseTo(1, 12);
  });

  it('is straight distance / (path + remaining) for an L-shaped walk', () => {
    // from (10, 10) to (13, 14): 5 m straight; walks 4 m up then 2 m right, arriving 1 m short
    const walk = path([[10, 11], [10, 12], [10, 13], [10, 14], [11, 14], [12, 14]]);
    const metrics = run([unit(10, 10, { x: 13, y: 14 })], walk);
    expect(metrics.arrived).toBe(1);
    expect(metrics.pathEfficiency).toBeCloseTo(5 / 7, 12);
  });

  it('averages over arrived units only', () => {
    const units = [unit(10, 10, { x: 13, y: 14 }), unit(30, 10, { x: 40, y: 10 }), unit(60, 10, { x: 90, y: 10 })];
    const frames: Point[][] = [
      [[10, 11], [35, 10], [61, 10]],
      [[10, 12], [39, 10], [62, 10]],
      [[10, 13], [39, 10], [63, 10]],
      [[10, 14], [39, 10], [64, 10]],
      [[11, 14], [39, 10], [65, 10]],
      [[12, 14], [39, 10], [66, 10]],
    ];
    const metrics = run(units, frames);
    expect(metrics.arrived).toBe(2);
    expect(metrics.pathEfficiency).toBeCloseTo((5 / 7 + 1) / 2, 12);
  });
});

describe('degrees turned', () => {
  it('is 0 for a straight walk and for a standing unit', () => {
    expect(run([unit(10, 10)], path([[11, 10], [12, 10], [13, 10]])).degreesTurned).toBe(0);
    expect(run([unit(10, 10)], path([[10, 10], [10, 10], [10, 10]])).degreesTurned).toBe(0);
  });

  it('is 90 for a right-angle turn and 180 for a reversal', () => {
    expect(run([unit(10, 10)], path([[11, 10], [12, 10], [12, 11], [12, 12]])).degreesTurned).toBeCloseTo(90, 10);
    expect(run([unit(10, 10)], path([[11, 10], [12, 10], [11, 10], [10, 10]])).degreesTurned).toBeCloseTo(180, 10);
    // left then right: the reversal wraps to +180 as well
    expect(run([unit(10, 10)], path([[9, 10], [10, 10]])).degreesTurned).toBeCloseTo(180, 10);
  });

  it('adds absolute changes: a zigzag turning 45 degrees left and right', () => {
    const zigzag = path([[11, 10], [12, 11], [13, 11], [14, 12]]);
    expect(run([unit(10, 10)], zigzag).degreesTurned).toBeCloseTo(135, 10);
  });

  it('skips ticks slower than HEADING_MIN_SPEED and measures from the last heading', () => {
    const creep = HEADING_MIN_SPEED * TICK * 0.5;
    // right, a creep upward, right again: no turn
    expect(run([unit(10, 10)], path([[11, 10], [11, 10 + creep], [12, 10 + creep]])).degreesTurned).toBeCloseTo(0, 10);
    // right, a creep backwards, then up: 90, not 180 + 90
    expect(run([unit(10, 10)], path([[11, 10], [11 - creep, 10], [11 - creep, 11]])).degreesTurned).toBeCloseTo(90, 10);
    // just above the threshold the creep is a heading
    const step = HEADING_MIN_SPEED * TICK * 1.5;
    expect(run([unit(10, 10)], path([[11, 10], [11, 10 + step], [12, 10 + step]])).degreesTurned).toBeCloseTo(180, 10);
  });

  it('counts until the arrival tick inclusive, then stops', () => {
    const goal = { x: 20, y: 10.5 };
    // arrives at (19.5, 11), 0.71 m from the goal, with a 45-degree turn, then wanders around
    const walk = path([[11, 10], [18.5, 10], [19.5, 11], [19.5, 12], [18.5, 12], [18.5, 11]]);
    expect(run([unit(10, 10, goal)], walk).degreesTurned).toBeCloseTo(45, 10);
  });

  it('is the mean over all units, arrived or not', () => {
    const units = [unit(10, 10), unit(10, 20), unit(10, 30), unit(10, 40, { x: 10.5, y: 40 })];
    const frames: Point[][] = [
      [[11, 10], [11, 20], [10, 30], [10.5, 40]],
      [[11, 11], [12, 20], [10, 30], [10.5, 41]],
    ];
    // 90 + 0 + 0 + 0 (the fourth arrived at time 0) over 4 units
    expect(run(units, frames).degreesTurned).toBeCloseTo(22.5, 10);
  });
});

describe('timing and bookkeeping', () => {
  it('takes the median tick time, ticks and the last time', () => {
    const recorder = createMetricsRecorder({ world: { width: 10, height: 10 }, obstacles: [], units: [unit(5, 5)] });
    [5, 1, 3].forEach((ms, index) => {
      recordTick(recorder, [5, 5], (index + 1) / 60, ms);
    });
    const odd = finishMetrics(recorder);
    expect(odd.msPerStep).toBe(3);
    expect(odd.ticks).toBe(3);
    expect(odd.simSeconds).toBe(3 / 60);
    recordTick(recorder, [5, 5], 4 / 60, 2);
    expect(finishMetrics(recorder).msPerStep).toBe(2.5);
  });

  it('reports zeros for a run without ticks or units', () => {
    const metrics = finishMetrics(createMetricsRecorder({ world: { width: 10, height: 10 }, obstacles: [], units: [] }));
    expect(metrics).toEqual({
      units: 0,
      unitsWithGoal: 0,
      arrived: 0,
      collisions: 0,
      obstacleHits: 0,
      maxPenetration: 0,
      meanTimeToGoal: null,
      p95TimeToGoal: null,
      pathEfficiency: null,
      degreesTurned: 0,
      standingDisplacement: null,
      standingDisplacementAtEnd: null,
      msPerStep: 0,
      ticks: 0,
      simSeconds: 0,
    });
  });

  it('measures how far units without a goal were pushed: the most over the run, and at the end', () => {
    const recorder = createMetricsRecorder({
      world: { width: 100, height: 100 },
      obstacles: [],
      units: [unit(10, 10, { x: 40, y: 10 }), unit(20, 10), unit(30, 30)],
    });
    // the walker goes east; the first standing unit is pushed 3 m north, then comes back to 1 m; the other never moves
    const standing: Point[] = [[20, 11], [20, 12], [20, 13], [20, 12], [20, 11]];
    standing.forEach(([x, y], index) => {
      recordTick(recorder, [12 + 2 * index, 10, x, y, 30, 30], (index + 1) * TICK, 1);
    });
    const metrics = finishMetrics(recorder);
    expect(metrics.units).toBe(3);
    expect(metrics.unitsWithGoal).toBe(1);
    expect(metrics.standingDisplacement).toBeCloseTo(3, 12);
    expect(metrics.standingDisplacementAtEnd).toBeCloseTo(1, 12);
  });

  it('gives the same result when finished twice', () => {
    const recorder = createMetricsRecorder({
      world: { width: 100, height: 100 },
      obstacles: [],
      units: [unit(10, 10, { x: 13, y: 14 }), unit(10.5, 10.5)],
    });
    const walk: Point[] = [[10, 11], [10, 12], [10, 13], [10, 14], [11, 14], [12, 14]];
    walk.forEach((point, index) => {
      recordTick(recorder, [...point, 10.5, 10.5 + index * 0.2], (index + 1) * TICK, 7 - index);
    });
    const first = finishMetrics(recorder);
    expect(finishMetrics(recorder)).toEqual(first);
    expect(first.collisions).toBeGreaterThan(0);
  });

  it('throws on a non-finite position, naming the index, unit and tick, and records nothing', () => {
    const recorder = createMetricsRecorder({ world: { width: 10, height: 10 }, obstacles: [], units: [unit(1, 1), unit(5, 5)] });
    recordTick(recorder, [1, 1, 5, 5], 0.1, 1);
    expect(() => recordTick(recorder, [1, 1, 5, Number.NaN], 0.2, 1)).toThrow(
      'positions[3] (unit 1 y): expected a finite number at tick 2, got NaN',
    );
    expect(() => recordTick(recorder, [Infinity, 1, 5, 5], 0.2, 1)).toThrow(/positions\[0\].*tick 2.*Infinity/);
    expect(() => recordTick(recorder, [1, 1, 5], 0.2, 1)).toThrow(/expected 4 numbers/);
    expect(() => recordTick(recorder, [1, 1, 5, 5], 0.05, 1)).toThrow(/time/);
    expect(finishMetrics(recorder).ticks).toBe(1);
  });

  it('rejects a non-finite start position', () => {
    expect(() => createMetricsRecorder({ world: { width: 10, height: 10 }, obstacles: [], units: [unit(Number.NaN, 1)] })).toThrow(
      'units[0].x: expected a finite number, got NaN',
    );
  });
});
