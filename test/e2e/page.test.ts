/**
 * The demo page in Debian's Chromium: the run, selection, orders, the panel, overlays, and the
 * worker's bit-for-bit agreement with Node; then its tools: the legend, trace replay, the scenario
 * editor and the settings kept in the URL. Everything is read through the page's read-only hook
 * (`window.__rts`, test/e2e/support.ts) and driven with the real mouse, keyboard and file pickers.
 * One file: two Chromium sessions side by side slow each other more than they gain.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookedWindow } from '../../src/app/hook';
import { BUILT_IN_SCENARIOS } from '../../src/scenarios/builtins';
import { finishMetrics, recordTick } from '../../src/scenarios/metrics';
import { createScenarioRecorder } from '../../src/scenarios/run';
import { parseScenarioText } from '../../src/scenarios/schema';
import { watchForProblems } from '../../src/cli/browser';
import { LOCKSTEP_REFERENCE } from '../lockstep';
import { type SavedGame, loadGame, saveGame, stepSession } from '../../src/app/session';
import { simulationTick, stateHash } from '../../src/sim/simulation';
import { parseCommandLog, playCommands } from '../../src/scenarios/commands';
import { buildBuiltInScenario, startScenarioRun, stepScenarioRun } from '../../src/scenarios/index';
import { guiControl, hook, openDemoPage, runTicks, sharedBrowserSession } from './support';

const session = sharedBrowserSession();

async function openPage(query = ''): Promise<{ page: Page; problems: string[] }> {
  return openDemoPage(session(), query);
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
    // the HUD says where the worker's tick goes
    const hud = (await page.locator('#hud').textContent())!;
    const phases = /tick (\d+\.\d\d) ms \(sense (\d+\.\d\d), decide (\d+\.\d\d), physics (\d+\.\d\d)\)/.exec(hud);
    expect(phases, hud).not.toBeNull();
    const [tick, sense, decide, physics] = phases!.slice(1).map(Number) as [number, number, number, number];
    // each figure is rounded to hundredths
    expect(sense + decide + physics).toBeLessThanOrEqual(tick + 0.02);
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

    await page.goto(`${session().baseUrl}/?scenario=circle-swap&units=24&seed=3`, { waitUntil: 'load' });
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

  it('the overlays draw: rays, avoidance forces, sides, velocities and orders passing as blocks, each when turned on', async () => {
    const { page, problems } = await openPage('?scenario=head-on&seed=2');
    await runTicks(page, 90);
    expect(await hook(page, (rts) => rts.overlayCounts())).toMatchObject({ rays: 0, forces: 0, sides: 0, velocity: 0, blocks: 0 });
    // the two blocks walking at each other: two boxes (four edges each) and their steps aside
    await guiControl(page, 'situations (blocks, doors)').check();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().blocks >= 8, null, { timeout: 10_000 });
    await guiControl(page, 'situations (blocks, doors)').uncheck();
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.overlayCounts().blocks === 0, null, { timeout: 10_000 });
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

  it('lockstep: the reference scenario gives the committed state hash after 3600 ticks in the page\'s worker and on Chromium\'s main thread', async () => {
    const { choice, ticks, hash } = LOCKSTEP_REFERENCE;
    const { page, problems } = await openPage(`?scenario=${choice.name}&seed=${choice.seed}`);
    await togglePause(page, true);
    // the worker runs straight on to the tick, through the same ticks as ever
    const worker = await page.evaluate((at) => (window as unknown as HookedWindow).__rts.stateHash(at), ticks);
    expect(worker).toEqual({ tick: ticks, hash });
    // the same code on the page's main thread, as the dev server serves it (the script is text so
    // that vitest leaves its dynamic imports to the browser)
    const main = await page.evaluate(`(async () => {
      const session = await import('/src/app/session.ts');
      const core = await import('/src/index.ts');
      const run = session.setUpPageSession({ choice: { name: '${choice.name}', seed: ${choice.seed} }, settings: { avoidance: 'rays', response: 'sideways' }, tuning: {}, maxAcceleration: core.DEFAULT_UNIT.maxAcceleration });
      for (let tick = 0; tick < ${ticks}; tick++) session.stepSession(run);
      return core.stateHash(run.sim);
    })()`);
    expect(main).toBe(hash);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
  it('sense threads: the dev server isolates the page, `workers=2` senses on two threads, and the reference hash is the same', async () => {
    const { choice, ticks, hash } = LOCKSTEP_REFERENCE;
    const { page, problems } = await openPage(`?scenario=${choice.name}&seed=${choice.seed}&workers=2`);
    // the sense thread loads as a module of its own, a moment after the page's worker: until it
    // is set up the worker senses alone (the same bits), so the run goes on until it takes a share
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.workers().threadShare > 0.05, null, { timeout: 30_000 });
    await togglePause(page, true);
    expect(await hook(page, (rts) => rts.tick())).toBeLessThan(ticks);
    // then straight on to the reference tick, the thread sensing and choosing its share
    const worker = await page.evaluate((at) => (window as unknown as HookedWindow).__rts.stateHash(at), ticks);
    expect(worker).toEqual({ tick: ticks, hash });
    const threads = await hook(page, (rts) => rts.workers());
    expect(threads.isolated).toBe(true);
    expect(threads.workers).toBe(2);
    expect(threads.threadShare).toBeGreaterThan(0.05);
    // the panel shows it, the URL keeps it, and the HUD says so
    expect(await guiControl(page, 'sense threads').inputValue()).toBe('2');
    expect(await page.locator('#hud').textContent()).toMatch(/sense on 2 threads \(\d+% on helpers\)/);
    // back to one thread from the panel: the worker stops its sense thread
    await guiControl(page, 'sense threads').fill('1');
    await guiControl(page, 'sense threads').press('Enter');
    await togglePause(page, false);
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.workers().workers === 1);
    expect(page.url()).not.toContain('workers=');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
  it('saves a game and loads it, from the panel and from Node: it goes on with the same state hash', async () => {
    const { page, problems } = await openPage('?scenario=doorway&seed=3');
    await togglePause(page, true);
    await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash(120));
    // the panel's "save game" downloads the game as it stands
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'save game' }).click()]);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const saved = JSON.parse(text) as SavedGame;
    expect(saved).toMatchObject({ format: 'rts-steer/game', version: 1, choice: { name: 'doorway', seed: 3 }, simulation: { format: 'rts-steer/save', tick: 120 } });
    expect(download.suggestedFilename()).toBe('doorway-tick-120.game.json');
    const goneOn = await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash(360));
    // "load game…" goes back to it, and it goes on as it did
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'load game…' }).click()]);
    await chooser.setFiles(file);
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.tick() === 120);
    expect(await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash(360))).toEqual(goneOn);
    // the page's save goes on in Node with the same bits ...
    const inNode = loadGame(JSON.parse(text));
    while (simulationTick(inNode.sim) < 360) stepSession(inNode);
    expect(stateHash(inNode.sim)).toBe(goneOn.hash);
    // ... and a save made in Node goes on on the page
    const fromNode = loadGame(JSON.parse(text));
    while (simulationTick(fromNode.sim) < 240) stepSession(fromNode);
    const nodeText = JSON.stringify(saveGame(fromNode));
    await page.evaluate((game) => (window as unknown as HookedWindow).__rts.loadGame(game), nodeText);
    await page.waitForFunction(() => (window as unknown as HookedWindow).__rts.tick() === 240);
    expect(await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash(360))).toEqual(goneOn);
    // a file that is not a saved game is said, and the game shown goes on
    await page.evaluate(() => (window as unknown as HookedWindow).__rts.loadGame('{"format":"something else"}'));
    await page.waitForFunction(() => document.getElementById('hud')!.textContent!.includes('game.format'));
    expect(await hook(page, (rts) => rts.tick())).toBe(360);
    expect(problems.filter((problem) => !problem.includes('game.format'))).toEqual([]);
    await page.close();
  }, 120_000);

  it('records the commands given with the mouse, keyboard and panel; the downloaded log replays to the same state hash in Node', async () => {
    const { page, problems } = await openPage('?scenario=seed-smallgroups&seed=1');
    await togglePause(page, true);
    // every unit in a box, then stop them (S)
    const corner = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(0.1, 13.9));
    const far = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(24.9, 0.1));
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(far.x, far.y, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.press('s');
    await togglePause(page, false);
    await runTicks(page, 40);
    await togglePause(page, true);
    // one unit clicked, and sent to the middle with a right click
    const [unit] = await hook(page, (rts) => rts.units());
    const at = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [unit!.x, unit!.y]);
    await page.mouse.click(at.x, at.y);
    const goal = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(12.5, 7));
    await page.mouse.click(goal.x, goal.y, { button: 'right' });
    // shift: a waypoint after it; then P and a right click: a patrol in place of both
    const waypoint = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(6, 4));
    await page.keyboard.down('Shift');
    await page.mouse.click(waypoint.x, waypoint.y, { button: 'right' });
    await page.keyboard.up('Shift');
    await togglePause(page, false);
    await runTicks(page, 20);
    await togglePause(page, true);
    await page.keyboard.press('p');
    const post = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(18, 10));
    await page.mouse.click(post.x, post.y, { button: 'right' });
    // A: an attack-move; F and a right click on another unit: follow it; H: hold
    await page.keyboard.press('a');
    const charge = await page.evaluate(() => (window as unknown as HookedWindow).__rts.toScreen(10, 5));
    await page.mouse.click(charge.x, charge.y, { button: 'right' });
    const other = (await hook(page, (rts) => rts.units())).find((candidate) => candidate.id !== unit!.id)!;
    const leader = await page.evaluate(([x, y]) => (window as unknown as HookedWindow).__rts.toScreen(x!, y!), [other.x, other.y]);
    await page.keyboard.press('f');
    await page.mouse.click(leader.x, leader.y, { button: 'right' });
    await page.keyboard.press('h');
    // another strategy from the panel
    await guiControl(page, 'avoidance').selectOption('feeler');
    await togglePause(page, false);
    await runTicks(page, 30);
    await togglePause(page, true);
    const end = await page.evaluate(() => (window as unknown as HookedWindow).__rts.stateHash(400));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'download command log' }).click()]);
    expect(download.suggestedFilename()).toBe('seed-smallgroups-seed-1.commands.ndjson');
    const log = parseCommandLog(readFileSync((await download.path())!, 'utf8'), download.suggestedFilename());
    expect(log.commands.map((command) => Object.keys(command).find((key) => key !== 'at'))).toEqual(['tune', 'maxAcceleration', 'order', 'order', 'order', 'order', 'order', 'order', 'order', 'avoidance']);
    const orders = log.commands.flatMap((command) => ('order' in command ? [command.order] : []));
    expect(orders.map((order) => [order.kind, 'queue' in order ? order.queue : undefined])).toEqual([
      ['stop', undefined],
      ['move', undefined],
      ['move', true],
      ['patrol', undefined],
      ['move', undefined],
      ['follow', undefined],
      ['hold', undefined],
    ]);
    expect(orders[3]).toMatchObject({ kind: 'patrol', unitIds: [unit!.id] });
    expect(orders[4]).toMatchObject({ kind: 'move', unitIds: [unit!.id], engage: { range: 6 } });
    expect(orders[5]).toMatchObject({ kind: 'follow', unitIds: [unit!.id], targetId: other.id, range: 1.5 });
    // the same scenario and commands in Node: the same bits
    const replay = startScenarioRun(buildBuiltInScenario('seed-smallgroups', { seed: 1 }), { avoidance: log.header.avoidance, response: log.header.response });
    const player = playCommands(log);
    while (simulationTick(replay.sim) < 400) {
      player.giveDue(replay.sim);
      stepScenarioRun(replay);
    }
    expect(stateHash(replay.sim)).toBe(end.hash);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows on the page, not only in the console, when its simulation cannot start', async () => {
    const page = await session().browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems = watchForProblems(page);
    // the worker's script fails as it loads, as on a browser that cannot run it
    // (served with the dev server's isolation header, which a worker of an isolated page needs)
    await page.route(/worker\.ts/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' }, body: 'throw new Error("no simulation here");' }),
    );
    await page.goto(`${session().baseUrl}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('hud')!.textContent!.includes('no simulation here'));
    expect(await page.locator('#hud').textContent()).toMatch(/^error: .*no simulation here/);
    expect(problems.some((problem) => problem.includes('no simulation here'))).toBe(true);
    await page.close();
  }, 60_000);

  // --- the tools: legend, replay, editor, settings in the URL -------------------------------

  it('explains itself at 1280 x 720: the scenario\'s description, a colour legend that follows the overlays, a help line clear of the panel', async () => {
    const page = await session().browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems = watchForProblems(page);
    await page.goto(`${session().baseUrl}/?scenario=four-groups&seed=2`, { waitUntil: 'load' });
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
    const recorder = createScenarioRecorder(parseScenarioText(readFileSync(scenarioFile, 'utf8'), scenarioFile));
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
