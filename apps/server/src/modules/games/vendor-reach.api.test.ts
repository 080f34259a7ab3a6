import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli.js';
import { startTestServer, type TestServer } from '../../test/server.js';

/**
 * Issue 20 item 1, decision 0029: a vendor the brand has no working connection to is offered to no
 * member, on any list or at launch, while the operator still sees it with its state. The demo brand
 * carries fourteen third-party vendors and connects none of them; its lotteries need none.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Answer = { success: boolean; value?: any; error?: { code: string } };
const get = async (route: string) => (await server.json<Answer>(route)).body;
const post = async (route: string, body: unknown) =>
  server.json<Answer>(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Every vendor code a member-facing answer names. */
const memberFacingVendors = async () => {
  const menus = (await get('/lgw/games/game_menus')).value as { vendors: { vassalage: string }[] }[];
  const lanes = (await get('/lgw/games/vendor_lanes')).value as { cards: { vassalage: string }[] }[];
  const games = (await get('/lgw/games/list?pageSize=100')).value.games as { vassalage: string }[];
  const popular = (await get('/lgw/games/popular?size=100')).value as { vassalage: string }[];
  const hot = (await post('/wps/relay/GCSGAME_hotGamesV2', {})).body.value as { vassalage: string }[];
  const vendors = (await post('/wps/relay/GCSGAME_gameVendor', {})).body.value.vendors as {
    vassalage: string;
  }[];
  return {
    menus: new Set(menus.flatMap((m) => m.vendors.map((v) => v.vassalage))),
    lanes: new Set(lanes.flatMap((l) => l.cards.map((v) => v.vassalage))),
    games: new Set(games.map((g) => g.vassalage)),
    hot: new Set([...popular, ...hot].map((g) => g.vassalage)),
    vendors: new Set(vendors.map((v) => v.vassalage)),
  };
};

describe('a vendor without a working connection', () => {
  it('is absent from every member list, search and launch, and present in the operator view', async () => {
    const seen = await memberFacingVendors();
    for (const list of Object.values(seen)) {
      // Neither a seamless vendor without a signed connection nor a transfer one without a wallet API.
      expect([...list]).not.toContain('NEON_SPIN');
      expect([...list]).not.toContain('GOLDEN_REELS');
      expect([...list]).not.toContain('AURORA_LIVE');
    }
    // The lotteries open the platform's own pages: they need no connection.
    expect([...seen.menus]).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA', 'JADE_ELOTT']));
    // §2: a category with nothing to play has no vendors in its menu entry, and no lane.
    const menus = (await get('/lgw/games/game_menus')).value as { gameType: string; vendors: unknown[] }[];
    expect(menus.find((m) => m.gameType === 'LIVE')?.vendors).toEqual([]);
    const lanes = (await get('/lgw/games/vendor_lanes')).value as { title: string }[];
    expect(lanes.map((l) => l.title)).not.toContain('LIVE');

    // Asked for by name, it is not there: its list, its game types, a search for its games.
    expect((await get('/lgw/games/list?vassalage=NEON_SPIN')).error?.code).toBe('VENDOR_NOT_FOUND');
    expect(
      (await post('/wps/relay/GCSGAME_getVassGameType', { vassalage: 'NEON_SPIN' })).body.error?.code,
    ).toBe('VENDOR_NOT_FOUND');
    expect((await get('/lgw/games/list?gameName=neon')).value.totalCount).toBe(0);
    // A launch is refused cleanly as for a vendor the brand does not offer (it was a 503 before).
    const launch = await post('/wps/game/launchGame', {
      vassalage: 'REEF_FISH',
      gameId: 'REEF_01',
      accountType: 0,
    });
    expect([launch.status, launch.body.error?.code]).toEqual([404, 'VENDOR_NOT_FOUND']);

    // The operator sees every vendor the brand carries, with its connection state.
    const catalogue = await runCli(server, 'catalogue', 'list');
    expect(catalogue).toMatch(/^NEON_SPIN\tRNG\tenabled\t.*\tno connection$/m);
    expect(catalogue).toMatch(/^TCG_LOTTO_VN\tLOTT\tenabled\t.*\tconnected$/m);
  });

  it('is offered once the operator configures its connection', async () => {
    await runCli(server, 'vendor-wallet', 'api', 'GOLDEN_REELS', 'http://127.0.0.1:9', '3000');
    const seen = await memberFacingVendors();
    expect([...seen.menus]).toContain('GOLDEN_REELS');
    expect([...seen.games]).toContain('GOLDEN_REELS');
    expect([...seen.menus]).not.toContain('NEON_SPIN');
    expect((await get('/lgw/games/list?vassalage=GOLDEN_REELS')).value.totalCount).toBeGreaterThan(0);
    expect(await runCli(server, 'catalogue', 'list')).toMatch(/^GOLDEN_REELS\tRNG\tenabled\t.*\tconnected$/m);
  });
});
