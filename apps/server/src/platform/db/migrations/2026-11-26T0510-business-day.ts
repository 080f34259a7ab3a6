import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed. The CLI's
// `brand time-zone` command runs rederiveBusinessDays below when a brand's zone changes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The demo brand (DEMO_MERCHANT_CODE) and its market's zone. */
const DEMO_CODE = 'DEMO';
const DEMO_ZONE = 'Asia/Ho_Chi_Minh';

const offsetOf = (format: Intl.DateTimeFormat, ms: number): number => {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
};

/**
 * The spans of [from, to] over which the zone's offset holds still, in seconds: a fixed zone has
 * one, a zone with summer time two a year. Looked for a day at a time, each change found to the
 * millisecond by halving.
 */
const offsetSpans = (timeZone: string, from: number, to: number) => {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsetAt = (ms: number) => offsetOf(format, ms);
  const spans: { from: number; offset: number }[] = [{ from, offset: offsetAt(from) }];
  for (let t = from; t < to; t += 86_400_000) {
    const next = Math.min(t + 86_400_000, to);
    const offset = offsetAt(next);
    if (offset === spans[spans.length - 1]!.offset) continue;
    let [lo, hi] = [t, next];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid) === offset) hi = mid;
      else lo = mid;
    }
    spans.push({ from: hi, offset });
  }
  return spans.map((span, i) => ({
    from: new Date(span.from).toISOString(),
    to: i + 1 < spans.length ? new Date(spans[i + 1]!.from).toISOString() : null,
    seconds: span.offset / 1000,
  }));
};

/**
 * A brand's settled days again from its records' settle instants in its zone, and its daily
 * summaries rebuilt from its settled records (decision 0038): the records are the facts, the
 * summaries their sums by day. Runs inside the caller's transaction.
 */
export async function rederiveBusinessDays(db: AnyDb, merchantId: number, timeZone: string): Promise<void> {
  const range = await db
    .selectFrom('bet_record')
    .select((eb) => [eb.fn.min('settled_at').as('first'), eb.fn.max('settled_at').as('last')])
    .where('merchant_id', '=', merchantId)
    .where('settled_at', 'is not', null)
    .executeTakeFirst();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (range?.first) {
    for (const span of offsetSpans(timeZone, Date.parse(range.first), Date.parse(range.last))) {
      const day = isPostgres
        ? sql`to_char(cast(settled_at as timestamptz) at time zone 'UTC' + make_interval(secs => ${span.seconds}), 'YYYY-MM-DD')`
        : sql`date(settled_at, ${`${span.seconds >= 0 ? '+' : ''}${span.seconds} seconds`})`;
      let update = db
        .updateTable('bet_record')
        .set({ settled_day: day })
        .where('merchant_id', '=', merchantId)
        .where('settled_at', '>=', span.from);
      if (span.to) update = update.where('settled_at', '<', span.to);
      await update.execute();
    }
  }
  await db.deleteFrom('bet_daily_summary').where('merchant_id', '=', merchantId).execute();
  await sql`
    insert into bet_daily_summary (merchant_id, member_id, day, category, bets, stake, valid_bet, payout, win_loss)
    select merchant_id, member_id, settled_day, category, count(*), sum(stake), sum(valid_bet), sum(payout), sum(win_loss)
    from bet_record
    where merchant_id = ${merchantId} and status = 'SETTLED' and settled_day is not null
    group by merchant_id, member_id, settled_day, category`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  /**
   * The demo brand runs on Vietnam's day (issue 21 item 3); its records settled before were given
   * UTC days. Every brand not on UTC (only the demo brand when this lands) is moved to its own day.
   */
  await db.updateTable('merchant').set({ time_zone: DEMO_ZONE }).where('code', '=', DEMO_CODE).execute();
  const brands = await db
    .selectFrom('merchant')
    .select(['id', 'time_zone'])
    .where('time_zone', '<>', 'UTC')
    .execute();
  for (const brand of brands) await rederiveBusinessDays(db, brand.id, brand.time_zone);
}

export async function down(db: AnyDb): Promise<void> {
  const brands = await db.selectFrom('merchant').select(['id']).where('time_zone', '<>', 'UTC').execute();
  for (const brand of brands) await rederiveBusinessDays(db, brand.id, 'UTC');
  await db.updateTable('merchant').set({ time_zone: 'UTC' }).where('code', '=', DEMO_CODE).execute();
}
