/** A sense thread's entry in Node (cli/threads.ts starts it): messages go to serveSenseThread. */
import { parentPort } from 'node:worker_threads';
import { type SenseThreadMessage, serveSenseThread } from '../sim/sense-thread';

if (parentPort === null) throw new Error('sense-thread.ts runs as a worker thread (cli/threads.ts starts it)');
const port = parentPort;
const handle = serveSenseThread(() => port.close());
port.on('message', (message: SenseThreadMessage) => handle(message));
