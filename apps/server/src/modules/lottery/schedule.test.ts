import { describe, expect, it } from 'vitest';
import { missedDailyDraws, nextDraw, scheduleOf } from './schedule.js';

const iso = (d: Date) => d.toISOString();

describe('lottery schedules', () => {
  it('draws the North daily at 18:15 Vietnam time, closing 15 minutes before, numbered by the local date', () => {
    const north = scheduleOf('TCG_LOTTO_VN', 'VN_HN')!;
    const today = nextDraw(north, new Date('2026-11-24T10:00:00Z'));
    expect(today.drawNo).toBe('20261124');
    expect(iso(today.drawsAt)).toBe('2026-11-24T11:15:00.000Z');
    expect(iso(today.closesAt)).toBe('2026-11-24T11:00:00.000Z');
    // Closed for today: the next draw is tomorrow's.
    const tomorrow = nextDraw(north, new Date('2026-11-24T11:00:00Z'));
    expect(tomorrow.drawNo).toBe('20261125');
    expect(iso(tomorrow.drawsAt)).toBe('2026-11-25T11:15:00.000Z');
  });

  it('draws a South province on its weekdays only (Ho Chi Minh City: Monday and Saturday, 16:15)', () => {
    const hcm = scheduleOf('TCG_LOTTO_VN', 'VN_HCM')!;
    expect(hcm.structure).toBe('XSMN');
    // Tuesday 24 November 2026: the next is Saturday the 28th.
    const next = nextDraw(hcm, new Date('2026-11-24T03:00:00Z'));
    expect(next.drawNo).toBe('20261128');
    expect(iso(next.drawsAt)).toBe('2026-11-28T09:15:00.000Z');
    const central = scheduleOf('TCG_LOTTO_VN', 'VN_DNG')!;
    expect(iso(nextDraw(central, new Date('2026-11-24T03:00:00Z')).drawsAt)).toBe('2026-11-25T10:15:00.000Z');
  });

  it('draws SEA 4D on Wednesday, Saturday and Sunday at 19:00 (UTC+8)', () => {
    const magnum = scheduleOf('TCG_SEA', 'SEA_MAGNUM')!;
    expect(magnum.structure).toBe('SEA4D');
    expect(iso(nextDraw(magnum, new Date('2026-11-24T03:00:00Z')).drawsAt)).toBe('2026-11-25T11:00:00.000Z');
    expect(scheduleOf('TCG_SEA', 'SEA_TOTO6D')).toBeUndefined();
  });

  it('numbers fast draws by their period of the Vietnamese day, and moves on once a period closes', () => {
    const oneMinute = scheduleOf('JADE_ELOTT', 'LOTTO_1M')!;
    const now = nextDraw(oneMinute, new Date('2026-11-24T10:00:30Z'));
    expect(now).toEqual({
      drawNo: '20261124-1021',
      opensAt: new Date('2026-11-24T10:00:00Z'),
      closesAt: new Date('2026-11-24T10:00:50Z'),
      drawsAt: new Date('2026-11-24T10:01:00Z'),
    });
    const following = nextDraw(oneMinute, new Date('2026-11-24T10:00:55Z'));
    expect(following.drawNo).toBe('20261124-1022');
    // Made while the last period's draw is closed, it takes bets at once.
    expect(following.opensAt).toEqual(new Date('2026-11-24T10:00:55Z'));
    // The draw at local midnight is the last of its day.
    expect(nextDraw(oneMinute, new Date('2026-11-24T16:59:10Z')).drawNo).toBe('20261124-1440');
    expect(nextDraw(oneMinute, new Date('2026-11-24T17:00:10Z')).drawNo).toBe('20261125-0001');
    const fortyFive = scheduleOf('JADE_ELOTT', 'FAST_VN_45S')!;
    expect(nextDraw(fortyFive, new Date('2026-11-24T17:00:10Z')).drawNo).toBe('20261125-0001');
    expect(scheduleOf('JADE_ELOTT', 'KENO_1M')).toBeUndefined();
  });

  it('lists the daily draws missed since the last one, closed by now, within a bound of days', () => {
    const north = scheduleOf('TCG_LOTTO_VN', 'VN_HN') as Extract<
      ReturnType<typeof scheduleOf>,
      { kind: 'DAILY' }
    >;
    const last = new Date('2026-08-22T11:15:00Z');
    // 18:05 in Hà Nội on the 25th: the 25th's betting has closed (18:00), its draw is still to come.
    const missed = missedDailyDraws(north, last, new Date('2026-08-25T11:05:00Z'), 366);
    expect(missed.map((d) => d.drawNo)).toEqual(['20260823', '20260824', '20260825']);
    expect(iso(missed[2]!.closesAt)).toBe('2026-08-25T11:00:00.000Z');
    expect(iso(missed[2]!.drawsAt)).toBe('2026-08-25T11:15:00.000Z');
    // Before the close, the day is the job's next draw, not a missed one.
    expect(missedDailyDraws(north, last, new Date('2026-08-25T10:59:00Z'), 366)).toHaveLength(2);
    // Nothing missed after the last draw itself, and never more than the bound.
    expect(missedDailyDraws(north, last, new Date('2026-08-22T12:00:00Z'), 366)).toEqual([]);
    const bounded = missedDailyDraws(north, last, new Date('2026-11-26T12:00:00Z'), 10);
    expect(bounded.map((d) => d.drawNo)).toEqual(
      Array.from({ length: 10 }, (_, i) => `202611${String(17 + i).padStart(2, '0')}`),
    );
    // A province draws on its weekdays only: Ho Chi Minh City on Monday 24 and Saturday 29 August.
    const hcm = scheduleOf('TCG_LOTTO_VN', 'VN_HCM') as typeof north;
    expect(missedDailyDraws(hcm, last, new Date('2026-08-31T00:00:00Z'), 366).map((d) => d.drawNo)).toEqual([
      '20260824',
      '20260829',
    ]);
  });
});
