import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { createTestDatabase } from '../../test/server.js';
import { openDb, type DbHandle } from './index.js';
import { migrateTo, migrateToLatest } from './migrate.js';

/**
 * What a migration does to rows already there, on both databases: the database is migrated to the
 * step before, given rows, then migrated to the latest.
 */
let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'jade-migrate-')));
  drop = database.drop;
  handle = openDb(database.url);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

describe('migrations', () => {
  it('2026-11-25T1600 gives every lottery bet placed before it the id of its betting record', async () => {
    const { db } = handle;
    await migrateTo(db, '2026-11-25T1500-lottery-costs');
    const merchantId = await createOtherBrand(db, {
      code: 'MIGR',
      name: 'migrate',
      currency: 'VND',
      currencySymbol: 'P',
      languages: [],
    });
    const at = new Date().toISOString();
    const member = await db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: 'm',
        username_key: 'm',
        password_hash: 'x',
        referral_code: 'migr',
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draw = await db
      .insertInto('lottery_draw')
      .values({
        vendor_code: 'TCG_LOTTO_VN',
        game_id: 'VN_HN',
        draw_no: '20261120',
        structure: 'XSMB',
        status: 'OPEN',
        opens_at: at,
        closes_at: at,
        draws_at: at,
        source: 'FAIR',
        seed_hash: null,
        seed_sealed: null,
        server_seed: null,
        result: null,
        drawn_at: null,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recordIds: number[] = [];
    for (const key of ['a', 'b']) {
      const bet = await db
        .insertInto('lottery_bet')
        .values({
          merchant_id: merchantId,
          member_id: member.id,
          draw_id: draw.id,
          bet_type: 'DE',
          numbers: '["07"]',
          stake: 100,
          cost: 100,
          payout: 0,
          status: 'OPEN',
          request_key: key,
          placed_at: at,
          settled_at: null,
          setting_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const record = await db
        .insertInto('bet_record')
        .values({
          merchant_id: merchantId,
          member_id: member.id,
          vendor_code: 'TCG_LOTTO_VN',
          game_id: 'VN_HN',
          category: 'LOTT',
          round_id: `VN_HN:20261120:${bet.id}`,
          stake: 100,
          valid_bet: 0,
          payout: 0,
          win_loss: -100,
          status: 'OPEN',
          placed_at: at,
          settled_at: null,
          settled_day: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      recordIds.push(record.id);
    }

    await migrateToLatest(db);
    const bets = await db.selectFrom('lottery_bet').select(['record_id']).orderBy('id').execute();
    expect(bets.map((b) => b.record_id)).toEqual(recordIds);
  });

  it("2026-11-26T0510 moves the demo brand to Vietnam's day, its records and daily summaries with it", async () => {
    const { db } = handle;
    await migrateTo(db, '2026-11-26T0500-agents-foundation');
    const merchantId = await createOtherBrand(db, {
      code: 'DEMO',
      name: 'demo',
      currency: 'VND',
      languages: [],
    });
    const at = '2026-11-25T10:00:00.000Z';
    const member = await db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        username: 'd',
        username_key: 'd',
        password_hash: 'x',
        referral_code: 'demo',
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Two rounds a second either side of Vietnam's midnight: one UTC day, as written before.
    for (const [round, settledAt] of [
      ['r1', '2026-11-25T16:59:59.000Z'],
      ['r2', '2026-11-25T17:00:01.000Z'],
    ] as const)
      await db
        .insertInto('bet_record')
        .values({
          merchant_id: merchantId,
          member_id: member.id,
          vendor_code: 'JADE_STUDIO',
          game_id: 'G',
          category: 'RNG',
          round_id: round,
          stake: 100,
          valid_bet: 100,
          payout: round === 'r1' ? 250 : 0,
          win_loss: round === 'r1' ? 150 : -100,
          status: 'SETTLED',
          placed_at: at,
          settled_at: settledAt,
          settled_day: '2026-11-25',
        })
        .execute();
    await db
      .insertInto('bet_daily_summary')
      .values({
        merchant_id: merchantId,
        member_id: member.id,
        day: '2026-11-25',
        category: 'RNG',
        bets: 2,
        stake: 200,
        valid_bet: 200,
        payout: 250,
        win_loss: 50,
      })
      .execute();

    await migrateToLatest(db);
    const brand = await db
      .selectFrom('merchant')
      .select('time_zone')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    expect(brand?.time_zone).toBe('Asia/Ho_Chi_Minh');
    const days = await db
      .selectFrom('bet_record')
      .select(['round_id', 'settled_day'])
      .orderBy('round_id')
      .execute();
    expect(days.filter((r) => r.round_id.startsWith('r'))).toEqual([
      { round_id: 'r1', settled_day: '2026-11-25' },
      { round_id: 'r2', settled_day: '2026-11-26' },
    ]);
    const summaries = await db
      .selectFrom('bet_daily_summary')
      .select(['day', 'bets', 'stake', 'payout', 'win_loss'])
      .where('merchant_id', '=', merchantId)
      .orderBy('day')
      .execute();
    expect(
      summaries.map((s) => ({
        ...s,
        stake: Number(s.stake),
        payout: Number(s.payout),
        win_loss: Number(s.win_loss),
      })),
    ).toEqual([
      { day: '2026-11-25', bets: 1, stake: 100, payout: 250, win_loss: 150 },
      { day: '2026-11-26', bets: 1, stake: 100, payout: 0, win_loss: -100 },
    ]);
  });
});
