import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorTarget } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import type { Merchant } from '../merchants/repo.js';
import * as merchants from '../merchants/service.js';

/**
 * Distinct seamless calls on the same member, bet or round sent at once (each with its own transaction
 * id, not replays): the locked reads and conditional writes of decisions 0016 and 0096 let exactly the
 * calls through that some order of them would, on SQLite and on PostgreSQL with its pool of
 * connections, and the member's money and the vendor float stay zero-sum.
 */
const CAPTCHA = 'r4ce';
const SESSION_SECRET = randomBytes(32).toString('hex');
const HMAC = randomBytes(32).toString('base64url');
let server: TestServer;
let demo: Merchant;

beforeAll(async () => {
  server = await startTestServer(
    { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA },
  );
  demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
});
afterAll(() => checkAndClose(server));

const target = vendorTarget(
  { server: () => server, merchant: () => demo, sessionSecret: SESSION_SECRET, captcha: CAPTCHA },
  {
    vendorCode: 'NEON_SPIN',
    gameId: 'NEON-races',
    algorithm: 'HMAC-SHA256',
    signingKey: HMAC,
    platformKey: HMAC,
  },
);

let players = 0;
/** A member with `funds` in the main wallet and a game session the vendor's calls name. */
const player = async (funds: number) => {
  const t = target();
  const { memberId, launchCode } = await t.newPlayer(funds);
  const auth = await t.call('authenticate', { launchCode });
  expect(auth.status).toBe(200);
  const session = {
    token: auth.body.token,
    player: auth.body.player,
    currency: t.currency,
    gameId: t.gameId,
  };
  const name = `race${++players}`;
  return {
    memberId,
    id: (kind: string) => `${name}-${kind}`,
    call: (action: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) =>
      t.call(action, { ...session, ...body }),
  };
};

describe('seamless calls of one member sent at once, each its own', () => {
  it('debits never take more than the balance', async () => {
    const t = target();
    const floatBefore = (await t.ledger()).float;
    const members = await Promise.all(Array.from({ length: 4 }, () => player(1_000)));
    // Each member: 8 debits of 300 at once, in 2 rounds; 3 fit in 1,000.
    const answers = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 8 }, (_, n) =>
          m.call('debit', { transactionId: m.id(`d${n}`), roundId: m.id(`r${n % 2}`), amount: 300 }),
        ),
      ),
    );
    for (const [i, m] of members.entries()) {
      const own = answers.slice(i * 8, i * 8 + 8);
      const taken = own.filter((a) => a.body.status === 'OK').length;
      expect(taken, JSON.stringify(own.map((a) => a.body.status))).toBe(3);
      expect(await t.mainBalance(m.memberId)).toBe(100);
      const rounds = await Promise.all([t.record(m.id('r0')), t.record(m.id('r1'))]);
      expect(rounds.reduce((sum, r) => sum + (r?.stake ?? 0), 0)).toBe(900);
    }
    const after = await t.ledger();
    expect(after.float - floatBefore).toBe(4 * 900);
    expect(after.ok).toBe(true);
  });

  it('a credit and a rollback of one bet: one of them, never both', async () => {
    const t = target();
    const floatBefore = (await t.ledger()).float;
    const members = await Promise.all(Array.from({ length: 8 }, () => player(10_000)));
    for (const m of members) {
      const debit = await m.call('debit', { transactionId: m.id('d'), roundId: m.id('r'), amount: 1_000 });
      expect(debit.body.status).toBe('OK');
    }
    // All 16 at once: each member's credit and rollback of its one bet.
    await Promise.all(
      members.flatMap((m) => [
        m.call('credit', {
          transactionId: m.id('c'),
          roundId: m.id('r'),
          referenceTransactionId: m.id('d'),
          amount: 2_500,
          roundClosed: false,
        }),
        m.call('rollback', {
          transactionId: m.id('rb'),
          roundId: m.id('r'),
          referenceTransactionId: m.id('d'),
        }),
      ]),
    );
    let held = 0;
    for (const m of members) {
      const balance = await t.mainBalance(m.memberId);
      const round = await t.record(m.id('r'));
      if (balance === 10_000) {
        // Rolled back first: the credit found the bet rolled back and paid nothing.
        expect(round).toMatchObject({ status: 'VOID', stake: 0, payout: 0 });
      } else {
        // Credited first: the rollback found the bet credited and returned nothing.
        expect(balance).toBe(10_000 - 1_000 + 2_500);
        expect(round).toMatchObject({ status: 'OPEN', stake: 1_000, payout: 2_500 });
      }
      held += 10_000 - balance;
    }
    const after = await t.ledger();
    expect(after.float - floatBefore).toBe(held);
    expect(after.ok).toBe(true);
  });

  it('closing credits of one round: the first closes it, the others pay nothing', async () => {
    const t = target();
    const floatBefore = (await t.ledger()).float;
    const members = await Promise.all(Array.from({ length: 4 }, () => player(10_000)));
    for (const m of members) {
      const debit = await m.call('debit', { transactionId: m.id('d'), roundId: m.id('r'), amount: 1_000 });
      expect(debit.body.status).toBe('OK');
    }
    const amounts = [100, 200, 300, 400, 500];
    const answers = await Promise.all(
      members.flatMap((m) =>
        amounts.map((amount, n) =>
          m.call('credit', {
            transactionId: m.id(`c${n}`),
            roundId: m.id('r'),
            referenceTransactionId: m.id('d'),
            amount,
            roundClosed: true,
          }),
        ),
      ),
    );
    let held = 0;
    for (const [i, m] of members.entries()) {
      const own = answers.slice(i * amounts.length, (i + 1) * amounts.length);
      const paid = own.flatMap((a, n) => (a.body.status === 'OK' ? [amounts[n]!] : []));
      expect(paid, JSON.stringify(own.map((a) => a.body))).toHaveLength(1);
      const balance = await t.mainBalance(m.memberId);
      expect(balance).toBe(10_000 - 1_000 + paid[0]!);
      expect(await t.record(m.id('r'))).toMatchObject({ status: 'SETTLED', stake: 1_000, payout: paid[0] });
      held += 10_000 - balance;
    }
    const after = await t.ledger();
    expect(after.float - floatBefore).toBe(held);
    expect(after.ok).toBe(true);
  });
});
