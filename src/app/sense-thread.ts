/** A sense thread's entry on the page (threads.ts starts it): messages go to serveSenseThread. */
import { type SenseThreadMessage, serveSenseThread } from '../sim/sense-thread';

interface ThreadScope {
  onmessage: ((event: MessageEvent<SenseThreadMessage>) => void) | null;
  close(): void;
}

const scope = self as unknown as ThreadScope;
const handle = serveSenseThread(() => scope.close());
scope.onmessage = (event) => handle(event.data);
