import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { sqliteHandleOf } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { settledRound } from '../../test/agent-team.js';
import { createClient } from '../../test/client.js';
import { fundedMember as fundedMemberOf, walletBalance } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { sqliteStatementsDuring } from '../../test/statement-log.js';
import type { Guard } from '../accounts/guard.js';
import * as accounts from '../accounts/repo.js';
import * as merchants from '../merchants/service.js';
import { checkInvariants } from './ledger.js';
import { updateMoneySettings } from './money-settings.js';

const CAPTCHA = 'w4ll';
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
});
afterAll(() => checkAndClose(server));

const fundedMember = (funds: number) =>
  fundedMemberOf(server, demoId, funds, { prefix: 'wallet', captcha: CAPTCHA });
const wallet = walletBalance;

/** The SQL of every statement the server's SQLite connection ran while `call` ran. */
const statementsDuring = (call: () => Promise<unknown>) => sqliteStatementsDuring(server.db, call);

describe('wallet balance', () => {
  it('lists the main wallet and every transfer-mode vendor wallet, with their sum', async () => {
    const m = await fundedMember(12_345);
    const b = await m.balances();
    expect(b.sumBalance).toBe(12_345);
    expect(b.currency).toBe('VND');
    expect(b.wallets[0]).toEqual({ wallet: 'MAIN', name: 'Ví chính', balance: 12_345 });
    expect(b.wallets.length).toBeGreaterThan(1);
  });

  it('refuses without a token', async () => {
    const answer = await createClient(server).call('GET', '/wps/v2/wallets/balance');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
  });

  // Decision 0083: on SQLite the session read of a balance call brings the member's accounts.
  it.skipIf(process.env.TEST_POSTGRES_URL)(
    'reads its session, member and accounts in one statement on SQLite, as strict as ever',
    async () => {
      const m = await fundedMember(7_000);
      expect(wallet(await m.balances(), 'MAIN')).toBe(7_000);
      const sources = await statementsDuring(async () =>
        expect(wallet(await m.balances(), 'MAIN')).toBe(7_000),
      );
      const reads = sources.filter((sql) => sql.includes('member_session') || sql.includes('ledger_account'));
      expect(reads, reads.join('\n')).toHaveLength(1);
      expect(reads[0]).toContain('ledger_account');
      // Decision 0097: no temporary b-tree (an ordered aggregate built one on every call).
      const plan = sqliteHandleOf(server.db)!
        .prepare(`explain query plan ${reads[0]}`)
        .all('no such hash') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).not.toContain('TEMP B-TREE');

      // Read fresh on every call: a revoked session, then a frozen member, refused at the next call.
      const [session] = await server.db
        .selectFrom('member_session')
        .select('id')
        .where('member_id', '=', m.memberId)
        .execute();
      await accounts.revokeSession(server.db, session!.id, new Date().toISOString());
      const revoked = await m.client.call('GET', '/wps/v2/wallets/balance', { token: m.token });
      expect([revoked.status, revoked.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
      const frozen = await fundedMember(1_000);
      expect(wallet(await frozen.balances(), 'MAIN')).toBe(1_000);
      await accounts.updateMember(server.db, frozen.memberId, { status: 'DISABLED' });
      const afterFreeze = await frozen.client.call('GET', '/wps/v2/wallets/balance', { token: frozen.token });
      expect([afterFreeze.status, afterFreeze.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
    },
  );

  // Decision 0089: the balance call reads the member's id and the columns its rules check, no more.
  it('reads only the member columns its rules check, and every rule still holds at the next call', async () => {
    const m = await fundedMember(6_000);
    if (!process.env.TEST_POSTGRES_URL) {
      const sources = await statementsDuring(async () =>
        expect(wallet(await m.balances(), 'MAIN')).toBe(6_000),
      );
      const [read] = sources.filter((sql) => sql.includes('member_session'));
      for (const column of ['"m"."status"', '"m"."type"', '"m"."must_change_password"'])
        expect(read).toContain(column);
      for (const column of ['password_hash', 'payment_password_hash', 'totp_secret', 'username', 'email'])
        expect(read).not.toContain(column);
    }
    const balanceCall = async (member: typeof m) =>
      member.client.call('GET', '/wps/v2/wallets/balance', { token: member.token });
    // A forced password change, then a frozen member: each refused at its next call.
    await accounts.updateMember(server.db, m.memberId, { must_change_password: 1 });
    const forced = await balanceCall(m);
    expect([forced.status, forced.body.error?.code]).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    await accounts.updateMember(server.db, m.memberId, { must_change_password: 0 });
    expect(wallet((await balanceCall(m)).body.value, 'MAIN')).toBe(6_000);
    await accounts.updateMember(server.db, m.memberId, { status: 'FROZEN' });
    const frozen = await balanceCall(m);
    expect([frozen.status, frozen.body.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  // Decision 0089: a route guarded for the rules is given the member's id and the rules' columns,
  // and the compiler refuses it any other column (it was not read); the whole guard gives them all.
  it("types a rules-only session's member as the rules' columns only (a type test)", () => {
    type RulesSession = Awaited<ReturnType<Guard['forRules']>>;
    expectTypeOf<RulesSession['member']>().toEqualTypeOf<accounts.RuleMember>();
    expectTypeOf<Awaited<ReturnType<Guard>>['member']>().toEqualTypeOf<accounts.MemberRow>();
    const usernameOf = (session: RulesSession) =>
      // @ts-expect-error: `username` is not among the rules' columns: a rules-only route cannot read it
      session.member.username;
    expectTypeOf(usernameOf).toBeFunction();
  });

  // Decision 0086: on SQLite a balance call's session read runs at once, without Kysely's lock, when
  // no transaction is open on the connection; beside an open one it waits behind the lock as before.
  it.skipIf(process.env.TEST_POSTGRES_URL)(
    'reads at once while another caller holds the connection with no transaction open',
    async () => {
      const m = await fundedMember(4_000);
      expect(wallet(await m.balances(), 'MAIN')).toBe(4_000);
      const answered = await server.db
        .connection()
        .execute(() =>
          Promise.race([
            m.balances().then((b) => wallet(b, 'MAIN')),
            new Promise((resolve) => setTimeout(() => resolve('waited for the connection'), 2_000)),
          ]),
        );
      expect(answered).toBe(4_000);
    },
  );

  it.skipIf(process.env.TEST_POSTGRES_URL)(
    "never sees another request's uncommitted money, read beside its open write transaction",
    async () => {
      const m = await fundedMember(5_000);
      expect(wallet(await m.balances(), 'MAIN')).toBe(5_000);
      let during: Promise<number | undefined> | undefined;
      let readsDuring = 0;
      await expect(
        writeTransaction(server.db, async (trx) => {
          await trx
            .updateTable('ledger_account')
            .set({ balance: 999_999 })
            .where('member_id', '=', m.memberId)
            .where('kind', '=', 'MAIN')
            .execute();
          // A balance call arrives while the write is open; the transaction then rolls back.
          const reads = await statementsDuring(async () => {
            during = m.balances().then((b) => wallet(b, 'MAIN'));
            await new Promise((resolve) => setTimeout(resolve, 200));
          });
          readsDuring = reads.filter((sql) => sql.includes('member_session')).length;
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // It waited behind the transaction (no session read ran inside it) and saw the money as committed.
      expect(readsDuring).toBe(0);
      expect(await during).toBe(5_000);
    },
  );

  it('lists the brand wallets publicly', async () => {
    const answer = await createClient(server).call('POST', '/wps/relay/GCS_merchantWallet', {
      body: { language: 'EN' },
    });
    expect(answer.body.value.wallets[0]).toEqual({ wallet: 'MAIN', name: 'Main wallet', category: null });
  });
});

describe('wallet transfer', () => {
  it('moves money into a vendor wallet, back out, and all back to main', async () => {
    const m = await fundedMember(10_000);
    const vendors = (await m.balances()).wallets.filter((w) => w.wallet !== 'MAIN').map((w) => w.wallet);
    const [first, second] = vendors as [string, string];
    expect((await m.transfer({ direction: 'IN', vassalage: first, amount: 3_000 }, 'a1')).status).toBe(200);
    const into2 = await m.transfer({ direction: 'IN', vassalage: second, amount: 2_000 }, 'a2');
    expect(wallet(into2.body.value.balances, second)).toBe(2_000);
    const out = await m.transfer({ direction: 'OUT', vassalage: first, amount: 1_000 }, 'a3');
    expect(out.body.value.transfers).toEqual([
      { id: expect.any(Number), from: first, to: 'MAIN', amount: 1_000 },
    ]);
    let b = await m.balances();
    expect([wallet(b, 'MAIN'), wallet(b, first), wallet(b, second), b.sumBalance]).toEqual([
      6_000, 2_000, 2_000, 10_000,
    ]);
    const back = await m.transfer({ direction: 'ALL_BACK' }, 'a4');
    expect(back.body.value.transfers).toHaveLength(2);
    b = await m.balances();
    expect(wallet(b, 'MAIN')).toBe(10_000);
    expect(b.sumBalance).toBe(10_000);
  });

  it('refuses more than the balance, a bad amount, an unknown vendor and a missing key', async () => {
    const m = await fundedMember(500);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    const tooMuch = await m.transfer({ direction: 'IN', vassalage: vendor, amount: 501 }, 'b1');
    expect([tooMuch.status, tooMuch.body.error.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    const negative = await m.transfer({ direction: 'IN', vassalage: vendor, amount: -5 }, 'b2');
    expect([negative.status, negative.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const fraction = await m.transfer({ direction: 'IN', vassalage: vendor, amount: 1.5 }, 'b3');
    expect(fraction.status).toBe(400);
    const unknown = await m.transfer({ direction: 'IN', vassalage: 'NOPE', amount: 1 }, 'b4');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'VENDOR_NOT_FOUND']);
    const noKey = await m.client.call('POST', '/wps/relay/GCS_walletTransfer', {
      token: m.token,
      body: { direction: 'ALL_BACK' },
    });
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect((await m.balances()).sumBalance).toBe(500);
  });
});

describe('idempotency', () => {
  it('fires the same request 5 times at once: one ledger transfer, identical answers', async () => {
    const m = await fundedMember(5_000);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        m.transfer({ direction: 'IN', vassalage: vendor, amount: 1_000 }, 'same-key'),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const [first, ...rest] = answers.map((a) => JSON.stringify(a.body));
    for (const other of rest) expect(other).toBe(first);
    const transfers = await server.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('reference', '=', `member:${m.memberId}`)
      .where('kind', '=', 'WALLET_IN')
      .execute();
    expect(transfers).toHaveLength(1);
    expect(wallet(await m.balances(), 'MAIN')).toBe(4_000);
  });

  it('refuses the same key with another body (422), and answers 409 while the first is still running', async () => {
    const m = await fundedMember(5_000);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    expect((await m.transfer({ direction: 'IN', vassalage: vendor, amount: 100 }, 'k')).status).toBe(200);
    const other = await m.transfer({ direction: 'IN', vassalage: vendor, amount: 200 }, 'k');
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // A first request that never finishes (its server died mid-way) holds its key in flight.
    const body = { direction: 'IN', vassalage: vendor, amount: 300 };
    const first = m.transfer(body, 'stuck');
    await first;
    await server.db
      .updateTable('idempotency_key')
      .set({ completed_at: null })
      .where('key', '=', 'stuck')
      .execute();
    const retry = await m.transfer(body, 'stuck');
    expect([retry.status, retry.body.error.code]).toEqual([409, 'IDEMPOTENCY_REQUEST_IN_FLIGHT']);
  });

  it('answers a retry as the first was answered: after a post, a refusal, a pruned key, a key taken before', async () => {
    // On PostgreSQL the post writes the key with its record in its own statement (decision 0101).
    const m = await fundedMember(1_000);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    const keyRow = (key: string) =>
      server.db
        .selectFrom('idempotency_key')
        .select(['response', 'status_code'])
        .where('scope', '=', `member:${m.memberId}`)
        .where('key', '=', key)
        .executeTakeFirst();
    const batches = (key: string) =>
      server.db
        .selectFrom('ledger_batch')
        .select('id')
        .where('idempotency_key', '=', `wallet:${m.memberId}:${key}`)
        .execute();
    const body = { direction: 'IN', vassalage: vendor, amount: 300 };
    const first = await m.transfer(body, 'posted');
    expect(first.status).toBe(200);
    expect(wallet(first.body.value.balances, 'MAIN')).toBe(700);
    expect(Object.keys(JSON.parse((await keyRow('posted'))!.response!))).toEqual([
      process.env.TEST_POSTGRES_URL ? 'record' : 'value',
    ]);
    expect(JSON.stringify((await m.transfer(body, 'posted')).body)).toBe(JSON.stringify(first.body));

    // A refusal is stored as the answer, and leaves no claim on the ledger's key behind it.
    const tooMuch = { direction: 'IN', vassalage: vendor, amount: 5_000 };
    for (let i = 0; i < 2; i++) {
      const refused = await m.transfer(tooMuch, 'refused');
      expect([refused.status, refused.body.error.code]).toEqual([409, 'WALLET_INSUFFICIENT_FUNDS']);
    }
    expect((await keyRow('refused'))!.status_code).toBe(409);
    expect(await batches('refused')).toEqual([]);

    // A key pruned from the answers (prune.ts) is still the ledger's: the retry moves nothing again.
    await server.db.deleteFrom('idempotency_key').where('key', '=', 'posted').execute();
    const afterPrune = await m.transfer(body, 'posted');
    expect(afterPrune.status).toBe(200);
    expect(afterPrune.body.value.transfers).toEqual(first.body.value.transfers);
    expect(wallet(await m.balances(), 'MAIN')).toBe(700);
    expect(await batches('posted')).toHaveLength(1);

    // A key another request of the member answered first (another body): refused, nothing moved.
    await server.db
      .insertInto('idempotency_key')
      .values({
        scope: `member:${m.memberId}`,
        key: 'taken',
        request_hash: 'another request',
        status_code: 200,
        response: JSON.stringify({ value: {} }),
        created_at: new Date().toISOString(),
        completed_at: new Date().toISOString(),
      })
      .execute();
    const taken = await m.transfer(body, 'taken');
    expect([taken.status, taken.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await batches('taken')).toEqual([]);
    expect(wallet(await m.balances(), 'MAIN')).toBe(700);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });

  it("scopes keys to the member: another member's key is theirs alone", async () => {
    const a = await fundedMember(1_000);
    const b = await fundedMember(1_000);
    const vendor = (await a.balances()).wallets[1]!.wallet;
    const body = { direction: 'IN', vassalage: vendor, amount: 100 };
    const fromA = await a.transfer(body, 'shared-key');
    const fromB = await b.transfer(body, 'shared-key');
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.body.value.transfers[0].id).not.toBe(fromA.body.value.transfers[0].id);
    expect(wallet(await b.balances(), 'MAIN')).toBe(900);
    // Keys already stored name their member this way: a retry after an upgrade must still find its key.
    const scopes = await server.db
      .selectFrom('idempotency_key')
      .select('scope')
      .where('key', '=', 'shared-key')
      .execute();
    expect(scopes.map((row) => row.scope).sort()).toEqual(
      [`member:${a.memberId}`, `member:${b.memberId}`].sort(),
    );
  });
});

describe('hot wallet', () => {
  it('lets exactly as many concurrent transfers through as the balance allows, never below zero', async () => {
    const m = await fundedMember(10_000);
    const vendors = (await m.balances()).wallets.filter((w) => w.wallet !== 'MAIN').map((w) => w.wallet);
    // 40 transfers of 500 from a balance of 10,000: twice what it holds.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        m.transfer({ direction: 'IN', vassalage: vendors[i % vendors.length], amount: 500 }, `hot-${i}`),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.body.error?.code === 'WALLET_INSUFFICIENT_FUNDS').length;
    expect([ok, refused]).toEqual([20, 20]);
    const b = await m.balances();
    expect(wallet(b, 'MAIN')).toBe(0);
    expect(b.sumBalance).toBe(10_000);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });
});

describe('free play money', () => {
  it("credits a trial account's main wallet with the brand's play money", async () => {
    const client = createClient(server, { headers: { 'x-forwarded-for': '203.0.113.250' } });
    const login = await client.call('POST', '/wps/session/login/freeplay', { body: {} });
    const b = await client.call('GET', '/wps/v2/wallets/balance', { token: login.body.value.token });
    expect(b.body.value.wallets[0].balance).toBe(1_000_000);
  });
});

describe('account record (ODSFE2_MemTransDet)', () => {
  it('lists movements signed from the member side, filtered by kind, paged', async () => {
    const m = await fundedMember(9_000);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    await m.transfer({ direction: 'IN', vassalage: vendor, amount: 2_000 }, 'r1');
    await m.transfer({ direction: 'OUT', vassalage: vendor, amount: 500 }, 'r2');
    const record = (body: unknown) =>
      m.client.call('POST', '/wps/relay/ODSFE2_MemTransDet', { token: m.token, body });
    const all = await record({});
    expect(all.body.value.totalCount).toBe(5);
    expect(
      all.body.value.records.map((r: { kind: string; wallet: string; amount: number }) => [
        r.kind,
        r.wallet,
        r.amount,
      ]),
    ).toEqual([
      ['WALLET_OUT', 'MAIN', 500],
      ['WALLET_OUT', vendor, -500],
      ['WALLET_IN', 'MAIN', -2_000],
      ['WALLET_IN', vendor, 2_000],
      ['DEPOSIT', 'MAIN', 9_000],
    ]);
    const deposits = await record({ kind: 'DEPOSIT', range: 'TODAY' });
    expect(deposits.body.value.records).toHaveLength(1);
    const page2 = await record({ pageNo: 2, pageSize: 2 });
    expect(page2.body.value).toMatchObject({ pageNum: 2, totalPages: 3, totalCount: 5 });
    expect(page2.body.value.records).toHaveLength(2);
    const future = await record({ from: '2099-01-01', to: '2099-01-31' });
    expect(future.body.value.totalCount).toBe(0);
    const bad = await record({ range: 'FOREVER' });
    expect(bad.status).toBe(400);
  });

  it('lists the newest movement first by its time, whatever order the movements were written in', async () => {
    const m = await fundedMember(9_000);
    const vendor = (await m.balances()).wallets[1]!.wallet;
    await m.transfer({ direction: 'IN', vassalage: vendor, amount: 2_000 }, 't1');
    const record = (body: unknown) =>
      m.client.call('POST', '/wps/relay/ODSFE2_MemTransDet', { token: m.token, body });
    type Row = { id: number; kind: string; createdAt: string };
    const written: Row[] = (await record({})).body.value.records;
    // A movement written after the deposit but dated two days before it, as a rebate paid for an earlier
    // day or a vendor's late settlement is.
    const moved = written.find((r) => r.kind === 'WALLET_IN')!;
    const earlier = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await server.db
      .updateTable('ledger_transfer')
      .set({ created_at: earlier })
      .where('id', '=', moved.id)
      .execute();
    const listed: Row[] = (await record({ range: 'PAST_7' })).body.value.records;
    expect(listed.map((r) => [r.kind, r.createdAt === earlier])).toEqual([
      ['DEPOSIT', false],
      ['WALLET_IN', true],
      ['WALLET_IN', true],
    ]);
  });

  it("names a game round's vendor in the member's language, and nothing for other movements", async () => {
    const m = await fundedMember(9_000);
    const vendor = (await m.balances()).wallets[1]!;
    await m.transfer({ direction: 'IN', vassalage: vendor.wallet, amount: 2_000 }, 'v1');
    const record = () => m.client.call('POST', '/wps/relay/ODSFE2_MemTransDet', { token: m.token, body: {} });
    type Row = { id: number; kind: string; reference: string | null; vendor: string | null };
    const moved = ((await record()).body.value.records as Row[]).find((r) => r.kind === 'WALLET_IN')!;
    // The movement as a round's stake is written (the seamless wallet's reference).
    await server.db
      .updateTable('ledger_transfer')
      .set({ reference: `round:${vendor.wallet}:r-77` })
      .where('id', '=', moved.id)
      .execute();
    const rows = (await record()).body.value.records as Row[];
    expect(rows.map((r) => [r.kind, r.vendor])).toEqual([
      ['WALLET_IN', vendor.name],
      ['WALLET_IN', vendor.name],
      ['DEPOSIT', null],
    ]);
  });

  // Issue 22 item 8: §9 ranges look forward too (next 7 and 30 days, today the first), in both records.
  it('takes the next 7 and next 30 days in the account record and the betting record', async () => {
    const m = await fundedMember(9_000);
    await settledRound(server.db, { merchantId: demoId, memberId: m.memberId, stake: 1_000, payout: 0 });
    for (const range of ['NEXT_7', 'NEXT_30']) {
      const record = await m.client.call('POST', '/wps/relay/ODSFE2_MemTransDet', {
        token: m.token,
        body: { range },
      });
      expect(record.status, JSON.stringify(record.body)).toBe(200);
      expect(record.body.value.totalCount).toBe(1);
      const bets = await m.client.call('POST', '/wps/member/bets', { token: m.token, body: { range } });
      expect(bets.status, JSON.stringify(bets.body)).toBe(200);
      expect(bets.body.value.totals.bets).toBe(1);
    }
  });
});

describe('transfer to upline', () => {
  const send = (m: Awaited<ReturnType<typeof fundedMember>>, body: unknown, key: string) =>
    m.client.call('POST', '/wps/wallet/transferUpline', {
      token: m.token,
      body,
      headers: { 'idempotency-key': key },
    });
  const setUpline = (memberId: number, uplineId: number) =>
    server.db.updateTable('member').set({ upline_id: uplineId }).where('id', '=', memberId).execute();
  const makeAgent = (memberId: number) =>
    server.db.updateTable('member').set({ type: 1 }).where('id', '=', memberId).execute();

  beforeAll(async () => {
    await updateMoneySettings(server.db, demoId, {
      uplineTransfer: { minAmount: 500, maxAmount: 3_000, dailyLimit: 4_000, allowWithTurnoverUnmet: false },
    });
  });
  afterAll(async () => {
    await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 0 });
  });

  it('sends funds to the own agent upline only, with the payment password, within its limits', async () => {
    const agent = await fundedMember(0);
    const m = await fundedMember(5_000);
    const noUpline = await send(m, { amount: 1_000, paymentPassword: '246810' }, 'u0');
    expect(noUpline.body.error.code).toBe('OPERATION_NOT_ALLOWED');
    await setUpline(m.memberId, agent.memberId);
    const notAgent = await send(m, { amount: 1_000, paymentPassword: '246810' }, 'u0b');
    expect(notAgent.body.error.code).toBe('OPERATION_NOT_ALLOWED');
    await makeAgent(agent.memberId);
    const wrong = await send(m, { amount: 1_000, paymentPassword: '111111' }, 'u1');
    expect(wrong.body.error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const ok = await send(m, { amount: 1_000, paymentPassword: '246810' }, 'u2');
    expect(ok.body.value).toMatchObject({ amount: 1_000, mainBalance: 4_000 });
    expect(wallet(await agent.balances(), 'MAIN')).toBe(1_000);
    const small = await send(m, { amount: 499, paymentPassword: '246810' }, 'u3');
    expect(small.body.error.code).toBe('PAYMENT_AMOUNT_OUT_OF_RANGE');
    const big = await send(m, { amount: 3_001, paymentPassword: '246810' }, 'u4');
    expect(big.body.error.code).toBe('PAYMENT_AMOUNT_OUT_OF_RANGE');
    expect((await send(m, { amount: 3_000, paymentPassword: '246810' }, 'u5')).status).toBe(200);
    const daily = await send(m, { amount: 500, paymentPassword: '246810' }, 'u6');
    expect(daily.body.error.code).toBe('PAYMENT_DAILY_LIMIT_REACHED');
  });

  it('refuses to pass unwagered deposits on, unless the brand allows it; then the turnover goes with them', async () => {
    await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 1 });
    const agent = await fundedMember(0);
    await makeAgent(agent.memberId);
    // Funded by a deposit of 3,000: with a multiplier of 1 it must be wagered once.
    const m = await fundedMember(3_000);
    await setUpline(m.memberId, agent.memberId);

    const refused = await send(m, { amount: 2_000, paymentPassword: '246810' }, 't1');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'UPLINE_TRANSFER_TURNOVER_NOT_MET',
      details: { turnoverRemaining: 3_000 },
    });

    await updateMoneySettings(server.db, demoId, {
      uplineTransfer: { minAmount: 500, maxAmount: 3_000, dailyLimit: 4_000, allowWithTurnoverUnmet: true },
    });
    try {
      expect((await send(m, { amount: 2_000, paymentPassword: '246810' }, 't2')).status).toBe(200);
      // A replay moves neither money nor turnover again.
      expect((await send(m, { amount: 2_000, paymentPassword: '246810' }, 't2')).status).toBe(200);
      const info = async (who: typeof m) =>
        (await who.client.call('GET', '/wps/payment/withdrawInfo', { token: who.token })).body.value;
      expect((await info(m)).turnoverRemaining).toBe(1_000);
      expect(await info(agent)).toMatchObject({
        turnoverRemaining: 2_000,
        withdrawable: 0,
        mainBalance: 2_000,
      });
    } finally {
      await updateMoneySettings(server.db, demoId, {
        uplineTransfer: {
          minAmount: 500,
          maxAmount: 3_000,
          dailyLimit: 4_000,
          allowWithTurnoverUnmet: false,
        },
      });
    }
  });
});
