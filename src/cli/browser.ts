/**
 * The page in a real browser, for the browser tests and `npm run bench:page`: a Vite dev server
 * on a free loopback port and Debian's Chromium driven by playwright-core (no browser download is
 * possible here).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserSession {
  server: ViteDevServer;
  browser: Browser;
  baseUrl: string;
}

export async function startBrowserSession(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`browser tests need Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium), or set CHROMIUM_PATH`);
  }
  const server = await createServer({
    configFile: 'vite.config.ts',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'error',
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (address === null || address === undefined || typeof address === 'string') {
    throw new Error('the Vite dev server did not report a port');
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return { server, browser, baseUrl: `http://127.0.0.1:${address.port}` };
}

export async function stopBrowserSession(session: BrowserSession | undefined): Promise<void> {
  await session?.browser.close();
  await session?.server.close();
}

/** Collects console errors, page errors and failed requests (404s) of a page. */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
