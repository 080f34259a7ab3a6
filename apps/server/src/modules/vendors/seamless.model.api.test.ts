import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorTarget } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import type { Merchant } from '../merchants/repo.js';
import * as merchants from '../merchants/service.js';
import { checkInvariants } from '../wallet/ledger.js';

/**
 * Property: whatever sequence of debits, credits, rollbacks, replays and lost answers (a call sent
 * again, or twice at once, after a timeout) a vendor sends across several open rounds, the member's
 * balance is the model's, and what left the member sits in the vendor float (zero-sum).
 */
const CAPTCHA = 'm0d3';
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
    gameId: 'NEON-conformance',
    algorithm: 'HMAC-SHA256',
    signingKey: HMAC,
    platformKey: HMAC,
  },
);

type Command =
  | { kind: 'debit'; tx: number; round: number; amount: number; sends: number }
  | { kind: 'credit'; id: number; tx: number; amount: number; close: boolean; sends: number }
  | { kind: 'rollback'; id: number; tx: number; round: number; sends: number };

const amount = fc.constantFrom(1, 100, 1_000, 5_000);
/** How the call goes out: once, again after a lost answer, or twice at once. */
const sends = fc.constantFrom(1, 1, 2, 3);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('debit' as const), tx: fc.nat(5), round: fc.nat(2), amount, sends }),
  fc.record({
    kind: fc.constant('credit' as const),
    id: fc.nat(3),
    tx: fc.nat(5),
    amount: fc.constantFrom(0, 1, 2_000, 9_000),
    close: fc.boolean(),
    sends,
  }),
  fc.record({
    kind: fc.constant('rollback' as const),
    id: fc.nat(3),
    tx: fc.nat(5),
    round: fc.nat(2),
    sends,
  }),
);

type Bet = { round: number; amount: number; status: 'APPLIED' | 'CREDITED' | 'ROLLED_BACK' | 'TOMBSTONE' };
type Round = { status: 'OPEN' | 'SETTLED' | 'VOID'; stake: number; payout: number };

/** The rules of decision 0016, written plainly. */
class Model {
  balance: number;
  bets = new Map<number, Bet>();
  rounds = new Map<number, Round>();
  credits = new Map<number, { tx: number; amount: number }>();
  rollbacks = new Map<number, { tx: number; round: number }>();
  constructor(funds: number) {
    this.balance = funds;
  }

  apply(c: Command) {
    if (c.kind === 'debit') {
      if (this.bets.has(c.tx)) return;
      const round = this.rounds.get(c.round);
      if (round && round.status !== 'OPEN') return;
      if (c.amount > this.balance) return;
      this.balance -= c.amount;
      this.bets.set(c.tx, { round: c.round, amount: c.amount, status: 'APPLIED' });
      if (round) round.stake += c.amount;
      else this.rounds.set(c.round, { status: 'OPEN', stake: c.amount, payout: 0 });
    } else if (c.kind === 'credit') {
      if (this.credits.has(c.id)) return;
      const bet = this.bets.get(c.tx);
      if (!bet || bet.status === 'TOMBSTONE' || bet.status === 'ROLLED_BACK') return;
      const round = this.rounds.get(bet.round)!;
      if (round.status !== 'OPEN') return;
      this.balance += c.amount;
      bet.status = 'CREDITED';
      this.credits.set(c.id, { tx: c.tx, amount: c.amount });
      round.payout += c.amount;
      if (c.close) round.status = 'SETTLED';
    } else {
      if (this.rollbacks.has(c.id)) return;
      const bet = this.bets.get(c.tx);
      if (!bet) {
        this.bets.set(c.tx, { round: c.round, amount: 0, status: 'TOMBSTONE' });
        this.rollbacks.set(c.id, { tx: c.tx, round: c.round });
        return;
      }
      if (bet.round !== c.round || bet.status === 'CREDITED') return;
      if (bet.status === 'ROLLED_BACK' || bet.status === 'TOMBSTONE') {
        this.rollbacks.set(c.id, { tx: c.tx, round: c.round });
        return;
      }
      const round = this.rounds.get(bet.round)!;
      if (round.status !== 'OPEN') return;
      this.balance += bet.amount;
      bet.status = 'ROLLED_BACK';
      this.rollbacks.set(c.id, { tx: c.tx, round: c.round });
      round.stake -= bet.amount;
      if (round.stake === 0 && round.payout === 0) round.status = 'VOID';
    }
  }
}

let runs = 0;

describe('seamless wallet against a model', () => {
  it('keeps the member balance equal to the model and the float zero-sum with it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const run = ++runs;
        const t = target();
        const funds = 10_000;
        const { memberId, launchCode } = await t.newPlayer(funds);
        const auth = await t.call('authenticate', { launchCode });
        const session = { token: auth.body.token, player: auth.body.player, currency: t.currency };
        const floatBefore = (await t.ledger()).float;
        const model = new Model(funds);
        const id = (kind: string, n: number) => `m${run}-${kind}${n}`;
        for (const c of commands) {
          const body =
            c.kind === 'debit'
              ? { transactionId: id('d', c.tx), roundId: id('r', c.round), amount: c.amount }
              : c.kind === 'credit'
                ? {
                    transactionId: id('c', c.id),
                    // A credit names its bet's round; for a bet never placed, round 0.
                    roundId: id('r', model.bets.get(c.tx)?.round ?? 0),
                    referenceTransactionId: id('d', c.tx),
                    amount: c.amount,
                    roundClosed: c.close,
                  }
                : {
                    transactionId: id('rb', c.id),
                    roundId: id('r', c.round),
                    referenceTransactionId: id('d', c.tx),
                  };
          const send = () => t.call(c.kind, { ...session, gameId: t.gameId, ...body });
          // The first send's answer is "lost" when there are more: the call goes out again, or at once twice.
          if (c.sends === 3) await Promise.all([send(), send()]);
          else for (let i = 0; i < c.sends; i++) await send();
          model.apply(c);
        }
        expect(await t.mainBalance(memberId)).toBe(model.balance);
        const after = await t.ledger();
        expect(after.float - floatBefore).toBe(funds - model.balance);
        for (const [n, round] of model.rounds) {
          const record = await t.record(id('r', n));
          expect(record, `round ${n}`).toMatchObject({
            status: round.status,
            stake: round.stake,
            payout: round.payout,
          });
        }
      }),
      { numRuns: Number(process.env.SEAMLESS_MODEL_RUNS ?? 25) },
    );
    expect((await checkInvariants(server.db)).ok).toBe(true);
  }, 240_000);
});

/**
 * Distinct calls on the same member, bet or round sent at once (each with its own transaction id, not
 * replays): the locked reads and conditional writes of decisions 0016 and 0096 let exactly the calls
 * through that some order of them would, on SQLite and on PostgreSQL with its pool of connections,
 * and the member's money and the vendor float stay zero-sum.
 */
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

/** A player whose bet `d` of 1,000 in round `r` the vendor has debited. */
const playerWithBet = async (funds: number) => {
  const m = await player(funds);
  const debit = await m.call('debit', { transactionId: m.id('d'), roundId: m.id('r'), amount: 1_000 });
  expect(debit.body.status).toBe('OK');
  return m;
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
    const members = await Promise.all(Array.from({ length: 8 }, () => playerWithBet(10_000)));
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
    const members = await Promise.all(Array.from({ length: 4 }, () => playerWithBet(10_000)));
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
