/**
 * Lockstep (src/app/lockstep.ts) between two page sessions in one process, over a transport that
 * delays, reorders and (before the second player joins) loses messages: they stay in step, tick
 * for tick, give the same commands at the same ticks, and a change made on one side alone is
 * caught at the next check. The relay (src/cli/relay.ts) passes messages between two clients.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_EVERY, type LockstepMessage, type LockstepPeer, TURN_DELAY, createLockstepPeer } from '../../src/app/lockstep';
import { type PageSession, giveSessionCommand, sessionCommandLog, setUpPageSession, stepInLockstep } from '../../src/app/session';
import { startRelay } from '../../src/cli/relay';
import { createRandom } from '../../src/math/random';
import { DEFAULT_UNIT, listUnits, simulationTick, stateHash } from '../../src/index';

function session(): PageSession {
  return setUpPageSession({ choice: { name: 'head-on', units: 40, seed: 2 }, settings: { avoidance: 'rays', response: 'sideways' }, tuning: {}, maxAcceleration: DEFAULT_UNIT.maxAcceleration });
}

/** Two players over a channel that delivers each message 0 to 9 rounds late, in any order; what
 * is sent before player 1 joins (`joinAt` rounds) is lost to it. */
function twoPlayers(joinAt: number) {
  const generator = createRandom(7);
  const random = (): number => generator.next();
  const inFlight: Array<{ to: number; due: number; message: LockstepMessage }> = [];
  let round = 0;
  const sessions = [session(), session()];
  const peers: LockstepPeer[] = [];
  const send = (from: number) => (message: LockstepMessage) => {
    const to = 1 - from;
    if (to === 1 && round < joinAt) return;
    inFlight.push({ to, due: round + Math.floor(random() * 10), message: structuredClone(message) });
  };
  peers[0] = createLockstepPeer('room', 0, 2, send(0));
  const join = () => {
    peers[1] = createLockstepPeer('room', 1, 2, send(1));
  };
  if (joinAt === 0) join();
  /** one round: messages due are delivered (shuffled), each player runs up to 3 ticks */
  const play = (give?: (player: number, tick: number) => void) => {
    round++;
    if (round === joinAt) join();
    const due = inFlight.filter((entry) => entry.due <= round);
    for (let index = due.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [due[index], due[other]] = [due[other]!, due[index]!];
    }
    for (const entry of due) {
      inFlight.splice(inFlight.indexOf(entry), 1);
      peers[entry.to]?.receive(entry.message);
    }
    for (let player = 0; player < 2; player++) {
      const peer = peers[player];
      if (peer === undefined) continue;
      for (let k = 0; k < 3; k++) {
        give?.(player, simulationTick(sessions[player]!.sim));
        if (!stepInLockstep(sessions[player]!, peer)) break;
      }
    }
  };
  return { sessions, peers, play };
}

describe('lockstep', () => {
  it('two players with a late joiner and a disorderly channel stay in step, each commanding its own team', () => {
    const { sessions, peers, play } = twoPlayers(25);
    const orders = new Set<string>();
    const give = (player: number, tick: number) => {
      const key = `${player}:${tick}`;
      if (tick % 150 !== 40 || orders.has(key)) return;
      orders.add(key);
      const mine = listUnits(sessions[player]!.sim).filter((unit) => unit.team === player).map((unit) => unit.id);
      peers[player]!.give({ order: { kind: 'move', unitIds: mine.slice(0, 10), target: { x: 10 + tick / 40, y: 8 + player * 10 } } });
      if (tick === 340) peers[player]!.give({ tune: { keepRight: player === 0 ? 0.2 : 0.8 } });
    };
    // (a check's hashes cross on the way: both players run on a little past 1200 to hear them)
    while (Math.min(...sessions.map((s) => simulationTick(s.sim))) < 1200 + CHECK_EVERY - 1) play(give);
    for (const peer of peers) {
      const status = peer.status();
      expect(status.desync).toBeNull();
      expect(status.agreed).toBeGreaterThanOrEqual(1200 / CHECK_EVERY);
    }
    // the same commands at the same ticks on both sides (and so the same log)
    const logs = sessions.map((s) => sessionCommandLog(s));
    expect(logs[0]).toBe(logs[1]);
    expect(logs[0]!.split('\n').filter((line) => line.includes('"order"')).length).toBeGreaterThanOrEqual(14);
    // every command took effect TURN_DELAY ticks after it was given
    expect(logs[0]!.split('\n').some((line) => line.startsWith(`{"at":${40 + TURN_DELAY},`))).toBe(true);
  });

  it('catches a change made on one side alone at the next check, on both sides', () => {
    const { sessions, peers, play } = twoPlayers(0);
    while (simulationTick(sessions[1]!.sim) < 610) play();
    const ids = listUnits(sessions[1]!.sim).map((unit) => unit.id);
    expect(ids.length).toBe(40);
    // player 1's simulation alone: its units push harder
    giveSessionCommand(sessions[1]!, { maxAcceleration: 30 });
    while (Math.min(...sessions.map((s) => simulationTick(s.sim))) < 720 + CHECK_EVERY) play();
    for (const peer of peers) {
      const { desync } = peer.status();
      expect(desync).not.toBeNull();
      expect(desync!.tick).toBe(660);
    }
    expect(stateHash(sessions[0]!.sim)).not.toBe(stateHash(sessions[1]!.sim));
  });

  it('refuses a player number outside the game', () => {
    expect(() => createLockstepPeer('room', 2, 2, () => {})).toThrow('lockstep.player: expected 0 to 1, got 2');
    expect(() => createLockstepPeer('room', 0, 0, () => {})).toThrow('lockstep.players: expected a whole number >= 1, got 0');
  });

  it('the relay passes a message posted to a room to every page in it, and to no other room', async () => {
    const relay = await startRelay('127.0.0.1', 0);
    try {
      const received: string[][] = [[], [], []];
      const controllers = [new AbortController(), new AbortController(), new AbortController()];
      const listen = async (index: number, room: string) => {
        const response = await fetch(`${relay.url}/rooms/${room}`, { signal: controllers[index]!.signal });
        expect(response.headers.get('content-type')).toBe('text/event-stream');
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        (async () => {
          let text = '';
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
            if (done) return;
            text += decoder.decode(value);
            const events = text.split('\n\n');
            text = events.pop()!;
            for (const event of events) if (event.startsWith('data: ')) received[index]!.push(event.slice(6));
          }
        })();
      };
      await listen(0, 'a');
      await listen(1, 'a');
      await listen(2, 'b');
      const post = await fetch(`${relay.url}/rooms/a`, { method: 'POST', body: '{"kind":"hash","player":0,"tick":60,"hash":"x"}', headers: { 'content-type': 'text/plain' } });
      expect(post.status).toBe(204);
      expect(post.headers.get('access-control-allow-origin')).toBe('*');
      const bad = await fetch(`${relay.url}/rooms/a`, { method: 'POST', body: 'not json' });
      expect(bad.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received[0]).toEqual(['{"kind":"hash","player":0,"tick":60,"hash":"x"}']);
      expect(received[1]).toEqual(received[0]);
      expect(received[2]).toEqual([]);
      for (const controller of controllers) controller.abort();
    } finally {
      await relay.close();
    }
  });
});
