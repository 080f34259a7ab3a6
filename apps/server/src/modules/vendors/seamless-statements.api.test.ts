import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../test/funded-member.js';
import { startInstancesApart, type InstancesApart } from '../../test/instances-apart.js';
import { signedWalletCall } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { sqliteStatementsDuring } from '../../test/statement-log.js';
import * as merchants from '../merchants/service.js';
import { checkInvariants } from '../wallet/ledger.js';
import { setVendorConnection } from './connections.js';
import { openGameSession, redeemLaunchCode } from './game-sessions.js';

/**
 * What a seamless debit and its credit cost in statements (decision 0096), warm, as issue 23 counts
 * them: on PostgreSQL with `log_statement=all` on the cluster's own log (BEGIN and COMMIT are lines
 * of their own there, though each rides with a statement), on SQLite the prepared statements run. The
 * balance NOTIFY after a commit is not counted: the bus sends it for the turn's commits together
 * (decision 0084), and it may reach the log after the call's answer. Before 0096 a PostgreSQL debit
 * was 14 and a credit 21 (a credit's points post took 5 and it read the member first); on SQLite a
 * credit was 26 (its member read). Before 0099 (a post in one statement, not two) 12 and 15.
 */
const PG_DEBIT = 11;
const PG_CREDIT = 13;
const SQLITE_DEBIT = 17;
const SQLITE_CREDIT = 25;
const CAPTCHA = 's3am';
const VENDOR = 'JADE_STUDIO';
const HMAC = randomBytes(32).toString('base64url');
const postgres = process.env.TEST_POSTGRES_URL;

/** The demo brand, registering without a phone check, connected to the vendor by HMAC: its id. */
const connectedBrand = async (server: TestServer) => {
  const demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await setVendorConnection(server.db, server.serverSecret, {
    merchantId: demoId,
    vendorCode: VENDOR,
    endpoint: 'http://127.0.0.1:9/',
    algorithm: 'HMAC-SHA256',
    key: HMAC,
    timeoutMs: 2000,
  });
  return demoId;
};

/** A member with a redeemed game token on the vendor, and the signed debit and credit of one round. */
const player = async (first: TestServer, merchantId: number, funds: number, prefix: string) => {
  const member = await fundedMember(first, merchantId, funds, { prefix, captcha: CAPTCHA });
  const login = await first.db
    .selectFrom('member_session')
    .select(['id', 'ip'])
    .where('member_id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  const { launchCode } = await openGameSession(first.db, first.serverSecret, {
    merchantId,
    memberId: member.memberId,
    vendorCode: VENDOR,
    gameId: 'JADE_FORTUNE',
    loginSessionId: login.id,
    ip: login.ip,
  });
  const redeemed = await redeemLaunchCode(first.db, first.serverSecret, {
    merchantId,
    vendorCode: VENDOR,
    launchCode,
  });
  return { memberId: member.memberId, token: redeemed!.token, player: String(member.memberId) };
};

const signedCall = async (server: TestServer, action: string, body: Record<string, unknown>) =>
  (await signedWalletCall(server, VENDOR, HMAC, action, body)).body;

/** One round: a debit of 200 and its closing credit of 190. */
const round = (server: TestServer, who: { token: string; player: string }, id: string) => ({
  debit: () =>
    signedCall(server, 'debit', {
      token: who.token,
      player: who.player,
      currency: 'VND',
      transactionId: `${id}-d`,
      roundId: id,
      gameId: 'JADE_FORTUNE',
      amount: 200,
    }),
  credit: () =>
    signedCall(server, 'credit', {
      token: who.token,
      player: who.player,
      currency: 'VND',
      transactionId: `${id}-c`,
      roundId: id,
      gameId: 'JADE_FORTUNE',
      referenceTransactionId: `${id}-d`,
      amount: 190,
    }),
});

/**
 * A warm round of a member funded with 10,000, then a counted one: the statements its debit and its
 * credit ran, as `statementsOf` counts them, each answered OK with the balance it leaves.
 */
const countRound = async (
  server: TestServer,
  who: { token: string; player: string },
  statementsOf: (call: () => Promise<unknown>) => Promise<string[]>,
) => {
  const warm = round(server, who, 'warm');
  expect((await warm.debit()).status).toBe('OK');
  expect((await warm.credit()).status).toBe('OK');
  const counted = round(server, who, 'counted');
  const debit = await statementsOf(async () =>
    expect(await counted.debit()).toMatchObject({ status: 'OK', balance: 10_000 - 10 - 200 }),
  );
  const credit = await statementsOf(async () =>
    expect(await counted.credit()).toMatchObject({ status: 'OK', balance: 10_000 - 10 - 10 }),
  );
  return { debit, credit };
};

describe.skipIf(!postgres)('seamless wallet statements on PostgreSQL', () => {
  let instances: InstancesApart;
  let first: TestServer;
  let second: TestServer;
  let demoId: number;

  beforeAll(async () => {
    instances = await startInstancesApart({
      applicationName: 'jade-seamless-apart',
      env: { TRUSTED_PROXIES: '127.0.0.1' },
      options: { captchaText: () => CAPTCHA },
      setUp: async (server) => {
        demoId = await connectedBrand(server);
      },
    });
    ({ first, second } = instances);
  });
  afterAll(async () => instances?.close());

  it('a warm debit and its credit stay within their statements, the float post last', async () => {
    const who = await player(first, demoId, 10_000, 'pgseam');
    const { debit, credit } = await countRound(second, who, async (call) =>
      (await instances.statementsOfSecond(call)).filter((line) => !line.includes("pg_notify('jade_bus'")),
    );
    expect(debit.length, debit.join('\n')).toBeLessThanOrEqual(PG_DEBIT);
    expect(credit.length, credit.join('\n')).toBeLessThanOrEqual(PG_CREDIT);
    // Each write's last statement is a post, just before its COMMIT: what it locks (the float, the
    // points' house account) is held one round trip.
    for (const lines of [debit, credit]) {
      const commit = lines.findIndex((line) => /: commit$/.test(line));
      expect(commit, lines.join('\n')).toBeGreaterThan(0);
      expect(lines[commit - 1], lines.join('\n')).toContain('/* prepared */');
    }
    expect((await checkInvariants(first.db)).ok).toBe(true);
  });
});

describe.skipIf(postgres)('seamless wallet statements on SQLite', () => {
  let server: TestServer;
  let demoId: number;
  beforeAll(async () => {
    server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
    demoId = await connectedBrand(server);
  });
  afterAll(() => checkAndClose(server));

  const statementsDuring = (call: () => Promise<unknown>) => sqliteStatementsDuring(server.db, call);

  it('a warm debit and its credit stay within their statements', async () => {
    const who = await player(server, demoId, 10_000, 'sqseam');
    const { debit, credit } = await countRound(server, who, statementsDuring);
    expect(debit.length, debit.join('\n')).toBeLessThanOrEqual(SQLITE_DEBIT);
    expect(credit.length, credit.join('\n')).toBeLessThanOrEqual(SQLITE_CREDIT);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });
});
