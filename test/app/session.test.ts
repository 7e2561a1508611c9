import { describe, expect, it } from 'vitest';
import { listUnits, simulationTick } from '../../src/index';
import { MAX_TICKS_PER_FRAME, advanceSession, choiceFromQuery, choiceToQuery, createPageSession } from '../../src/app/session';

const settings = { avoidance: 'rays', response: 'sideways' } as const;
const fallback = { name: 'head-on', seed: 1 };

describe('the page session', () => {
  it('builds a built-in with its default unit count, or the count asked for, and the seed', () => {
    expect(createPageSession({ name: 'head-on', seed: 1 }, settings).choice).toEqual({ name: 'head-on', units: 80, seed: 1 });
    const session = createPageSession({ name: 'circle-swap', units: 24, seed: 3 }, settings);
    expect(listUnits(session.sim).length).toBe(24);
    expect(session.recorder.unitCount).toBe(24);
    // a fixed layout ignores a count
    expect(listUnits(createPageSession({ name: 'seed-smallgroups', units: 5, seed: 1 }, settings).sim).length).toBe(18);
  });

  it('refuses an unknown scenario, naming it', () => {
    expect(() => createPageSession({ name: 'nope', seed: 1 }, settings)).toThrow('scenario: expected one of seed-onemiddle');
  });

  it('runs fixed ticks for the wall-clock time at its speed, none while paused, and never more than the cap per frame', () => {
    const session = createPageSession({ name: 'seed-onemiddle', seed: 1 }, settings);
    expect(advanceSession(session, 0.1)).toBe(6);
    session.speed = 0.5;
    expect(advanceSession(session, 0.1)).toBe(3);
    session.paused = true;
    expect(advanceSession(session, 1)).toBe(0);
    session.paused = false;
    session.speed = 4;
    expect(advanceSession(session, 10)).toBe(MAX_TICKS_PER_FRAME);
    // the backlog is dropped, not carried into the next frame
    expect(advanceSession(session, 0)).toBe(0);
    // out of time budget after the first tick: the rest is dropped too
    expect(advanceSession(session, 10, 0)).toBe(1);
    expect(advanceSession(session, 0)).toBe(0);
    expect(session.recorder.ticks).toBe(simulationTick(session.sim));
  });
});

describe('the URL', () => {
  it('round-trips a choice', () => {
    const choice = { name: 'corridor', units: 30, seed: 7 };
    expect(choiceToQuery(choice)).toBe('?scenario=corridor&units=30&seed=7');
    expect(choiceFromQuery(choiceToQuery(choice), fallback)).toEqual({ choice, ignored: [] });
  });

  it('falls back on bad values, saying which and why', () => {
    const { choice, ignored } = choiceFromQuery('?scenario=nope&units=-3&seed=1.5', fallback);
    expect(choice).toEqual(fallback);
    expect(ignored).toEqual([
      'scenario: unknown name "nope"',
      'units: expected a whole number from 1 to 10000, got "-3"',
      'seed: expected a whole number from 0 to 2147483647, got "1.5"',
    ]);
    expect(choiceFromQuery('', fallback)).toEqual({ choice: fallback, ignored: [] });
  });
});
