/**
 * The demo page in Debian's Chromium: the run, selection, orders, the panel, overlays, and the
 * worker's bit-for-bit agreement with Node. Everything is read through the page's read-only hook
 * (`window.__rts`, test/e2e/support.ts) and driven with the real mouse and keyboard. Its tools
 * (legend, replay, editor, URL settings) are in tools.test.ts.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookedWindow } from '../../src/app/hook';
import { setUpPageSession, stepSession } from '../../src/app/session';
import { positionsHash } from '../../src/render/snapshot';
import { DEFAULT_UNIT } from '../../src/sim/defaults';
import { type BrowserSession, startBrowserSession, stopBrowserSession } from '../../src/cli/browser';
import { guiControl, hook, openDemoPage, runTicks } from './support';

let session: BrowserSession | undefined;
beforeAll(async () => {
  session = await startBrowserSession();
}, 60_000);
afterAll(async () => {
  await stopBrowserSession(session);
});

async function openPage(query = ''): Promise<{ page: Page; problems: string[] }> {
  return openDemoPage(session!, query);
}

async function togglePause(page: Page, paused: boolean): Promise<void> {
  if ((await hook(page, (rts) => rts.paused())) !== paused) await page.keyboard.press('Space');
  expect(await hook(page, (rts) => rts.paused())).toBe(paused);
}

describe('the demo page in Chromium', () => {
  it('loads the default scenario without errors, runs it, and draws it (screenshot)', async () => {
    const { page, problems } = await openPage();
    expect(await hook(page, (rts) => rts.choice())).toEqual({ name: 'head-on', units: 80, seed: 1 });
    const before = await hook(page, (rts) => rts.units());
    expect(before.length).toBe(80);
    await runTicks(page, 120);
    const after = await hook(page, (rts) => rts.units());
    // team 0 starts on the left and walks right; team 1 the other way
    for (const [index, unit] of after.entries()) {
      const dx = unit.x - before[index]!.x;
      expect(unit.team === 0 ? dx > 0.5 : dx < -0.5).toBe(true);
    }
    expect(page.url()).toContain('?scenario=head-on&units=80&seed=1');
    mkdirSync('test-results', { recursive: true });
    const file = 'test-results/demo-page.png';
    await page.screenshot({ path: file });
    // a blank or single-colour canvas compresses to a few kilobytes; 80 units, a panel and a HUD do not
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1100);
    expect(png.readUInt32BE(20)).toBe(720);
    expect(png.length).toBeGreaterThan(20_000);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a drag box selects exactly the units inside it; shift-click toggles one; Escape clears', async () => {
    const { page, problems } = await openPage('?scenario=seed-smallgroups&seed=1');
    await togglePause(page, true);
    const units = await hook(page, (rts) => rts.units());
    // a box over the left part of the field, its right edge halfway across the widest gap
    // between units (so no unit sits on the edge, where a pixel decides)
    const xs = units.map((u) => u.x).sort((a, b) => a - b);
    let edge = 0;
    for (let i = 1; i < xs.length - 1; i++) if (xs[i + 1]! - xs[i]! > (xs[edge + 1] ?? 0) - (xs[edge] ?? 0)) edge = i;
    const box = { ax: 0.1, ay: 0.1, bx: (xs[edge]! + xs[edge + 1]!) / 2, by: 13.9 };
    const inside = units.filter((u) => u.x >= box.ax && u.x <= box.bx && u.y >= box.ay && u.y <= box.by).map((u) => u.id);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(units.length);
    const from = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [box.ax, box.by]);
    const to = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [box.bx, box.ay]);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    expect(await hook(page, (rts) => rts.selected())).toEqual([...inside].sort((a, b) => a - b));

    const outsider = units.find((u) => !inside.includes(u.id))!;
    const at = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [outsider.x, outsider.y]);
    await page.keyboard.down('Shift');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Shift');
    expect(await hook(page, (rts) => rts.selected())).toEqual([...inside, outsider.id].sort((a, b) => a - b));
    await page.keyboard.down('Shift');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Shift');
    expect(await hook(page, (rts) => rts.selected())).toEqual([...inside].sort((a, b) => a - b));
    // a plain click on one unit selects only it
    await page.mouse.click(at.x, at.y);
    expect(await hook(page, (rts) => rts.selected())).toEqual([outsider.id]);
    await page.keyboard.press('Escape');
    expect(await hook(page, (rts) => rts.selected())).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('a right click (dragged: with a facing) moves the selection there as a group, the others stay; they arrive', async () => {
    const { page, problems } = await openPage('?scenario=seed-smallgroups&seed=1');
    await togglePause(page, true);
    // stop everyone (select all with a box over the whole field, S), then let them come to rest
    const corner = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(0.1, 13.9));
    const far = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(24.9, 0.1));
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(far.x, far.y, { steps: 6 });
    await page.mouse.up();
    expect((await hook(page, (rts) => rts.selected())).length).toBe(18);
    await page.keyboard.press('s');
    await togglePause(page, false);
    await runTicks(page, 60);
    // the stop order ends every task at once; wait for the units to have come to rest as well
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.units().every((u) => !u.moving && u.speed < 0.01), null, { timeout: 30_000 });

    // select team 0 (the left block) and send it to the bottom middle
    const units = await hook(page, (rts) => rts.units());
    const team = units.filter((u) => u.team === 0);
    const others = units.filter((u) => u.team !== 0);
    await page.keyboard.press('Escape');
    for (const unit of team) {
      const at = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [unit.x, unit.y]);
      await page.keyboard.down('Shift');
      await page.mouse.click(at.x, at.y);
      await page.keyboard.up('Shift');
    }
    expect(await hook(page, (rts) => rts.selected())).toEqual(team.map((u) => u.id).sort((a, b) => a - b));
    const target = { x: 12.5, y: 4 };
    const click = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [target.x, target.y]);
    // a right drag from the point to the left: the group will face -x, its rows stacked along x
    const toward = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [target.x - 3, target.y]);
    await page.mouse.move(click.x, click.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(toward.x, toward.y, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    // the order is applied at the next tick
    await page.waitForFunction(
      (ids) => (window as unknown as HookedWindow).__rts.units().filter((u) => ids.includes(u.id)).every((u) => u.slot !== null),
      team.map((u) => u.id),
      { timeout: 10_000 },
    );
    const withSlots = (await hook(page, (rts) => rts.units())).filter((u) => team.some((t) => t.id === u.id));
    const slots = withSlots.map((u) => u.slot!);
    // facing -x: the unit furthest that way (the smallest x now) takes a front-rank slot, as far
    // -x as any (facing the way of travel, +y here, the front rank would be the highest)
    const front = team.reduce((best, unit) => (unit.x < best.x ? unit : best));
    const frontSlot = withSlots.find((u) => u.id === front.id)!.slot!;
    expect(frontSlot.x).toBeLessThanOrEqual(Math.min(...slots.map((slot) => slot.x)) + 1e-6);
    // and the order went to the pressed point
    const centre = slots.reduce((sum, slot) => ({ x: sum.x + slot.x / slots.length, y: sum.y + slot.y / slots.length }), { x: 0, y: 0 });
    expect(Math.hypot(centre.x - target.x, centre.y - target.y)).toBeLessThan(0.01);
    // a marker where the click was, fading
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().markers === 1, null, { timeout: 5_000 });
    await runTicks(page, 60);
    const moving = await hook(page, (rts) => rts.units());
    const distance = (u: { x: number; y: number }) => Math.hypot(u.x - target.x, u.y - target.y);
    for (const unit of team) {
      const now = moving.find((u) => u.id === unit.id)!;
      expect(now.moving).toBe(true);
      expect(distance(now)).toBeLessThan(distance(unit) - 1);
    }
    // they arrive: all stand still around the point, within the group's arrival radius, give or
    // take the 0.25 m a standing unit may be nudged off the place it stopped at before it walks back
    await page.waitForFunction(
      (ids) => (window as unknown as HookedWindow).__rts.units().filter((u) => ids.includes(u.id)).every((u) => !u.moving && u.speed < 0.05),
      team.map((u) => u.id),
      { timeout: 60_000 },
    );
    const end = await hook(page, (rts) => rts.units());
    const radius = Math.max(1, 2 * 0.23 * Math.sqrt(team.length));
    for (const unit of team) expect(distance(end.find((u) => u.id === unit.id)!)).toBeLessThan(radius + 0.25);
    for (const unit of others) {
      const now = end.find((u) => u.id === unit.id)!;
      expect(Math.hypot(now.x - unit.x, now.y - unit.y)).toBeLessThan(1);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('a right click behind a U-shaped wall sends the selection round it, the route drawn; they arrive', async () => {
    const { page, problems } = await openPage('?scenario=u-trap&units=8&seed=1');
    await togglePause(page, true);
    // select everyone and stop them where they stand, at the start
    const corner = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(0.5, 39.5));
    const far = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(20, 0.5));
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(far.x, far.y, { steps: 6 });
    await page.mouse.up();
    expect((await hook(page, (rts) => rts.selected())).length).toBe(8);
    await page.keyboard.press('s');
    await guiControl(page, 'speed').selectOption('4');
    await togglePause(page, false);
    // behind the U: the straight line from the group runs into the trap
    const target = { x: 46, y: 20 };
    const click = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [target.x, target.y]);
    await page.mouse.click(click.x, click.y, { button: 'right' });
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().routes > 0, null, { timeout: 10_000 });
    // arrived and settled: a unit nudged after arriving walks back to where it stopped
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.units().every((u) => !u.moving && u.speed < 0.05), null, { timeout: 90_000 });
    const end = await hook(page, (rts) => rts.units());
    const radius = Math.max(1, 2 * 0.5 * Math.sqrt(8));
    for (const unit of end) expect(Math.hypot(unit.x - target.x, unit.y - target.y)).toBeLessThan(radius + 0.5);
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);

  it('the scenario picker loads a scenario, the URL keeps it, and a reload reproduces it', async () => {
    const { page, problems } = await openPage();
    await guiControl(page, 'scenario').selectOption('corridor');
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.choice().name === 'corridor', null, { timeout: 10_000 });
    expect((await hook(page, (rts) => rts.units())).length).toBe(40);
    expect(page.url()).toContain('?scenario=corridor&units=40&seed=1');

    await page.goto(`${session!.baseUrl}/?scenario=circle-swap&units=24&seed=3`, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
    const first = { choice: await hook(page, (rts) => rts.choice()), start: await hook(page, (rts) => rts.startPositions()) };
    expect(first.choice).toEqual({ name: 'circle-swap', units: 24, seed: 3 });
    expect((await hook(page, (rts) => rts.units())).length).toBe(24);
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
    expect(await hook(page, (rts) => rts.choice())).toEqual(first.choice);
    expect(await hook(page, (rts) => rts.startPositions())).toEqual(first.start);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('the overlays draw: rays, avoidance forces, sides and velocities, each when turned on', async () => {
    const { page, problems } = await openPage('?scenario=head-on&seed=2');
    await runTicks(page, 90);
    expect(await hook(page, (rts) => rts.overlayCounts())).toMatchObject({ rays: 0, forces: 0, sides: 0, velocity: 0 });
    await guiControl(page, 'rays').check();
    await guiControl(page, 'velocity').check();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().rays > 0, null, { timeout: 10_000 });
    const counts = await hook(page, (rts) => rts.overlayCounts());
    // three rays per moving unit at least
    expect(counts.rays).toBeGreaterThanOrEqual(3 * 40);
    expect(counts.velocity).toBeGreaterThan(40);
    expect(counts.forces).toBe(0);
    // the groups meet a few seconds in: avoidance forces and sides appear
    await guiControl(page, 'avoidance force').check();
    await guiControl(page, 'avoidance side').check();
    await page.waitForFunction(
      () => {
        const now = (window as unknown as HookedWindow).__rts.overlayCounts();
        return now.forces > 0 && now.sides > 0;
      },
      null,
      { timeout: 60_000 },
    );
    await guiControl(page, 'rays').uncheck();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().rays === 0, null, { timeout: 10_000 });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('the avoidance dropdown lists every strategy and switches the running simulation', async () => {
    const { page, problems } = await openPage();
    const select = guiControl(page, 'avoidance');
    expect(await select.locator('option').allTextContents()).toEqual(['rays', 'seed004', 'ahead', 'feeler', 'projection', 'none']);
    expect(await hook(page, (rts) => rts.avoidance())).toBe('rays');
    await select.selectOption('feeler');
    expect(await hook(page, (rts) => rts.avoidance())).toBe('feeler');
    await runTicks(page, 30);
    // the URL keeps it, and a reload comes back with it
    expect(page.url()).toContain('&avoidance=feeler');
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
    expect(await hook(page, (rts) => rts.avoidance())).toBe('feeler');
    expect(await guiControl(page, 'avoidance').inputValue()).toBe('feeler');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('the worker ticks exactly what Node ticks: the positions hash after 600 ticks and more is the same bit for bit', async () => {
    const { page, problems } = await openPage('?scenario=crossing-90&seed=2');
    await runTicks(page, 600);
    await togglePause(page, true);
    const { tick, hash } = await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash());
    expect(tick).toBeGreaterThanOrEqual(600);
    const choice = await hook(page, (rts) => rts.choice());
    const session = setUpPageSession({ choice, settings: { avoidance: 'rays', response: 'sideways' }, tuning: {}, maxAcceleration: DEFAULT_UNIT.maxAcceleration });
    for (let i = 0; i < tick; i++) stepSession(session);
    expect(positionsHash(session.sim)).toBe(hash);
    // and one tick more differs: the hash sees the positions
    stepSession(session);
    expect(positionsHash(session.sim)).not.toBe(hash);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
