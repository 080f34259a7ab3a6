/**
 * The brand's business day: a brand runs on the calendar of its time zone (an IANA name such as
 * Asia/Ho_Chi_Minh), so "today", daily summaries, salary and dividend periods start at its local
 * midnight, not at UTC's. Days are `yyyy-MM-dd` strings; instants are Dates (UTC underneath).
 */

const formats = new Map<string, Intl.DateTimeFormat>();
const formatOf = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
};

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
};

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The wall-clock reading of an instant in a time zone. */
export const zonedParts = (timeZone: string, instant: Date): ZonedParts => {
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayString = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The time zone's offset from UTC at an instant, in milliseconds (Asia/Ho_Chi_Minh: +7 h). */
export const offsetMs = (timeZone: string, instant: Date): number => {
  const p = zonedParts(timeZone, instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
};

/** The brand's day an instant falls on. */
export const dayOf = (timeZone: string, instant: Date | string): string => {
  const p = zonedParts(timeZone, typeof instant === 'string' ? new Date(instant) : instant);
  return dayString(p.year, p.month, p.day);
};

/**
 * The instant a local wall-clock time happens: the earlier one when a clock change repeats it, and
 * the same time after the gap when a change skips it (02:30 on a spring-forward day is 03:30), so a
 * day whose midnight is skipped starts at 01:00. Tries the offsets in force a day before and a day
 * after, which holds for every zone that changes its clocks at most once in two days.
 */
export const zonedInstant = (timeZone: string, day: string, hour = 0, minute = 0): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const before = wall - offsetMs(timeZone, new Date(wall - 86_400_000));
  const after = wall - offsetMs(timeZone, new Date(wall + 86_400_000));
  const reads = (t: number) => t + offsetMs(timeZone, new Date(t)) === wall;
  const found = [before, after].filter(reads);
  return new Date(found.length > 0 ? Math.min(...found) : before);
};

/** The instant the brand's day starts (its local midnight). */
export const startOfDay = (timeZone: string, day: string): Date => zonedInstant(timeZone, day);

/** The instant the brand's day that holds `now` started: where "today" and its daily limits begin. */
export const startOfToday = (timeZone: string, now: Date): Date => startOfDay(timeZone, dayOf(timeZone, now));

/** The day `n` days after (or before) a day, on the calendar. */
export const addDays = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return dayString(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
};

/** The half-open window [start, end) of instants a brand's day covers. */
export const dayWindow = (timeZone: string, day: string): { start: Date; end: Date } => ({
  start: startOfDay(timeZone, day),
  end: startOfDay(timeZone, addDays(day, 1)),
});
