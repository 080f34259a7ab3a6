import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { fundedMember } from '../../test/funded-member.js';
import { startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { runLotteryTick } from './tick.js';

/**
 * Prize modes (§3 brand configuration, decision 0021) on the real server: each lottery vendor plays
 * under a mode, a mode's odds and limits sit between a vendor's and the built-in defaults, a vendor
 * can be moved to another mode, and a mode the brand stops offering takes its vendors' games out of
 * the menus and refuses their bets.
 */
const CAPTCHA = 'm0de';
const SESSION_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let demoId: number;
const lines: string[] = [];
const jade = (...args: string[]) => runCommand(args, server.db, (line) => lines.push(line));

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({ sessionSecret: SESSION_SECRET, captcha: CAPTCHA }));
});
afterAll(() => checkAndClose(server));

const get = (path: string) => server.json<any>(path);
const rulesOf = async (gameCode: string) =>
  (await get(`/lotto/lgw/games/rules?gameCode=${gameCode}`)).body.value;
const payoutOf = (rules: any, type: string) => rules.betTypes.find((t: any) => t.code === type).payout;
const lotteryVendors = async () =>
  ((await get('/lgw/vn/games/game_menu')).body.value as { vassalage: string }[])
    .map((v) => v.vassalage)
    .sort();

describe('lottery prize modes', () => {
  it("shows the brand's prize modes and the mode each game plays under", async () => {
    const whitelabel = (await get('/wps/system/whitelabel?url=localhost')).body.value;
    expect(whitelabel.merchant.prizeModes).toEqual(['Lott', 'ZY', 'Elott', 'SEA']);
    expect((await rulesOf('VN_HN')).prizeMode).toBe('Lott');
    expect((await rulesOf('SEA_MAGNUM')).prizeMode).toBe('SEA');
    expect((await rulesOf('LOTTO_1M')).prizeMode).toBe('Elott');
    expect((await rulesOf('FAST_4D_1M')).prizeMode).toBe('Elott');
    await jade('lottery', 'modes', 'show');
    expect(lines).toContain('  JADE_ELOTT: Elott');
  });

  it('takes the games of a mode the brand stops offering out of the menus and refuses their bets', async () => {
    const m = await fundedMember(server, demoId, 1_000_000, { prefix: 'poff', captcha: CAPTCHA });
    // The job makes the next period's draw once the current one closes (the test runs it now).
    await runLotteryTick(server.db, SESSION_SECRET);
    const open = (await get('/lotto/lgw/games/opened/numero?gameCode=LOTTO_1M')).body.value;
    const bet = (key: string) =>
      m.client.call('POST', '/lotto/bets', {
        token: m.token,
        body: { gameCode: 'LOTTO_1M', numero: open.numero, betType: 'DE', numbers: ['01'], stake: 1_000 },
        headers: { 'idempotency-key': key },
      });
    const before = await bet('poff-before');
    expect(before.body.error).toBeUndefined();
    expect(await lotteryVendors()).toEqual(['JADE_ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);

    await jade('lottery', 'modes', 'offer', 'Lott,SEA,ZY');
    expect(lines.at(-1)).toBe('DEMO: prize modes offered Lott, ZY, SEA');
    expect((await get('/wps/system/whitelabel?url=localhost')).body.value.merchant.prizeModes).toEqual([
      'Lott',
      'ZY',
      'SEA',
    ]);
    expect(await lotteryVendors()).toEqual(['TCG_LOTTO_VN', 'TCG_SEA']);
    const nav = (await get('/lgw/games/game_menus')).body.value as { vendors: { vassalage: string }[] }[];
    expect(nav.flatMap((entry) => entry.vendors.map((v) => v.vassalage))).not.toContain('JADE_ELOTT');
    const elottGames = async () =>
      (await get('/lgw/games/list?gameType=ELOTT&pageSize=100')).body.value.games.filter(
        (g: any) => g.vassalage === 'JADE_ELOTT',
      ).length;
    expect(await elottGames()).toBe(0);
    expect((await get('/lgw/games/list?gameType=LOTT&pageSize=100')).body.value.totalCount).toBeGreaterThan(
      0,
    );
    const hot = (await get('/lgw/games/popular?size=100')).body.value as { vassalage: string }[];
    expect(hot.some((g) => g.vassalage === 'JADE_ELOTT')).toBe(false);
    const rules = await get('/lotto/lgw/games/rules?gameCode=LOTTO_1M');
    expect(rules.status).toBe(404);
    expect(rules.body.error.code).toBe('GAME_NOT_FOUND');
    const refused = await bet('poff-after');
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('GAME_NOT_FOUND');
    // A bet placed before can still be cancelled while its draw is open.
    const cancelled = await m.client.call('POST', `/lotto/bets/${before.body.value.bet.betId}/cancel`, {
      token: m.token,
    });
    expect(cancelled.status).toBe(200);
    // The other modes' games still take bets.
    expect((await rulesOf('VN_HN')).prizeMode).toBe('Lott');

    await jade('lottery', 'modes', 'offer', 'Lott,ZY,Elott,SEA');
    expect(await lotteryVendors()).toEqual(['JADE_ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA']);
    expect(await elottGames()).toBeGreaterThan(0);
    expect((await bet('poff-again')).status).toBe(200);
  });

  it("gives every game of a mode the mode's odds and limits, below a vendor's and a game's own, and pays at them", async () => {
    await jade(
      'lottery',
      'settings',
      'set',
      'mode:Elott',
      '{"odds":{"vn":{"DE":8000}},"limits":{"minStake":300}}',
    );
    const fast = await rulesOf('LOTTO_1M');
    expect(payoutOf(fast, 'DE')).toBe(8_000);
    expect(fast.limits.minStake).toBe(300);
    expect((await rulesOf('FAST_4D_3M')).limits.minStake).toBe(300);
    // Another mode keeps the built-in defaults.
    expect(payoutOf(await rulesOf('VN_HN'), 'DE')).toBe(9_750);
    expect((await rulesOf('VN_HN')).limits.minStake).toBe(100);
    // A vendor's own version comes before its mode's, and a game's before its vendor's.
    await jade('lottery', 'settings', 'set', 'JADE_ELOTT:*', '{"limits":{"minStake":400}}');
    await jade('lottery', 'settings', 'set', 'LOTTO_3M', '{"limits":{"minStake":500}}');
    expect((await rulesOf('LOTTO_1M')).limits.minStake).toBe(400);
    expect((await rulesOf('LOTTO_3M')).limits.minStake).toBe(500);
    await jade('lottery', 'settings', 'show', 'mode:Elott');
    expect(lines.join('\n')).toContain('DEMO prize mode Elott: version');

    // A bet on the mode's odds: đề on every number of a fast draw wins once, at 80.00 a point.
    const m = await fundedMember(server, demoId, 1_000_000, { prefix: 'pmod', captcha: CAPTCHA });
    await runLotteryTick(server.db, SESSION_SECRET);
    const open = (await get('/lotto/lgw/games/opened/numero?gameCode=LOTTO_5M')).body.value;
    const numbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const placed = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: { gameCode: 'LOTTO_5M', numero: open.numero, betType: 'DE', numbers, stake: 400 },
      headers: { 'idempotency-key': 'pmod-de' },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.value.bet.cost).toBe(40_000);
    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(open.drawsAt) + 1_000));
    const mine = await m.client.call('GET', '/lotto/bets?gameCode=LOTTO_5M', { token: m.token });
    expect(mine.body.value.bets[0]).toMatchObject({ status: 'WON', payout: 32_000 });
  });

  it('plays a vendor under another mode when the operator moves it (ZY, the house table)', async () => {
    await jade(
      'lottery',
      'settings',
      'set',
      'mode:ZY',
      '{"odds":{"vn":{"LO2":9000}},"limits":{"minStake":1000}}',
    );
    expect((await rulesOf('VN_HN')).prizeMode).toBe('Lott');
    await jade('lottery', 'modes', 'vendor', 'TCG_LOTTO_VN', 'ZY');
    const north = await rulesOf('VN_HN');
    expect(north.prizeMode).toBe('ZY');
    expect(payoutOf(north, 'LO2')).toBe(9_000);
    expect(north.limits.minStake).toBe(1_000);

    const m = await fundedMember(server, demoId, 1_000_000, { prefix: 'pzy', captcha: CAPTCHA });
    const open = (await get('/lgw/vn/numeros/opened/game?gameCode=VN_HN')).body.value;
    const low = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: { gameCode: 'VN_HN', numero: open.numero, betType: 'LO2', numbers: ['12'], stake: 500 },
      headers: { 'idempotency-key': 'pzy-low' },
    });
    expect(low.status).toBe(409);
    expect(low.body.error.code).toBe('LOTTERY_LIMIT_REACHED');

    await jade('lottery', 'modes', 'vendor', 'TCG_LOTTO_VN', 'Lott');
    expect((await rulesOf('VN_HN')).prizeMode).toBe('Lott');
    expect(payoutOf(await rulesOf('VN_HN'), 'LO2')).toBe(9_750);
  });

  it('refuses what is not a prize mode, a list of none, and a vendor that is not a lottery', async () => {
    await expect(jade('lottery', 'modes', 'offer', 'Lott,Keno')).rejects.toThrow(/Not prize modes: Keno/);
    await expect(jade('lottery', 'modes', 'offer', ',')).rejects.toThrow(/at least one/);
    await expect(jade('lottery', 'modes', 'vendor', 'TCG_SEA', 'Nope')).rejects.toThrow(/not a prize mode/);
    await expect(jade('lottery', 'modes', 'vendor', 'PG_SLOTS', 'Lott')).rejects.toThrow(
      /not a lottery vendor/,
    );
    await expect(jade('lottery', 'settings', 'set', 'mode:Keno', '{}')).rejects.toThrow(/not a prize mode/);
    await expect(jade('lottery', 'modes', 'nope')).rejects.toThrow(/takes show, offer/);
  });
});
