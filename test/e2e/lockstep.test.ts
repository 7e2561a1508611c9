/**
 * Two pages in lockstep in Chromium: each runs its own simulation in its worker and they exchange
 * only commands, through a BroadcastChannel (two tabs of one browser) or through the relay (two
 * browsers: here two separate browser contexts, which share nothing). Each page commands its own
 * team with the mouse; their state hashes are compared every second; a page whose simulation is
 * changed alone is caught within a second.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookedWindow } from '../../src/app/hook';
import type { LockstepStatus } from '../../src/app/lockstep';
import { startRelay } from '../../src/cli/relay';
import { watchForProblems } from '../../src/cli/browser';
import { guiControl, hook, sharedBrowserSession } from './support';

const session = sharedBrowserSession();
const VIEWPORT = { width: 640, height: 440 };

async function openPlayer(context: BrowserContext, query: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${session().baseUrl}/${query}`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
  return { page, problems };
}

/** Selects the units of `team` with a drag box over its half of the head-on field, and
 * sends them across with a right click. */
async function commandTeam(page: Page, team: number): Promise<void> {
  const units = await hook(page, (rts) => rts.units());
  const mine = units.filter((unit) => unit.team === team);
  // the mouse selects units where the page draws them, moving evenly from where they are drawn
  // now to the latest snapshot (up to a snapshot interval behind it, longer on a loaded machine):
  // the box goes round both ends of that way, so it holds them wherever the drag ends
  const drawn = new Map((await hook(page, (rts) => rts.selectable())).map((unit) => [unit.id, unit]));
  const xs = mine.flatMap((unit) => [unit.x, drawn.get(unit.id)!.x]);
  const ys = mine.flatMap((unit) => [unit.y, drawn.get(unit.id)!.y]);
  const screen = (x: number, y: number) => page.evaluate(([a, b]) => (window as unknown as HookedWindow).__rts.toScreen(a!, b!), [x, y]);
  const from = await screen(Math.min(...xs) - 0.8, Math.max(...ys) + 0.8);
  const to = await screen(Math.max(...xs) + 0.8, Math.min(...ys) - 0.8);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  expect((await hook(page, (rts) => rts.selected())).length).toBe(mine.length);
  // a goal past the middle of the field, clear of the panel and the legend over its corners
  const middleX = units.reduce((sum, unit) => sum + unit.x, 0) / units.length;
  const middleY = mine.reduce((sum, unit) => sum + unit.y, 0) / mine.length;
  const goal = await screen(middleX + (team === 0 ? 4 : -4), middleY + (team === 0 ? 1.5 : -1.5));
  await page.mouse.click(goal.x, goal.y, { button: 'right' });
}

const status = (page: Page): Promise<LockstepStatus | null> => hook(page, (rts) => rts.lockstep());

/** Pauses or resumes a page's clock (space), as a player would. */
async function setPaused(page: Page, paused: boolean): Promise<void> {
  if ((await hook(page, (rts) => rts.paused())) !== paused) await page.keyboard.press('Space');
  expect(await hook(page, (rts) => rts.paused())).toBe(paused);
}

/** Both players pause, each commands its own team, both resume (paused, a page waits where it
 * is: the other then waits for its turns). */
async function commandBothTeams(pages: Page[]): Promise<void> {
  for (const page of pages) await setPaused(page, true);
  await commandTeam(pages[0]!, 0);
  await commandTeam(pages[1]!, 1);
  for (const page of pages) await setPaused(page, false);
}

async function waitForAgreement(pages: Page[], tick: number, timeout: number): Promise<void> {
  for (const page of pages) {
    await page.waitForFunction((at) => ((window as unknown as HookedWindow).__rts.lockstep()?.lastAgreed?.tick ?? 0) >= at, tick, { timeout });
  }
}

describe('two pages in lockstep in Chromium', () => {
  it('two tabs (BroadcastChannel), each commanding its own team, stay identical for 3600 ticks; a page changed alone is caught within a second', async () => {
    const context = await session().browser.newContext({ viewport: VIEWPORT });
    const query = '?scenario=head-on&units=24&seed=2&lockstep=tabs&player=';
    const players = [await openPlayer(context, `${query}0`), await openPlayer(context, `${query}1`)];
    const pages = players.map((player) => player.page);
    for (const page of pages) await guiControl(page, 'speed').selectOption('8');
    await waitForAgreement(pages, 120, 60_000);
    await commandBothTeams(pages);
    await waitForAgreement(pages, 3600, 150_000);
    for (const page of pages) {
      const { desync, agreed, players: count } = (await status(page))!;
      expect(desync).toBeNull();
      expect(agreed).toBeGreaterThanOrEqual(60);
      expect(count).toBe(2);
      expect(await page.locator('#hud').textContent()).toMatch(/lockstep tabs: player \d of 2 {3}in step: \d+ checks agreed/);
    }
    // both moved their units: the orders of each page reached the other (their logs are the same)
    const logs = await Promise.all(pages.map((page) => page.evaluate(() => (window as unknown as HookedWindow).__rts.commandLog())));
    expect(logs[0]!.split("\n").filter((line) => line.includes("\"order\"")).length, logs[0]).toBe(2);
    expect(logs[1]).toBe(logs[0]);

    // page 1's simulation changed alone
    const nudgedAt = (await status(pages[1]!))!.lastAgreed!.tick;
    await pages[1]!.evaluate(() => (window as unknown as HookedWindow).__rts.nudge());
    for (const page of pages) {
      await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.lockstep()?.desync != null, null, { timeout: 30_000 });
      const { desync } = (await status(page))!;
      // caught at the first check after the change (a second of ticks), or the one after when
      // the change came just as a check was made
      expect(desync!.tick).toBeGreaterThan(nudgedAt);
      expect(desync!.tick).toBeLessThanOrEqual(nudgedAt + 3 * 60);
      await page.waitForFunction(() => document.getElementById('hud')!.textContent!.includes('DESYNC at tick'));
    }
    expect(players.flatMap((player) => player.problems)).toEqual([]);
    await context.close();
  }, 240_000);

  it('two browsers through the relay stay identical, each commanding its own team', async () => {
    const relay = await startRelay('127.0.0.1', 0);
    const contexts = [await session().browser.newContext({ viewport: VIEWPORT }), await session().browser.newContext({ viewport: VIEWPORT })];
    try {
      const query = (player: number) => `?scenario=head-on&units=24&seed=2&lockstep=relayed&player=${player}&relay=${encodeURIComponent(relay.url)}`;
      const players = [await openPlayer(contexts[0]!, query(0)), await openPlayer(contexts[1]!, query(1))];
      const pages = players.map((player) => player.page);
      for (const page of pages) await guiControl(page, 'speed').selectOption('8');
      await waitForAgreement(pages, 120, 60_000);
      await commandBothTeams(pages);
      await waitForAgreement(pages, 180, 120_000);
      for (const page of pages) {
        const { desync, agreed } = (await status(page))!;
        expect(desync).toBeNull();
        expect(agreed).toBeGreaterThanOrEqual(3);
      }
      const logs = await Promise.all(pages.map((page) => page.evaluate(() => (window as unknown as HookedWindow).__rts.commandLog())));
      expect(logs[1]).toBe(logs[0]);
      expect(players.flatMap((player) => player.problems)).toEqual([]);
    } finally {
      for (const context of contexts) await context.close();
      await relay.close();
    }
  }, 240_000);
});
