import { describe, expect, it } from 'vitest';
import { changedTuning } from '../../src/app/url';

describe("the page's URL keeps the tuning that differs from the defaults (src/app/url.ts)", () => {
  it('keeps a situation switched the other way from its default, on or off, and no other', () => {
    // stand-in-stream is off by default, the others on
    expect(changedTuning({ lookAheadTime: 2.5, situations: { 'stand-in-stream': true, 'door-turns': false, 'keep-right': true } })).toEqual({
      lookAheadTime: 2.5,
      situations: { 'stand-in-stream': true, 'door-turns': false },
    });
    expect(changedTuning({ situations: { 'stand-in-stream': false, 'keep-right': true } })).toEqual({});
  });
});
