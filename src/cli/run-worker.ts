/** The worker thread of `runAll` (runs.ts): plays each run it is sent and posts back its figures. */
import { parentPort } from 'node:worker_threads';
import { type RunSpec, runSpec } from './runs';

parentPort?.on('message', (spec: RunSpec) => {
  runSpec(spec).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
