/**
 * The map families (src/scenarios/families.ts): every instance is a valid scenario, the same on
 * every call, of the kind its family promises; and the families command line (src/cli/families.ts)
 * runs them against plain motion and DetourCrowd.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareShape, signedDistance } from '../../src/math/shapes';
import { MAP_FAMILY_NAMES, buildFamilyInstance } from '../../src/scenarios/families';
import { runScenario } from '../../src/scenarios/run';
import type { Scenario } from '../../src/scenarios/schema';

const root = join(import.meta.dirname, '..', '..');

function cli(script: 'families' | 'compare', args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', `${script}.ts`), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The groups of an instance: units sharing a goal, by goal. */
function groupsOf(scenario: Scenario): Map<string, number> {
  const groups = new Map<string, number>();
  for (const unit of scenario.units) {
    if (unit.goal === null) continue;
    const key = `${unit.goal.x},${unit.goal.y}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return groups;
}

describe('map families', () => {
  it('build every instance as a valid scenario (units clear of obstacles and inside the world), the same on every call', () => {
    expect(MAP_FAMILY_NAMES.length).toBe(9);
    for (const name of MAP_FAMILY_NAMES) {
      const seen = new Set<string>();
      for (let instance = 1; instance <= 6; instance++) {
        const scenario = buildFamilyInstance(name, instance);
        expect(scenario.name).toBe(`${name}-${instance}`);
        expect(buildFamilyInstance(name, instance)).toEqual(scenario);
        seen.add(JSON.stringify(scenario.units));
        const shapes = scenario.obstacles.map(prepareShape);
        for (const unit of scenario.units) {
          expect(unit.x - unit.radius).toBeGreaterThanOrEqual(0);
          expect(unit.y + unit.radius).toBeLessThanOrEqual(scenario.world.height);
          for (const shape of shapes) expect(signedDistance(shape, unit.x, unit.y)).toBeGreaterThanOrEqual(unit.radius);
          if (unit.goal !== null) {
            expect(unit.goal.x).toBeGreaterThan(0);
            expect(unit.goal.y).toBeLessThan(scenario.world.height);
          }
        }
      }
      // six instances, six maps
      expect(seen.size, name).toBe(6);
    }
  });

  it('give each family what its description promises', () => {
    for (let instance = 1; instance <= 8; instance++) {
      const hall = buildFamilyInstance('pillared-hall', instance);
      // pillars in rows: neighbours along a row are 1.5 to 4 m apart edge to edge
      const xs = [...new Set(hall.obstacles.map((shape) => (shape.type === 'polygon' ? 0 : shape.x)))].sort((a, b) => a - b);
      const size = hall.obstacles[0]!.type === 'circle' ? 2 * hall.obstacles[0]!.radius : (hall.obstacles[0] as { width: number }).width;
      expect(xs[1]! - xs[0]! - size).toBeGreaterThanOrEqual(1.5 - 1e-6);
      expect(xs[1]! - xs[0]! - size).toBeLessThanOrEqual(4 + 1e-6);
      expect([...groupsOf(hall).values()].every((count) => count >= 25 && count <= 50)).toBe(true);

      const river = buildFamilyInstance('river', instance);
      // the river's pieces leave one to three bridges, 3 to 8 m wide
      const pieces = river.obstacles.map((shape) => shape as { x: number; width: number }).sort((a, b) => a.x - b.x);
      expect(pieces.length).toBeGreaterThanOrEqual(2);
      expect(pieces.length).toBeLessThanOrEqual(4);
      for (let index = 1; index < pieces.length; index++) {
        const bridge = pieces[index]!.x - pieces[index]!.width / 2 - (pieces[index - 1]!.x + pieces[index - 1]!.width / 2);
        expect(bridge).toBeGreaterThanOrEqual(3 - 1e-6);
        expect(bridge).toBeLessThanOrEqual(8 + 1e-6);
      }

      const column = buildFamilyInstance('column-past-standing', instance);
      const standing = column.units.filter((unit) => unit.goal === null);
      expect(standing.length).toBeGreaterThanOrEqual(1);
      expect(standing.length).toBeLessThanOrEqual(5);
      expect(standing.every((unit) => unit.team === 0 && Math.abs(unit.y - 15) <= 1.5)).toBe(true);

      const armies = buildFamilyInstance('armies', instance);
      const sides = [...groupsOf(armies).values()];
      expect(sides.length).toBe(2);
      expect(sides[0]).toBe(sides[1]);
      expect(sides[0]).toBeGreaterThanOrEqual(100);
      expect(sides[0]).toBeLessThanOrEqual(500);

      const mixed = buildFamilyInstance('mixed', instance);
      expect(new Set(mixed.units.map((unit) => unit.radius)).size).toBeGreaterThan(1);
    }
  });

  it('refuses an unknown family or an instance that is not a whole number from 1, naming it', () => {
    expect(() => buildFamilyInstance('swamp', 1)).toThrow('family: expected one of pillared-hall');
    expect(() => buildFamilyInstance('forest', 0)).toThrow('instance: expected an integer from 1');
    expect(() => buildFamilyInstance('forest', 1.5)).toThrow('instance: expected an integer from 1');
  });
});

describe('the families command line', () => {
  it('--json prints one object per family: per strategy the instances all home, touches and mean time to goal', () => {
    const result = cli('families', ['--family', 'column-past-standing,rooms', '--seeds', '1-2', '--avoidance', 'rays,none', '--json', '--jobs', '2']);
    expect(result.status, result.stderr).toBe(0);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => row.family)).toEqual(['column-past-standing', 'rooms']);
    for (const row of rows) {
      expect(row.instances).toBe(2);
      for (const strategy of ['rays', 'none']) {
        const figures = row[strategy] as Record<string, number | null>;
        expect(Object.keys(figures)).toEqual(expect.arrayContaining(['allArrived', 'collisions', 'meanTimeToGoal']));
        expect(figures.allArrived).toBeGreaterThanOrEqual(0);
        expect(figures.allArrived).toBeLessThanOrEqual(2);
      }
    }
    // standing units are measured, and count as not having to arrive
    const column = rows[0]!.rays as Record<string, number | null>;
    expect(column.standingDisplacement).not.toBeNull();
    const marching = [1, 2].reduce((sum, instance) => sum + buildFamilyInstance('column-past-standing', instance).units.filter((unit) => unit.goal !== null).length, 0);
    expect(column.units).toBe(marching);
  });

  it('refuses an unknown family, instance 0 or both --instances and --seeds, with exit 2 and nothing run', () => {
    for (const args of [['--family', 'swamp'], ['--seeds', '0-2'], ['--instances', '3', '--seeds', '1'], ['--instances', 'many']]) {
      const result = cli('families', args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(cli('families', ['--family', 'swamp']).stderr).toContain('--family: expected one of pillared-hall');
  });

  it('compare --family runs a family\'s instances, one per seed, and takes its means over the family', () => {
    const result = cli('compare', ['--family', 'rally', '--seeds', '1-2', '--avoidance', 'none']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('| rally-1 |');
    expect(result.stdout).toContain('| rally-2 |');
    expect(result.stdout).toMatch(/\| rally \| none \| sideways \| \d\/2 \|/);
    expect(cli('compare', ['--family', 'rally', '--only', 'head-on']).status).toBe(2);
  });
});

describe('a slice of the families, run (docs/families.md has the 20-instance table)', () => {
  it('a column marching past units of its own side standing on its line goes round them: they are pushed at most 1.5 m, and are back home once it has passed', () => {
    // measured: instance 1 (two standing, 17 marchers) 0.03 m, 5 (one standing, 40 marchers)
    // 0.02 m, 11 (four standing, 30 marchers) 1.03 m; before (standing units answering a column
    // from afar and stepping ahead of it, give-way's pair hook) 28.8, 28.9 and 45.2 m, and most
    // were left there
    for (const instance of [1, 5, 11]) {
      const result = runScenario(buildFamilyInstance('column-past-standing', instance));
      expect(result.arrived, `instance ${instance}`).toBe(result.unitsWithGoal);
      expect(result.standingDisplacement!, `instance ${instance}`).toBeLessThanOrEqual(1.5);
      expect(result.standingDisplacementAtEnd!, `instance ${instance}`).toBeLessThan(0.5);
    }
  });
});

describe('a slice of the families, run: armies meeting among scattered rocks', () => {
  // plain motion's mean time to goal on armies-14 (npm run families: `none`, every unit home)
  const PLAIN = 15.8;
  it(`armies-14: every unit home, within 1.25 times plain motion's mean time (${PLAIN} s): gaps between rocks in open ground are no doors, where one army would wait for the other`, () => {
    // measured: 16.1 s; when every gap up to 4 m wide was a door, 21.8 s
    const scenario = buildFamilyInstance('armies', 14);
    expect(scenario.obstacles.length).toBeGreaterThan(0);
    const result = runScenario(scenario);
    expect(result.arrived).toBe(result.unitsWithGoal);
    expect(result.meanTimeToGoal!).toBeLessThan(1.25 * PLAIN);
  });
});

describe('a slice of the families, run: one instance of each, every unit home without a touch', () => {
  // [family, instance, DetourCrowd's mean time to goal on it (s), measured with npm run families;
  // null where it did not get every unit home]. The 20-instance figures are in docs/families.md.
  const slice: ReadonlyArray<readonly [string, number, number | null]> = [
    ['pillared-hall', 6, 25.0],
    ['forest', 13, null],
    ['river', 8, 14.4],
    ['bent-corridor', 12, 28.0],
    ['rooms', 15, null],
    ['armies', 17, 18.4],
    ['rally', 17, 8.1],
    ['mixed', 11, null],
  ];
  for (const [family, instance, detourTime] of slice) {
    it(`${family}-${instance}: every unit home, no touch${detourTime === null ? '' : `, faster than DetourCrowd (${detourTime} s)`}`, () => {
      const result = runScenario(buildFamilyInstance(family, instance));
      expect(result.arrived).toBe(result.unitsWithGoal);
      expect(result.collisions).toBe(0);
      if (detourTime !== null) expect(result.meanTimeToGoal!).toBeLessThan(detourTime);
    });
  }
});
