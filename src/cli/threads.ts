/**
 * Sense threads in Node (sim/threads.ts): each a worker_threads Worker running sense-thread.ts,
 * through tsx's loader in a checkout, or the built module when the package's command says so.
 * The threads are unreferenced: a process whose work is done exits without ending them.
 */
import { Worker } from 'node:worker_threads';
import { type ThreadHost, useThreadHost } from '../sim/threads';

let builtThread: URL | undefined;

/** Has sense threads start the built module at `file` (plain JavaScript, no tsx). */
export function useBuiltSenseThread(file: URL): void {
  builtThread = file;
}

/** A file's URL relative to this module (a parameter, so the package's build leaves it to run time). */
function beside(path: string): URL {
  return new URL(path, import.meta.url);
}

export const nodeThreadHost: ThreadHost = {
  mayBlock: true,
  start() {
    const worker =
      builtThread === undefined
        ? new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(beside('./sense-thread.ts').href)}); });`, { eval: true })
        : new Worker(builtThread);
    worker.unref();
    worker.on('error', (error) => {
      // the tick waiting for this thread's chunks gives up with its own error; this says why
      console.error(`sense thread: ${error instanceof Error ? error.message : String(error)}`);
    });
    return {
      post: (message) => worker.postMessage(message),
      close: () => void worker.terminate(),
    };
  },
};

/** Lets simulations made from now on in this process use sense threads (their `workers` setting). */
export function useNodeThreads(): void {
  useThreadHost(nodeThreadHost);
}
