/**
 * A command log: every command a player gave a scenario run (an order, a strategy or tuning
 * changed), each with the tick it took effect at, so the run can be played again to the same bits
 * (docs/command-log.md). The page records one and downloads it; `scenario --commands` replays it.
 *
 * As NDJSON: a header line, then one line per command, in the order they were given:
 *
 *     {"format":"rts-steer/commands","version":1,"scenario":{"name":"doorway","seed":3},"avoidance":"rays","response":"sideways"}
 *     {"at":0,"tune":{}}
 *     {"at":0,"maxAcceleration":16}
 *     {"at":212,"order":{"kind":"move","unitIds":[3,4,5],"target":{"x":20,"y":9}}}
 *
 * `at` is the number of ticks run when the command was given: it takes effect on the next tick
 * (orders are applied at its start; settings from it on), as when a game calls the API between
 * ticks. Commands with the same `at` are given in the order of the log.
 */
import type { Order } from '../orders/orders';
import { type Simulation, issueOrder, listUnits, setAvoidance, setCollisionResponse, simulationTick, updateSteeringConfig, updateUnit } from '../sim/simulation';
import { checkNumber, checkObject, checkOneOf, checkOrder, describeValue } from '../sim/validate';
import { type SteeringOverrides, resolveSteeringConfig } from '../steering/config';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';

export const COMMAND_LOG_FORMAT = 'rts-steer/commands';

/** A command of a log the run refused as it came (an order naming a unit the run does not have). */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** One command, as the log writes it. */
export type Command =
  | { readonly order: Order }
  | { readonly avoidance: AvoidanceName }
  | { readonly response: CollisionResponse }
  /** controller settings changed (merged over the current ones) */
  | { readonly tune: SteeringOverrides }
  /** m/s^2: every unit's max force set to its mass times this */
  | { readonly maxAcceleration: number };

/** A command and the tick it was given at (ticks run so far). */
export type LoggedCommand = Command & { readonly at: number };

/** What the log says it was recorded on (the page's scenario choice and settings). */
export interface CommandLogHeader {
  readonly format: typeof COMMAND_LOG_FORMAT;
  readonly version: 1;
  /** the scenario: a built-in's name, seed and unit count, or a file's name and seed */
  readonly scenario: { readonly name: string; readonly seed: number; readonly units?: number };
  readonly avoidance: AvoidanceName;
  readonly response: CollisionResponse;
}

export interface CommandLog {
  readonly header: CommandLogHeader;
  readonly commands: readonly LoggedCommand[];
}

const COMMAND_KEYS = ['order', 'avoidance', 'response', 'tune', 'maxAcceleration'] as const;

/** The log as NDJSON text. */
export function commandLogText(log: CommandLog): string {
  return `${[log.header, ...log.commands].map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/**
 * Reads a log's text, checking every line: its header, each command's shape (an order as
 * `issueOrder` checks it, but for whether its units exist, which only the run knows) and that the
 * ticks never go back. Throws naming the line and the field; `source` names the file.
 */
export function parseCommandLog(text: string, source = 'log'): CommandLog {
  const lines = text.split('\n').map((line, index) => ({ line: line.trim(), number: index + 1 })).filter(({ line }) => line !== '');
  if (lines.length === 0) throw new Error(`${source}: empty (expected a header line)`);
  const read = ({ line, number }: { line: string; number: number }): Record<string, unknown> => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${source} line ${number}: not JSON (${(error as Error).message})`);
    }
    return checkObject(value, `${source} line ${number}`);
  };
  const header = checkHeader(read(lines[0]!), `${source} line ${lines[0]!.number}`);
  const commands: LoggedCommand[] = [];
  let last = 0;
  for (const entry of lines.slice(1)) {
    const where = `${source} line ${entry.number}`;
    const command = checkCommand(read(entry), where);
    if (command.at < last) throw new Error(`${where}.at: expected ${last} or later (the lines before it), got ${command.at}`);
    last = command.at;
    commands.push(command);
  }
  return { header, commands };
}

function checkHeader(line: Record<string, unknown>, where: string): CommandLogHeader {
  if (line.format !== COMMAND_LOG_FORMAT) throw new Error(`${where}.format: expected "${COMMAND_LOG_FORMAT}", got ${describeValue(line.format)}`);
  if (line.version !== 1) throw new Error(`${where}.version: expected 1, got ${describeValue(line.version)}`);
  const scenario = checkObject(line.scenario, `${where}.scenario`);
  if (typeof scenario.name !== 'string' || scenario.name === '') throw new Error(`${where}.scenario.name: expected a name, got ${describeValue(scenario.name)}`);
  const seed = checkNumber(scenario.seed, `${where}.scenario.seed`, { min: 0, integer: true });
  const units = scenario.units === undefined ? undefined : checkNumber(scenario.units, `${where}.scenario.units`, { min: 1, integer: true });
  return {
    format: COMMAND_LOG_FORMAT,
    version: 1,
    scenario: { name: scenario.name, seed, ...(units === undefined ? {} : { units }) },
    avoidance: checkOneOf(line.avoidance, `${where}.avoidance`, AVOIDANCE_NAMES),
    response: checkOneOf(line.response, `${where}.response`, COLLISION_RESPONSES),
  };
}

function checkCommand(line: Record<string, unknown>, where: string): LoggedCommand {
  const at = checkNumber(line.at, `${where}.at`, { min: 0, integer: true });
  const keys = Object.keys(line).filter((key) => key !== 'at');
  const kind = keys[0];
  if (keys.length !== 1 || !(COMMAND_KEYS as readonly string[]).includes(kind!)) {
    throw new Error(`${where}: expected "at" and one of ${COMMAND_KEYS.join(', ')}, got ${keys.length === 0 ? 'nothing else' : keys.join(', ')}`);
  }
  const field = `${where}.${kind}`;
  switch (kind as (typeof COMMAND_KEYS)[number]) {
    case 'order':
      try {
        return { at, order: checkOrder(line.order as Order, () => true) };
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
    case 'avoidance':
      return { at, avoidance: checkOneOf(line.avoidance, field, AVOIDANCE_NAMES) };
    case 'response':
      return { at, response: checkOneOf(line.response, field, COLLISION_RESPONSES) };
    case 'tune': {
      const changes = checkObject(line.tune, field) as SteeringOverrides;
      try {
        resolveSteeringConfig(changes);
      } catch (error) {
        throw new Error(`${field}: ${(error as Error).message}`);
      }
      return { at, tune: changes };
    }
    case 'maxAcceleration':
      return { at, maxAcceleration: checkNumber(line.maxAcceleration, field, { min: 0, minInclusive: false }) };
  }
}

/** Gives `command` to a simulation, through the API. */
export function giveCommand(sim: Simulation, command: Command): void {
  if ('order' in command) issueOrder(sim, command.order);
  else if ('avoidance' in command) setAvoidance(sim, command.avoidance);
  else if ('response' in command) setCollisionResponse(sim, command.response);
  else if ('tune' in command) updateSteeringConfig(sim, command.tune);
  else for (const unit of listUnits(sim)) updateUnit(sim, unit.id, { maxForce: unit.mass * command.maxAcceleration });
}

/**
 * A log played into a simulation, as its ticks go: `giveDue` gives the commands whose tick has
 * come (call it before each tick). A command the run refuses (an order naming a unit it does not have)
 * throws, naming the log line.
 */
export interface CommandPlayer {
  /** commands not given yet */
  readonly left: () => number;
  giveDue(sim: Simulation): void;
}

export function playCommands(log: CommandLog, source = 'log'): CommandPlayer {
  // (each command was checked as the log was read; what is left to the run is whether its units exist)
  let next = 0;
  return {
    left: () => log.commands.length - next,
    giveDue(sim) {
      const tick = simulationTick(sim);
      while (next < log.commands.length && log.commands[next]!.at <= tick) {
        const command = log.commands[next]!;
        if (command.at < tick) throw new CommandError(`${source}: command ${next + 1} is for tick ${command.at}, but the run is at tick ${tick}`);
        try {
          giveCommand(sim, command);
        } catch (error) {
          throw new CommandError(`${source} command ${next + 1} (at ${command.at}): ${(error as Error).message}`);
        }
        next++;
      }
    },
  };
}
