/**
 * What the page runs: one built-in scenario as a simulation, its live metrics, and the clock
 * (pause, single step, speed). No pixi.js and no DOM here, so it is the same code the command
 * line runs, and it can be tested in Node.
 */
import { BUILT_IN_SCENARIOS, buildBuiltInScenario, findBuiltInScenario } from '../scenarios/builtins';
import { type ScenarioRun, startScenarioRun, stepScenarioRun } from '../scenarios/run';
import type { Scenario } from '../scenarios/schema';
import { type EncodedGraph, startReading, writeGraph } from '../sim/graph';
import { COMMAND_LOG_FORMAT, type Command, type CommandLogHeader, type LoggedCommand, commandLogText, giveCommand, parseCommandLog } from '../scenarios/commands';
import { type SavedSimulation, loadSimulation, saveSimulation } from '../sim/save';
import { type ScenarioFile, parseScenario } from '../scenarios/schema';
import { simulationSettings, simulationTick, stateHash } from '../sim/simulation';
import type { LockstepPeer } from './lockstep';
import type { SteeringOverrides } from '../steering/config';
import type { CollisionResponse } from '../steering/sideways';
import type { AvoidanceName } from '../steering/strategy';

/** What the page shows: a built-in by name, with its unit count and seed; or a scenario file (made in the editor, loaded, or shared by URL). */
export interface ScenarioChoice {
  name: string;
  /** total units; undefined for the built-in's default (or a fixed layout) */
  units?: number;
  seed: number;
  /** a scenario of its own instead of a built-in (then `name` and `seed` are the file's) */
  file?: ScenarioFile;
}

/** The scenario run (simulation and live metrics) plus the page's clock. */
export interface PageSession extends ScenarioRun {
  readonly choice: Readonly<ScenarioChoice>;
  paused: boolean;
  /** simulated seconds per real second: 0.25 to 8 (at 8, MAX_TICKS_PER_FRAME a frame) */
  speed: number;
  /** real seconds not yet simulated */
  accumulator: number;
  /** every command given so far, with its tick, and what it was given on (a command log,
   * scenarios/commands.ts) */
  readonly log: { readonly header: CommandLogHeader; readonly commands: LoggedCommand[] };
}

export const SPEEDS = [0.25, 0.5, 1, 2, 4, 8] as const;
/** at most this many ticks per frame, so a slow frame does not snowball */
export const MAX_TICKS_PER_FRAME = 8;

/**
 * Builds the session for a choice. Throws (building nothing) on an unknown name. A built-in that
 * takes a unit count gets `choice.units` (its default when missing), raised to its smallest
 * layout; one with a fixed layout ignores it.
 */
export function createPageSession(
  choice: ScenarioChoice,
  settings: { avoidance: AvoidanceName; response: CollisionResponse },
): PageSession {
  const chosen = scenarioFor(choice);
  return {
    ...startScenarioRun(chosen.scenario, settings),
    choice: chosen.choice,
    paused: false,
    speed: 1,
    accumulator: 0,
    log: { header: logHeader(chosen.choice, settings), commands: [] },
  };
}

function logHeader(choice: ScenarioChoice, settings: { avoidance: AvoidanceName; response: CollisionResponse }): CommandLogHeader {
  const scenario = { name: choice.name, seed: choice.seed, ...(choice.units === undefined ? {} : { units: choice.units }) };
  return { format: COMMAND_LOG_FORMAT, version: 1, scenario, avoidance: settings.avoidance, response: settings.response };
}

/** Gives a command to the session's simulation and logs it with the tick it takes effect at (a
 * command the simulation refuses is not logged). */
export function giveSessionCommand(session: PageSession, command: Command): void {
  giveCommand(session.sim, command);
  session.log.commands.push({ at: simulationTick(session.sim), ...command });
}

/** The session's command log as NDJSON text (what the page downloads; `scenario --commands`
 * replays it). */
export function sessionCommandLog(session: PageSession): string {
  return commandLogText(session.log);
}

/** The scenario a choice names, and the choice as the page keeps it (a built-in's unit count
 * raised to its smallest layout, or dropped for a fixed one). Throws on an unknown name. */
function scenarioFor(choice: ScenarioChoice): { scenario: Scenario; choice: ScenarioChoice } {
  if (choice.file !== undefined) {
    const scenario = parseScenario(choice.file, 'scenario file');
    return { scenario, choice: { name: scenario.name, seed: scenario.seed, file: choice.file } };
  }
  const builtIn = findBuiltInScenario(choice.name);
  if (builtIn === undefined) {
    throw new Error(`scenario: expected one of ${BUILT_IN_SCENARIOS.map((s) => s.name).join(', ')}, got ${JSON.stringify(choice.name)}`);
  }
  const units = builtIn.defaultUnits === undefined ? undefined : Math.max(builtIn.minUnits ?? 1, choice.units ?? builtIn.defaultUnits);
  const scenario = buildBuiltInScenario(choice.name, { ...(units === undefined ? {} : { units }), seed: choice.seed });
  return { scenario, choice: { name: choice.name, ...(units === undefined ? {} : { units }), seed: choice.seed } };
}

export const GAME_FORMAT = 'rts-steer/game';

/**
 * A game the page saved: the scenario chosen, the simulation (sim/save.ts) and where the run
 * stands (the scenario's changes made so far, its live metrics). Plain JSON.
 */
export interface SavedGame {
  readonly format: typeof GAME_FORMAT;
  readonly version: 1;
  readonly choice: ScenarioChoice;
  readonly simulation: SavedSimulation;
  readonly run: EncodedGraph;
  /** the commands given since the scenario began, as a command log's text (the log goes on) */
  readonly commands: string;
}

/** What a game is saved with beside the simulation. */
type RunPart = Pick<ScenarioRun, 'obstacleIds' | 'changesMade' | 'unitIds' | 'recorder' | 'positions'>;

const PLAIN = { keep: new Map(), merge: new Map(), classes: {}, codecs: {}, tables: {} } as const;

/** The session as a saved game (between ticks; changes nothing). */
export function saveGame(session: PageSession): SavedGame {
  const { obstacleIds, changesMade, unitIds, recorder, positions } = session;
  const run: RunPart = { obstacleIds, changesMade, unitIds, recorder, positions };
  return { format: GAME_FORMAT, version: 1, choice: session.choice, simulation: saveSimulation(session.sim), run: writeGraph(run, PLAIN), commands: sessionCommandLog(session) };
}

/** The session of a saved game, paused. Throws, naming the field, on anything else. */
export function loadGame(saved: SavedGame): PageSession {
  if (typeof saved !== 'object' || saved === null) throw new Error(`game: expected a saved game, got ${saved === null ? 'null' : typeof saved}`);
  if (saved.format !== GAME_FORMAT) throw new Error(`game.format: expected "${GAME_FORMAT}", got ${JSON.stringify(saved.format)}`);
  if (saved.version !== 1) throw new Error(`game.version: expected 1, got ${JSON.stringify(saved.version)}`);
  const { scenario, choice } = scenarioFor(saved.choice);
  const sim = loadSimulation(saved.simulation);
  const run = startReading(saved.run, PLAIN).finish() as RunPart;
  const log = parseCommandLog(typeof saved.commands === 'string' ? saved.commands : '', 'game.commands');
  return { scenario, sim, ...run, choice, paused: true, speed: 1, accumulator: 0, log: { header: log.header, commands: [...log.commands] } };
}

/** What the page loads: the choice, strategy and response, and the panel's tuning. */
export interface SessionSetup {
  choice: ScenarioChoice;
  settings: { avoidance: AvoidanceName; response: CollisionResponse };
  /** controller tuning merged over the defaults */
  tuning: SteeringOverrides;
  /** m/s^2: every unit's max force is its mass times this */
  maxAcceleration: number;
  /** play in lockstep with other pages (lockstep.ts): the room, this page's player number, how
   * many play, and the relay's URL (none: the tabs of this browser, by BroadcastChannel) */
  lockstep?: LockstepSetup;
}

export interface LockstepSetup {
  room: string;
  player: number;
  players: number;
  relay?: string;
}

/** The session the page's worker runs for a setup (the same in Node, for the tests). */
export function setUpPageSession(setup: SessionSetup): PageSession {
  const session = createPageSession(setup.choice, setup.settings);
  giveSessionCommand(session, { tune: setup.tuning });
  giveSessionCommand(session, { maxAcceleration: setup.maxAcceleration });
  return session;
}

/**
 * One tick of a session played in lockstep (lockstep.ts): only once every player's turn for it
 * has come (false: it must wait), giving their commands first, and with the state hash checked
 * every CHECK_EVERY ticks.
 */
export function stepInLockstep(session: PageSession, peer: LockstepPeer): boolean {
  const ran = simulationTick(session.sim);
  const commands = peer.beforeTick(ran);
  if (commands === null) return false;
  for (const command of commands) giveSessionCommand(session, command);
  stepSession(session);
  peer.afterTick(ran + 1, () => stateHash(session.sim));
  return true;
}

/** One tick of the simulation, recorded by the metrics recorder. */
export function stepSession(session: PageSession): void {
  stepScenarioRun(session);
}

/**
 * Advances the session by `realSeconds` of wall-clock time at its speed, in fixed ticks. Time
 * that would need more than MAX_TICKS_PER_FRAME ticks, or more than `budgetMs` milliseconds of
 * ticking, is dropped: the simulation then runs slower than real time instead of the frame rate
 * collapsing while it catches up. `tick` runs one tick (stepSession by default), or returns false
 * when it must wait, which ends the batch. Returns the ticks run.
 */
export function advanceSession(session: PageSession, realSeconds: number, budgetMs = Infinity, tick: (session: PageSession) => boolean = stepOnce): number {
  if (session.paused) return 0;
  session.accumulator += Math.max(0, realSeconds) * session.speed;
  const dt = simulationSettings(session.sim).dt;
  const start = performance.now();
  let ticks = 0;
  while (session.accumulator >= dt) {
    if (ticks === MAX_TICKS_PER_FRAME || (ticks > 0 && performance.now() - start > budgetMs)) {
      session.accumulator = 0;
      break;
    }
    // a tick that must wait (lockstep: another player's turn has not come) ends the batch
    if (!tick(session)) {
      session.accumulator = 0;
      break;
    }
    session.accumulator -= dt;
    ticks++;
  }
  return ticks;
}

function stepOnce(session: PageSession): boolean {
  stepSession(session);
  return true;
}

/** characters of an encoded scenario file the URL carries at most (browsers and servers cut long URLs) */
export const MAX_URL_FILE = 6000;

/**
 * The URL query for a choice: `?scenario=...&units=...&seed=...`; for a scenario file, `?file=`
 * and the file as base64url JSON, or nothing when that is longer than MAX_URL_FILE.
 */
export function choiceToQuery(choice: ScenarioChoice): string {
  if (choice.file !== undefined) {
    const encoded = encodeFile(choice.file);
    return encoded.length <= MAX_URL_FILE ? `?file=${encoded}` : '?';
  }
  const params = new URLSearchParams({ scenario: choice.name });
  if (choice.units !== undefined) params.set('units', String(choice.units));
  params.set('seed', String(choice.seed));
  return `?${params.toString()}`;
}

/**
 * The choice a URL query asks for, falling back to `fallback` for a missing or bad value (an
 * unknown scenario name, a unit count or seed that is not a whole number in range), with the
 * reasons, so the page can say what it ignored.
 */
export function choiceFromQuery(query: string, fallback: ScenarioChoice): { choice: ScenarioChoice; ignored: string[] } {
  const params = new URLSearchParams(query);
  const ignored: string[] = [];
  const file = params.get('file');
  if (file !== null) {
    try {
      const decoded = decodeFile(file);
      const scenario = parseScenario(decoded, 'file');
      return { choice: { name: scenario.name, seed: scenario.seed, file: decoded }, ignored };
    } catch (error) {
      ignored.push(`file: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const name = params.get('scenario');
  let choice: ScenarioChoice = { ...fallback };
  if (name !== null) {
    if (findBuiltInScenario(name) === undefined) ignored.push(`scenario: unknown name ${JSON.stringify(name)}`);
    else choice = { name, seed: fallback.seed };
  }
  const whole = (key: string, min: number, max: number): number | undefined => {
    const text = params.get(key);
    if (text === null) return undefined;
    const value = Number(text);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    ignored.push(`${key}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
    return undefined;
  };
  const units = whole('units', 1, MAX_PAGE_UNITS);
  if (units !== undefined) choice.units = units;
  const seed = whole('seed', 0, 2 ** 31 - 1);
  if (seed !== undefined) choice.seed = seed;
  return { choice, ignored };
}

/** the most units the page offers (the engine takes more) */
export const MAX_PAGE_UNITS = 10000;

/** A scenario file as URL-safe base64 of its JSON (UTF-8). */
export function encodeFile(file: ScenarioFile): string {
  const bytes = new TextEncoder().encode(JSON.stringify(file));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The scenario file `encodeFile` wrote (not yet checked against the schema); throws on text that is not one. */
export function decodeFile(text: string): ScenarioFile {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('expected URL-safe base64 (A-Z, a-z, 0-9, - and _)');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as ScenarioFile;
}

/** Units per team number (0 for a team number nobody has), for the page's legend. */
export function teamSizes(units: ReadonlyArray<{ team: number }>): number[] {
  const sizes: number[] = [];
  for (const unit of units) {
    while (sizes.length <= unit.team) sizes.push(0);
    sizes[unit.team]!++;
  }
  return sizes;
}
