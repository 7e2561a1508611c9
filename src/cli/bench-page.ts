/**
 * npm run --silent bench:page -- [--json] [--units 500,1000,2000,5000,10000] [--seconds N] [--workers N]
 *
 * The demo page in headless Chromium (Debian's, through playwright-core), head-on blocks of each
 * size: per size the main thread's milliseconds per frame (median and 95th percentile: input,
 * drawing and pixi's render, measured on the page), frames per second, and simulated ticks per
 * real second (60 is real time). The simulation runs in the page's worker, so the frame figures
 * should not depend on its cost. Chromium here draws with software WebGL: read the figures as
 * relative, and the medians of several runs.
 */
import { parseArgs } from 'node:util';
import type { HookedWindow } from '../app/hook';
import { median, percentile } from '../scenarios/metrics';
import { MAX_PAGE_UNITS } from '../app/session';
import { MAX_WORKERS } from '../sim/threads';
import { checkNumber } from '../sim/validate';
import { startBrowserSession, stopBrowserSession, watchForProblems } from './browser';
import { runAsScript } from './report';

export interface PageBenchRow {
  units: number;
  frameMsMedian: number;
  frameMsP95: number;
  framesPerSecond: number;
  ticksPerSecond: number;
}

const USAGE = `usage: npm run --silent bench:page -- [options]

The demo page in headless Chromium, head-on blocks of each size: the main thread's ms per frame
(median, p95), frames per second, and simulated ticks per real second (60 is real time).

  --units N,N     unit counts (default 500,1000,2000,5000,10000; at most 10000)
  --seconds N     seconds measured per size, after 2 s (default 5)
  --workers N     threads the page's simulation senses on (the URL's workers=; default 1)
  --json          one JSON object per size
  -h, --help      print this and exit`;

/** Runs the command line; the exit code (usage, bad options and errors: 2, on standard error). */
export async function main(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
}

async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      json: { type: 'boolean', default: false },
      units: { type: 'string', default: '500,1000,2000,5000,10000' },
      seconds: { type: 'string', default: '5' },
      workers: { type: 'string', default: '1' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const counts = values.units.split(',').map((text, index) => checkNumber(Number(text), `--units[${index}]`, { min: 2, max: MAX_PAGE_UNITS, integer: true }));
  const workers = checkNumber(Number(values.workers), '--workers', { min: 1, max: MAX_WORKERS, integer: true });
  const seconds = checkNumber(Number(values.seconds), '--seconds', { min: 1, max: 120 });
  const session = await startBrowserSession();
  try {
    if (!values.json) {
      console.log(`the page in headless Chromium (software WebGL), head-on blocks, ${workers} worker${workers === 1 ? '' : 's'}, ${seconds} s measured after 2 s:\n`);
      console.log('| units | main thread ms/frame, median | p95 | frames/s | ticks/s (60 = real time) |');
      console.log('| ---: | ---: | ---: | ---: | ---: |');
    }
    for (const units of counts) {
      const page = await session.browser.newPage({ viewport: { width: 1280, height: 720 } });
      const problems = watchForProblems(page);
      await page.goto(`${session.baseUrl}/?scenario=head-on&units=${units}&seed=1${workers === 1 ? '' : `&workers=${workers}`}`, { waitUntil: 'load' });
      await page.waitForFunction(() => (window as unknown as Partial<HookedWindow>).__rts !== undefined, null, { timeout: 60_000 });
      await page.waitForTimeout(2000);
      const read = (): Promise<{ costs: number[]; tick: number; at: number }> =>
        page.evaluate(() => {
          const rts = (window as unknown as HookedWindow).__rts;
          return { costs: rts.frameCosts(), tick: rts.tick(), at: performance.now() };
        });
      const start = await read();
      await page.waitForTimeout(seconds * 1000);
      const end = await read();
      await page.close();
      if (problems.length > 0) throw new Error(`the page reported problems at ${units} units:\n${problems.join('\n')}`);
      const elapsed = (end.at - start.at) / 1000;
      const row: PageBenchRow = {
        units,
        frameMsMedian: median(end.costs),
        frameMsP95: percentile(end.costs, 0.95),
        framesPerSecond: end.costs.length / elapsed,
        ticksPerSecond: (end.tick - start.tick) / elapsed,
      };
      if (values.json) console.log(JSON.stringify(row));
      else console.log(`| ${units} | ${row.frameMsMedian.toFixed(2)} | ${row.frameMsP95.toFixed(2)} | ${row.framesPerSecond.toFixed(1)} | ${row.ticksPerSecond.toFixed(1)} |`);
    }
  } finally {
    await stopBrowserSession(session);
  }
}

runAsScript(import.meta.url, main);
