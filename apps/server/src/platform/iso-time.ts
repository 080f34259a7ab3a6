/**
 * A function that answers `new Date(ms).toISOString()`, for instants in whole milliseconds, without
 * V8's date formatting on every call: its C++ builtin costs a few thousand instructions, 2 % of an
 * authenticated balance call's (decision 0097). Each keeps the text up to the seconds for the last
 * second it was asked for and appends the milliseconds: a pure function of `ms`, nothing in it can be
 * stale. One per series of instants (now; an hour ago), so each keeps its own second. Years outside
 * 0–9999 (a longer text) and fractions go to `toISOString` itself.
 */
export const isoTexts = () => {
  let keptSecond = Number.NaN;
  let keptPrefix = '';
  return (ms: number): string => {
    if (!Number.isInteger(ms)) return new Date(ms).toISOString();
    const second = Math.floor(ms / 1000);
    if (second !== keptSecond) {
      const iso = new Date(ms).toISOString();
      if (iso.length !== 24) return iso;
      keptSecond = second;
      keptPrefix = iso.slice(0, 20);
    }
    const milli = ms - second * 1000;
    return `${keptPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
};
