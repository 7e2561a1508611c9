import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENARIOS, buildBenchArmy, buildBenchCrossing, buildBuiltInScenario } from '../../src/scenarios/builtins';
import { parseScenario, scenarioToFile } from '../../src/scenarios/schema';

describe('built-in scenarios', () => {
  it('rebuild the RTS article\'s demos in metres: 25 x 14 m field, radius 0.23 m, 4 m/s', () => {
    const large = buildBuiltInScenario('seed-largegroups');
    expect(large.world).toEqual({ width: 25, height: 14 });
    expect(large.units.length).toBe(72);
    expect(large.units.every((unit) => unit.radius === 0.23 && unit.maxSpeed === 4)).toBe(true);
    expect(new Set(large.units.map((unit) => `${unit.goal!.x},${unit.goal!.y}`))).toEqual(new Set(['23.5,7.5', '1.5,7.5']));
    expect(buildBuiltInScenario('seed-onemiddle').units.map((unit) => [unit.x, unit.y])).toEqual([[0.5, 7.5], [23.5, 7.5]]);
  });

  it('take a unit count and a seed, and refuse a count for a fixed layout', () => {
    expect(buildBuiltInScenario('four-groups', { units: 37 }).units.length).toBe(37);
    expect(() => buildBuiltInScenario('seed-onetop', { units: 4 })).toThrow('units: seed-onetop has a fixed layout and takes no unit count, got 4');
    expect(() => buildBuiltInScenario('head-on', { units: 1 })).toThrow('units: expected an integer from 2 to 20000 for head-on, got 1');
    expect(() => buildBuiltInScenario('head-on', { seed: -1 })).toThrow('seed: expected an integer from 0 to 4294967295, got -1');
    expect(() => buildBuiltInScenario('no-such')).toThrow(/scenario: expected a file or one of seed-onemiddle, .*, got "no-such"/);
  });

  for (const builtIn of BUILT_IN_SCENARIOS) {
    it(`${builtIn.name}: units start apart and clear of obstacles, and goals lie inside the world`, () => {
      const scenario = buildBuiltInScenario(builtIn.name);
      const units = scenario.units;
      for (let i = 0; i < units.length; i++) {
        for (let j = i + 1; j < units.length; j++) {
          const a = units[i]!;
          const b = units[j]!;
          expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.radius + b.radius);
        }
        for (const shape of scenario.obstacles) {
          if (shape.type !== 'circle') continue;
          expect(Math.hypot(units[i]!.x - shape.x, units[i]!.y - shape.y)).toBeGreaterThan(shape.radius + units[i]!.radius);
        }
      }
      // a unit can stand on its goal
      for (const unit of units) {
        expect(unit.goal!.x).toBeGreaterThanOrEqual(unit.radius);
        expect(unit.goal!.x).toBeLessThanOrEqual(scenario.world.width - unit.radius);
        expect(unit.goal!.y).toBeGreaterThanOrEqual(unit.radius);
        expect(unit.goal!.y).toBeLessThanOrEqual(scenario.world.height - unit.radius);
      }
      // and it survives being written out as a file
      expect(parseScenario(JSON.parse(JSON.stringify(scenarioToFile(scenario))))).toEqual(scenario);
    });
  }
});

describe("the benchmark's workloads", () => {
  it('bench-crossing: two unjittered head-on blocks; bench-army: the same crossing with the rest standing beside its lane, nobody overlapping', () => {
    const crossing = buildBenchCrossing(500);
    expect(crossing.units.length).toBe(500);
    expect(crossing.units.every((unit) => unit.goal !== null)).toBe(true);
    const army = buildBenchArmy(2000, 500);
    expect(army.units.length).toBe(2000);
    const moving = army.units.filter((unit) => unit.goal !== null);
    const standing = army.units.filter((unit) => unit.goal === null);
    expect(moving.length).toBe(500);
    expect(standing.length).toBe(1500);
    // the crossing itself is the benchmark's, moved up by the blocks below it
    const shiftY = moving[0]!.y - crossing.units[0]!.y;
    moving.forEach((unit, index) => {
      expect(unit.x).toBeCloseTo(crossing.units[index]!.x, 6);
      expect(unit.y - crossing.units[index]!.y).toBeCloseTo(shiftY, 6);
    });
    // standing blocks on both sides of the lane, clear of it, everyone inside the world and apart
    const laneLow = Math.min(...moving.map((unit) => unit.y));
    const laneHigh = Math.max(...moving.map((unit) => unit.y));
    expect(standing.some((unit) => unit.y < laneLow - 3)).toBe(true);
    expect(standing.some((unit) => unit.y > laneHigh + 3)).toBe(true);
    expect(standing.every((unit) => unit.y < laneLow - 3 || unit.y > laneHigh + 3)).toBe(true);
    for (const unit of army.units) {
      expect(unit.x - unit.radius).toBeGreaterThanOrEqual(0);
      expect(unit.y - unit.radius).toBeGreaterThanOrEqual(0);
      expect(unit.x + unit.radius).toBeLessThanOrEqual(army.world.width);
      expect(unit.y + unit.radius).toBeLessThanOrEqual(army.world.height);
    }
    let closest = Infinity;
    for (let i = 0; i < army.units.length; i++) {
      for (let j = i + 1; j < army.units.length; j++) {
        const a = army.units[i]!;
        const b = army.units[j]!;
        closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius);
      }
    }
    // the blocks' own spacing: 1.5 m between centres
    expect(closest).toBeCloseTo(0.5, 6);
    expect(() => buildBenchArmy(100, 200)).toThrow('moving: expected an integer from 2 to 100 (the total), got 200');
    expect(() => buildBenchArmy(1.5, 2)).toThrow(/^total: expected an integer from 2 to 20000, got 1.5/);
  });
});
