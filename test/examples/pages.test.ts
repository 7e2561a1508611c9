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
    expect(await starter(page, `queued(${army[0]})`)).toBe(2);
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

    // A, then a left click: an attack-move for the selection
    const enemySide = await starter<{ x: number; y: number }>(page, 'toScreen(118, 50)');
    await page.keyboard.press('KeyA');
    await page.mouse.click(enemySide.x, enemySide.y);
    const head = (await page.evaluate(`window.__starter.game.queues.get(${army[0]})?.[0]`)) as { attack: boolean; target: { x: number; y: number } };
    expect(head.attack).toBe(true);
    expect(Math.hypot(head.target.x - 118, head.target.y - 50)).toBeLessThan(0.5);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/rts-starter.png' });
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);
});
