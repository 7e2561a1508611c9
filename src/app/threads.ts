/**
 * Sense threads on the page (sim/threads.ts): the page's simulation worker starts each as a
 * module Web Worker of its own (sense-thread.ts). Only where the page is cross-origin isolated
 * (SharedArrayBuffer needs it; the dev server and `vite preview` send the headers, see
 * docs/api.md); elsewhere the simulation senses on one thread with the same results.
 */
import { type ThreadHost, useThreadHost } from '../sim/threads';

const webThreadHost: ThreadHost = {
  // the simulation runs in a worker, where a thread may wait for another
  mayBlock: true,
  start() {
    const worker = new Worker(new URL('./sense-thread.ts', import.meta.url), { type: 'module' });
    worker.onerror = (event) => console.error(`sense thread: ${event.message}`);
    return {
      post: (message) => worker.postMessage(message),
      close: () => worker.terminate(),
    };
  },
};

/** Lets the page's simulations use sense threads, where the page is cross-origin isolated. */
export function useWebThreads(): boolean {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  if (isolated) useThreadHost(webThreadHost);
  return isolated;
}
