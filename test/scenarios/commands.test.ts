/**
 * Command logs (scenarios/commands.ts): the page's session records every command with its tick;
 * the log's text, played into a new run of the scenario, gives the same state hash tick for tick;
 * `scenario --commands` replays a log file; bad logs are refused by line and field.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { giveSessionCommand, sessionCommandLog, setUpPageSession, stepSession } from '../../src/app/session';
import { CommandError, parseCommandLog, playCommands } from '../../src/scenarios/commands';
import { buildBuiltInScenario, startScenarioRun, stepScenarioRun } from '../../src/scenarios/index';
import { DEFAULT_UNIT, listUnits, simulationTick, stateHash } from '../../src/index';

const root = join(import.meta.dirname, '..', '..');

/** A page session on the doorway given orders, a strategy, a response and a tuning at several
 * ticks; returns it at `ticks`. */
function playedSession(ticks: number, hashes: string[] = []) {
  const session = setUpPageSession({ choice: { name: 'doorway', seed: 3 }, settings: { avoidance: 'rays', response: 'sideways' }, tuning: { keepRight: 0.5 }, maxAcceleration: 12 });
  const ids = listUnits(session.sim).map((unit) => unit.id);
  const at: Record<number, () => void> = {
    60: () => giveSessionCommand(session, { order: { kind: 'move', unitIds: ids.slice(0, 6), target: { x: 4, y: 4 } } }),
    61: () => giveSessionCommand(session, { order: { kind: 'stop', unitIds: ids.slice(10, 12) } }),
    150: () => {
      giveSessionCommand(session, { avoidance: 'feeler' });
      giveSessionCommand(session, { order: { kind: 'move', unitIds: ids.slice(3, 9), target: { x: 30, y: 10 }, facing: { x: 0, y: 1 } } });
    },
    200: () => giveSessionCommand(session, { response: 'physics' }),
    240: () => giveSessionCommand(session, { tune: { crossingPace: 0.5 } }),
    250: () => giveSessionCommand(session, { maxAcceleration: 20 }),
    260: () => giveSessionCommand(session, { avoidance: 'rays' }),
  };
  while (simulationTick(session.sim) < ticks) {
    at[simulationTick(session.sim)]?.();
    stepSession(session);
    hashes.push(stateHash(session.sim));
  }
  return session;
}

describe('command logs', () => {
  it('a session\'s log, played into a new run of its scenario, gives the same hash on every tick', () => {
    const hashes: string[] = [];
    const session = playedSession(400, hashes);
    const text = sessionCommandLog(session);
    const lines = text.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'rts-steer/commands', version: 1, scenario: { name: 'doorway', seed: 3, units: 40 }, avoidance: 'rays', response: 'sideways' });
    expect(JSON.parse(lines[1]!)).toEqual({ at: 0, tune: { keepRight: 0.5 } });
    expect(JSON.parse(lines[2]!)).toEqual({ at: 0, maxAcceleration: 12 });
    expect(lines.length).toBe(1 + 2 + 8);
    const log = parseCommandLog(text);
    // the same run again, tick by tick, beside one that never had a log
    const replay = startScenarioRun(buildBuiltInScenario('doorway', { seed: 3 }), { avoidance: 'rays', response: 'sideways' });
    const player = playCommands(log);
    const untouched = startScenarioRun(buildBuiltInScenario('doorway', { seed: 3 }));
    let differs = false;
    for (let tick = 0; tick < 400; tick++) {
      player.giveDue(replay.sim);
      stepScenarioRun(replay);
      stepScenarioRun(untouched);
      expect(stateHash(replay.sim), `tick ${tick + 1}`).toBe(hashes[tick]);
      if (stateHash(untouched.sim) !== stateHash(replay.sim)) differs = true;
    }
    expect(player.left()).toBe(0);
    // the commands did change the run (so the test could fail)
    expect(differs).toBe(true);
  });

  it('scenario --commands replays a log file, with its header\'s seed, avoidance and response', () => {
    const directory = mkdtempSync(join(tmpdir(), 'rts-commands-'));
    const session = playedSession(300);
    const path = join(directory, 'doorway.commands.ndjson');
    writeFileSync(path, sessionCommandLog(session));
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'scenario.ts'), 'doorway', '--commands', path, '--duration', '5', '--json'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { stateHash: string; seed: number; ticks: number };
    expect(result.seed).toBe(3);
    expect(result.ticks).toBe(300);
    expect(result.stateHash).toBe(stateHash(session.sim));
    // a log recorded on another scenario, and one naming a unit the run does not have, are refused
    const other = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'scenario.ts'), 'maze', '--commands', path], { cwd: root, encoding: 'utf8' });
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('--commands: the log was recorded on "doorway", not "maze"');
    const bad = join(directory, 'bad.ndjson');
    writeFileSync(bad, `${sessionCommandLog(session).split('\n')[0]}\n{"at":5,"order":{"kind":"stop","unitIds":[999]}}\n`);
    const refused = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli', 'scenario.ts'), 'doorway', '--commands', bad], { cwd: root, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^--commands: .*bad\.ndjson command 1 \(at 5\): order\.unitIds\[0\]/);
  }, 60_000);

  it('refuses a bad log by line and field', () => {
    const header = '{"format":"rts-steer/commands","version":1,"scenario":{"name":"doorway","seed":3},"avoidance":"rays","response":"sideways"}';
    const refuse = (text: string) => () => parseCommandLog(text, 'log.ndjson');
    expect(refuse('')).toThrow('log.ndjson: empty (expected a header line)');
    expect(refuse('{"format":"x"}')).toThrow('log.ndjson line 1.format: expected "rts-steer/commands", got "x"');
    expect(refuse(`${header}\n{"at":1,`)).toThrow(/^log\.ndjson line 2: not JSON/);
    expect(refuse(`${header}\n{"at":-1,"avoidance":"rays"}`)).toThrow("log.ndjson line 2.at: expected an integer >= 0, got -1");
    expect(refuse(`${header}\n{"at":5,"avoidance":"rays"}\n{"at":4,"avoidance":"rays"}`)).toThrow('log.ndjson line 3.at: expected 5 or later (the lines before it), got 4');
    expect(refuse(`${header}\n{"at":1,"jump":true}`)).toThrow('log.ndjson line 2: expected "at" and one of order, avoidance, response, tune, maxAcceleration, got jump');
    expect(refuse(`${header}\n{"at":1,"avoidance":"fast"}`)).toThrow(/^log\.ndjson line 2\.avoidance: expected one of/);
    expect(refuse(`${header}\n{"at":1,"order":{"kind":"fly","unitIds":[1]}}`)).toThrow(/^log\.ndjson line 2: order\.kind: expected one of/);
    expect(refuse(`${header}\n{"at":1,"tune":{"keepRight":9}}`)).toThrow(/^log\.ndjson line 2\.tune: .*keepRight/);
    expect(refuse(`${header}\n{"at":1,"maxAcceleration":0}`)).toThrow(/^log\.ndjson line 2\.maxAcceleration: expected a finite number > 0/);
    // a command for a tick the run has passed
    const log = parseCommandLog(`${header}\n{"at":1,"avoidance":"feeler"}`);
    const run = startScenarioRun(buildBuiltInScenario('doorway', { seed: 3 }));
    stepScenarioRun(run);
    stepScenarioRun(run);
    expect(() => playCommands(log).giveDue(run.sim)).toThrow(CommandError);
    expect(DEFAULT_UNIT.maxAcceleration).toBeGreaterThan(0);
  });
});
