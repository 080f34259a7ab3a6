import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/client.js';
import { fundedMember } from '../../test/funded-member.js';
import { openDraw, startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { runCommand } from '../../cli/commands.js';
import { DEMO_ODDS, slipPayout } from './bet-types.js';
import { STREAMS_PER_IP } from './events.js';
import { VN_STATISTICS_PER_IP } from './routes.js';
import { VN_STATISTICS_MAX_COUNT } from '@jade/contracts/lottery';
import { fairDraw, seedHash } from './fair-draw.js';
import { changeSettings } from './settings.js';
import { XSMB, type DrawResult } from './structures.js';
import { runLotteryTick } from './tick.js';

/**
 * The lobby's calls on the real server: a game's rules with the brand's odds and limits (versions, a
 * bet settling at the odds it was placed under), popular and VN numbers, and the live draw stream.
 */
const CAPTCHA = 'l1ve';
const SESSION_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({ sessionSecret: SESSION_SECRET, captcha: CAPTCHA }));
});
afterAll(() => checkAndClose(server));

const get = (path: string) => server.json<any>(path);

/** Reads Server-Sent Events from a stream until `until` accepts one (or the time runs out). */
const readEvents = async (
  response: Response,
  until: (state: any) => boolean,
  timeoutMs = 8_000,
): Promise<any[]> => {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: any[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!block.startsWith('event: state') || !data) continue;
      const state = JSON.parse(data.slice(6));
      seen.push(state);
      if (until(state)) {
        await reader.cancel();
        return seen;
      }
    }
  }
  await reader.cancel();
  return seen;
};

describe('lottery lobby calls', () => {
  it("answers a game's rules: its tiers, each bet type's cost and odds, the 4D return, and no rules for a game not drawn here", async () => {
    const north = (await get('/lotto/lgw/games/rules?gameCode=VN_HN')).body.value;
    expect(north).toMatchObject({
      structure: 'XSMB',
      vassalage: 'TCG_LOTTO_VN',
      closeBeforeSeconds: 900,
      fourD: null,
    });
    expect(north.tiers).toHaveLength(8);
    const lo2 = north.betTypes.find((t: any) => t.code === 'LO2');
    expect(lo2).toEqual({ code: 'LO2', digits: 2, groupSize: null, costMultiplier: 27, payout: 9_750 });
    expect(north.betTypes.find((t: any) => t.code === 'XIEN3')).toMatchObject({
      groupSize: 3,
      costMultiplier: 1,
    });
    expect(north.betTypes.some((t: any) => t.code === 'BIG')).toBe(false);
    const south = (await get('/lotto/lgw/games/rules?gameCode=VN_HCM')).body.value;
    expect(south.betTypes.find((t: any) => t.code === 'LO2').costMultiplier).toBe(18);

    const sea = (await get('/lotto/lgw/games/rules?gameCode=SEA_MAGNUM')).body.value;
    expect(sea.structure).toBe('SEA4D');
    expect(sea.fourD).toMatchObject({ bigReturn: 9_600, smallReturn: 9_700 });
    expect(sea.betTypes.map((t: any) => t.code)).toEqual([
      'BIG',
      'SMALL',
      'BIG_BOX',
      'SMALL_BOX',
      'BIG_IBOX',
      'SMALL_IBOX',
    ]);
    expect((await get('/lotto/lgw/games/rules?gameCode=FAST_4D_1M')).body.value.structure).toBe('SEA4D');
    const keno = (await get('/lotto/lgw/games/rules?gameCode=KENO_1M')).body.value;
    expect(keno).toMatchObject({ structure: null, betTypes: [] });
    expect((await get('/lotto/lgw/games/rules?gameCode=NOPE')).status).toBe(404);
  });

  it("charges a brand's own cost multiplier where it sets one, and refuses one for a group bet", async () => {
    const lines: string[] = [];
    const jade = (...args: string[]) => runCommand(args, server.db, (line) => lines.push(line));
    await jade('lottery', 'settings', 'set', 'VN_HCM', '{"costs":{"LO2":15,"DE":2}}');
    const south = (await get('/lotto/lgw/games/rules?gameCode=VN_HCM')).body.value;
    const rule = (code: string) => south.betTypes.find((t: any) => t.code === code);
    expect(rule('LO2')).toMatchObject({ costMultiplier: 15, payout: 9_750 });
    expect(rule('DE').costMultiplier).toBe(2);
    expect(rule('LO3').costMultiplier).toBe(17);
    expect(rule('XIEN2').costMultiplier).toBe(1);
    // Another game keeps the standard: 27 on the North.
    const north = (await get('/lotto/lgw/games/rules?gameCode=VN_HN')).body.value;
    expect(north.betTypes.find((t: any) => t.code === 'LO2').costMultiplier).toBe(27);

    const m = await fundedMember(server, demoId, 1_000_000, { prefix: 'lcost', captcha: CAPTCHA });
    // This test comes before the next one, whose job run on a clock up to a day ahead closes this draw.
    const open = await openDraw(server, SESSION_SECRET, 'VN_HCM', 5_000);
    const placed = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: { gameCode: 'VN_HCM', numero: open.numero, betType: 'LO2', numbers: ['12', '34'], stake: 1_000 },
      headers: { 'idempotency-key': 'lcost-lo2' },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.value.bet.cost).toBe(30_000);
    expect(placed.body.value.balance).toBe(1_000_000 - 30_000);

    await jade('lottery', 'settings', 'show', 'VN_HCM');
    expect(lines.join('\n')).toContain('"LO2": 15');
    await expect(jade('lottery', 'settings', 'set', 'VN_HCM', '{"costs":{"XIEN2":3}}')).rejects.toThrow(
      /Group bets cost their stake once/,
    );
    await expect(jade('lottery', 'settings', 'set', 'VN_HCM', '{"costs":{"LO2":0}}')).rejects.toThrow(
      /do not fit/,
    );
    await expect(jade('lottery', 'settings', 'set', 'VN_HCM', '{"costs":{"BIG":1}}')).rejects.toThrow(
      /do not fit/,
    );
  });

  it("settles each bet at the odds it was placed under, holds the brand's minimum stake, and lists popular and VN numbers", async () => {
    const m = await fundedMember(server, demoId, 5_000_000, { prefix: 'lodd', captcha: CAPTCHA });
    await changeSettings(server.db, {
      merchantId: demoId,
      scope: { vendorCode: 'TCG_LOTTO_VN', gameId: 'VN_HN' },
      patch: { odds: { vn: { LO2: 9_000 } }, limits: { minStake: 500 } },
      by: 'test',
    });
    const rules = (await get('/lotto/lgw/games/rules?gameCode=VN_HN')).body.value;
    expect(rules.betTypes.find((t: any) => t.code === 'LO2').payout).toBe(9_000);
    expect(rules.limits.minStake).toBe(500);
    // Another game of the vendor keeps the defaults.
    expect((await get('/lotto/lgw/games/rules?gameCode=VN_HCM')).body.value.limits.minStake).toBe(100);

    const open = (await get('/lgw/vn/numeros/opened/game?gameCode=VN_HN')).body.value;
    const place = (body: object, key: string) =>
      m.client.call('POST', '/lotto/bets', {
        token: m.token,
        body: { gameCode: 'VN_HN', numero: open.numero, ...body },
        headers: { 'idempotency-key': key },
      });
    const low = await place({ betType: 'LO2', numbers: ['11'], stake: 400 }, 'low');
    expect(low.status).toBe(409);
    expect(low.body.error.code).toBe('LOTTERY_LIMIT_REACHED');
    const numbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    expect((await place({ betType: 'LO2', numbers, stake: 1_000 }, 'every-lo')).status).toBe(200);
    expect((await place({ betType: 'DE', numbers: ['07'], stake: 5_000 }, 'de')).status).toBe(200);
    // The odds change after the bets: they settle at 90.00, not 80.00.
    await changeSettings(server.db, {
      merchantId: demoId,
      scope: { vendorCode: 'TCG_LOTTO_VN', gameId: 'VN_HN' },
      patch: { odds: { vn: { LO2: 8_000 } } },
      by: 'test',
    });

    const popular = (await get('/lotto/lgw/numbers/popular?gameCode=VN_HN')).body.value;
    expect(popular).toHaveLength(20);
    expect(popular[0]).toMatchObject({ number: '07' });
    expect(popular[0].weight).toBeGreaterThan(popular[1].weight);

    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(open.drawsAt) + 1_000));
    const [drawn] = (await get('/lotto/lgw/games/results/recent?gameCode=VN_HN&count=1')).body.value as {
      numero: string;
      result: DrawResult;
    }[];
    expect(drawn!.numero).toBe(open.numero);
    const placedOdds = { ...DEMO_ODDS, vn: { ...DEMO_ODDS.vn, LO2: 9_000 } };
    const lo = slipPayout(XSMB, drawn!.result, { type: 'LO2', numbers, stake: 1_000 }, placedOdds);
    // All 27 prizes' last two digits are among 00–99: every one pays 90.00 per point.
    expect(lo).toBe(27 * 90_000);
    const de = slipPayout(XSMB, drawn!.result, { type: 'DE', numbers: ['07'], stake: 5_000 }, DEMO_ODDS);
    const mine = (await m.client.call('GET', '/lotto/bets?gameCode=VN_HN', { token: m.token })).body.value
      .bets;
    expect(mine.map((b: any) => b.payout).sort()).toEqual([lo, de].sort());

    const stats = (await get('/lgw/vn/numeros/statistics?gameCode=VN_HN')).body.value;
    // The demo's North history (the real results) and this draw: the last hundred, 27 lô each.
    expect(stats.draws).toBe(100);
    expect(stats.numbers).toHaveLength(100);
    expect(stats.numbers.reduce((sum: number, n: any) => sum + n.hits, 0)).toBe(2_700);
    const special = drawn!.result.SPECIAL![0]!.slice(-2);
    expect(stats.numbers.find((n: any) => n.number === special)).toMatchObject({ lastSeen: 0 });
    expect(stats.numbers.filter((n: any) => n.hits === 0).every((n: any) => n.lastSeen === null)).toBe(true);
  });

  it("sets a vendor's limits and a game's odds from the operator CLI, refusing what does not fit", async () => {
    const lines: string[] = [];
    const jade = (...args: string[]) => runCommand(args, server.db, (line) => lines.push(line));
    await jade('lottery', 'settings', 'set', 'TCG_SEA:*', '{"limits":{"minStake":2000}}');
    await jade('lottery', 'settings', 'set', 'SEA_TOTO', '{"odds":{"big":{"FIRST":3000}}}');
    const toto = (await get('/lotto/lgw/games/rules?gameCode=SEA_TOTO')).body.value;
    expect(toto.limits.minStake).toBe(2_000);
    expect(toto.fourD.big.FIRST).toBe(3_000);
    expect(toto.fourD.bigReturn).toBe(9_200);
    expect((await get('/lotto/lgw/games/rules?gameCode=SEA_DMC')).body.value.fourD.big.FIRST).toBe(3_400);
    await jade('lottery', 'settings', 'set', 'VN_DT', '{"odds":{"vn":{"DE":9000}}}');
    const dt = (await get('/lotto/lgw/games/rules?gameCode=VN_DT')).body.value;
    expect(dt.betTypes.find((t: any) => t.code === 'DE').payout).toBe(9_000);
    expect(dt.betTypes.find((t: any) => t.code === 'LO2').payout).toBe(9_750);
    await jade('lottery', 'settings', 'show', 'SEA_TOTO');
    expect(lines.join('\n')).toContain('"minStake": 2000');
    await expect(jade('lottery', 'settings', 'set', 'SEA_TOTO', '{"odds":{"vn":{"LO9":1}}}')).rejects.toThrow(
      /do not fit/,
    );
    await expect(
      jade('lottery', 'settings', 'set', 'SEA_TOTO', '{"limits":{"minStake":-1}}'),
    ).rejects.toThrow();
    await expect(jade('lottery', 'settings', 'set', 'NOPE:*', '{}')).rejects.toThrow(/not a lottery vendor/);
    await expect(
      jade('lottery', 'settings', 'set', 'SEA_TOTO', '{"limits":{"minStake":5000,"perBet":1000}}'),
    ).rejects.toThrow(/minimum stake/);
  });

  it('streams the draw taking bets at once, then its result when it is drawn (Server-Sent Events)', async () => {
    const response = await server.fetch('/lotto/lgw/games/events?gameCode=FAST_4D_1M');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    let numero = '';
    const first = await readEvents(response, (state) => {
      numero = state.open?.numero ?? '';
      return true;
    });
    expect(first[0]).toMatchObject({ gameCode: 'FAST_4D_1M', open: { structure: 'SEA4D', status: 'OPEN' } });

    const live = await server.fetch('/lotto/lgw/games/events?gameCode=FAST_4D_1M');
    const drawsAt = Date.parse(first[0].open.drawsAt);
    const reading = readEvents(live, (state) => state.latest?.numero === numero);
    await runLotteryTick(server.db, SESSION_SECRET, new Date(drawsAt + 1_000));
    const events = await reading;
    const drawn = events.at(-1);
    expect(drawn.latest.numero).toBe(numero);
    expect(['DRAWN', 'SETTLED']).toContain(drawn.latest.status);
    expect(drawn.latest.result.FIRST).toHaveLength(1);
    expect(seedHash(drawn.latest.serverSeed)).toBe(first[0].open.seedHash);
    expect(drawn.open?.numero).not.toBe(numero);
    expect((await server.fetch('/lotto/lgw/games/events?gameCode=NOPE')).status).toBe(404);
  });

  it('holds one address to its share of live streams', async () => {
    const streams = await Promise.all(
      Array.from({ length: STREAMS_PER_IP }, () => server.fetch('/lotto/lgw/games/events?gameCode=LOTTO_3M')),
    );
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const extra = await server.fetch('/lotto/lgw/games/events?gameCode=LOTTO_3M');
    expect(extra.status).toBe(429);
    await Promise.all(streams.map((s) => s.body!.cancel()));
    // A closed stream gives its place back.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await server.fetch('/lotto/lgw/games/events?gameCode=LOTTO_3M');
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });
});

describe('VN number statistics (issue 19 item 17)', () => {
  const stats = async (query: string, ip = '198.51.100.17') => {
    const response = await createClient(server, { headers: { 'x-forwarded-for': ip } }).call(
      'GET',
      `/lgw/vn/numeros/statistics?${query}`,
    );
    return { status: response.status, body: response.body as any };
  };
  /** Draws the open draw of a fast game (the lottery job's tick just after its time). */
  const drawNext = async (gameCode: string) => {
    const open = (await get(`/lgw/vn/numeros/opened/game?gameCode=${gameCode}`)).body.value;
    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(open.drawsAt) + 1_000));
    return open.numero as string;
  };

  it('is computed once per draw: the answer holds until a new result arrives', async () => {
    const first = await drawNext('LOTTO_3M');
    const before = await stats('gameCode=LOTTO_3M&count=500');
    expect(before.status).toBe(200);
    // Earlier tests' ticks may have drawn the game too.
    const drawn = before.body.value.draws as number;
    expect(drawn).toBeGreaterThanOrEqual(1);
    expect(before.body.value.numbers.reduce((sum: number, n: any) => sum + n.hits, 0)).toBe(27 * drawn);
    // The stored result changes under the cache (no new draw): the answer is the one computed.
    const other = fairDraw(XSMB, 'another seed', 'cache-test');
    await server.db
      .updateTable('lottery_draw')
      .set({ result: JSON.stringify(other) })
      .where('game_id', '=', 'LOTTO_3M')
      .where('draw_no', '=', first)
      .execute();
    expect((await stats('gameCode=LOTTO_3M&count=500')).body).toEqual(before.body);
    // A new result: computed again, from both draws (the first as stored now).
    await drawNext('LOTTO_3M');
    const after = (await stats('gameCode=LOTTO_3M&count=500')).body.value;
    expect(after.draws).toBe(drawn + 1);
    expect(after.numbers.reduce((sum: number, n: any) => sum + n.hits, 0)).toBe(27 * (drawn + 1));
    // Computed from the stored results, the changed one included.
    const special = other.SPECIAL![0]!.slice(-2);
    expect(after.numbers.find((n: any) => n.number === special).hits).toBeGreaterThan(0);
  });

  it('bounds the count and throttles each address', async () => {
    const over = await stats(`gameCode=VN_HN&count=${VN_STATISTICS_MAX_COUNT + 1}`, '198.51.100.18');
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('VALIDATION_FAILED');
    const ip = '198.51.100.19';
    const answers = [];
    for (let i = 0; i < VN_STATISTICS_PER_IP.count; i++)
      answers.push((await stats('gameCode=VN_HN&count=50', ip)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const throttled = await stats('gameCode=VN_HN&count=50', ip);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(throttled.body.error.details.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await stats('gameCode=VN_HN&count=50', '198.51.100.20')).status).toBe(200);
  });
});
