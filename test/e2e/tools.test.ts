/**
 * The demo page's tools in Debian's Chromium: the legend, trace replay, the scenario editor and
 * the settings kept in the URL. Driven with the real mouse, keyboard and file pickers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookedWindow } from '../../src/app/hook';
import { BUILT_IN_SCENARIOS } from '../../src/scenarios/builtins';
import { createMetricsRecorder, finishMetrics, recordTick } from '../../src/scenarios/metrics';
import { obstacleTimeline, parseScenarioText } from '../../src/scenarios/schema';
import { type BrowserSession, startBrowserSession, stopBrowserSession, watchForProblems } from '../../src/cli/browser';
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

describe('the demo page\'s tools in Chromium', () => {
  it('explains itself at 1280 x 720: the scenario\'s description, a colour legend that follows the overlays, a help line clear of the panel', async () => {
    const page = await session!.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems = watchForProblems(page);
    await page.goto(`${session!.baseUrl}/?scenario=four-groups&seed=2`, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 30_000 });
    const about = page.locator('#about');
    const description = BUILT_IN_SCENARIOS.find((scenario) => scenario.name === 'four-groups')!.description;
    expect(await about.locator('.description').textContent()).toBe(description);
    const keys = async (): Promise<string[]> => about.locator('.key').allTextContents();
    const teams = (await hook(page, (rts) => rts.units())).reduce((sizes: number[], unit) => {
      sizes[unit.team] = (sizes[unit.team] ?? 0) + 1;
      return sizes;
    }, []);
    expect(teams.length).toBe(4);
    expect((await keys()).filter((key) => key.startsWith('team '))).toEqual(teams.map((count, team) => `team ${team}: ${count} units`));
    expect((await keys()).some((key) => key.includes('ray'))).toBe(false);
    await guiControl(page, 'rays').check();
    await page.waitForFunction(() => [...document.querySelectorAll('#about .key')].some((key) => key.textContent!.includes('ray that hits')));
    await guiControl(page, 'rays').uncheck();
    await page.waitForFunction(() => ![...document.querySelectorAll('#about .key')].some((key) => key.textContent!.includes('ray')));
    // the help line and the legend end left of the panel, and nothing in them is cut off
    const panelLeft = await page.locator('.lil-gui.lil-root').evaluate((element) => element.getBoundingClientRect().left);
    for (const selector of ['#help', '#about']) {
      const box = await page.locator(selector).evaluate((element) => ({ right: element.getBoundingClientRect().right, overflow: element.scrollWidth - element.clientWidth }));
      expect(box.right, selector).toBeLessThanOrEqual(panelLeft);
      expect(box.overflow, selector).toBe(0);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('plays back a scenario file and its trace: the timeline moves the units to the trace\'s frames, the HUD counts what the trace shows', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rts-replay-'));
    const scenarioFile = join(directory, 'small.json');
    const traceFile = join(directory, 'small.ndjson');
    const cli = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', join('src', 'cli', 'scenario.ts'), ...args], { encoding: 'utf8' });
    expect(cli(['seed-smallgroups', '--export', scenarioFile]).status).toBe(0);
    const run = cli([scenarioFile, '--avoidance', 'none', '--trace', traceFile, '--json']);
    expect(run.status).toBe(0);
    const metrics = JSON.parse(run.stdout) as { collisions: number; arrived: number; units: number };
    expect(metrics.collisions).toBeGreaterThan(0); // avoidance off: there is something to count
    const frames = readFileSync(traceFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { t: number; p: number[] });

    const { page, problems } = await openPage('?scenario=head-on&seed=1');
    await page.setInputFiles('#replay-files', [traceFile, scenarioFile]);
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.replay() !== null);
    expect(await page.locator('#about .description').textContent()).toContain('replay of small.ndjson (seed-smallgroups)');
    await page.keyboard.press('Space');
    expect((await hook(page, (rts) => rts.replay()))!.playing).toBe(false);
    const last = frames.length - 1;
    const at = async (time: number, frame: number) => {
      await page.locator('#replay input[type=range]').fill(String(time));
      await page.waitForFunction((index) => (window as unknown as HookedWindow).__rts.replay()!.frame === index, frame);
      const units = await hook(page, (rts) => rts.units());
      expect(units.length).toBe(frames[frame]!.p.length / 2);
      units.forEach((unit, index) => {
        expect(unit.x).toBe(frames[frame]!.p[2 * index]);
        expect(unit.y).toBe(frames[frame]!.p[2 * index + 1]);
      });
    };
    await at(frames[last]!.t, last);
    // the trace's positions are rounded to 0.1 mm, so a contact within that of the threshold may
    // count differently from the run itself: the page must count exactly what the trace shows
    const scenario = parseScenarioText(readFileSync(scenarioFile, 'utf8'), scenarioFile);
    const timeline = obstacleTimeline(scenario);
    const recorder = createMetricsRecorder({ world: scenario.world, obstacles: timeline.map((entry) => entry.shape), obstacleTimes: timeline, units: scenario.units });
    for (const frame of frames.slice(1)) recordTick(recorder, frame.p, frame.t, 0);
    const counted = finishMetrics(recorder);
    expect(await hook(page, (rts) => rts.metrics())).toEqual({ collisions: counted.collisions, arrived: counted.arrived });
    expect(counted.arrived).toBe(metrics.arrived);
    expect(Math.abs(counted.collisions - metrics.collisions)).toBeLessThanOrEqual(2);
    expect(await page.locator('#hud').textContent()).toContain('replay: seed-smallgroups');
    const middle = Math.floor(last / 2);
    await at(frames[middle]!.t, middle);
    // back to the simulation
    await page.getByRole('button', { name: 'close replay' }).click();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.replay() === null);
    await runTicks(page, 30);
    // a trace that does not belong to the scenario is refused, naming the line and the field
    const wrong = join(directory, 'wrong.ndjson');
    writeFileSync(wrong, `${JSON.stringify({ t: 0, p: [1, 2] })}\n`);
    await page.setInputFiles('#replay-files', [scenarioFile, wrong]);
    await page.waitForFunction(() => document.getElementById('about')!.textContent!.includes('wrong.ndjson:1: "p"'));
    expect(await hook(page, (rts) => rts.replay())).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('the editor places obstacles of every shape, paints a group with a goal, deletes, saves a valid file, runs it, and shares it by URL', async () => {
    const { page, problems } = await openPage('?scenario=seed-onemiddle&seed=1');
    const start = await hook(page, (rts) => rts.units());
    await page.getByText('edit this scenario').click();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.editor() !== null);
    expect((await hook(page, (rts) => rts.editor()))!.units).toBe(start.length);
    const screen = (x: number, y: number) => page.evaluate(([a, b]) => (window as unknown as HookedWindow).__rts.toScreen(a!, b!), [x, y]);
    const drag = async (a: [number, number], b: [number, number]) => {
      const from = await screen(...a);
      const to = await screen(...b);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
      await page.mouse.move(to.x, to.y, { steps: 3 });
      await page.mouse.up();
    };
    const click = async (x: number, y: number) => {
      const at = await screen(x, y);
      await page.mouse.click(at.x, at.y);
    };
    const tool = (name: string) => page.locator(`#editor button[data-tool="${name}"]`).click();
    await tool('box');
    await drag([11, 2], [13, 4]);
    await tool('circle');
    await drag([16, 11], [17.5, 11]);
    await tool('polygon');
    await click(3, 10);
    await click(6, 10);
    await click(4.5, 12.5);
    await page.keyboard.press('Enter');
    expect((await hook(page, (rts) => rts.editor()))!.obstacles.slice(-3)).toEqual(['box', 'circle', 'polygon']);
    // a block of team 1 painted, then its goal
    await tool('units');
    await page.locator('#editor select').selectOption('1');
    await drag([19, 2], [23, 4]);
    const painted = (await hook(page, (rts) => rts.editor()))!.units - start.length;
    expect(painted).toBeGreaterThanOrEqual(4);
    const goalsBefore = (await hook(page, (rts) => rts.editor()))!.goals;
    await click(3, 4);
    expect((await hook(page, (rts) => rts.editor()))!.goals).toBe(goalsBefore + painted);
    // delete the circle by clicking inside it
    await tool('delete');
    await click(16, 11);
    expect((await hook(page, (rts) => rts.editor()))!.obstacles.slice(-2)).toEqual(['box', 'polygon']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'save file' }).click()]);
    const saved = parseScenarioText(readFileSync((await download.path())!, 'utf8'), download.suggestedFilename());
    expect(saved.name).toBe('seed-onemiddle-edited');
    expect(saved.units.length).toBe(start.length + painted);
    expect(saved.units.filter((unit) => unit.team === 1 && unit.goal !== null && Math.hypot(unit.goal.x - 3, unit.goal.y - 4) < 0.1).length).toBeGreaterThanOrEqual(painted);

    await page.getByRole('button', { name: 'run it' }).click();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.editor() === null && (window as unknown as HookedWindow).__rts.choice().name === 'seed-onemiddle-edited');
    await page.waitForFunction((count) => (window as unknown as HookedWindow).__rts.units().length === count, start.length + painted);
    expect(page.url()).toMatch(/\?file=[A-Za-z0-9_-]+/);
    await runTicks(page, 90);
    const block = (await hook(page, (rts) => rts.units())).slice(-painted);
    for (const unit of block) expect(unit.x).toBeLessThan(19); // walking west, to their goal
    // the URL alone brings the same scenario back
    const { page: again, problems: againProblems } = await openPage(page.url().slice(page.url().indexOf('?')));
    expect(await hook(again, (rts) => rts.choice().name)).toBe('seed-onemiddle-edited');
    expect(await hook(again, (rts) => rts.startPositions())).toEqual(saved.units.map((unit) => ({ x: unit.x, y: unit.y })));
    expect([...problems, ...againProblems]).toEqual([]);
    await again.close();
    await page.close();
  }, 120_000);

  it('keeps tuning in the URL: read at load, written back; a bad value is dropped', async () => {
    const tune = encodeURIComponent(JSON.stringify({ lookAheadTime: 2.5 }));
    const { page } = await openPage(`?scenario=head-on&seed=1&tune=${tune}&accel=12`);
    expect(decodeURIComponent(page.url())).toContain('tune={"lookAheadTime":2.5}');
    expect(page.url()).toContain('accel=12');
    await page.close();
    const bad = encodeURIComponent(JSON.stringify({ lookAheadTime: -1 }));
    const { page: second } = await openPage(`?scenario=head-on&seed=1&tune=${bad}`);
    expect(second.url()).not.toContain('tune=');
    await second.close();
  }, 60_000);
});
