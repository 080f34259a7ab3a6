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
});
