/**
 * How lockstep players reach each other (lockstep.ts): a BroadcastChannel between tabs of one
 * browser, or the relay (`npm run relay`, src/cli/relay.ts) between browsers: messages are posted
 * to it and come back to every player of the room as server-sent events. Both work in a Web
 * Worker, where the page's simulation runs. Either may deliver out of order; the protocol does not
 * mind.
 */
import type { LockstepMessage } from './lockstep';

export interface LockstepTransport {
  send(message: LockstepMessage): void;
  close(): void;
}

/** The room's channel: the relay at `relay` (its base URL) when given, else a BroadcastChannel. */
export function openLockstepTransport(room: string, relay: string | undefined, receive: (message: LockstepMessage) => void, fail: (reason: string) => void): LockstepTransport {
  if (relay === undefined) {
    const channel = new BroadcastChannel(`rts-steer-lockstep:${room}`);
    channel.onmessage = (event: MessageEvent<LockstepMessage>) => receive(event.data);
    return { send: (message) => channel.postMessage(message), close: () => channel.close() };
  }
  const url = `${relay.replace(/\/+$/, '')}/rooms/${encodeURIComponent(room)}`;
  const events = new EventSource(url);
  events.onmessage = (event: MessageEvent<string>) => receive(JSON.parse(event.data) as LockstepMessage);
  events.onerror = () => fail(`lockstep: the relay at ${relay} cannot be reached`);
  // (text/plain: a simple request, which needs no preflight from another origin)
  const send = (message: LockstepMessage): void => {
    fetch(url, { method: 'POST', body: JSON.stringify(message), headers: { 'content-type': 'text/plain' } }).catch(() => fail(`lockstep: the relay at ${relay} refused a message`));
  };
  return { send, close: () => events.close() };
}
