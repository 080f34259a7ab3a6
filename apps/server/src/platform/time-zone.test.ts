import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOf,
  dayWindow,
  isValidTimeZone,
  offsetMs,
  startOfDay,
  zonedInstant,
} from './time-zone.js';

const HCM = 'Asia/Ho_Chi_Minh';
const NY = 'America/New_York';
const hours = (w: { start: Date; end: Date }) => (w.end.getTime() - w.start.getTime()) / 3_600_000;

describe('the brand business day', () => {
  it('splits days at the zone midnight, not at UTC midnight', () => {
    expect(dayOf(HCM, '2026-11-25T16:59:59.000Z')).toBe('2026-11-25');
    expect(dayOf(HCM, '2026-11-25T17:00:01.000Z')).toBe('2026-11-26');
    expect(dayOf('UTC', '2026-11-25T17:00:01.000Z')).toBe('2026-11-25');
    expect(dayOf('UTC', '2026-11-25T23:59:59.999Z')).toBe('2026-11-25');
    expect(dayOf('UTC', '2026-11-26T00:00:00.000Z')).toBe('2026-11-26');
    expect(offsetMs(HCM, new Date('2026-11-25T12:00:00Z'))).toBe(7 * 3_600_000);
    expect(startOfDay(HCM, '2026-11-26').toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(startOfDay('UTC', '2026-11-26').toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(hours(dayWindow(HCM, '2026-11-26'))).toBe(24);
  });

  it('follows the clock changes of a zone with summer time', () => {
    // 2026-03-08: New York springs forward at 02:00 (23 h); 2026-11-01: falls back at 02:00 (25 h).
    expect(startOfDay(NY, '2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay(NY, '2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(hours(dayWindow(NY, '2026-03-08'))).toBe(23);
    expect(startOfDay(NY, '2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay(NY, '2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(hours(dayWindow(NY, '2026-11-01'))).toBe(25);
    expect(dayOf(NY, '2026-11-02T04:59:59.000Z')).toBe('2026-11-01');
    // 01:30 happens twice on the fall-back day: the earlier one; 02:30 never happens in spring: after the gap.
    expect(zonedInstant(NY, '2026-11-01', 1, 30).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant(NY, '2026-03-08', 2, 30).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // East of UTC the repeated hour is the earlier one too (Berlin falls back at 03:00 CEST).
    expect(zonedInstant('Europe/Berlin', '2026-10-25', 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // A zone whose clocks skip midnight itself (Santiago, 2026-09-06 00:00 → 01:00): the day starts at 01:00.
    expect(startOfDay('America/Santiago', '2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('counts days on the calendar across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-11-26', -30)).toBe('2026-10-27');
    expect(isValidTimeZone(HCM)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
