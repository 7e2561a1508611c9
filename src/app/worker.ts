/**
 * The page's simulation, in a Web Worker: it holds the scenario run and its clock, ticks it in
 * real time (at the chosen speed), and after every batch of ticks sends the page a snapshot
 * (snapshot.ts) with the overlays the page asked for. The page only draws and handles input, so
 * its frame rate no longer depends on what the simulation costs. No pixi.js and no DOM here.
 */
import { snapshotBuffers, takeSnapshot, type OverlayRequest } from '../render/snapshot';
import type { PageMessage, WorkerMessage } from './protocol';
import { CHECK_EVERY, type LockstepMessage, type LockstepPeer, createLockstepPeer } from './lockstep';
import { type LockstepTransport, openLockstepTransport } from './lockstep-transport';
import type { Command } from '../scenarios/commands';
import { type LockstepSetup, type PageSession, advanceSession, giveSessionCommand, loadGame, saveGame, sessionCommandLog, setUpPageSession, stepInLockstep, stepSession, teamSizes } from './session';
import { getAvoidance, getCollisionResponse, getSteeringConfig, simulationSettings, simulationTick, stateHash } from '../sim/simulation';
import { MAX_WORKERS, setSimulationWorkers } from '../sim/threads';
import { useWebThreads } from './threads';

/** milliseconds of ticking per batch at most; beyond it the simulation slows down instead of the
 * worker falling ever further behind */
const BATCH_BUDGET_MS = 40;
/** milliseconds between batches: a tick's worth at 60 Hz */
const BATCH_INTERVAL_MS = 1000 / 60;

interface WorkerScope {
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
}

const scope = self as unknown as WorkerScope;

let session: PageSession | null = null;
/** the lockstep this page plays in, if any: the protocol and its channel */
let lockstep: { peer: LockstepPeer; transport: LockstepTransport } | null = null;
let request: OverlayRequest = { routes: true, rays: false, forces: false, sides: false, velocity: false, blocks: false, selected: [] };
let obstaclesSent: number[] | null = null;
let lastBatch = performance.now();
/** threads the sense phase and the avoidance choice run on, as the page last asked (one where the page is not isolated) */
let workers = 1;
useWebThreads();

function post(message: WorkerMessage, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

/** Sends the state as it is now. */
function sendSnapshot(): void {
  if (session === null) return;
  const { recorder } = session;
  let arrived = 0;
  for (let i = 0; i < recorder.unitCount; i++) arrived += recorder.arrived[i]!;
  const { snapshot, obstacleIds } = takeSnapshot(session.sim, session, { collisions: recorder.collisions, arrived }, request, obstaclesSent);
  obstaclesSent = obstacleIds;
  post({ type: 'snapshot', snapshot }, snapshotBuffers(snapshot));
}

/** Runs `next` from now on, and tells the page what it shows (a saved game: with its own
 * settings). */
function begin(next: PageSession, paused: boolean, speed: number, game: boolean): void {
  // the session shown until now ends its sense threads; the new one starts its own
  if (session !== null) setSimulationWorkers(session.sim, 1);
  setSimulationWorkers(next.sim, workers);
  next.paused = paused;
  next.speed = speed;
  session = next;
  obstaclesSent = null;
  lastBatch = performance.now();
  post({
    type: 'loaded',
    choice: next.choice,
    world: { width: simulationSettings(next.sim).width, height: simulationSettings(next.sim).height },
    description: next.scenario.description ?? '',
    startPositions: next.scenario.units.map((unit) => ({ x: unit.x, y: unit.y })),
    units: next.unitIds.length,
    teams: teamSizes(next.scenario.units),
    ...(game ? { game: { avoidance: getAvoidance(next.sim), response: getCollisionResponse(next.sim), config: getSteeringConfig(next.sim) } } : {}),
  });
  sendSnapshot();
}

/** Joins the lockstep room of `setup` (leaving any other), for a session at its tick 0. */
function joinLockstep(setup: LockstepSetup | undefined): void {
  lockstep?.transport.close();
  lockstep = null;
  if (setup === undefined) return;
  const { room, player, players, relay } = setup;
  let peer: LockstepPeer | null = null;
  const pending: LockstepMessage[] = [];
  const transport = openLockstepTransport(
    room,
    relay,
    (message) => {
      if (peer === null) pending.push(message);
      else receiveLockstep(peer, message);
    },
    (reason) => post({ type: 'error', message: reason }),
  );
  peer = createLockstepPeer(room, player, players, (message) => transport.send(message));
  for (const message of pending) receiveLockstep(peer, message);
  lockstep = { peer, transport };
  postLockstep();
}

function receiveLockstep(peer: LockstepPeer, message: LockstepMessage): void {
  peer.receive(message);
  if (message.kind === 'hash') postLockstep();
}

function postLockstep(): void {
  if (lockstep !== null) post({ type: 'lockstep', status: lockstep.peer.status() });
}

/** One tick of the session: in lockstep, only once every player's turn for it has come (false:
 * it must wait), giving their commands first. */
function tick(current: PageSession): boolean {
  if (lockstep === null) {
    stepSession(current);
    return true;
  }
  if (!stepInLockstep(current, lockstep.peer)) return false;
  if (simulationTick(current.sim) % CHECK_EVERY === 0) postLockstep();
  return true;
}

/** A command from this page: given now, or in lockstep into this player's next turn. */
function give(current: PageSession, command: Command): void {
  if (lockstep === null) giveSessionCommand(current, command);
  else lockstep.peer.give(command);
}

/** A workers count the page asked for, within what a simulation takes. */
function pageWorkers(count: number): number {
  return Number.isInteger(count) ? Math.min(MAX_WORKERS, Math.max(1, count)) : 1;
}

function handle(message: PageMessage): void {
  if (message.type === 'load') {
    workers = pageWorkers(message.workers);
    const next = setUpPageSession(message);
    joinLockstep(message.lockstep);
    begin(next, message.paused, message.speed, false);
    return;
  }
  if (message.type === 'load-game') {
    workers = pageWorkers(message.workers);
    const next = loadGame(message.game);
    // (a saved game is played alone: the other players would have to load it at the same tick)
    joinLockstep(undefined);
    begin(next, message.paused, message.speed, true);
    return;
  }
  if (session === null) return;
  switch (message.type) {
    case 'order':
      give(session, { order: message.order });
      return;
    case 'clock':
      if (message.paused !== undefined) session.paused = message.paused;
      if (message.speed !== undefined) session.speed = message.speed;
      lastBatch = performance.now();
      sendSnapshot();
      return;
    case 'step':
      session.paused = true;
      tick(session);
      sendSnapshot();
      return;
    case 'nudge':
      // this page's simulation alone changed, as a bug would: lockstep must catch it
      giveSessionCommand(session, { order: { kind: 'move', unitIds: [session.unitIds[0]!], target: { x: simulationSettings(session.sim).width / 2, y: simulationSettings(session.sim).height / 2 } } });
      return;
    case 'avoidance':
      give(session, { avoidance: message.name });
      return;
    case 'response':
      give(session, { response: message.response });
      return;
    case 'tune':
      give(session, { tune: message.changes });
      return;
    case 'max-acceleration':
      give(session, { maxAcceleration: message.value });
      return;
    case 'workers':
      workers = pageWorkers(message.count);
      setSimulationWorkers(session.sim, workers);
      return;
    case 'view':
      request = message.request;
      // a paused page still needs the overlays of a new selection
      if (session.paused) sendSnapshot();
      return;
    case 'hash':
      // run to the tick asked for at once, off the clock, through the same ticks as ever
      // (in lockstep, as far as the players' turns have come)
      if (message.atTick !== undefined) {
        while (simulationTick(session.sim) < message.atTick && tick(session));
        sendSnapshot();
      }
      post({ type: 'hash', requestId: message.requestId, tick: simulationTick(session.sim), hash: stateHash(session.sim) });
      return;
    case 'command-log':
      post({ type: 'command-log', requestId: message.requestId, text: sessionCommandLog(session) });
      return;
    case 'save-game':
      post({ type: 'game', requestId: message.requestId, game: saveGame(session) });
      return;
  }
}

scope.onmessage = (event) => {
  try {
    handle(event.data);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};

/** One batch: the ticks real time asks for since the last one, then a snapshot if any ran. */
function batch(): void {
  const now = performance.now();
  const elapsed = (now - lastBatch) / 1000;
  lastBatch = now;
  if (session !== null && !session.paused) {
    try {
      if (advanceSession(session, elapsed, BATCH_BUDGET_MS, tick) > 0) sendSnapshot();
    } catch (error) {
      session.paused = true;
      post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
  // the next batch is due a tick's worth after this one began
  setTimeout(batch, Math.max(0, BATCH_INTERVAL_MS - (performance.now() - now)));
}

batch();

