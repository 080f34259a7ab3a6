import { describe, expect, it } from 'vitest';
import { isoTexts } from './iso-time.js';

describe('isoTexts', () => {
  it("answers toISOString's text for every millisecond, across seconds and back", () => {
    const isoOf = isoTexts();
    const start = Date.UTC(2026, 10, 28, 4, 59, 58, 990);
    for (let ms = start; ms < start + 2_100; ms++) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
    // Back to an earlier second, then on again: the kept second is the last one asked for.
    for (const ms of [start + 5, start + 1_999, start - 86_400_000, 0, 999, 1_000, start + 3])
      expect(isoOf(ms)).toBe(new Date(ms).toISOString());
  });

  it('answers years outside 0–9999, instants before 1970 and fractions as toISOString does', () => {
    const isoOf = isoTexts();
    for (const ms of [
      -1,
      -999,
      -1_001,
      Date.UTC(1969, 11, 31, 23, 59, 59, 7),
      Date.UTC(10_000, 0, 1),
      Date.UTC(-1, 0, 1, 0, 0, 0, 5),
      Date.UTC(2026, 0, 1) + 0.5,
      Date.UTC(2026, 0, 1),
    ])
      expect(isoOf(ms)).toBe(new Date(ms).toISOString());
  });
});
