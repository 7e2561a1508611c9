/**
 * What the page's URL keeps: the scenario choice (session.ts), the strategy and response when not
 * the defaults (`avoidance=`, `response=`), the changed controller settings (`tune=` JSON, the
 * situations switched from their defaults among them), max acceleration (`accel=`) and the threads the sense phase
 * runs on (`workers=`). Reading a URL never fails:
 * what is wrong is ignored, with the reason, and the default used.
 */
import { DEFAULT_SIMULATION, DEFAULT_UNIT } from '../sim/defaults';
import { MAX_WORKERS } from '../sim/threads';
import { DEFAULT_STEERING_CONFIG, type SteeringConfig, type SteeringOverrides, resolveSteeringConfig, switchedFromDefault } from '../steering/config';
import { COLLISION_RESPONSES, type CollisionResponse } from '../steering/sideways';
import { AVOIDANCE_NAMES } from '../steering/strategies/index';
import type { AvoidanceName } from '../steering/strategy';
import { type LockstepSetup, type ScenarioChoice, choiceToQuery } from './session';

/** The strategy and response the page runs. */
export interface PageSettings {
  avoidance: AvoidanceName;
  response: CollisionResponse;
}

/** The strategy and response a URL query asks for (`avoidance=`, `response=`); defaults for anything else. */
export function settingsFromQuery(query: string): PageSettings {
  const params = new URLSearchParams(query);
  const avoidance = params.get('avoidance');
  const response = params.get('response');
  return {
    avoidance: AVOIDANCE_NAMES.find((name) => name === avoidance) ?? DEFAULT_SIMULATION.avoidance,
    response: COLLISION_RESPONSES.find((name) => name === response) ?? DEFAULT_SIMULATION.response,
  };
}

/** The controller tuning (`tune=` JSON of changed settings) and max acceleration (`accel=`) a URL keeps; defaults for what is missing or wrong, with the reasons. */
export function tuningFromQuery(query: string): { tuning: SteeringOverrides; maxAcceleration: number; ignored: string[] } {
  const params = new URLSearchParams(query);
  const ignored: string[] = [];
  let tuning: SteeringOverrides = {};
  const tune = params.get('tune');
  if (tune !== null) {
    try {
      const changes = JSON.parse(tune) as SteeringOverrides;
      resolveSteeringConfig(changes);
      tuning = changes;
    } catch (error) {
      ignored.push(`tune: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let maxAcceleration = DEFAULT_UNIT.maxAcceleration;
  const accel = params.get('accel');
  if (accel !== null) {
    const value = Number(accel);
    if (Number.isFinite(value) && value >= 1 && value <= 60) maxAcceleration = value;
    else ignored.push(`accel: expected a number from 1 to 60, got ${JSON.stringify(accel)}`);
  }
  return { tuning, maxAcceleration, ignored };
}

/** Threads the page's simulation senses on (`workers=`, 1 to MAX_WORKERS; default 1), with the
 * reason when the URL's value is ignored. */
export function workersFromQuery(query: string): { workers: number; ignored: string[] } {
  const text = new URLSearchParams(query).get('workers');
  if (text === null) return { workers: 1, ignored: [] };
  const value = Number(text);
  if (Number.isInteger(value) && value >= 1 && value <= MAX_WORKERS) return { workers: value, ignored: [] };
  return { workers: 1, ignored: [`workers: expected a whole number from 1 to ${MAX_WORKERS}, got ${JSON.stringify(text)}`] };
}

/** The settings of `tuning` that differ from the defaults (of the situations, those switched the
 * other way from their default: most are on by default, stand-in-stream off). */
export function changedTuning(tuning: SteeringOverrides): SteeringOverrides {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tuning)) {
    if (key === 'situations') {
      const switched = switchedFromDefault(value as Record<string, boolean>);
      if (switched.length > 0) changed.situations = Object.fromEntries(switched);
    } else if (DEFAULT_STEERING_CONFIG[key as keyof SteeringConfig] !== value) {
      changed[key] = value;
    }
  }
  return changed as SteeringOverrides;
}

/** The query string (with its `?`) that keeps the choice, the settings, the tuning, the acceleration
 * and the sense threads. */
export function pageQuery(choice: ScenarioChoice, settings: PageSettings, tuning: SteeringOverrides, maxAcceleration: number, workers = 1): string {
  let query = choiceToQuery(choice);
  if (settings.avoidance !== DEFAULT_SIMULATION.avoidance) query += `&avoidance=${settings.avoidance}`;
  if (settings.response !== DEFAULT_SIMULATION.response) query += `&response=${settings.response}`;
  const changed = changedTuning(tuning);
  if (Object.keys(changed).length > 0) query += `&tune=${encodeURIComponent(JSON.stringify(changed))}`;
  if (maxAcceleration !== DEFAULT_UNIT.maxAcceleration) query += `&accel=${maxAcceleration}`;
  if (workers !== 1) query += `&workers=${workers}`;
  return query.startsWith('?&') ? `?${query.slice(2)}` : query;
}

/**
 * The lockstep a URL asks the page to play in: `lockstep=` the room, `player=` this page's number
 * (from 0), `players=` how many (default 2), `relay=` the relay's URL (none: the tabs of this
 * browser). None without a room; a bad number or URL is ignored with the reason, and the page
 * plays alone.
 */
export function lockstepFromQuery(query: string): { lockstep: LockstepSetup | undefined; ignored: string[] } {
  const params = new URLSearchParams(query);
  const room = params.get('lockstep');
  if (room === null || room === '') return { lockstep: undefined, ignored: [] };
  const players = Number(params.get('players') ?? 2);
  const player = Number(params.get('player') ?? 0);
  if (!Number.isInteger(players) || players < 2 || players > 8) return { lockstep: undefined, ignored: [`players: expected 2 to 8, got ${params.get('players')}`] };
  if (!Number.isInteger(player) || player < 0 || player >= players) return { lockstep: undefined, ignored: [`player: expected 0 to ${players - 1}, got ${params.get('player')}`] };
  const relay = params.get('relay');
  if (relay !== null && !/^https?:\/\/[^\s]+$/.test(relay)) return { lockstep: undefined, ignored: [`relay: expected an http(s) URL, got ${relay}`] };
  return { lockstep: { room, player, players, ...(relay === null ? {} : { relay }) }, ignored: [] };
}
