import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { fundedMember as fundedMemberOf, walletBalance } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { findBetRecord } from '../games/bet-records.js';
import { listTransferVendors } from '../games/service.js';
import * as merchants from '../merchants/service.js';
import { getAccountBalance, memberAccount } from '../wallet/ledger.js';
import { setWalletApi } from '../wallet/vendor-wallets.js';
import { pullAllVendorBets, pullVendorBets } from './bet-pull.js';
import { reconcileGames } from './reconcile.js';
import { dayOf } from '../../platform/time-zone.js';

/**
 * A transfer-wallet vendor end to end (decision 0018), against the loopback vendor process of
 * scripts/dev-vendor.mjs: launch with the member's chosen transfer (confirmTrans), the vendor down or
 * slow, and its settled rounds pulled into the betting records and the ledger by the leased job.
 */
const CAPTCHA = 'tr4n';
let server: TestServer;
let demo: Awaited<ReturnType<typeof merchants.getMerchantByCode>>;
let vendorCode: string;
let gameId: string;
let vendor: ChildProcess;
let vendorUrl: string;

const control = (settings: Record<string, unknown>) =>
  fetch(`${vendorUrl}/control`, { method: 'POST', body: JSON.stringify(settings) });
const vendorBalance = async (memberId: number) =>
  ((await (await fetch(`${vendorUrl}/players/DEMO_${memberId}`)).json()) as { balance: number }).balance;
const playOnVendor = (memberId: number, stake: number, payout: number) =>
  fetch(`${vendorUrl}/players/DEMO_${memberId}/rounds`, {
    method: 'POST',
    body: JSON.stringify({ gameId, stake, payout }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { roundId: string } }));
const mirror = async (memberId: number) =>
  getAccountBalance(server.db, await memberAccount(server.db, demo.id, memberId, `VENDOR:${vendorCode}`));
const member = async (funds: number) => {
  const m = await fundedMemberOf(server, demo.id, funds, { prefix: 'trv', captcha: CAPTCHA });
  const launch = (body: Record<string, unknown>) =>
    m.client.call('POST', '/wps/game/launchGame', {
      token: m.token,
      body: { vassalage: vendorCode, gameId, ...body },
    });
  return { ...m, launch };
};
const api = () => ({ baseUrl: vendorUrl, timeoutMs: 400 });
const today = () => dayOf(demo.timeZone, new Date());

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  const script = path.resolve(import.meta.dirname, '../../../../../scripts/dev-vendor.mjs');
  vendor = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(vendor.stdout!, 'data')) as [Buffer];
  vendorUrl = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
  // A transfer-mode vendor of the demo catalogue with a real-money game.
  for (const v of await listTransferVendors(server.db, demo.id)) {
    const game = await server.db
      .selectFrom('game')
      .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
      .select('game.game_id')
      .where('vendor.code', '=', v.code)
      .where('game.is_game', '!=', 'VASSALAGE')
      .where('game.game_type', 'not in', ['LOTT', 'ELOTT'])
      .executeTakeFirst();
    if (game) {
      vendorCode = v.code;
      gameId = game.game_id;
      break;
    }
  }
  await setWalletApi(server.db, demo.id, vendorCode, api());
});
afterAll(async () => {
  vendor.kill('SIGTERM');
  await checkAndClose(server);
});
beforeEach(async () => {
  await control({});
});

describe('launching a transfer-wallet game', () => {
  it('asks what to move first, then moves the chosen amount once and opens the game', async () => {
    const m = await member(50_000);
    const asked = await m.launch({});
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.value).toEqual({
      kind: 'TRANSFER',
      vassalage: vendorCode,
      gameId,
      mainBalance: 50_000,
      vendorBalance: 0,
    });

    const confirmed = { confirmTrans: 1, transferAmount: 20_000, transferKey: `launch-key-${m.memberId}-1` };
    const opened = await m.launch(confirmed);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.value).toMatchObject({ kind: 'URL', vassalage: vendorCode, gameId, trial: false });
    expect(opened.body.value.transferPending).toBeUndefined();
    expect(await vendorBalance(m.memberId)).toBe(20_000);
    const page = await fetch(opened.body.value.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(gameId);

    // The same launch sent again (a double click, a retry) moves nothing more.
    expect((await m.launch(confirmed)).status).toBe(200);
    expect(await vendorBalance(m.memberId)).toBe(20_000);
    const balances = await m.balances();
    expect(walletBalance(balances, 'MAIN')).toBe(30_000);
    expect(walletBalance(balances, vendorCode)).toBe(20_000);

    // Playing on without a transfer moves nothing.
    expect((await m.launch({ confirmTrans: 1 })).status).toBe(200);
    expect(await vendorBalance(m.memberId)).toBe(20_000);
  });

  it('refuses a transfer the main wallet cannot cover, and one without its key, moving nothing', async () => {
    const m = await member(1_000);
    const short = await m.launch({
      confirmTrans: 1,
      transferAmount: 5_000,
      transferKey: `launch-key-${m.memberId}`,
    });
    expect(short.status).toBe(409);
    expect(short.body.error.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const keyless = await m.launch({ confirmTrans: 1, transferAmount: 500 });
    expect(keyless.status).toBe(400);
    expect(await vendorBalance(m.memberId)).toBe(0);
    expect(walletBalance(await m.balances(), 'MAIN')).toBe(1_000);
  });

  it('sends no money to a vendor that is down or too slow to open the game', async () => {
    const m = await member(10_000);
    const body = { confirmTrans: 1, transferAmount: 4_000 };
    await control({ down: true });
    const down = await m.launch({ ...body, transferKey: `launch-down-${m.memberId}` });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('SERVICE_UNAVAILABLE');
    // A wallet transfer to a vendor down (503) is told so too, and the money stays in the main wallet.
    const moved = await m.transfer(
      { direction: 'IN', vassalage: vendorCode, amount: 4_000 },
      `transfer-down-${m.memberId}`,
    );
    expect(moved.status).toBe(503);
    expect(moved.body.error.code).toBe('SERVICE_UNAVAILABLE');
    await control({ delayMs: 1_000 });
    const slow = await m.launch({ ...body, transferKey: `launch-slow-${m.memberId}` });
    expect(slow.status).toBe(503);
    expect(slow.body.error.code).toBe('SERVICE_UNAVAILABLE');
    await control({});
    expect(await vendorBalance(m.memberId)).toBe(0);
    expect(walletBalance(await m.balances(), 'MAIN')).toBe(10_000);
  });

  it('needs a logged-in real account', async () => {
    const anonymous = await server.fetch('/wps/game/launchGame', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vassalage: vendorCode, gameId, confirmTrans: 1 }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(
      'You are not logged in, please login',
    );
  });
});

describe("pulling a transfer-wallet vendor's rounds", () => {
  it('writes each settled round once, with the ledger and the daily summary, and reconciles', async () => {
    const m = await member(30_000);
    expect(
      (await m.launch({ confirmTrans: 1, transferAmount: 10_000, transferKey: `launch-pull-${m.memberId}` }))
        .status,
    ).toBe(200);
    const won = await playOnVendor(m.memberId, 1_000, 3_500);
    const lost = await playOnVendor(m.memberId, 2_000, 0);
    expect(await vendorBalance(m.memberId)).toBe(10_500);

    const first = await pullAllVendorBets(server.db);
    expect(first.pulled).toBeGreaterThanOrEqual(2);
    expect(await mirror(m.memberId)).toBe(10_500);
    const record = await findBetRecord(server.db, {
      merchantId: demo.id,
      vendorCode,
      roundId: won.body.roundId,
    });
    expect(record).toMatchObject({
      memberId: m.memberId,
      stake: 1_000,
      validBet: 1_000,
      payout: 3_500,
      winLoss: 2_500,
      status: 'SETTLED',
    });
    const summary = await server.db
      .selectFrom('bet_daily_summary')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ bets: 2, stake: 3_000, payout: 3_500, win_loss: 500 });

    // The cursor moved: nothing again. A vendor that sends a page again (overlap) adds nothing.
    expect((await pullAllVendorBets(server.db)).pulled).toBe(0);
    await playOnVendor(m.memberId, 500, 0);
    await control({ overlap: true });
    const overlapped = await pullVendorBets(server.db, demo, vendorCode, api());
    expect(overlapped.pulled).toBe(1);
    expect(overlapped.skipped).toBeGreaterThanOrEqual(1);
    expect(await mirror(m.memberId)).toBe(10_000);

    const { differences } = await reconcileGames(server.db, demo.id, today(), demo.timeZone);
    expect(differences.filter((d) => d.vendorCode === vendorCode)).toEqual([]);
    const listed = await m.client.call('POST', '/wps/member/bets', {
      token: m.token,
      body: { vassalage: vendorCode },
    });
    expect(listed.body.value.totals).toMatchObject({ bets: 3, stake: 3_500, payout: 3_500 });
    expect(lost.status).toBe(200);
  });

  it('writes nothing while the vendor is down, and catches up when it is back', async () => {
    const m = await member(10_000);
    await m.launch({ confirmTrans: 1, transferAmount: 5_000, transferKey: `launch-down-pull-${m.memberId}` });
    await playOnVendor(m.memberId, 1_000, 0);
    await control({ down: true });
    await expect(pullVendorBets(server.db, demo, vendorCode, api())).rejects.toMatchObject({
      code: 'GAME_UNAVAILABLE',
    });
    expect(await mirror(m.memberId)).toBe(5_000);
    await control({});
    // The operator's command does what the job does.
    const lines: string[] = [];
    await runCommand(['vendor-wallet', 'pull'], server.db, (line) => lines.push(line));
    expect(lines[0]).toBe('pulled 1 rounds in 1 pages, skipped 0');
    expect(await mirror(m.memberId)).toBe(4_000);
  });

  it('reads the rounds before money leaves the vendor wallet, so a win can be taken out whole', async () => {
    const m = await member(10_000);
    await m.launch({ confirmTrans: 1, transferAmount: 6_000, transferKey: `launch-win-${m.memberId}` });
    await playOnVendor(m.memberId, 1_000, 9_000);
    expect(await vendorBalance(m.memberId)).toBe(14_000);
    const back = await m.transfer({ direction: 'ALL_BACK' }, `all-${m.memberId}`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(walletBalance(back.body.value.balances, 'MAIN')).toBe(18_000);
    expect(await vendorBalance(m.memberId)).toBe(0);
    expect(await mirror(m.memberId)).toBe(0);
  });

  it("ranks the biggest wins by game, with the winner masked, in the visitor's language", async () => {
    const m = await member(20_000);
    await m.launch({ confirmTrans: 1, transferAmount: 10_000, transferKey: `launch-rank-${m.memberId}` });
    await playOnVendor(m.memberId, 100, 1_000_100);
    await playOnVendor(m.memberId, 100, 900_100);
    await pullAllVendorBets(server.db);
    const rank = (body: Record<string, unknown>) =>
      m.client.call('POST', '/wps/relay/GCSGAME_getRankList', { body });
    const top = await rank({ vassalage: vendorCode, language: 'en' });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const wins = top.body.value.wins as {
      rank: number;
      account: string;
      winAmount: number;
      game: { gameId: string; gameName: string };
    }[];
    expect(wins[0]).toMatchObject({ rank: 1, winAmount: 1_000_000, game: { gameId } });
    expect(wins[1]).toMatchObject({ rank: 2, winAmount: 900_000 });
    expect(wins.map((w) => w.winAmount)).toEqual([...wins.map((w) => w.winAmount)].sort((a, b) => b - a));
    expect(wins[0]!.account).toMatch(/^tr\*\*\*\d\d$/);
    expect(JSON.stringify(top.body)).not.toContain(`"trv`);
    // One row, in Vietnamese (a language the game names; an unknown one falls back to the brand's).
    const one = await rank({ vassalage: vendorCode, limit: 1, language: 'TY' });
    expect(one.body.value.wins).toHaveLength(1);
    const fallback = await rank({ vassalage: vendorCode, limit: 1, language: 'xx' });
    expect(fallback.body.value.wins[0].game.gameName).toBe(one.body.value.wins[0].game.gameName);
    // Another category has none of these; a bad limit is refused.
    expect(
      (await rank({ gameType: 'LIVE' })).body.value.wins.every(
        (w: { game: { gameType: string } }) => w.game.gameType === 'LIVE',
      ),
    ).toBe(true);
    expect((await rank({ limit: 0 })).status).toBe(400);
  });
});

describe('PVP rooms', () => {
  const CARDS = 'KINGDOM_CARDS';
  beforeAll(async () => {
    await setWalletApi(server.db, demo.id, CARDS, api());
  });
  const rooms = (body: Record<string, unknown>) =>
    server
      .fetch('/wps/relay/GLS2_roomList', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      .then(async (r) => ({
        status: r.status,
        body: (await r.json()) as {
          value: {
            rooms: {
              roomId: string;
              roomName: string;
              baseBet: number;
              minEntry: number;
              maxPlayers: number;
            }[];
          };
          error?: { code: string };
        },
      }));

  it("lists a game's rooms in the visitor's language, and refuses an unknown game", async () => {
    const english = await rooms({ vassalage: CARDS, gameId: 'TIENLEN', language: 'en' });
    expect(english.status).toBe(200);
    expect(english.body.value.rooms).toEqual([
      { roomId: 'novice', roomName: 'Novice room', baseBet: 100_000, minEntry: 2_000_000, maxPlayers: 4 },
      { roomId: 'pro', roomName: 'Pro room', baseBet: 1_000_000, minEntry: 20_000_000, maxPlayers: 4 },
      { roomId: 'vip', roomName: 'VIP room', baseBet: 10_000_000, minEntry: 200_000_000, maxPlayers: 4 },
    ]);
    const vietnamese = await rooms({ vassalage: CARDS, gameId: 'TIENLEN', language: 'TY' });
    expect(vietnamese.body.value.rooms[0]!.roomName).toBe('Phòng tập sự');
    // A language the rooms are not named in falls back to the brand's own.
    const other = await rooms({ vassalage: CARDS, gameId: 'TIENLEN', language: 'ja' });
    expect(other.body.value.rooms[0]!.roomName).toBe(
      demo.defaultLanguage === 'EN' ? 'Novice room' : 'Phòng tập sự',
    );
    const unknown = await rooms({ vassalage: CARDS, gameId: 'NO_SUCH_GAME' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('GAME_NOT_FOUND');
  });

  it('opens a PVP game in the chosen room, only with the entry the room takes', async () => {
    const m = await member(3_000_000);
    const launch = (body: Record<string, unknown>) =>
      m.client.call('POST', '/wps/game/launchGame', {
        token: m.token,
        body: { vassalage: CARDS, gameId: 'TIENLEN', confirmTrans: 1, ...body },
      });
    expect((await launch({})).status).toBe(400);
    const unknownRoom = await launch({ roomId: 'attic' });
    expect(unknownRoom.status).toBe(404);
    const vip = await launch({
      roomId: 'vip',
      transferAmount: 3_000_000,
      transferKey: `launch-vip-${m.memberId}`,
    });
    expect(vip.status).toBe(409);
    expect(vip.body.error.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const novice = await launch({
      roomId: 'novice',
      transferAmount: 2_500_000,
      transferKey: `launch-novice-${m.memberId}`,
    });
    expect(novice.status, JSON.stringify(novice.body)).toBe(200);
    expect(novice.body.value.url).toMatch(/\/play\/TIENLEN\?session=[0-9a-f]+&room=novice$/);
    const wallets = await m.balances();
    expect(walletBalance(wallets, CARDS)).toBe(2_500_000);
    expect(walletBalance(wallets, 'MAIN')).toBe(500_000);
  });

  it('seats a member only on the entry really in the vendor wallet, not on a replayed transfer (issue 19 item 10)', async () => {
    const m = await member(2_000_000);
    const launch = (body: Record<string, unknown>) =>
      m.client.call('POST', '/wps/game/launchGame', {
        token: m.token,
        body: { vassalage: CARDS, gameId: 'TIENLEN', confirmTrans: 1, roomId: 'novice', ...body },
      });
    const key = `launch-replay-${m.memberId}`;
    const first = await launch({ transferAmount: 2_000_000, transferKey: key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The member moves the money back to the main wallet ...
    const back = await m.transfer({ direction: 'OUT', vassalage: CARDS, amount: 2_000_000 }, `out-${key}`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(walletBalance(await m.balances(), CARDS)).toBe(0);
    // ... and launches again with the same key: the transfer replays (nothing moves), so no seat.
    const replay = await launch({ transferAmount: 2_000_000, transferKey: key });
    expect(replay.status, JSON.stringify(replay.body)).toBe(409);
    expect(replay.body.error.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const wallets = await m.balances();
    expect(walletBalance(wallets, CARDS)).toBe(0);
    expect(walletBalance(wallets, 'MAIN')).toBe(2_000_000);
  });
});
