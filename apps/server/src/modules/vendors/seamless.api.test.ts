import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { vendorTarget as makeTarget } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { walletConformance, walletReplayConformance } from '../../test/wallet-conformance.js';
import * as merchants from '../merchants/service.js';
import { houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';
import { turnoverRemaining } from '../wallet/payments.js';
import { dayOf } from '../../platform/time-zone.js';

const CAPTCHA = 'w4ll';
const SESSION_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let demo: Awaited<ReturnType<typeof merchants.getMerchantByCode>>;

beforeAll(async () => {
  server = await startTestServer(
    { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA },
  );
  demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
});
const vendorTarget = (options: Parameters<typeof makeTarget>[1]) =>
  makeTarget(
    { server: () => server, merchant: () => demo, sessionSecret: SESSION_SECRET, captcha: CAPTCHA },
    options,
  );

afterAll(() => checkAndClose(server));

const HMAC_SECRET = randomBytes(32).toString('base64url');
describe('seamless wallet conformance: an HMAC-SHA256 vendor (NEON_SPIN)', () => {
  const target = vendorTarget({
    vendorCode: 'NEON_SPIN',
    gameId: 'NEON-conformance',
    algorithm: 'HMAC-SHA256',
    signingKey: HMAC_SECRET,
    platformKey: HMAC_SECRET,
  });
  walletConformance(target);
  walletReplayConformance(target);
});

const ed25519 = generateKeyPairSync('ed25519');
describe('seamless wallet conformance: an Ed25519 vendor (REEF_FISH)', () => {
  const target = vendorTarget({
    vendorCode: 'REEF_FISH',
    gameId: 'REEF_CONFORMANCE',
    algorithm: 'ED25519',
    signingKey: ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    platformKey: ed25519.publicKey.export({ type: 'spki', format: 'pem' }) as string,
  });
  walletConformance(target);
  walletReplayConformance(target);
});

describe('seamless wallet and the rest of the platform', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const target = vendorTarget({
    vendorCode: 'PEARL_LIVE',
    gameId: 'PEARL_CONFORMANCE',
    algorithm: 'RSA-SHA256',
    signingKey: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    platformKey: rsa.publicKey.export({ type: 'spki', format: 'pem' }) as string,
  });

  it('counts a settled round in the daily summary and against the withdrawal turnover, in its category', async () => {
    const t = target();
    const { memberId, launchCode } = await t.newPlayer(0);
    // A deposit of 10,000 under a 1× multiplier asks for 10,000 of turnover.
    await postTransfer(server.db, {
      merchantId: demo.id,
      idempotencyKey: `seamless-deposit:${memberId}`,
      kind: 'DEPOSIT',
      debitAccountId: await houseAccount(server.db, demo.id, 'CASH'),
      creditAccountId: await memberAccount(server.db, demo.id, memberId, 'MAIN'),
      amount: 10_000,
    });
    expect(await turnoverRemaining(server.db, demo.id, memberId, 1)).toBe(10_000);
    const auth = await t.call('authenticate', { launchCode });
    const session = { token: auth.body.token, player: auth.body.player, currency: t.currency };
    const round = (n: number) => ({ ...session, roundId: `sum-${memberId}-${n}`, gameId: t.gameId });
    expect(
      (await t.call('debit', { ...round(1), transactionId: `sd-${memberId}-1`, amount: 3_000 })).body.status,
    ).toBe('OK');
    // An open round does not count yet.
    expect(await turnoverRemaining(server.db, demo.id, memberId, 1)).toBe(10_000);
    await t.call('credit', {
      ...round(1),
      transactionId: `sc-${memberId}-1`,
      referenceTransactionId: `sd-${memberId}-1`,
      amount: 5_000,
      validBet: 2_500,
    });
    expect(await turnoverRemaining(server.db, demo.id, memberId, 1)).toBe(7_500);
    // A rolled-back bet never counts.
    await t.call('debit', { ...round(2), transactionId: `sd-${memberId}-2`, amount: 1_000 });
    await t.call('rollback', {
      ...round(2),
      transactionId: `sr-${memberId}-2`,
      referenceTransactionId: `sd-${memberId}-2`,
    });
    expect(await turnoverRemaining(server.db, demo.id, memberId, 1)).toBe(7_500);

    const summary = await server.db
      .selectFrom('bet_daily_summary')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
    expect(
      summary.map((row) => ({
        ...row,
        stake: Number(row.stake),
        valid_bet: Number(row.valid_bet),
        payout: Number(row.payout),
        win_loss: Number(row.win_loss),
      })),
    ).toEqual([
      {
        merchant_id: demo.id,
        member_id: memberId,
        day: dayOf(demo.timeZone, new Date()),
        category: 'LIVE',
        bets: 1,
        stake: 3_000,
        valid_bet: 2_500,
        payout: 5_000,
        win_loss: 2_000,
      },
    ]);
  });

  it("reconciles the day's betting records with the ledger round by round, and lists what differs", async () => {
    const t = target();
    const { memberId, launchCode } = await t.newPlayer(20_000);
    const auth = await t.call('authenticate', { launchCode });
    const session = {
      token: auth.body.token,
      player: auth.body.player,
      currency: t.currency,
      gameId: t.gameId,
    };
    for (const n of [1, 2, 3]) {
      await t.call('debit', {
        ...session,
        roundId: `rec-${memberId}-${n}`,
        transactionId: `rd-${memberId}-${n}`,
        amount: 1_000 * n,
      });
    }
    await t.call('credit', {
      ...session,
      roundId: `rec-${memberId}-1`,
      transactionId: `rc-${memberId}-1`,
      referenceTransactionId: `rd-${memberId}-1`,
      amount: 1_800,
    });
    await t.call('rollback', {
      ...session,
      roundId: `rec-${memberId}-2`,
      transactionId: `rr-${memberId}-2`,
      referenceTransactionId: `rd-${memberId}-2`,
    });
    const today = dayOf(demo.timeZone, new Date());
    const reconcile = async () => {
      const lines: string[] = [];
      await runCommand(['reconcile', 'games', '--date', today], server.db, (line) => lines.push(line));
      return lines;
    };
    const clean = await reconcile();
    expect(clean[0], clean.join('\n')).toMatch(/^DEMO \d{4}-\d{2}-\d{2}: \d+ rounds, 0 differences$/);

    // A record that says more was paid than the ledger moved, and one that lost its bet.
    await server.db
      .updateTable('bet_record')
      .set({ payout: 9_999 })
      .where('round_id', '=', `rec-${memberId}-1`)
      .execute();
    await server.db.deleteFrom('bet_record').where('round_id', '=', `rec-${memberId}-3`).execute();
    const lines = await reconcile();
    expect(lines[0]).toMatch(/: \d+ rounds, 2 differences$/);
    expect(lines).toContain(
      `  PEARL_LIVE rec-${memberId}-1: record SETTLED stake 1000 payout 9999; ledger stake 1000 payout 1800`,
    );
    expect(lines).toContain(`  PEARL_LIVE rec-${memberId}-3: no record; ledger stake 3000 payout 0`);
    await expect(
      runCommand(['reconcile', 'games', '--date', '2026-13-40'], server.db, () => {}),
    ).rejects.toThrow(/YYYY-MM-DD/);
    // Put the records back as they were, for the other tests' reconciliation.
    await server.db
      .updateTable('bet_record')
      .set({ payout: 1_800 })
      .where('round_id', '=', `rec-${memberId}-1`)
      .execute();
  });

  it('configures a vendor from the CLI with its key sealed, never echoed', async () => {
    const lines: string[] = [];
    const secret = randomBytes(24).toString('base64url');
    await runCommand(
      [
        'vendor',
        'set',
        'APEX_SPORTS',
        '--url',
        'http://127.0.0.1:7777',
        '--alg',
        'hmac-sha256',
        '--timeout',
        '3000',
      ],
      server.db,
      (line) => lines.push(line),
      { vendorKey: secret, serverSecret: () => SESSION_SECRET },
    );
    await runCommand(['vendor', 'list'], server.db, (line) => lines.push(line));
    expect(lines.join('\n')).toContain('APEX_SPORTS\thttp://127.0.0.1:7777\tHMAC-SHA256\ttimeout 3000 ms');
    expect(lines.join('\n')).not.toContain(secret);
    const row = await server.db
      .selectFrom('vendor_connection')
      .select('key_sealed')
      .where('vendor_code', '=', 'APEX_SPORTS')
      .executeTakeFirstOrThrow();
    expect(row.key_sealed).not.toContain(secret);
    await expect(
      runCommand(['vendor', 'set', 'APEX_SPORTS', '--url', 'http://127.0.0.1:7777'], server.db, () => {}, {
        vendorKey: 'short',
        serverSecret: () => SESSION_SECRET,
      }),
    ).rejects.toThrow(/at least 32 characters/);
    await expect(
      runCommand(['vendor', 'set', 'NO_SUCH', '--url', 'http://127.0.0.1:7777'], server.db, () => {}, {
        vendorKey: secret,
        serverSecret: () => SESSION_SECRET,
      }),
    ).rejects.toThrow(/does not carry/);
  });

  it('answers the same 401 for an unknown brand, an unknown vendor and a vendor with no connection', async () => {
    for (const path of [
      '/gw/wallet/NOPE/NEON_SPIN/balance',
      '/gw/wallet/DEMO/NOPE/balance',
      '/gw/wallet/DEMO/DEEPBLUE_FISH/balance',
    ]) {
      const response = await server.fetch(path, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({
        status: 'INVALID_SIGNATURE',
        message: 'The call is not signed by this vendor',
      });
    }
  });
});
