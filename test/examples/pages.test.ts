/**
 * The examples as a game developer meets them: the headless script run with tsx, and the example
 * pages in Debian's Chromium, driven with the real mouse and keyboard and read through each page's
 * small test door (`window.__minimal`, `window.__starter`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchForProblems } from '../../src/cli/browser';
import { sharedBrowserSession } from '../e2e/support';

const ROOT = join(import.meta.dirname, '..', '..');

const session = sharedBrowserSession();

async function open(path: string, door: string): Promise<{ page: Page; problems: string[] }> {
  const page = await session().browser.newPage({ viewport: { width: 1280, height: 720 } });
  const problems = watchForProblems(page);
  await page.goto(`${session().baseUrl}${path}`, { waitUntil: 'load' });
  await page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] !== undefined, door, { timeout: 30_000 });
  return { page, problems };
}

interface StarterUnit {
  id: number;
  team: number;
  kind: 'soldier' | 'archer';
  health: number;
  x: number;
  y: number;
  idle: boolean;
}

/** Reads the RTS starter's test door. */
function starter<T>(page: Page, read: string): Promise<T> {
  return page.evaluate(`window.__starter.${read}`) as Promise<T>;
}

describe('the examples', () => {
  it('headless.ts runs under tsx: both groups cross the rock and every unit arrives', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', 'headless.ts')], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.match(/^unit \d+ arrived at [\d.]+ s$/gm)?.length).toBe(8);
    const finals = [...result.stdout.matchAll(/^unit \d+ \(team (\d)\) at ([\d.]+), ([\d.]+)$/gm)].map((match) => ({ team: Number(match[1]), x: Number(match[2]) }));
    expect(finals.length).toBe(8);
    for (const unit of finals) expect(unit.team === 0 ? unit.x > 45 : unit.x < 15).toBe(true);
  });

  it('the index page links every example, and each link loads without errors', async () => {
    const page = await session().browser.newPage();
    const problems = watchForProblems(page);
    await page.goto(`${session().baseUrl}/examples/`, { waitUntil: 'load' });
    const links = await page.locator('a').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(links.some((href) => href.endsWith('/examples/minimal-pixi/'))).toBe(true);
    expect(links.some((href) => href.endsWith('/examples/rts-starter/'))).toBe(true);
    for (const href of links) {
      const response = await page.goto(href, { waitUntil: 'load' });
      expect(response?.status(), href).toBe(200);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('minimal pixi page: a right-click sends the group there', async () => {
    const { page, problems } = await open('/examples/minimal-pixi/', '__minimal');
    const canvas = (await page.locator('canvas').boundingBox())!;
    const scale = (await page.evaluate('window.__minimal.scale')) as number;
    const height = (await page.evaluate('window.__minimal.height')) as number;
    const target = { x: 30, y: 16 };
    await page.mouse.click(canvas.x + target.x * scale, canvas.y + (height - target.y) * scale, { button: 'right' });
    await page.waitForFunction(
      ([x, y]) => {
        const units = (window as unknown as { __minimal: { units(): Array<{ x: number; y: number }> } }).__minimal.units();
        const cx = units.reduce((sum, unit) => sum + unit.x, 0) / units.length;
        const cy = units.reduce((sum, unit) => sum + unit.y, 0) / units.length;
        return Math.hypot(cx - x!, cy - y!) < 1.5;
      },
      [target.x, target.y],
      { timeout: 40_000 },
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('RTS starter: box select, control groups, double-click, queued waypoints, attack-move and the minimap', async () => {
    const { page, problems } = await open('/examples/rts-starter/?ai=0', '__starter');
    const units = await starter<StarterUnit[]>(page, 'units()');
    const mine = units.filter((unit) => unit.team === 0);
    expect(mine.length).toBe(24);

    // a box around the player's army selects exactly it
    const xs = mine.map((unit) => unit.x);
    const ys = mine.map((unit) => unit.y);
    const corner = await starter<{ x: number; y: number }>(page, `toScreen(${Math.min(...xs) - 1}, ${Math.max(...ys) + 1})`);
    const opposite = await starter<{ x: number; y: number }>(page, `toScreen(${Math.max(...xs) + 1}, ${Math.min(...ys) - 1})`);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move((corner.x + opposite.x) / 2, (corner.y + opposite.y) / 2, { steps: 4 });
    await page.mouse.move(opposite.x, opposite.y, { steps: 4 });
    await page.mouse.up();
    const army = mine.map((unit) => unit.id).sort((a, b) => a - b);
    expect(await starter(page, 'selected()')).toEqual(army);

    // Ctrl+2 keeps it as group 2; Escape clears; 2 brings it back
    await page.keyboard.press('Control+Digit2');
    await page.keyboard.press('Escape');
    expect(await starter(page, 'selected()')).toEqual([]);
    await page.keyboard.press('Digit2');
    expect(await starter(page, 'selected()')).toEqual(army);

    // a double-click on one unit selects every unit of its team on screen (here: the army)
    await page.keyboard.press('Escape');
    const one = await starter<{ x: number; y: number }>(page, `toScreen(${mine[0]!.x}, ${mine[0]!.y})`);
    await page.mouse.dblclick(one.x, one.y);
    expect(await starter(page, 'selected()')).toEqual(army);

    // right-click, then shift+right-click: two waypoints queued, walked in order
    const first = { x: 47, y: 44 };
    const second = { x: 47, y: 56 };
    const a = await starter<{ x: number; y: number }>(page, `toScreen(${first.x}, ${first.y})`);
    const b = await starter<{ x: number; y: number }>(page, `toScreen(${second.x}, ${second.y})`);
    await page.keyboard.press('Digit2');
    await page.mouse.click(a.x, a.y, { button: 'right' });
    await page.keyboard.down('Shift');
    await page.mouse.click(b.x, b.y, { button: 'right' });
    await page.keyboard.up('Shift');
    expect(await starter(page, `queued(${army[0]})`)).toBe(1);
    const centroidNear = (x: number, y: number, within: number) =>
      page.waitForFunction(
        ([px, py, d]) => {
          const all = (window as unknown as { __starter: { units(): StarterUnit[] } }).__starter.units().filter((unit) => unit.team === 0);
          const cx = all.reduce((sum, unit) => sum + unit.x, 0) / all.length;
          const cy = all.reduce((sum, unit) => sum + unit.y, 0) / all.length;
          return Math.hypot(cx - px!, cy - py!) < d!;
        },
        [x, y, within],
        { timeout: 60_000, polling: 100 },
      );
    await centroidNear(first.x, first.y, 3);
    await centroidNear(second.x, second.y, 3);

    // a click on the minimap looks there
    const spot = await starter<{ x: number; y: number }>(page, 'minimapPoint(110, 50)');
    await page.mouse.click(spot.x, spot.y);
    const camera = await starter<{ x: number; y: number }>(page, 'camera()');
    expect(Math.abs(camera.x - 110)).toBeLessThan(1.5);
    expect(Math.abs(camera.y - 50)).toBeLessThan(1.5);

    // A, then a left click: an attack-move for the selection (the engine's move with an engage)
    const enemySide = await starter<{ x: number; y: number }>(page, 'toScreen(118, 50)');
    await page.keyboard.press('KeyA');
    await page.mouse.click(enemySide.x, enemySide.y);
    await page.waitForFunction(`window.__starter.order(${army[0]})?.kind === 'attack-move'`, undefined, { timeout: 10_000 });
    const head = await starter<{ kind: string; target: { x: number; y: number } }>(page, `order(${army[0]})`);
    expect(Math.hypot(head.target.x - 118, head.target.y - 50)).toBeLessThan(3);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/rts-starter.png' });
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);

  it('RTS starter: a short battle to its result with the mouse and keyboard: train, rally, attack one enemy, attack-move on the headquarters, victory', async () => {
    const { page, problems } = await open('/examples/rts-starter/?ai=0&enemy=8&speed=8', '__starter');
    const at = (x: number, y: number) => starter<{ x: number; y: number }>(page, `toScreen(${x}, ${y})`);

    // Q trains a soldier, paid at once; R then a click moves the rally point (the game paused
    // meanwhile: no gold comes in, and the soldier is not out before the units are counted)
    await starter(page, 'setPaused(true)');
    const gold = (await starter<{ gold: number }>(page, 'base()')).gold;
    await page.keyboard.press('KeyQ');
    const base = await starter<{ gold: number; training: string[] }>(page, 'base()');
    expect(base.training).toEqual(['soldier']);
    expect(base.gold).toBeCloseTo(gold - 50, 9);
    const rally = { x: 40, y: 70 };
    await page.keyboard.press('KeyR');
    const flag = await at(rally.x, rally.y);
    await page.mouse.click(flag.x, flag.y);
    expect((await starter<{ rally: { x: number; y: number } }>(page, 'base()')).rally.y).toBeCloseTo(rally.y, 0);
    const before = (await starter<StarterUnit[]>(page, 'units()')).map((unit) => unit.id);
    await starter(page, 'setPaused(false)');
    await page.waitForFunction(
      ([ids, x, y]) => {
        const fresh = (window as unknown as { __starter: { units(): StarterUnit[] } }).__starter.units().filter((unit) => !(ids as number[]).includes(unit.id));
        return fresh.length === 1 && fresh[0]!.kind === 'soldier' && fresh[0]!.idle && Math.hypot(fresh[0]!.x - (x as number), fresh[0]!.y - (y as number)) < 3;
      },
      [before, rally.x, rally.y],
      { timeout: 30_000, polling: 100 },
    );

    // the army: a box round it
    const mine = (await starter<StarterUnit[]>(page, 'units()')).filter((unit) => unit.team === 0 && before.includes(unit.id));
    const corner = await at(Math.min(...mine.map((unit) => unit.x)) - 1, Math.max(...mine.map((unit) => unit.y)) + 1);
    const opposite = await at(Math.max(...mine.map((unit) => unit.x)) + 1, Math.min(...mine.map((unit) => unit.y)) - 1);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(opposite.x, opposite.y, { steps: 6 });
    await page.mouse.up();
    expect((await starter<number[]>(page, 'selected()')).length).toBe(24);

    // look at the enemy base (the minimap), right-click one of its units: the army goes for it
    const look = await starter<{ x: number; y: number }>(page, 'minimapPoint(125, 50)');
    await page.mouse.click(look.x, look.y);
    const enemies = (await starter<StarterUnit[]>(page, 'units()')).filter((unit) => unit.team === 1);
    expect(enemies.length).toBe(8);
    const victim = enemies[0]!;
    const aim = await at(victim.x, victim.y);
    await page.mouse.click(aim.x, aim.y, { button: 'right' });
    expect(await page.evaluate(`window.__starter.game.targets.get(${mine[0]!.id})?.enemyId`)).toBe(victim.id);
    await page.waitForFunction(`!window.__starter.units().some((unit) => unit.id === ${victim.id})`, undefined, { timeout: 60_000, polling: 100 });

    // A, then a click on the enemy headquarters: the army fights its way in and brings it down
    const hq = await at(138, 50);
    await page.keyboard.press('KeyA');
    await page.mouse.click(hq.x, hq.y);
    await page.waitForFunction('window.__starter.winner() !== null', undefined, { timeout: 90_000, polling: 200 });
    expect(await starter(page, 'winner()')).toBe(0);
    expect(await starter(page, 'banner()')).toBe('VICTORY');
    const hud = await starter<string>(page, 'hud()');
    expect(hud).toMatch(/red 0 soldiers, 0 archers, HQ 0/);
    expect(hud).toMatch(/lost: blue \d+, red 8/);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/rts-starter-battle.png' });
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);
});
