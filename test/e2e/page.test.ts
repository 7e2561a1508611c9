import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, startBrowserSession, stopBrowserSession, watchForProblems } from './browser';

interface TestHook {
  tick(): number;
  avoidance(): string;
  units(): Array<{ id: number; x: number; y: number; team: number }>;
}

describe('the demo page in Chromium', () => {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await startBrowserSession();
  }, 60_000);
  afterAll(async () => {
    await stopBrowserSession(session);
  });

  it('loads without errors and runs the crossing simulation', async () => {
    const page = await session!.browser.newPage({ viewport: { width: 1000, height: 700 } });
    const problems = watchForProblems(page);
    await page.goto(session!.baseUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __rts?: TestHook }).__rts !== undefined, null, {
      timeout: 30_000,
    });
    const before = await page.evaluate(() => (window as unknown as { __rts: TestHook }).__rts.units());
    expect(before.length).toBe(200);
    // wait on simulated time, not frames: 2 simulated seconds
    await page.waitForFunction(() => (window as unknown as { __rts: TestHook }).__rts.tick() >= 120, null, {
      timeout: 60_000,
    });
    const after = await page.evaluate(() => (window as unknown as { __rts: TestHook }).__rts.units());
    const moved = after.filter((unit, index) => Math.hypot(unit.x - before[index]!.x, unit.y - before[index]!.y) > 1);
    expect(moved.length).toBe(200);
    // team 0 starts on the left and walks right; team 1 the other way
    for (const [index, unit] of after.entries()) {
      const dx = unit.x - before[index]!.x;
      expect(unit.team === 0 ? dx > 0 : dx < 0).toBe(true);
    }
    mkdirSync('test-results', { recursive: true });
    const file = 'test-results/demo-page.png';
    await page.screenshot({ path: file });
    // a blank or single-colour canvas compresses to a few kilobytes; 200 drawn units do not
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1000);
    expect(png.readUInt32BE(20)).toBe(700);
    expect(png.length).toBeGreaterThan(15_000);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('the avoidance dropdown lists every strategy and switches the running simulation', async () => {
    const page = await session!.browser.newPage({ viewport: { width: 1000, height: 700 } });
    const problems = watchForProblems(page);
    await page.goto(session!.baseUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __rts?: TestHook }).__rts !== undefined, null, {
      timeout: 30_000,
    });
    const hook = () => page.evaluate(() => (window as unknown as { __rts: TestHook }).__rts.avoidance());
    const options = await page.locator('#avoidance option').allTextContents();
    expect(options).toEqual(['rays', 'ahead', 'feeler', 'projection', 'none']);
    expect(await hook()).toBe('rays');
    await page.selectOption('#avoidance', 'feeler');
    expect(await hook()).toBe('feeler');
    const tick = await page.evaluate(() => (window as unknown as { __rts: TestHook }).__rts.tick());
    await page.waitForFunction((start) => (window as unknown as { __rts: TestHook }).__rts.tick() >= start + 30, tick, {
      timeout: 30_000,
    });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
