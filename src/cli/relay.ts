/**
 * npm run --silent relay -- [--port N] [--host H]
 *
 * The lockstep relay (src/app/lockstep.ts): lets pages in different browsers play one game. A page
 * joins a room by opening `GET /rooms/<room>` as server-sent events, and posts its messages to
 * `POST /rooms/<room>`; each message goes to every page in the room, the sender's included (a
 * player ignores its own). It only passes messages on: no state, no game logic, nothing stored.
 * It listens on the loopback address unless told otherwise (`--host 0.0.0.0` opens it to the
 * network). Any page may use it (CORS is open): it is a development tool, not a game server.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { UsageError, integerOption, invocation, runAsScript } from './report';

const USAGE = `usage: ${invocation('relay')} [--port N] [--host H]

options:
  --port N   the port to listen on (default 8787; 0: any free port)
  --host H   the address to listen on (default 127.0.0.1, this machine only)
  -h, --help print this and exit`;

/** bytes a message may have at most (a turn of commands is a few hundred) */
const MAX_MESSAGE = 64 * 1024;
/** characters a room's name may have at most */
const MAX_ROOM = 100;

export interface Relay {
  /** where it listens, e.g. http://127.0.0.1:8787 */
  readonly url: string;
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type' };

/** Starts a relay on `host`:`port`. */
export function startRelay(host = '127.0.0.1', port = 8787): Promise<Relay> {
  const rooms = new Map<string, Set<ServerResponse>>();
  const server = createServer((request, response) => handle(rooms, request, response));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const room of rooms.values()) for (const stream of room) stream.end();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function handle(rooms: Map<string, Set<ServerResponse>>, request: IncomingMessage, response: ServerResponse): void {
  const match = /^\/rooms\/([^/?]+)$/.exec(new URL(request.url ?? '/', 'http://relay').pathname);
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS).end();
    return;
  }
  if (match === null) {
    response.writeHead(404, { ...CORS, 'content-type': 'text/plain' }).end('expected /rooms/<room>\n');
    return;
  }
  const room = decodeURIComponent(match[1]!);
  if (room.length > MAX_ROOM) {
    response.writeHead(400, { ...CORS, 'content-type': 'text/plain' }).end(`room: at most ${MAX_ROOM} characters\n`);
    return;
  }
  if (request.method === 'GET') {
    response.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    response.write(': joined\n\n');
    let streams = rooms.get(room);
    if (streams === undefined) {
      streams = new Set();
      rooms.set(room, streams);
    }
    streams.add(response);
    request.on('close', () => {
      streams.delete(response);
      if (streams.size === 0) rooms.delete(room);
    });
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...CORS, 'content-type': 'text/plain' }).end('expected GET, POST or OPTIONS\n');
    return;
  }
  let body = '';
  let tooLong = false;
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
    if (body.length > MAX_MESSAGE) tooLong = true;
  });
  request.on('end', () => {
    let message: unknown;
    try {
      message = tooLong ? undefined : JSON.parse(body);
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      response.writeHead(400, { ...CORS, 'content-type': 'text/plain' }).end(`expected one JSON object of at most ${MAX_MESSAGE} bytes\n`);
      return;
    }
    // one line of JSON: a server-sent event's data may not hold a line break
    const event = `data: ${JSON.stringify(message)}\n\n`;
    for (const stream of rooms.get(room) ?? []) stream.write(event);
    response.writeHead(204, CORS).end();
  });
}

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let relay: Relay;
  try {
    const port = integerOption(values.port, '--port', 0, 65535) ?? 8787;
    relay = await startRelay(values.host ?? '127.0.0.1', port);
  } catch (error) {
    process.stderr.write(`${error instanceof UsageError ? error.message : `relay: cannot listen: ${(error as Error).message}`}\n`);
    return 2;
  }
  process.stdout.write(`relay listening on ${relay.url} (pages join with ?lockstep=<room>&player=<n>&relay=${relay.url})\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await relay.close();
  return 0;
}

runAsScript(import.meta.url, main);
