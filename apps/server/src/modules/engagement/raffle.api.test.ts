import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../platform/db/index.js';
import { dayOf } from '../../platform/time-zone.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { addToDailySummary } from '../games/bet-records.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { drawDueRaffles } from './raffle.js';

const CAPTCHA = 'r4ff';
const HOUR = 60 * 60 * 1000;

let server: TestServer;
let second: DbHandle;
let demoId: number;
let timeZone: string;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  second = openDb(server.databaseUrl);
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  demoId = demo.id;
  timeZone = demo.timeZone;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await createOperator(server.db, {
    username: 'raffle-admin',
    password: 'correct horse battery',
    role: 'ADMIN',
    merchantId: demoId,
  });
  const login = await createClient(server).call('POST', '/api/operator/login', {
    body: { username: 'raffle-admin', password: 'correct horse battery' },
  });
  adminToken = login.body.value.token;
});
afterAll(async () => {
  await second?.close();
  await checkAndClose(server);
});

const visitor = () => createClient(server);

let raffleSeq = 0;
/** A raffle through the operator API: open an hour ago, closing in an hour; answers its id and close. */
const makeRaffle = async (prizes: number[], extra: Record<string, unknown> = {}) => {
  const closesAt = new Date(Date.now() + HOUR);
  const made = await createClient(server).call('POST', '/api/operator/raffles', {
    token: adminToken,
    body: {
      code: `T_RAFFLE_${++raffleSeq}`,
      titles: { EN: 'Year-end raffle', TY: 'Xổ số cuối năm' },
      basis: 'VALID_BET',
      unitAmount: 1_000,
      maxTickets: 5,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: closesAt.toISOString(),
      prizes,
      ...extra,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { id: made.body.value.id as number, closesAt, seedHash: made.body.value.seedHash as string };
};

const newMember = async (validBet: number) => {
  const { client, token, memberId } = await registeredMember(server, { prefix: 'raf', captcha: CAPTCHA });
  if (validBet > 0) {
    await addToDailySummary(server.db, {
      merchantId: demoId,
      memberId,
      day: dayOf(timeZone, new Date()),
      category: 'RNG',
      stake: validBet,
      validBet,
      payout: 0,
      winLoss: -validBet,
    });
  }
  const join = (raffleId: number) =>
    client.call('POST', '/wps/relay/MCS2_claimRafflePromotion', { token, body: { raffleId } });
  const main = async () =>
    (await client.call('GET', '/wps/v2/wallets/balance', { token })).body.value.wallets[0].balance as number;
  return { memberId, join, main, token, client };
};

const detail = async (raffleId: number) => {
  const d = await visitor().call('GET', `/wps/relay/MCSFE_getRaffleDetail?raffleId=${raffleId}`);
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  return d.body.value;
};

/**
 * The published procedure, written again here from its text (decision 0053) with node:crypto only:
 * digits from HMAC-SHA256(seed, "<key>:<cursor>") bytes below 250, k digits per try, rejection at
 * floor(10^k / T) × T, the winning entry leaves the list.
 */
const recompute = (
  seed: string,
  key: string,
  entries: { entryId: number; tickets: number }[],
  prizes: number,
) => {
  const digits: number[] = [];
  let cursor = 0;
  const digit = () => {
    while (digits.length === 0) {
      for (const b of createHmac('sha256', seed).update(`${key}:${cursor++}`).digest()) {
        if (b < 250) digits.push(b % 10);
      }
    }
    return digits.shift()!;
  };
  const left = [...entries];
  const won: number[] = [];
  while (won.length < prizes && left.length > 0) {
    const total = left.reduce((s, e) => s + e.tickets, 0);
    const k = String(total - 1).length;
    const limit = Math.floor(10 ** k / total) * total;
    let v = limit;
    while (v >= limit) v = Number(Array.from({ length: k }, digit).join(''));
    let t = v % total;
    const i = left.findIndex((e) => (t < e.tickets ? true : ((t -= e.tickets), false)));
    won.push(left[i]!.entryId);
    left.splice(i, 1);
  }
  return won;
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('a raffle drawn by the fair procedure', () => {
  it('publishes the commitment while open, pays the winners the recomputed draw names, and reveals the seed', async () => {
    const prizes = [30_000, 20_000, 10_000];
    const raffle = await makeRaffle(prizes);
    const open = await detail(raffle.id);
    expect(open).toMatchObject({
      status: 'OPEN',
      seedHash: raffle.seedHash,
      serverSeed: null,
      entriesHash: null,
    });
    expect(open.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const members = [
      await newMember(2_500),
      await newMember(7_000),
      await newMember(1_000),
      await newMember(3_000),
    ];
    const idle = await newMember(0);
    const refused = await idle.join(raffle.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('RAFFLE_NO_TICKETS');

    const joined: { entryId: number; tickets: number }[] = [];
    for (const m of members) {
      const first = await m.join(raffle.id);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      // Joining again is the same entry, not more tickets.
      const again = await m.join(raffle.id);
      expect(again.body.value).toEqual(first.body.value);
      joined.push(first.body.value);
    }
    expect(joined.map((j) => j.tickets)).toEqual([2, 5, 1, 3]);
    const listed = await members[0]!.client.call('GET', '/wps/relay/MCSFE_getRaffles', {
      token: members[0]!.token,
    });
    expect(listed.body.value.raffles.find((r: { id: number }) => r.id === raffle.id)).toMatchObject({
      entryCount: 4,
      ticketCount: 11,
      mine: { entryId: joined[0]!.entryId, tickets: 2, earned: 2 },
    });
    const before = await Promise.all(members.map((m) => m.main()));

    // Not yet closed: the job draws nothing.
    expect(await drawDueRaffles(server.db, server.serverSecret)).toBe(0);
    expect(
      await drawDueRaffles(server.db, server.serverSecret, new Date(raffle.closesAt.getTime() + 1_000)),
    ).toBe(1);

    const drawn = await detail(raffle.id);
    expect(drawn.status).toBe('DRAWN');
    expect(drawn.seedHash).toBe(open.seedHash);
    expect(sha256(drawn.serverSeed)).toBe(open.seedHash);
    const entries = drawn.entries as { entryId: number; tickets: number; account: string }[];
    expect(entries.map((e) => e.entryId)).toEqual(joined.map((j) => j.entryId));
    expect(drawn.entriesHash).toBe(sha256(entries.map((e) => `${e.entryId}:${e.tickets}`).join('\n')));
    expect(drawn.drawKey).toBe(`RAFFLE:DEMO:T_RAFFLE_${raffleSeq}`);

    const winners = recompute(drawn.serverSeed, drawn.drawKey, entries, prizes.length);
    expect(drawn.winners.map((w: { account: string }) => w.account)).toEqual(
      winners.map((id) => entries.find((e) => e.entryId === id)!.account),
    );
    const after = await Promise.all(members.map((m) => m.main()));
    const paid = members.map((_, i) => after[i]! - before[i]!);
    const expected = members.map((_, i) => {
      const rank = winners.indexOf(joined[i]!.entryId);
      return rank < 0 ? 0 : prizes[rank]!;
    });
    expect(paid).toEqual(expected);

    // Winners are told in their inbox.
    const messages = await server.db
      .selectFrom('inbox_message')
      .select(['member_id', 'params'])
      .where('template', '=', 'RAFFLE_WON')
      .where(
        'member_id',
        'in',
        members.map((m) => m.memberId),
      )
      .execute();
    expect(messages).toHaveLength(3);

    // The winner board shows them, masked.
    const board = await visitor().call('GET', `/wps/relay/MCSFE_getRaffleWinners?raffleId=${raffle.id}`);
    expect(board.body.value.winners.map((w: { rank: number }) => w.rank)).toEqual([1, 2, 3]);
    for (const w of board.body.value.winners) expect(w.account).toMatch(/^ra\*\*\*\d\d$/);

    // Entries are closed now; a second draw pays nothing more.
    const late = await members[0]!.join(raffle.id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('RAFFLE_CLOSED');
    expect(
      await drawDueRaffles(server.db, server.serverSecret, new Date(raffle.closesAt.getTime() + 2_000)),
    ).toBe(0);
    expect(await Promise.all(members.map((m) => m.main()))).toEqual(after);
  });

  it('refuses joining once the entries close, before the draw', async () => {
    const raffle = await makeRaffle([5_000], { closesAt: new Date(Date.now() - 1_000).toISOString() });
    const m = await newMember(5_000);
    const late = await m.join(raffle.id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('RAFFLE_CLOSED');
    // Drawn with no entry: no prize paid, nothing left for the next test's draws.
    expect(await drawDueRaffles(server.db, server.serverSecret)).toBe(1);
    expect((await detail(raffle.id)).winners).toEqual([]);
  });

  it('takes distinct members joining at once, and draws run at once (two instances) pay once', async () => {
    const prizes = [7_000, 3_000];
    const raffle = await makeRaffle(prizes);
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember(4_000)));
    const joins = await Promise.all(members.map((m) => m.join(raffle.id)));
    expect(joins.map((j) => j.status)).toEqual(Array(6).fill(200));
    expect(new Set(joins.map((j) => j.body.value.entryId)).size).toBe(6);

    const at = new Date(raffle.closesAt.getTime() + 1_000);
    const draws = [server.db, second.db, server.db, second.db].map(
      (db) => () => drawDueRaffles(db, server.serverSecret, at),
    );
    // PostgreSQL: at once on several connections; SQLite's one writer runs them one after another.
    const runs: number[] = [];
    if (server.dialect === 'postgres') runs.push(...(await Promise.all(draws.map((draw) => draw()))));
    else for (const draw of draws) runs.push(await draw());
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const batches = await server.db
      .selectFrom('ledger_batch')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `raffle:${raffle.id}:%`)
      .execute();
    expect(batches.map((b) => b.idempotency_key).sort()).toEqual([
      `raffle:${raffle.id}:rank:1`,
      `raffle:${raffle.id}:rank:2`,
    ]);
    const won = await server.db
      .selectFrom('raffle_winner')
      .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
      .where('raffle_id', '=', raffle.id)
      .executeTakeFirstOrThrow();
    expect(Number(won.total)).toBe(10_000);
  });

  it('is managed by operators: bounded input, the list in the API and the CLI', async () => {
    const bad = await createClient(server).call('POST', '/api/operator/raffles', {
      token: adminToken,
      body: {
        code: 'BAD',
        titles: { EN: 'x' },
        basis: 'VALID_BET',
        unitAmount: 0,
        maxTickets: 5,
        opensAt: new Date().toISOString(),
        closesAt: new Date().toISOString(),
        prizes: [-1],
      },
    });
    expect(bad.status).toBe(400);
    const list = await createClient(server).call('GET', '/api/operator/raffles', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.value.raffles.length).toBeGreaterThanOrEqual(3);
    const out = await runCli(server, 'raffle', 'list', '--merchant', 'DEMO');
    expect(out).toMatch(/T_RAFFLE_1\tDRAWN/);
  });
});
