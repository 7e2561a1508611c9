/**
 * Lockstep between players: every player runs the same simulation, and they exchange only their
 * commands, each scheduled TURN_DELAY ticks ahead, so that all give every command at the same
 * tick. A tick is run only once every player's turn for it has come (the commands it gives, maybe
 * none); every CHECK_EVERY ticks the players send their state hash, and a hash that differs from
 * another player's for the same tick is a desync (docs/command-log.md, "Lockstep").
 *
 * This file is the protocol alone, over any transport that carries its messages (a
 * BroadcastChannel between tabs, the relay between browsers: lockstep-transport.ts), in any order
 * and with any delay. A message may also be lost (one sent before another player joined): a player
 * kept waiting sends its turns again, from the tick the others have reached (each turn says how
 * far its sender has run). No DOM, no timers: the page's worker calls it around its ticks.
 */
import type { Command } from '../scenarios/commands';

/** ticks from a command being given to the tick it takes effect at (100 ms at 60 Hz) */
export const TURN_DELAY = 6;
/** ticks between state hash comparisons (a second at 60 Hz) */
export const CHECK_EVERY = 60;
/** a player kept waiting sends its turns again every this many ticks asked for */
const RESEND_EVERY = 8;

/** What players send each other. */
export type LockstepMessage =
  /** a player's commands taking effect when `at` ticks have run (maybe none); `ran`: the ticks
   * that player has run (the turns of others it still needs start there) */
  | { readonly kind: 'turn'; readonly player: number; readonly at: number; readonly commands: readonly Command[]; readonly ran: number }
  /** a player's state hash after `tick` ticks */
  | { readonly kind: 'hash'; readonly player: number; readonly tick: number; readonly hash: string };

/** What a player's page shows of its lockstep. */
export interface LockstepStatus {
  readonly room: string;
  readonly player: number;
  readonly players: number;
  /** hash comparisons that agreed, and the last tick compared */
  readonly agreed: number;
  readonly lastAgreed: { readonly tick: number; readonly hash: string } | null;
  /** the first disagreement: the tick, this player's hash and the other's */
  readonly desync: { readonly tick: number; readonly player: number; readonly mine: string; readonly theirs: string } | null;
  /** whether the last tick asked for waited for another player's turn */
  readonly waiting: boolean;
}

export interface LockstepPeer {
  readonly status: () => LockstepStatus;
  /** a command given on this player's side: it goes into this player's next turn */
  give(command: Command): void;
  /**
   * Before running tick `ticks + 1` (`ticks` run so far): sends this player's turn for `ticks +
   * TURN_DELAY`, and returns the commands to give now (every player's for `ticks`, player by
   * player), or null when a turn for `ticks` has not come yet (the tick must wait).
   */
  beforeTick(ticks: number): Command[] | null;
  /** After a tick (`ticks` run): `hash` gives the state hash (asked only every CHECK_EVERY ticks). */
  afterTick(ticks: number, hash: () => string): void;
  /** a message from another player */
  receive(message: LockstepMessage): void;
}

export function createLockstepPeer(room: string, player: number, players: number, send: (message: LockstepMessage) => void): LockstepPeer {
  if (!Number.isInteger(players) || players < 1) throw new Error(`lockstep.players: expected a whole number >= 1, got ${players}`);
  if (!Number.isInteger(player) || player < 0 || player >= players) throw new Error(`lockstep.player: expected 0 to ${players - 1}, got ${player}`);
  /** turns by tick, then by player (ticks not run yet) */
  const turns = new Map<number, Array<readonly Command[] | undefined>>();
  /** this player's own turns, by tick, from the first another player may still need */
  const mine = new Map<number, readonly Command[]>();
  /** how far each player has run, as its last turn said (0 until one comes) */
  const reached = new Array<number>(players).fill(0);
  /** hashes by tick, then by player */
  const hashes = new Map<number, Array<string | undefined>>();
  let given: Command[] = [];
  /** ticks this player has run, and the last tick it sent its turn for */
  let ran = 0;
  let sentUpTo = -1;
  let waits = 0;
  let agreed = 0;
  let lastAgreed: LockstepStatus['lastAgreed'] = null;
  let desync: LockstepStatus['desync'] = null;
  let waiting = false;

  const keep = (at: number, from: number, commands: readonly Command[]): void => {
    if (at < ran) return;
    let turn = turns.get(at);
    if (turn === undefined) {
      turn = new Array(players);
      turns.set(at, turn);
    }
    turn[from] = commands;
  };
  const compare = (tick: number): void => {
    const known = hashes.get(tick);
    const own = known?.[player];
    if (known === undefined || own === undefined) return;
    for (let other = 0; other < players; other++) {
      const theirs = known[other];
      if (other === player || theirs === undefined) continue;
      if (theirs !== own) desync ??= { tick, player: other, mine: own, theirs };
      else {
        agreed++;
        lastAgreed = { tick, hash: own };
      }
      known[other] = undefined;
    }
  };
  const hashesAt = (tick: number): Array<string | undefined> => {
    let known = hashes.get(tick);
    if (known === undefined) {
      known = new Array(players);
      hashes.set(tick, known);
    }
    return known;
  };
  /** the first tick another player may still need a turn of this player's for */
  const neededFrom = (): number => {
    let least = Infinity;
    for (let other = 0; other < players; other++) if (other !== player) least = Math.min(least, reached[other]!);
    return least === Infinity ? ran : least;
  };
  const sendTurn = (at: number, commands: readonly Command[]): void => {
    send({ kind: 'turn', player, at, commands, ran });
  };
  // the first turns hold nothing: no command can be given before the first tick plus the delay
  for (let at = 0; at < TURN_DELAY; at++) {
    sentUpTo = at;
    mine.set(at, []);
    keep(at, player, []);
    sendTurn(at, []);
  }

  return {
    status: () => ({ room, player, players, agreed, lastAgreed, desync, waiting }),
    give(command) {
      given.push(command);
    },
    beforeTick(ticks) {
      ran = ticks;
      while (sentUpTo < ran + TURN_DELAY) {
        sentUpTo++;
        mine.set(sentUpTo, given);
        keep(sentUpTo, player, given);
        sendTurn(sentUpTo, given);
        given = [];
      }
      const turn = turns.get(ran);
      waiting = turn === undefined;
      for (let from = 0; !waiting && from < players; from++) waiting = turn![from] === undefined;
      if (waiting) {
        // a turn of this player's may have been lost: send again what the others may miss
        if (++waits % RESEND_EVERY === 0) {
          const from = neededFrom();
          for (const [at, commands] of mine) if (at >= from) sendTurn(at, commands);
        }
        return null;
      }
      turns.delete(ran);
      return turn!.flatMap((commands) => [...commands!]);
    },
    afterTick(ticks, hash) {
      ran = ticks;
      const from = neededFrom();
      for (const at of mine.keys()) if (at < from) mine.delete(at);
      if (ticks % CHECK_EVERY !== 0) return;
      const own = hash();
      hashesAt(ticks)[player] = own;
      send({ kind: 'hash', player, tick: ticks, hash: own });
      compare(ticks);
      // (a hash no other player will send any more: every player has passed its tick)
      for (const tick of hashes.keys()) if (tick < from - CHECK_EVERY) hashes.delete(tick);
    },
    receive(message) {
      if (message.player === player || !Number.isInteger(message.player) || message.player < 0 || message.player >= players) return;
      if (message.kind === 'turn') {
        reached[message.player] = Math.max(reached[message.player]!, message.ran);
        keep(message.at, message.player, message.commands);
      } else if (message.kind === 'hash') {
        hashesAt(message.tick)[message.player] = message.hash;
        compare(message.tick);
      }
    },
  };
}
