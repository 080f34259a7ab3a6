import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { signedRequest } from '../../../../studio/src/server/wallet-client.js';
import { createOtherBrand } from '../../test/brands.js';
import { registeredMember } from '../../test/funded-member.js';
import { vendorTarget } from '../../test/seamless-vendor.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { startStudio, type Studio } from '../../test/studio.js';
import { walletConformance, walletReplayConformance } from '../../test/wallet-conformance.js';
import { findBetRecord } from '../games/bet-records.js';
import { enableBrandVendor } from '../games/repo.js';
import type { Merchant } from '../merchants/repo.js';
import * as merchants from '../merchants/service.js';
import { getAccountBalance, houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';
import { updateMoneySettings } from '../wallet/money-settings.js';
import { findVendorConnection, setVendorConnection } from './connections.js';
import { reconcileGames } from './reconcile.js';
import { connectStudioBrands } from './studio.js';
import { dayOf } from '../../platform/time-zone.js';

/**
 * The in-house studio as the vendor it is: its own process (run from source with tsx), reached by the
 * platform's launch, playing rounds that it debits and credits through the brand's wallet over HTTP.
 */
const CAPTCHA = 'st4d';
const SESSION_SECRET = randomBytes(32).toString('hex');
const STUDIO_SECRET = randomBytes(32).toString('base64url');
let server: TestServer;
let demo: Merchant;
let studio: Studio;
let studioUrl: string;

beforeAll(async () => {
  server = await startTestServer(
    { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA },
  );
  demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  studio = await startStudio(server, { merchantId: demo.id, secret: STUDIO_SECRET });
  studioUrl = studio.url;
}, 60_000);
afterAll(async () => {
  studio?.stop();
  await checkAndClose(server);
});

const fund = async (memberId: number, amount: number) =>
  postTransfer(server.db, {
    merchantId: demo.id,
    idempotencyKey: `studio-funding:${memberId}`,
    kind: 'DEPOSIT',
    debitAccountId: await houseAccount(server.db, demo.id, 'CASH'),
    creditAccountId: await memberAccount(server.db, demo.id, memberId, 'MAIN'),
    amount,
  });
const mainBalance = async (memberId: number) =>
  getAccountBalance(server.db, await memberAccount(server.db, demo.id, memberId, 'MAIN'));

const launch = (body: Record<string, unknown>, token?: string) =>
  server.json<{
    success: boolean;
    value: { kind: string; url: string; path: string };
    error: { code: string };
  }>('/wps/game/launchGame', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });

/** Opens a launch address as the /game frame does, and answers the studio session it leads to. */
const openGame = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  return { status: response.status, sid: /#sid=([\w-]+)/.exec(location)?.[1], location };
};

const studioApi = async (pathname: string, body?: unknown) => {
  const response = await fetch(`${studioUrl}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('launching a game (§7 launch V2)', () => {
  it('opens a studio game for a logged-in member with a one-time code, and plays real rounds', async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 100_000);
    const launched = await launch(
      { vassalage: 'JADE_STUDIO', gameId: 'JADE_FORTUNE', accountType: 1, language: 'EN' },
      token,
    );
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(launched.body.value.kind).toBe('URL');
    expect(launched.body.value.url).toMatch(
      new RegExp(`^${studioUrl}/play/JADE_FORTUNE\\?brand=DEMO&code=[\\w-]+&lang=en-US$`),
    );

    const opened = await openGame(launched.body.value.url);
    expect(opened.status).toBe(303);
    expect(opened.location).toMatch(/^\/game\/slot\?lang=en#sid=/);
    // The code works once.
    expect((await openGame(launched.body.value.url)).status).toBe(403);

    const session = await studioApi(`/api/session?sid=${opened.sid}`);
    expect(session.body).toMatchObject({ game: 'slot', demo: false, balance: 100_000 });
    expect(session.body.seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    let balance = 100_000;
    for (let i = 0; i < 5; i++) {
      const round = await studioApi('/api/round', { sid: opened.sid, bet: { lineBet: 10 } });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      balance += round.body.round.payout - 200;
      expect(round.body.balance).toBe(balance);
      const record = await findBetRecord(server.db, {
        merchantId: demo.id,
        vendorCode: 'JADE_STUDIO',
        roundId: `studio-${round.body.round.id}`,
      });
      expect(record).toMatchObject({
        status: 'SETTLED',
        stake: 200,
        payout: round.body.round.payout,
        category: 'RNG',
        gameId: 'JADE_FORTUNE',
      });
    }
    expect(await mainBalance(memberId)).toBe(balance);

    // A bet beyond the balance is refused by the platform, and nothing moves.
    const tooBig = await studioApi('/api/round', { sid: opened.sid, bet: { lineBet: 40_000 } });
    expect(tooBig.status).toBe(409);
    expect(tooBig.body).toMatchObject({ error: 'INSUFFICIENT_FUNDS', balance });
    expect(await mainBalance(memberId)).toBe(balance);

    // Changing seeds reveals the server seed whose hash was shown before play.
    const rotated = await studioApi('/api/seeds/rotate', { sid: opened.sid, clientSeed: 'my-own-seed' });
    expect(rotated.body.revealed.serverSeedHash).toBe(session.body.seeds.serverSeedHash);
    expect(rotated.body.seeds.clientSeed).toBe('my-own-seed');
    const history = await studioApi(`/api/session?sid=${opened.sid}`);
    expect(history.body.history[0].serverSeed).toBe(rotated.body.revealed.serverSeed);

    const day = dayOf(demo.timeZone, new Date());
    expect((await reconcileGames(server.db, demo.id, day, demo.timeZone)).differences).toEqual([]);
  });

  it('plays roulette and baccarat through the same wallet', async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 50_000);
    for (const [gameId, bet] of [
      [
        'JADE_ROULETTE',
        {
          bets: [
            { type: 'red', amount: 1_000 },
            { type: 'straight', numbers: [17], amount: 100 },
          ],
        },
      ],
      ['JADE_BACCARAT', { bets: { BANKER: 1_000, TIE: 100 } }],
    ] as const) {
      const launched = await launch({ vassalage: 'JADE_STUDIO', gameId }, token);
      const opened = await openGame(launched.body.value.url);
      const round = await studioApi('/api/round', { sid: opened.sid, bet });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      expect(round.body.round.stake).toBe(1_100);
      const record = await findBetRecord(server.db, {
        merchantId: demo.id,
        vendorCode: 'JADE_STUDIO',
        roundId: `studio-${round.body.round.id}`,
      });
      expect(record).toMatchObject({ status: 'SETTLED', stake: 1_100, payout: round.body.round.payout });
      // Issue 20: the table's page reads the rounds' outcomes (the roadmap, the last numbers) and the
      // limits its chips are sized from.
      const session = (await studioApi(`/api/session?sid=${opened.sid}`)).body;
      expect(session.history[0].outcome).toEqual(round.body.round.outcome);
      expect(session.limits.minBet).toBeGreaterThan(0);
    }
  });

  it("shows each game's page only that game's rounds, in the language it was launched in, with the brand's currency (issue 20)", async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 100_000);
    const open = async (gameId: string) => {
      const launched = await launch({ vassalage: 'JADE_STUDIO', gameId, language: 'TY' }, token);
      // The brand's TY is Vietnamese: the studio is told the locale, which it can know.
      expect(launched.body.value.url).toMatch(/&lang=vi-VN$/);
      return { ...(await openGame(launched.body.value.url)), url: launched.body.value.url };
    };
    const slot = await open('JADE_FORTUNE');
    expect(slot.location).toMatch(/^\/game\/slot\?lang=vi#sid=/);
    const page = await fetch(`${studioUrl}${slot.location.split('#')[0]}`);
    expect(await page.text()).toContain('<html lang="vi">');
    // A launch that cannot open says so in the same language.
    const spent = await fetch(slot.url);
    expect(spent.status).toBe(403);
    expect(await spent.text()).toContain('<html lang="vi">');
    const roulette = await open('JADE_ROULETTE');
    const slotRound = await studioApi('/api/round', { sid: slot.sid, bet: { lineBet: 5 } });
    const rouletteRound = await studioApi('/api/round', {
      sid: roulette.sid,
      bet: { bets: [{ type: 'red', amount: 100 }] },
    });
    expect([slotRound.status, rouletteRound.status]).toEqual([200, 200]);

    const slotSession = (await studioApi(`/api/session?sid=${slot.sid}`)).body;
    expect(slotSession).toMatchObject({ game: 'slot', currency: 'VND', currencyExponent: 2 });
    expect(slotSession.history.map((r: { id: number; game: string }) => [r.id, r.game])).toEqual([
      [slotRound.body.round.id, 'slot'],
    ]);
    const rouletteSession = (await studioApi(`/api/session?sid=${roulette.sid}`)).body;
    expect(rouletteSession.history.map((r: { id: number; game: string }) => [r.id, r.game])).toEqual([
      [rouletteRound.body.round.id, 'roulette'],
    ]);
  });

  it("lists the member's betting records with filters, paging edges, totals and game names", async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 100_000);
    const opened = await openGame(
      (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_FORTUNE' }, token)).body.value.url,
    );
    const payouts: number[] = [];
    for (let i = 0; i < 3; i++)
      payouts.push(
        (await studioApi('/api/round', { sid: opened.sid, bet: { lineBet: 5 } })).body.round.payout,
      );
    const bets = (body: Record<string, unknown>, query = '') =>
      server.json<{ value: any; error: { code: string } }>(`/wps/member/bets${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const first = await bets({ pageSize: 2 }, '?language=TY');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 3 });
    expect(first.body.value.records).toHaveLength(2);
    expect(first.body.value.records[0]).toMatchObject({
      vassalage: 'JADE_STUDIO',
      gameName: 'Vận May Ngọc Bích',
      category: 'RNG',
      status: 'SETTLED',
      stake: 100,
    });
    expect(first.body.value.totals).toEqual({
      bets: 3,
      stake: 300,
      validBet: 300,
      payout: payouts.reduce((a, b) => a + b, 0),
      winLoss: payouts.reduce((a, b) => a + b, 0) - 300,
    });
    expect((await bets({ pageSize: 2, pageNo: 2 })).body.value.records).toHaveLength(1);
    expect((await bets({ pageSize: 2, pageNo: 3 })).body.value.records).toHaveLength(0);
    expect((await bets({ vassalage: 'NEON_SPIN' })).body.value.totalCount).toBe(0);
    expect((await bets({ category: 'LIVE' })).body.value.totalCount).toBe(0);
    expect((await bets({ from: '2020-01-01', to: '2020-01-02' })).body.value.totalCount).toBe(0);
    expect((await bets({ pageSize: 500 })).status).toBe(400);

    // personalProfit: the same rounds by day and category, from the daily summary.
    const profit = await server.json<{ value: any; error: { code: string } }>('/wps/member/profit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ range: 'PAST_7' }),
    });
    const today = dayOf(demo.timeZone, new Date());
    expect(profit.body.value.rows).toEqual([
      {
        day: today,
        category: 'RNG',
        bets: 3,
        stake: 300,
        validBet: 300,
        payout: first.body.value.totals.payout,
        winLoss: first.body.value.totals.winLoss,
      },
    ]);
    expect(profit.body.value.to).toBe(today);
    expect(profit.body.value.totals.winLoss).toBe(first.body.value.totals.winLoss);
    const backwards = await server.json<{ error: { code: string } }>('/wps/member/profit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ from: '2026-02-02', to: '2026-02-01' }),
    });
    expect(backwards.body.error.code).toBe('BAD_REQUEST');
    const anonymous = await server.json<{ error: { code: string } }>('/wps/member/bets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.body.error.code, JSON.stringify(anonymous.body)).toBe('UNAUTHENTICATED');
  });

  it("keeps favourites (add, list, remove) and the games launched last, in the visitor's language", async () => {
    const { token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    const call = (route: string, body?: unknown, method = 'POST') =>
      server.json<{ value: any; error: { code: string } }>(route, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          authorization: `Bearer ${token}`,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    expect((await call('/wps/relay/MCSFE_getFavoriteGamesList')).body.value).toEqual({ games: [] });
    expect(
      (await call('/wps/relay/MCSFE_addFavoriteGame', { vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' }))
        .body.value,
    ).toEqual({
      vassalage: 'JADE_STUDIO',
      gameId: 'JADE_ROULETTE',
      favourite: true,
    });
    // Adding twice keeps one; an unknown game is refused.
    await call('/wps/relay/MCSFE_addFavoriteGame', { vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' });
    await call('/wps/relay/MCSFE_addFavoriteGame', { vassalage: 'NEON_SPIN', gameId: 'NEON-neon-nights' });
    expect(
      (await call('/wps/relay/MCSFE_addFavoriteGame', { vassalage: 'JADE_STUDIO', gameId: 'NOPE' })).body
        .error.code,
    ).toBe('GAME_NOT_FOUND');
    // NEON_SPIN has no connection in the demo brand: members are not offered its games, a favourite
    // among them (decision 0029).
    const favourites = await call('/wps/relay/MCSFE_getFavoriteGames', { language: 'TY' });
    expect(favourites.body.value.map((g: { gameName: string }) => g.gameName)).toEqual([
      'Roulette Ngọc Bích',
    ]);
    await call('/wps/relay/MCSFE_removeFavoriteGame', { vassalage: 'NEON_SPIN', gameId: 'NEON-neon-nights' });
    expect((await call('/wps/relay/MCSFE_getFavoriteGamesList')).body.value.games).toEqual([
      { vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' },
    ]);

    // Launching puts a game first among the recent ones; a free trial does not count.
    for (const gameId of ['JADE_FORTUNE', 'JADE_BACCARAT', 'JADE_FORTUNE'])
      await launch({ vassalage: 'JADE_STUDIO', gameId }, token);
    await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE', accountType: 0 });
    const recent = await call('/wps/relay/GCS_recentGame', { language: 'EN' });
    expect(recent.body.value.map((g: { gameId: string }) => g.gameId)).toEqual([
      'JADE_FORTUNE',
      'JADE_BACCARAT',
    ]);
    const menu = await call('/lgw/vn/games/game_menu/recent?language=EN', undefined, 'GET');
    expect(menu.body.value.map((g: { gameName: string }) => g.gameName)).toEqual([
      'Jade Fortune',
      'Jade Baccarat',
    ]);
    const anonymous = await server.json<{ error: { code: string } }>('/wps/relay/GCS_recentGame', {
      method: 'POST',
    });
    expect(anonymous.body.error.code, JSON.stringify(anonymous.body)).toBe('UNAUTHENTICATED');
  });

  it('refuses what may not launch, with the launch errors of §8', async () => {
    const { token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    const refusal = async (body: Record<string, unknown>, withToken = true) => {
      const answer = await launch(body, withToken ? token : undefined);
      return `${answer.status} ${answer.body.error?.code ?? answer.body.value.kind}`;
    };
    expect(await refusal({ vassalage: 'JADE_STUDIO', gameId: 'JADE_FORTUNE' }, false)).toBe(
      '401 UNAUTHENTICATED',
    );
    expect(await refusal({ vassalage: 'NO_SUCH' })).toBe('404 VENDOR_NOT_FOUND');
    expect(await refusal({ vassalage: 'JADE_STUDIO', gameId: 'NO_SUCH' })).toBe('404 GAME_NOT_FOUND');
    // A vendor without a connection is one the brand does not offer (decision 0029), not a 503.
    expect(await refusal({ vassalage: 'NEON_SPIN', gameId: 'NEON-neon-nights' })).toBe(
      '404 VENDOR_NOT_FOUND',
    );
    // PEARL_LIVE's supportPlay is 1: no free trial (§2), once it is connected.
    expect(await refusal({ vassalage: 'PEARL_LIVE', gameId: 'LOBBY', accountType: 0 }, false)).toBe(
      '404 VENDOR_NOT_FOUND',
    );
    await setVendorConnection(server.db, server.serverSecret, {
      merchantId: (await merchants.getMerchantByCode(server.db, 'DEMO')).id,
      vendorCode: 'PEARL_LIVE',
      endpoint: 'http://127.0.0.1:9',
      algorithm: 'HMAC-SHA256',
      key: 'a-test-secret-of-at-least-32-characters',
      timeoutMs: 1000,
    });
    expect(await refusal({ vassalage: 'PEARL_LIVE', gameId: 'LOBBY', accountType: 0 }, false)).toBe(
      '409 GAME_TRIAL_UNAVAILABLE',
    );
    // A lottery game opens its lobby page; a vendor with no game named opens its game list.
    const lottery = await launch({ vassalage: 'TCG_LOTTO_VN', gameId: 'VN_HN' }, token);
    expect(lottery.body.value).toMatchObject({ kind: 'LOTTERY' });
    expect(lottery.body.value.path).toMatch(/^\/vnlottery/);
    expect(await refusal({ vassalage: 'JADE_STUDIO' })).toBe('200 GAME_LIST');
  });

  it('opens a free trial without login where supportPlay is 0, with pretend money only', async () => {
    const launched = await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_BACCARAT', accountType: 0 });
    expect(launched.body.value).toMatchObject({ kind: 'URL', trial: true });
    const opened = await openGame(launched.body.value.url);
    const session = await studioApi(`/api/session?sid=${opened.sid}`);
    expect(session.body).toMatchObject({ demo: true, balance: 1_000_000 });
    const round = await studioApi('/api/round', { sid: opened.sid, bet: { bets: { PLAYER: 500 } } });
    expect(round.body.balance).toBe(1_000_000 - 500 + round.body.round.payout);
  });
});

// Issue 19, item 5: the studio's rounds stop with the login and the site; its own sessions expire.
describe('the studio stops real-money play', () => {
  const studioDb = () => new Database(path.join(server.dataDir, 'studio', 'studio.db'));
  const playing = async () => {
    const { memberId, token, client } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 10_000);
    const opened = await openGame(
      (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_FORTUNE' }, token)).body.value.url,
    );
    const round = () => studioApi('/api/round', { sid: opened.sid, bet: { lineBet: 5 } });
    expect((await round()).status).toBe(200);
    return { memberId, token, client, sid: opened.sid!, round };
  };

  it('refuses a round after the member logs out, and nothing moves', async () => {
    const game = await playing();
    const before = await mainBalance(game.memberId);
    expect((await game.client.call('DELETE', '/wps/session/logout', { token: game.token })).status).toBe(200);
    const refused = await game.round();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'TOKEN_EXPIRED', balance: before });
    expect(await mainBalance(game.memberId)).toBe(before);
  });

  it('refuses a round under maintenance, and plays again after it', async () => {
    const game = await playing();
    const before = await mainBalance(game.memberId);
    await runCommand(['status', 'set', '1'], server.db, () => {});
    try {
      const refused = await game.round();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'PLAYER_BLOCKED', balance: before });
      expect(await mainBalance(game.memberId)).toBe(before);
    } finally {
      await runCommand(['status', 'set', '0'], server.db, () => {});
    }
    expect((await game.round()).status).toBe(200);
  });

  it('ends a studio session after its idle time and after its longest life', async () => {
    for (const [column, at] of [
      ['last_seen_at', new Date(Date.now() - 31 * 60_000)],
      ['expires_at', new Date(Date.now() - 1000)],
    ] as const) {
      const game = await playing();
      const db = studioDb();
      try {
        db.prepare(`update player_session set ${column} = ? where sid = ?`).run(at.toISOString(), game.sid);
      } finally {
        db.close();
      }
      const session = await studioApi(`/api/session?sid=${game.sid}`);
      expect(session.status, column).toBe(401);
      expect(session.body.error, column).toBe('SESSION_EXPIRED');
      expect((await game.round()).status, column).toBe(401);
    }
  });
});

describe('issue 19: the table limits of the catalogue, and bad input, at the studio', () => {
  const signedCall = async (action: 'authenticate' | 'debit' | 'credit', payload: unknown) => {
    const request = signedRequest(
      { walletUrl: `${server.url}/gw/wallet/DEMO/JADE_STUDIO`, secret: STUDIO_SECRET, timeoutMs: 2000 },
      action,
      payload,
    );
    const response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const roundsOf = async (memberId: number) =>
    (await server.db.selectFrom('bet_record').select('id').where('member_id', '=', memberId).execute())
      .length;

  it('gives every brand carrying the studio its own key, replacing the one key all brands once shared', async () => {
    const legacySecret = randomBytes(32).toString('base64url');
    const studioVendor = await server.db
      .selectFrom('vendor')
      .select('id')
      .where('code', '=', 'JADE_STUDIO')
      .executeTakeFirstOrThrow();
    const carrying = async (code: string) => {
      const id = await createOtherBrand(server.db, { code });
      await enableBrandVendor(server.db, id, studioVendor.id, 10);
      return id;
    };
    await carrying('KEYS_NEW');
    const shared = await carrying('KEYS_OLD');
    await setVendorConnection(server.db, SESSION_SECRET, {
      merchantId: shared,
      vendorCode: 'JADE_STUDIO',
      endpoint: 'http://127.0.0.1:8090',
      algorithm: 'HMAC-SHA256',
      key: legacySecret,
      timeoutMs: 5000,
    });
    const brands = await connectStudioBrands(server.db, SESSION_SECRET, {
      walletBase: server.url,
      endpoint: 'http://127.0.0.1:8090',
      legacySecret,
    });
    expect(brands.KEYS_NEW!.walletUrl).toBe(`${server.url}/gw/wallet/KEYS_NEW/JADE_STUDIO`);
    // A key an operator set (DEMO's, here) is kept; the shared one is replaced; each brand's differs.
    expect(brands.DEMO!.secret).toBe(STUDIO_SECRET);
    const secrets = [brands.DEMO!.secret, brands.KEYS_NEW!.secret, brands.KEYS_OLD!.secret];
    expect(new Set(secrets).size).toBe(3);
    expect(secrets).not.toContain(legacySecret);
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await findVendorConnection(server.db, SESSION_SECRET, shared, 'JADE_STUDIO'))?.key).toBe(
      brands.KEYS_OLD!.secret,
    );
    // Run again (the next start), nothing changes.
    expect(
      await connectStudioBrands(server.db, SESSION_SECRET, {
        walletBase: server.url,
        endpoint: 'http://127.0.0.1:8090',
        legacySecret,
      }),
    ).toEqual(brands);
  });

  it("refuses a bet below the game's minimum or above its maximum, charging and recording nothing", async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 10_000_000);
    const sidOf = async (gameId: string) =>
      (await openGame((await launch({ vassalage: 'JADE_STUDIO', gameId }, token)).body.value.url)).sid;
    const roulette = await sidOf('JADE_ROULETTE');
    const baccarat = await sidOf('JADE_BACCARAT');
    const slot = await sidOf('JADE_FORTUNE');
    // The catalogue: roulette and baccarat from 10 a bet to 5,000,000 a round; the slot 20 to 1,000,000.
    for (const [sid, bet] of [
      [roulette, { bets: [{ type: 'red', amount: 9 }] }],
      [
        roulette,
        {
          bets: [
            { type: 'red', amount: 100 },
            { type: 'straight', numbers: [17], amount: 9 },
          ],
        },
      ],
      [roulette, { bets: [{ type: 'red', amount: 5_000_001 }] }],
      [
        roulette,
        {
          bets: [
            { type: 'red', amount: 3_000_000 },
            { type: 'black', amount: 3_000_000 },
          ],
        },
      ],
      [baccarat, { bets: { PLAYER: 9 } }],
      [baccarat, { bets: { BANKER: 100, PLAYER_PAIR: 5 } }],
      [baccarat, { bets: { BANKER: 5_000_001 } }],
      [slot, { lineBet: 50_001 }],
    ] as const) {
      const refused = await studioApi('/api/round', { sid, bet });
      expect(refused.status, JSON.stringify(bet)).toBe(400);
      expect(refused.body.error).toBe('BAD_BET');
    }
    expect(await mainBalance(memberId)).toBe(10_000_000);
    expect(await roundsOf(memberId)).toBe(0);
    for (const [sid, bet] of [
      [roulette, { bets: [{ type: 'red', amount: 10 }] }],
      [baccarat, { bets: { PLAYER: 10 } }],
      [slot, { lineBet: 1 }],
    ] as const) {
      expect((await studioApi('/api/round', { sid, bet })).status, JSON.stringify(bet)).toBe(200);
    }
    expect(await roundsOf(memberId)).toBe(3);
  });

  it("answers the game's limits at authenticate, and refuses a debit outside them", async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 10_000_000);
    const url = (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' }, token)).body.value.url;
    const auth = await signedCall('authenticate', { launchCode: new URL(url).searchParams.get('code') });
    expect(auth.body).toMatchObject({ status: 'OK', gameId: 'JADE_ROULETTE', minBet: 10, maxBet: 5_000_000 });
    const common = {
      token: auth.body.token,
      player: auth.body.player,
      currency: auth.body.currency,
      gameId: 'JADE_ROULETTE',
    };
    for (const amount of [9, 5_000_001]) {
      const refused = await signedCall('debit', {
        ...common,
        roundId: `limits-${memberId}-${amount}`,
        transactionId: `limits-${memberId}-${amount}`,
        amount,
      });
      expect(refused.body, String(amount)).toMatchObject({
        status: 'BET_OUT_OF_LIMITS',
        balance: 10_000_000,
      });
    }
    expect(await roundsOf(memberId)).toBe(0);
    const bet = { ...common, roundId: `limits-${memberId}-ok`, transactionId: `limits-${memberId}-ok` };
    expect((await signedCall('debit', { ...bet, amount: 10 })).body).toMatchObject({
      status: 'OK',
      balance: 9_999_990,
    });
    const paid = await signedCall('credit', {
      ...bet,
      transactionId: `limits-${memberId}-win`,
      referenceTransactionId: bet.transactionId,
      amount: 0,
    });
    expect(paid.body.status).toBe('OK');
  });

  it("takes a brand's own limits in its currency over the catalogue's, and serves them to the game's chips (issue 20)", async () => {
    const { memberId, token } = await registeredMember(server, { prefix: 'stud', captcha: CAPTCHA });
    await fund(memberId, 2_000_000_00);
    // The demo's VND figures (DEMO_MONEY_SETTINGS): a ₫1,000 chip, ₫5,000,000 a round.
    await updateMoneySettings(server.db, demo.id, {
      gameLimits: { 'JADE_STUDIO:JADE_ROULETTE': { minBet: 1_000_00, maxBet: 5_000_000_00 } },
    });
    try {
      const url = (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' }, token)).body.value.url;
      const opened = await openGame(url);
      const session = await studioApi(`/api/session?sid=${opened.sid}`);
      expect(session.body).toMatchObject({
        currency: 'VND',
        balance: 2_000_000_00,
        limits: { minBet: 1_000_00, maxBet: 5_000_000_00 },
      });
      const below = await studioApi('/api/round', {
        sid: opened.sid,
        bet: { bets: [{ type: 'red', amount: 10_00 }] },
      });
      expect(below.status).toBe(400);
      expect(below.body.error).toBe('BAD_BET');
      const chip = await studioApi('/api/round', {
        sid: opened.sid,
        bet: { bets: [{ type: 'red', amount: 1_000_00 }] },
      });
      expect(chip.status, JSON.stringify(chip.body)).toBe(200);
      // The platform holds a debit to the brand's limits too, whoever sends it.
      const auth = await signedCall('authenticate', {
        launchCode: new URL(
          (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE' }, token)).body.value.url,
        ).searchParams.get('code'),
      });
      expect(auth.body).toMatchObject({ minBet: 1_000_00, maxBet: 5_000_000_00 });
      const refused = await signedCall('debit', {
        token: auth.body.token,
        player: auth.body.player,
        currency: auth.body.currency,
        gameId: 'JADE_ROULETTE',
        roundId: `brand-limits-${memberId}`,
        transactionId: `brand-limits-${memberId}`,
        amount: 10_00,
      });
      expect(refused.body.status).toBe('BET_OUT_OF_LIMITS');
    } finally {
      await updateMoneySettings(server.db, demo.id, { gameLimits: {} });
    }
  });

  const trialSid = async () =>
    (
      await openGame(
        (await launch({ vassalage: 'JADE_STUDIO', gameId: 'JADE_ROULETTE', accountType: 0 })).body.value.url,
      )
    ).sid;

  it('answers 400 for a roulette bet whose numbers are not a list of whole numbers', async () => {
    const sid = await trialSid();
    for (const bet of [
      { type: 'straight', numbers: '17', amount: 10 },
      { type: 'straight', numbers: 17, amount: 10 },
      { type: 'straight', numbers: { 0: 17, length: 1 }, amount: 10 },
      { type: 'straight', numbers: null, amount: 10 },
      { type: 'straight', numbers: ['17'], amount: 10 },
      { type: 'column', which: 4, amount: 10 },
      { type: 'dozen', which: '1', amount: 10 },
      null,
    ]) {
      const answer = await studioApi('/api/round', { sid, bet: { bets: [bet] } });
      expect(answer.status, JSON.stringify(bet)).toBe(400);
      expect(answer.body.error).toBe('BAD_BET');
    }
  });

  it('answers 400 for a client seed that is not text', async () => {
    const sid = await trialSid();
    for (const clientSeed of [5, {}, ['a'], true]) {
      const answer = await studioApi('/api/seeds/rotate', { sid, clientSeed });
      expect(answer.status, JSON.stringify(clientSeed)).toBe(400);
      expect(answer.body.error).toBe('BAD_CLIENT_SEED');
    }
  });

  it('answers 400 to a launch for a brand named __proto__ or any other name the studio does not serve', async () => {
    for (const brand of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await fetch(`${studioUrl}/play/JADE_ROULETTE?brand=${brand}&code=abc`, {
        redirect: 'manual',
      });
      expect(response.status, brand).toBe(400);
    }
  });
});

describe("seamless wallet conformance: the studio's own wallet client", () => {
  const target = vendorTarget(
    { server: () => server, merchant: () => demo, sessionSecret: SESSION_SECRET, captcha: CAPTCHA },
    {
      vendorCode: 'JADE_STUDIO',
      gameId: 'JADE_CONFORMANCE',
      algorithm: 'HMAC-SHA256',
      signingKey: STUDIO_SECRET,
      platformKey: STUDIO_SECRET,
      endpoint: 'http://127.0.0.1:9/',
      sign: (action, body, timestamp, key, walletUrl) => {
        const request = signedRequest(
          { walletUrl, secret: key, timeoutMs: 1 },
          action,
          JSON.parse(body),
          timestamp * 1000,
        );
        return { headers: request.headers, body: request.body };
      },
    },
  );
  walletConformance(target);
  walletReplayConformance(target);
});
