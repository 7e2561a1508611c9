/**
 * What the demo page's browser tests share: opening the page in the session's Chromium, reading its
 * hook (`window.__rts`), and waiting on the simulation, never on frame counts (software WebGL runs
 * at 10-35 fps here).
 */
import type { Page } from 'playwright-core';
import type { HookedWindow, PageHook } from '../../src/app/hook';
import { afterAll, beforeAll } from 'vitest';
import { type BrowserSession, startBrowserSession, stopBrowserSession, watchForProblems } from '../../src/cli/browser';

/** Opens the demo page at `query` and waits for its hook. */
/**
 * One Chromium session for the whole test file: started before its first test, stopped after its
 * last. Returns the way to reach it from the tests.
 */
export function sharedBrowserSession(): () => BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await startBrowserSession();
  }, 60_000);
  afterAll(async () => {
    await stopBrowserSession(session);
  });
  return () => {
    if (session === undefined) throw new Error('the browser session has not started');
    return session;
  };
}

export async function openDemoPage(session: BrowserSession, query = '', viewport = { width: 1100, height: 720 }): Promise<{ page: Page; problems: string[] }> {
  const page = await session.browser.newPage({ viewport });
  const problems = watchForProblems(page);
  await page.goto(`${session.baseUrl}/${query}`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
  return { page, problems };
}

/** Reads the page's hook. */
export function hook<T>(page: Page, read: (rts: PageHook) => T): Promise<T> {
  return page.evaluate(`(${read.toString()})(window.__rts)`) as Promise<T>;
}

/** Waits until the simulation has run `ticks` more ticks. */
export async function runTicks(page: Page, ticks: number): Promise<void> {
  const start = await hook(page, (rts) => rts.tick());
  await page.waitForFunction((target) => (window as unknown as HookedWindow).__rts.tick() >= target, start + ticks, { timeout: 60_000 });
}

/** A control of the lil-gui panel by its name (lil-gui labels each widget with it). */
export function guiControl(page: Page, name: string) {
  return page.getByLabel(name, { exact: true });
}
