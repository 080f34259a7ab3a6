import type { GameCategory } from '@jade/contracts/games';
import { insertMember } from '../modules/accounts/repo.js';
import { moveInTree } from '../modules/accounts/tree.js';
import * as records from '../modules/games/bet-records.js';
import type { Db } from '../platform/db/index.js';
import { writeTransaction } from '../platform/db/transaction.js';
import { registeredMember } from './funded-member.js';
import type { TestServer } from './server.js';

/**
 * Agent test teams: members registered (and logged in) through the API, then made agents and put
 * under their uplines with the tree's own move, as an operator would (issue 21).
 */
export const teamMember = async (
  server: TestServer,
  merchantId: number,
  input: { prefix: string; captcha: string; type?: number; uplineId?: number | null },
) => {
  const member = await registeredMember(server, { prefix: input.prefix, captcha: input.captcha });
  if (input.type !== undefined)
    await server.db
      .updateTable('member')
      .set({ type: input.type })
      .where('id', '=', member.memberId)
      .execute();
  if (input.uplineId !== undefined)
    await writeTransaction(server.db, (trx) =>
      moveInTree(trx, merchantId, member.memberId, input.uplineId ?? null, 'test'),
    );
  const row = await server.db
    .selectFrom('member')
    .select('username')
    .where('id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  return { ...member, account: row.username };
};

/** A member of another brand, written straight into the database (no login needed). */
export const memberOfBrand = async (server: TestServer, merchantId: number, username: string) => {
  const at = new Date().toISOString();
  const id = await insertMember(server.db, {
    merchant_id: merchantId,
    username,
    username_key: username.toLowerCase(),
    password_hash: 'x',
    referral_code: username,
    register_method: 'TEST',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
  });
  return { memberId: id, account: username };
};

let round = 0;

/**
 * A round staked and settled through the betting record's own path (the functions the seamless
 * wallet and the lottery write with): its record, and its member's daily summary in the same write.
 */
export const settledRound = async (
  db: Db,
  input: {
    merchantId: number;
    memberId: number;
    stake: number;
    payout: number;
    category?: GameCategory;
    at?: Date;
  },
) => {
  const at = (input.at ?? new Date()).toISOString();
  const key = {
    merchantId: input.merchantId,
    vendorCode: 'TEST_VENDOR',
    roundId: `r${++round}-${Date.now()}`,
  };
  await writeTransaction(db, async (trx) => {
    await records.addStake(trx, {
      ...key,
      memberId: input.memberId,
      gameId: 'test-game',
      category: input.category ?? 'RNG',
      amount: input.stake,
      at,
    });
    const record = await records.findBetRecord(trx, key, { lock: true });
    const { time_zone: timeZone } = await trx
      .selectFrom('merchant')
      .select('time_zone')
      .where('id', '=', input.merchantId)
      .executeTakeFirstOrThrow();
    const { state, summary } = records.afterPayout(record!, {
      amount: input.payout,
      close: true,
      at,
      timeZone,
    });
    await records.writeRecordState(trx, record!.id, state);
    if (summary) await records.addToDailySummary(trx, summary);
  });
};
