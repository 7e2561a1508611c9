import { describe, expect, it } from 'vitest';
import {
  addObstacle,
  addUnit,
  createRandom,
  createSimulation,
  issueOrder,
  listUnits,
  nearestUnit,
  removeUnit,
  type Simulation,
  stepSimulation,
  unitsInBox,
  unitsInRadius,
  type UnitView,
} from '../../src/index';

/** A crowd of mixed sizes and teams, half of it walking across, a few ticks in. */
function crowd(seed: number, count: number, size = 120): Simulation {
  const random = createRandom(seed);
  const sim = createSimulation({ width: size, height: size });
  addObstacle(sim, { type: 'circle', x: size / 2, y: size / 2, radius: 3 });
  const ids: number[] = [];
  for (let k = 0; k < count; k++) {
    const radius = [0.3, 0.5, 0.9][k % 3]!;
    ids.push(addUnit(sim, { x: 2 + random.next() * (size - 4), y: 2 + random.next() * (size - 4), radius, team: k % 4 }));
  }
  issueOrder(sim, { kind: 'move', unitIds: ids.filter((_, k) => k % 2 === 0), target: { x: size * 0.3, y: size * 0.7 } });
  for (let t = 0; t < 20; t++) stepSimulation(sim);
  return sim;
}

function gapTo(unit: UnitView, x: number, y: number): number {
  return Math.max(0, Math.hypot(unit.position.x - x, unit.position.y - y) - unit.radius);
}

/** The answers worked out the slow way, over every unit. */
function slowInRadius(sim: Simulation, x: number, y: number, radius: number, teams?: number[], exclude?: number): number[] {
  return listUnits(sim)
    .filter((unit) => unit.id !== exclude && (teams === undefined || teams.includes(unit.team)))
    .filter((unit) => Math.hypot(unit.position.x - x, unit.position.y - y) - unit.radius <= radius)
    .sort((a, b) => gapTo(a, x, y) - gapTo(b, x, y) || a.id - b.id)
    .map((unit) => unit.id);
}

function slowNearest(sim: Simulation, x: number, y: number, teams?: number[], exclude?: number, maxDistance = Infinity): number | undefined {
  const within = listUnits(sim).filter((unit) => unit.id !== exclude && (teams === undefined || teams.includes(unit.team)) && gapTo(unit, x, y) <= maxDistance);
  within.sort((a, b) => gapTo(a, x, y) - gapTo(b, x, y) || a.id - b.id);
  return within[0]?.id;
}

function slowInBox(sim: Simulation, minX: number, minY: number, maxX: number, maxY: number, teams?: number[]): number[] {
  return listUnits(sim)
    .filter((unit) => teams === undefined || teams.includes(unit.team))
    .filter((unit) => {
      const dx = Math.max(minX - unit.position.x, 0, unit.position.x - maxX);
      const dy = Math.max(minY - unit.position.y, 0, unit.position.y - maxY);
      return dx * dx + dy * dy <= unit.radius * unit.radius;
    })
    .map((unit) => unit.id)
    .sort((a, b) => a - b);
}

describe('spatial queries', () => {
  it('answer as a look at every unit would, nearest first, on a crowd in motion', () => {
    const sim = crowd(7, 600);
    const random = createRandom(99);
    const out: number[] = [];
    for (let q = 0; q < 400; q++) {
      // points inside and outside the world, radii from none to the whole map
      const x = -20 + random.next() * 160;
      const y = -20 + random.next() * 160;
      const radius = q % 10 === 0 ? random.next() * 200 : random.next() * 12;
      const teams = q % 3 === 0 ? [q % 4] : q % 3 === 1 ? [0, 2] : undefined;
      const exclude = q % 5 === 0 ? listUnits(sim)[q % 600]!.id : undefined;
      const filter = { ...(teams === undefined ? {} : { teams }), ...(exclude === undefined ? {} : { exclude }) };
      const count = unitsInRadius(sim, { x, y }, radius, out, filter);
      expect(out).toEqual(slowInRadius(sim, x, y, radius, teams, exclude));
      expect(count).toBe(out.length);
      const maxDistance = q % 4 === 0 ? random.next() * 10 : undefined;
      expect(nearestUnit(sim, { x, y }, { ...filter, ...(maxDistance === undefined ? {} : { maxDistance }) })).toBe(slowNearest(sim, x, y, teams, exclude, maxDistance));
      const w = random.next() * (q % 10 === 0 ? 150 : 20);
      const h = random.next() * 20;
      unitsInBox(sim, { minX: x, minY: y, maxX: x + w, maxY: y + h }, out, teams === undefined ? undefined : { teams });
      expect(out).toEqual(slowInBox(sim, x, y, x + w, y + h, teams));
    }
    // some of those found something (the test is not passing on empty answers)
    expect(unitsInRadius(sim, { x: 60, y: 60 }, 20, out)).toBeGreaterThan(20);
  });

  it('follow the units as ticks run and as units come and go', () => {
    const sim = crowd(3, 200);
    const out: number[] = [];
    const victim = listUnits(sim)[10]!;
    const { x, y } = victim.position;
    expect(nearestUnit(sim, { x, y })).toBe(victim.id);
    removeUnit(sim, victim.id);
    expect(nearestUnit(sim, { x, y })).toBe(slowNearest(sim, x, y));
    expect(nearestUnit(sim, { x, y })).not.toBe(victim.id);
    const added = addUnit(sim, { x, y, team: 9 });
    expect(nearestUnit(sim, { x, y }, { teams: [9] })).toBe(added);
    for (let t = 0; t < 60; t++) {
      stepSimulation(sim);
      if (t % 15 !== 0) continue;
      for (const unit of listUnits(sim).slice(0, 50)) {
        unitsInRadius(sim, unit.position, 5, out, { exclude: unit.id });
        expect(out).toEqual(slowInRadius(sim, unit.position.x, unit.position.y, 5, undefined, unit.id));
      }
    }
  });

  it('answer the same on a map far larger than its crowd', () => {
    const random = createRandom(5);
    const sim = createSimulation({ width: 2000, height: 1500 });
    for (let k = 0; k < 40; k++) addUnit(sim, { x: 5 + random.next() * 1990, y: 5 + random.next() * 1490, team: k % 3 });
    const out: number[] = [];
    for (let q = 0; q < 200; q++) {
      const x = random.next() * 2000;
      const y = random.next() * 1500;
      const teams = q % 2 === 0 ? [q % 3] : undefined;
      expect(nearestUnit(sim, { x, y }, teams === undefined ? undefined : { teams })).toBe(slowNearest(sim, x, y, teams));
      unitsInRadius(sim, { x, y }, 400, out, teams === undefined ? undefined : { teams });
      expect(out).toEqual(slowInRadius(sim, x, y, 400, teams));
      unitsInBox(sim, { minX: x - 500, minY: y - 300, maxX: x + 500, maxY: y + 300 }, out);
      expect(out).toEqual(slowInBox(sim, x - 500, y - 300, x + 500, y + 300));
    }
  });

  it('find nothing where there is nothing, and never NaN on coincident units', () => {
    const sim = createSimulation({ width: 50, height: 50 });
    const out = [1, 2, 3];
    expect(unitsInRadius(sim, { x: 10, y: 10 }, 100, out)).toBe(0);
    expect(out).toEqual([]);
    expect(nearestUnit(sim, { x: 10, y: 10 })).toBeUndefined();
    const a = addUnit(sim, { x: 10, y: 10 });
    const b = addUnit(sim, { x: 10, y: 10 });
    // both contain the point: distance 0, the smaller id first
    expect(unitsInRadius(sim, { x: 10, y: 10 }, 0, out)).toBe(2);
    expect(out).toEqual([a, b]);
    expect(nearestUnit(sim, { x: 10, y: 10 })).toBe(a);
    expect(nearestUnit(sim, { x: 10, y: 10 }, { exclude: a })).toBe(b);
    expect(nearestUnit(sim, { x: 40, y: 40 }, { maxDistance: 5 })).toBeUndefined();
    expect(nearestUnit(sim, { x: 45, y: 45 }, { teams: [1] })).toBeUndefined();
  });

  it('refuse bad questions by name, writing nothing', () => {
    const sim = crowd(1, 20);
    const out = [42];
    expect(() => unitsInRadius(sim, { x: Number.NaN, y: 0 }, 1, out)).toThrow('point.x: expected a finite number, got NaN');
    expect(() => unitsInRadius(sim, { x: 0, y: 0 }, -1, out)).toThrow('radius: expected a finite number >= 0, got -1');
    expect(() => unitsInRadius(sim, { x: 0, y: 0 }, 1, out, { teams: [1.5] })).toThrow('filter.teams[0]: expected an integer >= 0, got 1.5');
    expect(() => unitsInRadius(sim, { x: 0, y: 0 }, 1, 'ids' as unknown as number[])).toThrow('out: expected an array to write the unit ids into, got "ids"');
    expect(() => unitsInBox(sim, { minX: 5, minY: 0, maxX: 4, maxY: 1 }, out)).toThrow('box.maxX: expected a finite number >= 5, got 4');
    expect(() => nearestUnit(sim, { x: 0, y: 0 }, { maxDistance: Number.POSITIVE_INFINITY })).toThrow('filter.maxDistance: expected a finite number >= 0, got Infinity');
    expect(() => nearestUnit(sim, { x: 0, y: 0 }, { teams: 'red' as unknown as number[] })).toThrow('filter.teams: expected an array of teams, got "red"');
    expect(out).toEqual([42]);
  });
});
