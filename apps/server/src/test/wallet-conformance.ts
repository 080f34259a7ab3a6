import { expect, it } from 'vitest';
import type { WalletResponse } from '@jade/contracts/vendor-wallet';
import { MAX_AMOUNT_PER_CALL, MAX_MEMBER_BALANCE } from '@jade/contracts/wallet';

/**
 * The seamless-wallet conformance kit (issue 10): one suite every vendor's wallet client must pass
 * against the real platform over HTTP. A vendor plugs in how it signs and sends a call; the kit plays
 * rounds through it and checks each answer and the ledger. Registered inside the caller's `describe`.
 */
export type WalletCall = 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback';
export type Tamper = 'body-byte' | 'wrong-key' | 'no-signature' | 'stale-timestamp';
export type Answer = { status: number; body: Record<string, unknown> };
/** Where a signed call is sent instead of where it was signed for: another action, brand or vendor. */
export type Elsewhere = { action?: WalletCall; brand?: 'other'; vendor?: 'other' };

export type ConformanceTarget = {
  /** Sends one call as the vendor does; `tamper` spoils it the way an attacker would. */
  call: (action: WalletCall, body: Record<string, unknown>, tamper?: Tamper) => Promise<Answer>;
  /** A new member of the brand holding `funds` in the main wallet, with a launch code for `gameId`. */
  newPlayer: (funds: number) => Promise<{ memberId: number; launchCode: string }>;
  /** A game session for the member whose token has already expired; answers its launch code. */
  expiredLaunch: (memberId: number) => Promise<string>;
  blockMember: (memberId: number) => Promise<void>;
  /** The member's main-wallet balance, read from the ledger. */
  mainBalance: (memberId: number) => Promise<number>;
  /** The brand's VENDOR_FLOAT balance and whether the ledger's invariants hold. */
  ledger: () => Promise<{ float: number; ok: boolean }>;
  /** The betting record of a round, if any. */
  record: (
    roundId: string,
  ) => Promise<{ status: string; stake: number; payout: number; validBet: number } | undefined>;
  currency: string;
  gameId: string;
  /**
   * Signs a call for `action` of this brand and vendor as the vendor does, then sends the very same
   * headers and bytes `elsewhere`. The other brand and the other vendor hold the same key, so only
   * what the signature covers can tell the calls apart.
   */
  replay: (action: WalletCall, body: Record<string, unknown>, elsewhere: Elsewhere) => Promise<Answer>;
};

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export const walletConformance = (target: () => ConformanceTarget) => {
  /** A funded player with a session: the token, the player id and helpers for its calls. */
  const player = async (funds: number) => {
    const t = target();
    const { memberId, launchCode } = await t.newPlayer(funds);
    const auth = await t.call('authenticate', { launchCode });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    expect(auth.body.status).toBe('OK');
    const session = {
      token: auth.body.token as string,
      player: auth.body.player as string,
      currency: t.currency,
    };
    const bet = (amount: number, round = unique('r'), tx = unique('d')) =>
      t.call('debit', { ...session, transactionId: tx, roundId: round, gameId: t.gameId, amount });
    const pay = (
      bet: { tx: string; round: string },
      amount: number,
      extra: Record<string, unknown> = {},
      tx = unique('c'),
    ) =>
      t.call('credit', {
        ...session,
        transactionId: tx,
        roundId: bet.round,
        gameId: t.gameId,
        referenceTransactionId: bet.tx,
        amount,
        ...extra,
      });
    const undo = (bet: { tx: string; round: string }, tx = unique('rb')) =>
      t.call('rollback', {
        ...session,
        transactionId: tx,
        roundId: bet.round,
        gameId: t.gameId,
        referenceTransactionId: bet.tx,
      });
    return { t, memberId, session, bet, pay, undo, balance: () => t.mainBalance(memberId) };
  };
  const statusOf = (answer: Answer) => (answer.body as WalletResponse).status;

  it('refuses a changed body byte, a wrong key, a missing signature and a stale timestamp, moving nothing', async () => {
    const p = await player(10_000);
    const body = {
      ...p.session,
      transactionId: unique('d'),
      roundId: unique('r'),
      gameId: p.t.gameId,
      amount: 100,
    };
    for (const tamper of ['body-byte', 'wrong-key', 'no-signature', 'stale-timestamp'] as const) {
      const answer = await p.t.call('debit', body, tamper);
      expect(answer.status, tamper).toBe(401);
      expect(answer.body.status).toBe('INVALID_SIGNATURE');
    }
    expect(await p.balance()).toBe(10_000);
    expect(await p.t.record(body.roundId)).toBeUndefined();
  });

  it('answers the balance for a valid token and refuses an unknown one; a launch code works once', async () => {
    const t = target();
    const { memberId, launchCode } = await t.newPlayer(12_345);
    const auth = await t.call('authenticate', { launchCode });
    expect(auth.body).toMatchObject({
      status: 'OK',
      player: String(memberId),
      balance: 12_345,
      currency: t.currency,
    });
    expect((await t.call('authenticate', { launchCode })).body.status).toBe('INVALID_TOKEN');
    const session = { token: auth.body.token, player: auth.body.player, currency: t.currency };
    expect((await t.call('balance', session)).body).toMatchObject({ status: 'OK', balance: 12_345 });
    const unknown = await t.call('balance', { ...session, token: 'no-such-token' });
    expect(unknown.body).toMatchObject({ status: 'INVALID_TOKEN', balance: 0 });
    const otherPlayer = await t.call('balance', { ...session, player: '999999' });
    expect(otherPlayer.body.status).toBe('INVALID_TOKEN');
  });

  it('moves exact amounts at the smallest unit, and pays out more than 60,000,000.00', async () => {
    const p = await player(1);
    const round = unique('r');
    const tx = unique('d');
    expect((await p.bet(1, round, tx)).body).toMatchObject({ status: 'OK', balance: 0 });
    const big = 6_000_000_001;
    expect((await p.pay({ tx, round }, big)).body).toMatchObject({ status: 'OK', balance: big });
    expect(await p.t.record(round)).toMatchObject({ status: 'SETTLED', stake: 1, payout: big, validBet: 1 });
    expect((await p.t.ledger()).ok).toBe(true);
  });

  it('answers insufficient funds with the balance unchanged', async () => {
    const p = await player(500);
    const round = unique('r');
    const answer = await p.bet(501, round);
    expect(answer.body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 500 });
    expect(await p.t.record(round)).toBeUndefined();
    expect(await p.balance()).toBe(500);
  });

  it('charges a replayed debit once, and ten identical debits in parallel once', async () => {
    const p = await player(10_000);
    const round = unique('r');
    const tx = unique('d');
    const first = await p.bet(1_000, round, tx);
    expect(first.body).toMatchObject({ status: 'OK', balance: 9_000 });
    const replay = await p.bet(1_000, round, tx);
    expect(replay.body).toMatchObject({ status: 'OK', balance: 9_000, replayed: true });
    expect(replay.body.platformTransactionId).toBe(first.body.platformTransactionId);

    const parallelTx = unique('d');
    const parallelRound = unique('r');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => p.bet(2_000, parallelRound, parallelTx)),
    );
    for (const a of answers) expect(statusOf(a)).toBe('OK');
    expect(new Set(answers.map((a) => a.body.platformTransactionId)).size).toBe(1);
    expect(await p.balance()).toBe(7_000);
    expect(await p.t.record(parallelRound)).toMatchObject({ status: 'OPEN', stake: 2_000 });
  });

  it('refuses one transaction id with another amount, round or player', async () => {
    const p = await player(10_000);
    const other = await player(10_000);
    const round = unique('r');
    const tx = unique('d');
    await p.bet(1_000, round, tx);
    expect(statusOf(await p.bet(1_001, round, tx))).toBe('TRANSACTION_CONFLICT');
    expect(statusOf(await p.bet(1_000, unique('r'), tx))).toBe('TRANSACTION_CONFLICT');
    expect(statusOf(await other.bet(1_000, round, tx))).toBe('TRANSACTION_CONFLICT');
    expect(await p.balance()).toBe(9_000);
    expect(await other.balance()).toBe(10_000);
  });

  it('refuses a credit to an unknown bet, applies a repeated credit once, and settles a zero credit as a loss', async () => {
    const p = await player(10_000);
    const unknown = await p.pay({ tx: unique('d'), round: unique('r') }, 500);
    expect(unknown.body).toMatchObject({ status: 'UNKNOWN_TRANSACTION', balance: 10_000 });

    const round = unique('r');
    const tx = unique('d');
    await p.bet(1_000, round, tx);
    const creditTx = unique('c');
    expect((await p.pay({ tx, round }, 2_500, {}, creditTx)).body).toMatchObject({
      status: 'OK',
      balance: 11_500,
    });
    expect((await p.pay({ tx, round }, 2_500, {}, creditTx)).body).toMatchObject({
      status: 'OK',
      balance: 11_500,
      replayed: true,
    });
    expect(statusOf(await p.pay({ tx, round }, 2_600, {}, creditTx))).toBe('TRANSACTION_CONFLICT');

    const lostRound = unique('r');
    const lostTx = unique('d');
    await p.bet(700, lostRound, lostTx);
    expect((await p.pay({ tx: lostTx, round: lostRound }, 0)).body).toMatchObject({
      status: 'OK',
      balance: 10_800,
    });
    expect(await p.t.record(lostRound)).toMatchObject({ status: 'SETTLED', stake: 700, payout: 0 });
    // A settled round takes no more bets.
    expect(statusOf(await p.bet(100, lostRound))).toBe('ROUND_CLOSED');
  });

  it('restores the balance on a rollback, and a repeated rollback does nothing', async () => {
    const p = await player(5_000);
    const round = unique('r');
    const tx = unique('d');
    await p.bet(2_000, round, tx);
    const rollbackTx = unique('rb');
    expect((await p.undo({ tx, round }, rollbackTx)).body).toMatchObject({ status: 'OK', balance: 5_000 });
    expect((await p.undo({ tx, round }, rollbackTx)).body).toMatchObject({
      status: 'OK',
      balance: 5_000,
      replayed: true,
    });
    expect((await p.undo({ tx, round })).body).toMatchObject({ status: 'OK', balance: 5_000 });
    expect(await p.t.record(round)).toMatchObject({ status: 'VOID', stake: 0 });
  });

  it('leaves a tombstone for a rollback of an unknown bet, so the late bet takes no money', async () => {
    const p = await player(5_000);
    const round = unique('r');
    const tx = unique('d');
    expect((await p.undo({ tx, round })).body).toMatchObject({ status: 'OK', balance: 5_000 });
    const late = await p.bet(1_000, round, tx);
    expect(late.body).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK', balance: 5_000 });
    expect(await p.balance()).toBe(5_000);
  });

  it('refuses a credit after a rollback and a rollback after a credit', async () => {
    const p = await player(5_000);
    const a = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, a.round, a.tx);
    await p.undo(a);
    expect((await p.pay(a, 3_000)).body).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK', balance: 5_000 });

    const b = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, b.round, b.tx);
    await p.pay(b, 1_500);
    expect((await p.undo(b)).body).toMatchObject({ status: 'TRANSACTION_SETTLED', balance: 5_500 });
  });

  it('refuses bets on an expired token or of a blocked member, while credits and rollbacks of earlier bets pass', async () => {
    const p = await player(10_000);
    const a = { round: unique('r'), tx: unique('d') };
    const b = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, a.round, a.tx);
    await p.bet(1_000, b.round, b.tx);
    await p.t.blockMember(p.memberId);
    expect((await p.bet(500)).body).toMatchObject({ status: 'PLAYER_BLOCKED', balance: 8_000 });
    expect((await p.pay(a, 4_000)).body).toMatchObject({ status: 'OK', balance: 12_000 });
    expect((await p.undo(b)).body).toMatchObject({ status: 'OK', balance: 13_000 });

    const q = await player(3_000);
    const c = { round: unique('r'), tx: unique('d') };
    await q.bet(1_000, c.round, c.tx);
    const expired = await q.t.call('authenticate', { launchCode: await q.t.expiredLaunch(q.memberId) });
    const stale = { ...q.session, token: expired.body.token as string };
    const refused = await q.t.call('debit', {
      ...stale,
      transactionId: unique('d'),
      roundId: unique('r'),
      gameId: q.t.gameId,
      amount: 100,
    });
    expect(refused.body).toMatchObject({ status: 'TOKEN_EXPIRED', balance: 2_000 });
    expect((await q.pay(c, 0)).body).toMatchObject({ status: 'OK', balance: 2_000 });
  });

  it('keeps several open rounds of one member apart', async () => {
    const p = await player(10_000);
    const rounds = Array.from({ length: 4 }, (_, i) => ({
      round: unique('r'),
      tx: unique('d'),
      stake: 1_000 * (i + 1),
    }));
    for (const r of rounds) expect(statusOf(await p.bet(r.stake, r.round, r.tx))).toBe('OK');
    expect(await p.balance()).toBe(0);
    await p.pay(rounds[2]!, 6_000);
    await p.undo(rounds[0]!);
    expect(await p.balance()).toBe(7_000);
    expect(await p.t.record(rounds[1]!.round)).toMatchObject({ status: 'OPEN', stake: 2_000 });
    expect(await p.t.record(rounds[2]!.round)).toMatchObject({ status: 'SETTLED', payout: 6_000 });
    expect(await p.t.record(rounds[0]!.round)).toMatchObject({ status: 'VOID' });
    expect((await p.t.ledger()).ok).toBe(true);
  });

  it('takes duplicate callbacks sent at once as one', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(3_000, r.round, r.tx);
    const creditTx = unique('c');
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.pay(r, 4_000, {}, creditTx)));
    for (const a of answers) expect(statusOf(a)).toBe('OK');
    expect(await p.balance()).toBe(11_000);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'SETTLED', payout: 4_000 });
  });
  // Issue 19 item 1: a vendor that sends several settlements of one bet under different ids at once
  // (a retry that mints a new id, two workers of its own) must not be paid more than once. Sent at
  // once, these reach the platform on as many connections as it holds (PostgreSQL: its pool).
  it('pays a bet once when ten credits of it under different ids arrive at once', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, r.round, r.tx);
    const answers = await Promise.all(Array.from({ length: 10 }, () => p.pay(r, 5_000)));
    const statuses = answers.map(statusOf);
    expect(
      statuses.filter((s) => s === 'OK'),
      statuses.join(),
    ).toHaveLength(1);
    // Decision 0022: a credit of a bet whose round is already settled is refused, nothing moves.
    expect(statuses.filter((s) => s === 'TRANSACTION_SETTLED')).toHaveLength(9);
    expect(await p.balance()).toBe(14_000);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'SETTLED', stake: 1_000, payout: 5_000 });
    const late = await p.pay(r, 5_000);
    expect(late.body).toMatchObject({ status: 'TRANSACTION_SETTLED', balance: 14_000 });
    expect((await p.t.ledger()).ok).toBe(true);
  });

  it('refunds a bet once when six rollbacks of it under different ids arrive at once', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, r.round, r.tx);
    const answers = await Promise.all(Array.from({ length: 6 }, () => p.undo(r)));
    // A second rollback of a rolled-back bet is recorded and moves nothing (decision 0016).
    for (const a of answers) expect(statusOf(a)).toBe('OK');
    expect(await p.balance()).toBe(10_000);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'VOID', stake: 0 });
    expect((await p.t.ledger()).ok).toBe(true);
  });

  it('settles a bet one way when credits and rollbacks of it arrive at once', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, r.round, r.tx);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? p.pay(r, 5_000) : p.undo(r))),
    );
    const credited = answers.filter((a, i) => i % 2 === 0 && statusOf(a) === 'OK').length;
    const refunded = answers.filter((a, i) => i % 2 === 1 && statusOf(a) === 'OK').length;
    const record = await p.t.record(r.round);
    if (credited > 0) {
      expect(credited).toBe(1);
      expect(refunded).toBe(0);
      expect(await p.balance()).toBe(14_000);
      expect(record).toMatchObject({ status: 'SETTLED', stake: 1_000, payout: 5_000 });
    } else {
      expect(refunded).toBe(4);
      expect(await p.balance()).toBe(10_000);
      expect(record).toMatchObject({ status: 'VOID', stake: 0, payout: 0 });
    }
    expect((await p.t.ledger()).ok).toBe(true);
  });

  it('settles every bet once when many calls of many bets, identical and distinct, arrive at once', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => player(10_000)));
    const bets = players.map((p) => ({ p, round: unique('r'), tx: unique('d') }));
    for (const b of bets) expect(statusOf(await b.p.bet(2_000, b.round, b.tx))).toBe('OK');
    const floatBefore = (await bets[0]!.p.t.ledger()).float;
    // Per bet: one credit sent three times, three credits under their own ids, two rollbacks.
    const calls = bets.flatMap((b) => {
      const same = unique('c');
      return [
        () => b.p.pay(b, 3_000, {}, same),
        () => b.p.pay(b, 3_000, {}, same),
        () => b.p.pay(b, 3_000, {}, same),
        () => b.p.pay(b, 3_000),
        () => b.p.pay(b, 3_000),
        () => b.p.pay(b, 3_000),
        () => b.p.undo(b),
        () => b.p.undo(b),
      ];
    });
    const answers = await Promise.all(calls.map((send) => send()));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    let moved = 0;
    for (const b of bets) {
      const record = await b.p.t.record(b.round);
      const balance = await b.p.balance();
      if (record?.status === 'SETTLED') {
        expect(record).toMatchObject({ stake: 2_000, payout: 3_000 });
        expect(balance).toBe(11_000);
      } else {
        expect(record).toMatchObject({ status: 'VOID', stake: 0, payout: 0 });
        expect(balance).toBe(10_000);
      }
      moved += balance - 8_000;
    }
    const after = await bets[0]!.p.t.ledger();
    expect(after.ok).toBe(true);
    expect(floatBefore - after.float).toBe(moved);
  });

  it('pays every part of a bet credited in parts while its round is open, and nothing after it closes', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, r.round, r.tx);
    const parts = await Promise.all(Array.from({ length: 5 }, () => p.pay(r, 1_000, { roundClosed: false })));
    for (const a of parts) expect(statusOf(a)).toBe('OK');
    expect(await p.t.record(r.round)).toMatchObject({ status: 'OPEN', payout: 5_000 });
    expect((await p.pay(r, 500)).body).toMatchObject({ status: 'OK', balance: 14_500 });
    expect(statusOf(await p.pay(r, 700, { roundClosed: false }))).toBe('TRANSACTION_SETTLED');
    expect(statusOf(await p.undo(r))).toBe('TRANSACTION_SETTLED');
    expect(await p.balance()).toBe(14_500);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'SETTLED', stake: 1_000, payout: 5_500 });
  });

  // Issue 19 item 16: a rollback names a bet; one naming a credit, or itself, cannot be read.
  it('refuses with a 400 a rollback that names a credit or itself instead of a bet, moving nothing', async () => {
    const p = await player(10_000);
    const r = { round: unique('r'), tx: unique('d') };
    await p.bet(1_000, r.round, r.tx);
    const creditTx = unique('c');
    await p.pay(r, 2_000, { roundClosed: false }, creditTx);
    const ofCredit = await p.undo({ round: r.round, tx: creditTx });
    expect(ofCredit.status, JSON.stringify(ofCredit.body)).toBe(400);
    expect(ofCredit.body.status).toBe('BAD_REQUEST');
    const selfTx = unique('rb');
    const ofItself = await p.undo({ round: r.round, tx: selfTx }, selfTx);
    expect(ofItself.status, JSON.stringify(ofItself.body)).toBe(400);
    expect(ofItself.body.status).toBe('BAD_REQUEST');
    expect(await p.balance()).toBe(11_000);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'OPEN', stake: 1_000, payout: 2_000 });
  });
  // Issue 19 item 11: two credits of 2^53 - 1 made a balance SQLite could not hold exactly (and the
  // balance call answered 500); PostgreSQL answered 500 at once.
  it('refuses an amount over the per-call bound with a 400, and a credit past the balance bound with BALANCE_LIMIT', async () => {
    const p = await player(MAX_MEMBER_BALANCE - 1_000);
    const r = { round: unique('r'), tx: unique('d') };
    expect((await p.bet(1_000, r.round, r.tx)).body).toMatchObject({ status: 'OK' });
    for (const amount of [Number.MAX_SAFE_INTEGER, MAX_AMOUNT_PER_CALL + 1]) {
      const huge = await p.pay(r, amount, { roundClosed: false });
      expect(huge.status, JSON.stringify(huge.body)).toBe(400);
      expect(huge.body.status).toBe('BAD_REQUEST');
      const hugeBet = await p.bet(amount, r.round);
      expect(hugeBet.status).toBe(400);
    }
    const over = await p.pay(r, 2_001, { roundClosed: false });
    expect(over.body).toMatchObject({ status: 'BALANCE_LIMIT', balance: MAX_MEMBER_BALANCE - 2_000 });
    expect((await p.pay(r, 2_000)).body).toMatchObject({ status: 'OK', balance: MAX_MEMBER_BALANCE });
    const session = await p.t.call('balance', p.session);
    expect(session.body).toMatchObject({ status: 'OK', balance: MAX_MEMBER_BALANCE });
    expect(await p.balance()).toBe(MAX_MEMBER_BALANCE);
    expect(await p.t.record(r.round)).toMatchObject({ status: 'SETTLED', payout: 2_000 });
    expect((await p.t.ledger()).ok).toBe(true);
  });
};

/**
 * Issue 19: a signature is good for the one call it was made for. A signed body sent to another
 * action, brand or vendor is refused (401) and moves nothing, and a key a call does not define is
 * refused (400), never dropped. Registered inside the caller's `describe`, beside walletConformance.
 */
export const walletReplayConformance = (target: () => ConformanceTarget) => {
  const opened = async (funds: number) => {
    const t = target();
    const { memberId, launchCode } = await t.newPlayer(funds);
    const auth = await t.call('authenticate', { launchCode });
    expect(auth.body.status, JSON.stringify(auth.body)).toBe('OK');
    const session = {
      token: auth.body.token as string,
      player: auth.body.player as string,
      currency: t.currency,
    };
    return { t, memberId, session };
  };

  it('refuses a signed credit sent to /debit and a signed zero credit sent to /rollback, moving nothing', async () => {
    const { t, memberId, session } = await opened(10_000);
    const round = unique('r');
    const bet = unique('d');
    const staked = await t.call('debit', {
      ...session,
      transactionId: bet,
      roundId: round,
      gameId: t.gameId,
      amount: 1_000,
    });
    expect(staked.body).toMatchObject({ status: 'OK', balance: 9_000 });
    const credit = (amount: number) => ({
      ...session,
      transactionId: unique('c'),
      roundId: round,
      gameId: t.gameId,
      referenceTransactionId: bet,
      amount,
    });
    // Read as a debit, a credit of 500 would charge 500; read as a rollback, a zero credit refunds the stake.
    const asDebit = await t.replay('credit', credit(500), { action: 'debit' });
    expect(asDebit.status).toBe(401);
    expect(asDebit.body.status).toBe('INVALID_SIGNATURE');
    const asRollback = await t.replay('credit', credit(0), { action: 'rollback' });
    expect(asRollback.status).toBe(401);
    expect(asRollback.body.status).toBe('INVALID_SIGNATURE');
    expect(await t.mainBalance(memberId)).toBe(9_000);
    expect(await t.record(round)).toMatchObject({ status: 'OPEN', stake: 1_000, payout: 0 });
    // The same credit sent where it was signed for pays.
    expect((await t.call('credit', credit(0))).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect(await t.record(round)).toMatchObject({ status: 'SETTLED', stake: 1_000, payout: 0 });
  });

  it('refuses a signed call sent to another brand or another vendor holding the same key', async () => {
    const { t, memberId, session } = await opened(10_000);
    const debit = {
      ...session,
      transactionId: unique('d'),
      roundId: unique('r'),
      gameId: t.gameId,
      amount: 100,
    };
    for (const elsewhere of [
      { brand: 'other' },
      { vendor: 'other' },
      { brand: 'other', vendor: 'other' },
    ] as const) {
      for (const action of ['balance', 'debit'] as const) {
        const answer = await t.replay(action, action === 'balance' ? session : debit, elsewhere);
        expect(answer.status, `${action} ${JSON.stringify(elsewhere)}`).toBe(401);
        expect(answer.body.status).toBe('INVALID_SIGNATURE');
      }
    }
    expect(await t.mainBalance(memberId)).toBe(10_000);
    expect(await t.record(debit.roundId)).toBeUndefined();
  });

  it('refuses a key a wallet call does not define instead of dropping it', async () => {
    const { t, memberId, session } = await opened(10_000);
    const round = unique('r');
    const debit = { ...session, transactionId: unique('d'), roundId: round, gameId: t.gameId, amount: 100 };
    for (const [action, body] of [
      ['balance', { ...session, amount: 1 }],
      ['debit', { ...debit, referenceTransactionId: unique('d') }],
      ['rollback', { ...debit, referenceTransactionId: unique('d') }],
      ['credit', { ...debit, referenceTransactionId: unique('d'), bonus: 1 }],
    ] as const) {
      const answer = await t.call(action, body);
      expect(answer.status, action).toBe(400);
      expect(answer.body.status).toBe('BAD_REQUEST');
    }
    expect(await t.mainBalance(memberId)).toBe(10_000);
    expect(await t.record(round)).toBeUndefined();
  });
};
