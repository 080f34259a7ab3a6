import type { DrawStructureCode } from './structures.js';

/** The lottery's leased job (tick.ts): its name, to wake it when this process gives it work. */
export const LOTTERY_JOB = 'lottery-tick';

/** The in-house lottery vendors whose games this engine draws. */
export const LOTTERY_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA', 'JADE_ELOTT'] as const;

/**
 * When each lottery game draws (issue 11, docs/design/LOTTERY.md). Vietnamese draws are daily at
 * a set time per region in Asia/Ho_Chi_Minh (UTC+7 all year) on the weekdays their province draws;
 * SEA 4D draws Wednesday, Saturday and Sunday evenings (UTC+8); fast e-lottery draws every N seconds.
 */
export type Schedule =
  | {
      kind: 'DAILY';
      structure: DrawStructureCode;
      /** 0 Sunday … 6 Saturday, in the game's own zone. */
      weekdays: readonly number[];
      /** Minutes after local midnight. */
      time: number;
      /** Hours ahead of UTC (no daylight saving in these zones). */
      utcOffset: number;
      closeBeforeSeconds: number;
    }
  | { kind: 'INTERVAL'; structure: DrawStructureCode; seconds: number; closeBeforeSeconds: number };

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const VN = 7;
const at = (hours: number, minutes: number) => hours * 60 + minutes;

/** Weekdays of the South and Central provinces of the demo catalogue (LOTTERY.md's table). */
const PROVINCE_DAYS: Record<string, readonly number[]> = {
  VN_HCM: [1, 6],
  VN_DT: [1],
  VN_CM: [1],
  VN_BTR: [2],
  VN_VT: [2],
  VN_CT: [3],
  VN_DN: [3],
  VN_AG: [4],
  VN_TN: [4],
  VN_DNG: [3, 6],
  VN_KH: [3, 0],
  VN_TTH: [1, 0],
  VN_QN: [2],
  VN_DLK: [2],
};

/** The four-digit SEA games (Toto 5D/6D, Singapore Toto and Cash Sweep draw other structures). */
const SEA_4D = new Set(['SEA_MAGNUM', 'SEA_TOTO', 'SEA_DMC', 'SEA_SG4D', 'SEA_SABAH', 'SEA_STC', 'SEA_GD']);

/** Fast e-lottery games: the XSMB structure and the 4D structure, drawn every 45 s to 5 minutes. */
const FAST: Record<string, { seconds: number; structure: DrawStructureCode }> = {
  FAST_VN_45S: { seconds: 45, structure: 'XSMB' },
  LOTTO_1M: { seconds: 60, structure: 'XSMB' },
  LOTTO_3M: { seconds: 180, structure: 'XSMB' },
  LOTTO_5M: { seconds: 300, structure: 'XSMB' },
  FAST_4D_1M: { seconds: 60, structure: 'SEA4D' },
  FAST_4D_3M: { seconds: 180, structure: 'SEA4D' },
  FAST_4D_5M: { seconds: 300, structure: 'SEA4D' },
};

/** A game's schedule, or undefined for a game this engine does not draw. */
export const scheduleOf = (vendorCode: string, gameId: string): Schedule | undefined => {
  if (vendorCode === 'TCG_LOTTO_VN') {
    if (gameId === 'VN_HN') {
      return {
        kind: 'DAILY',
        structure: 'XSMB',
        weekdays: EVERY_DAY,
        time: at(18, 15),
        utcOffset: VN,
        closeBeforeSeconds: 900,
      };
    }
    const days = PROVINCE_DAYS[gameId];
    if (!days) return undefined;
    const central = ['VN_DNG', 'VN_KH', 'VN_TTH', 'VN_QN', 'VN_DLK'].includes(gameId);
    return {
      kind: 'DAILY',
      structure: 'XSMN',
      weekdays: days,
      time: central ? at(17, 15) : at(16, 15),
      utcOffset: VN,
      closeBeforeSeconds: 900,
    };
  }
  if (vendorCode === 'TCG_SEA' && SEA_4D.has(gameId)) {
    return {
      kind: 'DAILY',
      structure: 'SEA4D',
      weekdays: [3, 6, 0],
      time: at(19, 0),
      utcOffset: 8,
      closeBeforeSeconds: 900,
    };
  }
  const fast = vendorCode === 'JADE_ELOTT' ? FAST[gameId] : undefined;
  if (fast) return { kind: 'INTERVAL', ...fast, closeBeforeSeconds: 10 };
  return undefined;
};

export type PlannedDraw = { drawNo: string; opensAt: Date; closesAt: Date; drawsAt: Date };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** The local calendar date of an instant, as YYYYMMDD. */
const localDate = (instant: number, utcOffset: number) => {
  const d = new Date(instant + utcOffset * 3_600_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
};

/**
 * The draw that takes bets now or next: for an interval game the period running now (and it opens at
 * its start), for a daily game the next drawing day's draw (open from now). Its number is the local
 * date, with the period's sequence for fast draws ("20261124-0815").
 */
export const nextDraw = (schedule: Schedule, now: Date): PlannedDraw => {
  const t = now.getTime();
  if (schedule.kind === 'INTERVAL') {
    const ms = schedule.seconds * 1000;
    const offset = 7 * 3_600_000; // fast draws number their periods by the Vietnamese day
    let start = Math.floor((t + offset) / ms) * ms - offset;
    // A period already closed belongs to the past: the next one takes bets.
    if (start + ms - schedule.closeBeforeSeconds * 1000 <= t) start += ms;
    const drawsAt = start + ms;
    const dayStart = Math.floor((drawsAt - 1 + offset) / 86_400_000) * 86_400_000 - offset;
    const seq = Math.round((drawsAt - dayStart) / ms);
    return {
      drawNo: `${localDate(drawsAt - 1, 7)}-${pad(seq, 4)}`,
      // The next period's draw, made while this one's is closed, takes bets at once.
      opensAt: new Date(Math.min(start, t)),
      closesAt: new Date(drawsAt - schedule.closeBeforeSeconds * 1000),
      drawsAt: new Date(drawsAt),
    };
  }
  const offsetMs = schedule.utcOffset * 3_600_000;
  const localMidnight = Math.floor((t + offsetMs) / 86_400_000) * 86_400_000 - offsetMs;
  for (let day = 0; day < 8; day++) {
    const midnight = localMidnight + day * 86_400_000;
    const weekday = new Date(midnight + offsetMs).getUTCDay();
    const drawsAt = midnight + schedule.time * 60_000;
    const closesAt = drawsAt - schedule.closeBeforeSeconds * 1000;
    if (!schedule.weekdays.includes(weekday) || closesAt <= t) continue;
    return {
      drawNo: localDate(drawsAt, schedule.utcOffset),
      opensAt: new Date(Math.min(t, closesAt - 1)),
      closesAt: new Date(closesAt),
      drawsAt: new Date(drawsAt),
    };
  }
  throw new Error('a daily schedule draws at least once a week');
};

/**
 * A daily game's draws that closed after `after` (a draw time) and by `now`, oldest first, at most
 * `maxDays` days back: the draws the job never made because the server was not running then, or
 * because the demo's bundled history ends before today (issue 20 item 5). Each opens a day before
 * its draw, as history does; none takes a bet, since each is closed by the time it is made.
 */
export const missedDailyDraws = (
  schedule: Extract<Schedule, { kind: 'DAILY' }>,
  after: Date | null,
  now: Date,
  maxDays: number,
): PlannedDraw[] => {
  const offsetMs = schedule.utcOffset * 3_600_000;
  const t = now.getTime();
  const floor = Math.max(after?.getTime() ?? -Infinity, t - maxDays * 86_400_000);
  const today = Math.floor((t + offsetMs) / 86_400_000) * 86_400_000 - offsetMs;
  const missed: PlannedDraw[] = [];
  for (let midnight = today; midnight + 86_400_000 > floor; midnight -= 86_400_000) {
    const weekday = new Date(midnight + offsetMs).getUTCDay();
    const drawsAt = midnight + schedule.time * 60_000;
    const closesAt = drawsAt - schedule.closeBeforeSeconds * 1000;
    if (!schedule.weekdays.includes(weekday) || closesAt > t || drawsAt <= floor) continue;
    missed.push({
      drawNo: localDate(drawsAt, schedule.utcOffset),
      opensAt: new Date(drawsAt - 86_400_000),
      closesAt: new Date(closesAt),
      drawsAt: new Date(drawsAt),
    });
  }
  return missed.reverse();
};
