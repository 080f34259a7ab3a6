import { request } from 'node:http';
import {
  CATEGORY_NAVIGATION,
  gameListResponse,
  gameMenusResponse,
  gameVendorResponse,
  gameItem,
  lotteryMenuResponse,
  vendorGameTypesResponse,
  vendorLanesResponse,
} from '@jade/contracts/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH, createOtherBrand } from '../../test/brands.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { connectEveryVendor } from '../../test/vendor-connections.js';
import * as merchants from '../merchants/service.js';
import { importCatalogue, parseCatalogue, setVendorEnabled } from './service.js';

type Envelope = {
  success: boolean;
  value?: any;
  error?: { code: string; message: string; fields?: any; details?: any };
};

const OTHER_HOST = 'other-brand.example';

let server: TestServer;
let demoId: number;

/** A request with a Host header of our choosing (fetch will not send one). */
const asHost = (host: string, method: string, path: string, body?: unknown) =>
  new Promise<{ status: number; body: Envelope }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method,
        headers: { host, ...(body !== undefined && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });

const get = (path: string) => server.json<Envelope>(path);
const post = (path: string, body: unknown) =>
  server.json<Envelope>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const list = async (query: string) => {
  const { status, body } = await get(`/lgw/games/list${query}`);
  expect(status).toBe(200);
  return gameListResponse.parse(body.value);
};

/** A second brand (default language th) with one vendor of its own, to check brand scoping and fallback. */
const createThaiBrand = async () => {
  const id = await createOtherBrand(server.db, {
    host: OTHER_HOST,
    currency: 'THB',
    currencySymbol: '฿',
    languages: [{ code: 'th', locale: 'th-TH', label: 'ไทย' }, ENGLISH],
  });
  await importCatalogue(
    server.db,
    id,
    parseCatalogue({
      vendors: [
        {
          code: 'SOLO_SLOTS',
          category: 'RNG',
          names: { EN: 'Solo Slots', th: 'โซโล่สล็อต' },
          walletMode: 'TRANSFER',
          supportPlay: 0,
          games: [
            {
              gameId: 'S1',
              nodeId: '1',
              names: { EN: 'Three Names', th: 'สามชื่อ', TY: 'Ba Tên' },
              isHot: true,
            },
            { gameId: 'S2', nodeId: '2', names: { EN: 'English And TY', TY: 'Tiếng Anh Và TY' } },
            { gameId: 'S3', nodeId: '3', names: { zh: '只有中文' } },
          ],
        },
      ],
    }),
  );
};

beforeAll(async () => {
  server = await startTestServer();
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await createThaiBrand();
  // These tests are about listing the catalogue: every vendor is connected, as an operator would
  // (decision 0029; vendor-reach.api.test.ts covers the vendors without a connection).
  await connectEveryVendor(server, demoId);
  await connectEveryVendor(server, (await merchants.getMerchantByCode(server.db, 'OTHER')).id);
});
afterAll(async () => server.close());

describe('GET /lgw/games/game_menus', () => {
  it('lists every category in navigation order with name key, page, enName, point and vendors', async () => {
    const { status, body } = await get('/lgw/games/game_menus?language=EN');
    expect(status).toBe(200);
    const menus = gameMenusResponse.parse(body.value);
    expect(menus.map((m) => m.gameType)).toEqual(CATEGORY_NAVIGATION.map((c) => c.gameType));
    const byType = Object.fromEntries(menus.map((m) => [m.gameType, m]));
    expect(byType.LIVE).toMatchObject({
      name: 'nav.live',
      page: '/live',
      enName: 'Live Casino',
      point: '0.70',
    });
    expect(byType.SPORTS?.point).toBe('1.00');
    expect(byType.FISH?.point).toBe('1.20');
    expect(byType.RNG?.point).toBe('1.20');
    expect(byType.PVP?.point).toBe('1.00');
    expect(byType.LOTT?.vendors.map((v) => v.vassalage)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA']);
    expect(byType.LOTT?.vendors[0]?.vendorName).toBe('JADE Lotto VN');
    expect(byType.ESPORTS?.vendors).toEqual([]);
    expect(byType.SPORTS?.vendors.find((v) => v.tags.includes('COCKFIGHT'))?.vassalage).toBe(
      'ARENA_COCKFIGHT',
    );
    expect(byType.RNG?.vendors[0]).toMatchObject({
      vassalage: 'GOLDEN_REELS',
      logo: '/media/vendors/GOLDEN_REELS.svg',
      walletMode: 'TRANSFER',
      supportPlay: 0,
    });
  });

  it("answers in the brand's default language (TY) when none is asked", async () => {
    const menus = gameMenusResponse.parse((await get('/lgw/games/game_menus')).body.value);
    expect(menus.find((m) => m.gameType === 'LOTT')?.vendors[0]?.vendorName).toBe('Xổ số Việt Nam');
  });

  it('refuses a malformed language', async () => {
    const { status, body } = await get('/lgw/games/game_menus?language=x');
    expect(status).toBe(400);
    expect(body.error?.fields).toHaveProperty('language');
  });
});

describe('GET /lgw/vn/games/game_menu', () => {
  it('lists the lottery and e-lottery vendors with their games and the launcher fields', async () => {
    const { status, body } = await get('/lgw/vn/games/game_menu?language=EN');
    expect(status).toBe(200);
    const menu = lotteryMenuResponse.parse(body.value);
    expect(menu.map((m) => m.vassalage)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA', 'JADE_ELOTT']);
    const hanoi = menu[0]?.games.find((g) => g.gameId === 'VN_HN');
    expect(hanoi).toMatchObject({
      gameName: 'Hanoi Lottery',
      gameType: 'LOTT',
      isGame: 'GAME',
      code: 'VN_HN',
      defaultPlayType: 'LO_2D',
      accountTypeName: 'TCG_LOTTO_VN',
      showIcon: '/media/games/TCG_LOTTO_VN/VN_HN.svg',
    });
    expect(menu[2]?.games.every((g) => g.gameType === 'ELOTT')).toBe(true);
  });

  it('narrows to one vendor, and answers 404 for an unknown one', async () => {
    const menu = lotteryMenuResponse.parse(
      (await get('/lgw/vn/games/game_menu?vassalage=TCG_SEA')).body.value,
    );
    expect(menu.map((m) => m.vassalage)).toEqual(['TCG_SEA']);
    const { status, body } = await get('/lgw/vn/games/game_menu?vassalage=NO_SUCH_VENDOR');
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: 'VENDOR_NOT_FOUND', details: { vassalage: 'NO_SUCH_VENDOR' } });
  });
});

describe('GET /lgw/games/list', () => {
  it('pages 24 games at a time by default', async () => {
    const first = await list('?vassalage=GOLDEN_REELS');
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 36 });
    expect(first.games).toHaveLength(24);
    const second = await list('?vassalage=GOLDEN_REELS&pageNo=2');
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, totalCount: 36 });
    expect(second.games).toHaveLength(12);
    const ids = [...first.games, ...second.games].map((g) => g.gameId);
    expect(new Set(ids).size).toBe(36);
  });

  it('answers an empty page past the last one, keeping the totals', async () => {
    const past = await list('?vassalage=GOLDEN_REELS&pageNo=3');
    expect(past).toEqual({ games: [], pageNum: 3, totalPages: 2, totalCount: 36 });
  });

  it('fits exactly one page when the page size equals the count', async () => {
    expect(await list('?vassalage=NEON_SPIN&pageSize=30')).toMatchObject({ totalPages: 1, totalCount: 30 });
    const small = await list('?vassalage=NEON_SPIN&pageSize=29&pageNo=2');
    expect(small).toMatchObject({ totalPages: 2, pageNum: 2 });
    expect(small.games).toHaveLength(1);
  });

  it('answers zero pages when nothing matches', async () => {
    expect(await list('?gameName=no-such-game-anywhere')).toEqual({
      games: [],
      pageNum: 1,
      totalPages: 0,
      totalCount: 0,
    });
  });

  it('refuses a page number below 1, a page size over 100 and text where numbers go', async () => {
    for (const [query, field] of [
      ['?pageNo=0', 'pageNo'],
      ['?pageNo=-1', 'pageNo'],
      ['?pageSize=0', 'pageSize'],
      ['?pageSize=101', 'pageSize'],
      ['?pageNo=two', 'pageNo'],
      ['?pageNo=1.5', 'pageNo'],
      ['?minBet=-5', 'minBet'],
      ['?gameType=BINGO', 'gameType'],
      ['?vassalage=lower_case', 'vassalage'],
    ] as const) {
      const { status, body } = await get(`/lgw/games/list${query}`);
      expect(status, query).toBe(400);
      expect(body.error?.code).toBe('VALIDATION_FAILED');
      expect(body.error?.fields, query).toHaveProperty(field);
    }
  });

  it('treats empty parameters as absent, as the web client sends them', async () => {
    const page = await list(
      '?clientType=3&platform=html5-desktop&channel=&merchant=&gameName=&minBet=&minLineNum=&pageNo=1&pageSize=24&vassalage=&language=&gameType=',
    );
    expect(page.games).toHaveLength(24);
    expect(page.totalCount).toBeGreaterThan(200);
  });

  it('lists the games of enabled vendors in brand order: vendor order, then catalogue order', async () => {
    const page = await list('?pageSize=3');
    expect(page.games.map((g) => g.gameId)).toEqual(['VN_HN', 'VN_HCM', 'VN_DT']);
  });

  it('answers 404 VENDOR_NOT_FOUND for an unknown vendor', async () => {
    const { status, body } = await get('/lgw/games/list?vassalage=NO_SUCH_VENDOR');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: { code: 'VENDOR_NOT_FOUND' } });
  });

  it('filters by category, live classification, minimum bet and line count', async () => {
    const live = await list('?gameType=LIVE&pageSize=100');
    expect(live.games.every((g) => g.gameType === 'LIVE')).toBe(true);
    // The studio's roulette and baccarat are table games (issue 20 item 4), listed with the live ones.
    expect(new Set(live.games.map((g) => g.vassalage))).toEqual(
      new Set(['AURORA_LIVE', 'LOTUS_LIVE', 'PEARL_LIVE', 'JADE_STUDIO']),
    );
    expect(
      live.games
        .filter((g) => g.vassalage === 'JADE_STUDIO')
        .map((g) => g.gameId)
        .sort(),
    ).toEqual(['JADE_BACCARAT', 'JADE_ROULETTE']);
    const baccarat = await list('?gameType=LIVE&classification=BAC&pageSize=100');
    expect(baccarat.totalCount).toBeGreaterThan(5);
    expect(baccarat.games.every((g) => g.classification === 'BAC')).toBe(true);
    const bet = await list('?vassalage=GOLDEN_REELS&minBet=50000&pageSize=100');
    expect(bet.totalCount).toBeGreaterThan(0);
    expect(bet.games.every((g) => g.minBet === 50000)).toBe(true);
    const lines = await list('?vassalage=GOLDEN_REELS&minLineNum=243');
    expect(lines.totalCount).toBeGreaterThan(0);
    expect(lines.games.every((g) => g.minLineNum === 243)).toBe(true);
  });

  it('searches names in every language without regard to case, and takes wildcards literally', async () => {
    const english = await list('?gameName=DRAGON&language=EN&pageSize=100');
    expect(english.totalCount).toBeGreaterThan(3);
    expect(english.games.every((g) => g.gameName.toLowerCase().includes('dragon'))).toBe(true);
    const vietnamese = await list(`?gameName=${encodeURIComponent('RỒNG')}&pageSize=100`);
    expect(vietnamese.games.map((g) => g.gameId)).toEqual(
      expect.arrayContaining(['DT_1', 'GOLDEN-fortune-dragon']),
    );
    // As LIKE wildcards these would match 'dragon'; taken literally they match nothing.
    expect((await list(`?gameName=${encodeURIComponent('dr%n')}`)).totalCount).toBe(0);
    expect((await list('?gameName=d_agon')).totalCount).toBe(0);
    expect((await list('?gameName=vn_hn')).games.map((g) => g.gameId)).toEqual(['VN_HN']);
  });

  it('falls back per game: asked language, brand default, EN', async () => {
    const [dragon] = (await list('?vassalage=GOLDEN_REELS&pageSize=1&language=ja')).games;
    expect(dragon?.gameName).toBe('Rồng Tài Lộc');
    const [neon] = (await list('?vassalage=NEON_SPIN&pageSize=1&language=TY')).games;
    expect(neon?.gameName).toBe('Neon Nights');
    const [lowercase] = (await list('?vassalage=GOLDEN_REELS&pageSize=1&language=en')).games;
    expect(lowercase?.gameName).toBe('Fortune Dragon');
  });

  it('accepts the brand as merchant and refuses another brand', async () => {
    expect((await list('?merchant=DEMO&pageSize=1')).games).toHaveLength(1);
    expect((await list('?merchant=demo&pageSize=1')).games).toHaveLength(1);
    const { status, body } = await get('/lgw/games/list?merchant=OTHER');
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 'FORBIDDEN', details: { merchant: 'OTHER' } });
  });
});

describe('brand scoping', () => {
  it("shows each brand only its own vendors, and never another brand's vendor", async () => {
    const other = await asHost(OTHER_HOST, 'GET', '/lgw/games/list');
    expect(other.status).toBe(200);
    expect(other.body.value.games.map((g: any) => g.vassalage)).toEqual([
      'SOLO_SLOTS',
      'SOLO_SLOTS',
      'SOLO_SLOTS',
    ]);
    const foreign = await get('/lgw/games/list?vassalage=SOLO_SLOTS');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe('VENDOR_NOT_FOUND');
    const demoVendor = await asHost(OTHER_HOST, 'GET', '/lgw/games/list?vassalage=GOLDEN_REELS');
    expect(demoVendor.status).toBe(404);
    const menus = await asHost(OTHER_HOST, 'GET', '/lgw/games/game_menus');
    const vendors = menus.body.value.flatMap((m: any) => m.vendors.map((v: any) => v.vassalage));
    expect(vendors).toEqual(['SOLO_SLOTS']);
  });

  it("refuses a request naming the other brand's merchant code", async () => {
    const { status } = await asHost(OTHER_HOST, 'POST', '/wps/relay/GCSGAME_hotGamesV2', {
      merchantCode: 'DEMO',
      isPlatform: 2,
    });
    expect(status).toBe(403);
  });

  it("falls back to the other brand's own default language, then EN, then any name", async () => {
    const { body } = await asHost(OTHER_HOST, 'GET', '/lgw/games/list?language=ja');
    expect(body.value.games.map((g: any) => g.gameName)).toEqual(['สามชื่อ', 'English And TY', '只有中文']);
    const ty = await asHost(OTHER_HOST, 'GET', '/lgw/games/list?language=TY');
    expect(ty.body.value.games.map((g: any) => g.gameName)).toEqual([
      'Ba Tên',
      'Tiếng Anh Và TY',
      '只有中文',
    ]);
  });

  it('answers 404 MERCHANT_NOT_FOUND for a host that serves no brand', async () => {
    const { status, body } = await asHost('nobody.example', 'GET', '/lgw/games/game_menus');
    expect(status).toBe(404);
    expect(body.error?.code).toBe('MERCHANT_NOT_FOUND');
  });
});

describe('GET /lgw/games/popular', () => {
  it('lists hot games of enabled vendors in brand order', async () => {
    const { status, body } = await get('/lgw/games/popular?language=EN');
    expect(status).toBe(200);
    const games = body.value.map((g: unknown) => gameItem.parse(g));
    expect(games).toHaveLength(24);
    expect(games.every((g: any) => g.isHot)).toBe(true);
    expect(games[0]).toMatchObject({ vassalage: 'TCG_LOTTO_VN', gameName: 'Hanoi Lottery' });
  });

  it('narrows by category and vendor, and caps the size', async () => {
    const slots = (await get('/lgw/games/popular?gameType=RNG&size=100')).body.value;
    expect(slots.length).toBeGreaterThan(5);
    expect(slots.every((g: any) => g.gameType === 'RNG' && g.isHot)).toBe(true);
    const two = (await get('/lgw/games/popular?vassalage=AURORA_LIVE&size=2')).body.value;
    expect(two.map((g: any) => g.gameId)).toEqual(['BAC_A', 'BAC_SPEED']);
    expect((await get('/lgw/games/popular?size=101')).status).toBe(400);
    expect((await get('/lgw/games/popular?vassalage=NO_SUCH_VENDOR')).status).toBe(404);
  });
});

describe('GET /lgw/games/vendor_lanes', () => {
  it('gives one lane per category that has vendors, with vendor cards', async () => {
    const { status, body } = await get('/lgw/games/vendor_lanes?merchantCode=DEMO&language=EN');
    expect(status).toBe(200);
    const lanes = vendorLanesResponse.parse(body.value);
    expect(lanes.map((l) => l.title)).toEqual([
      'LOTT',
      'ELOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'RNG',
      'PVP',
      'ARCADE',
    ]);
    expect(lanes.find((l) => l.title === 'RNG')?.cards.map((c) => c.vendorName)).toEqual([
      'Golden Reels',
      'Lucky Panda',
      'Neon Spin',
      'Jade Studio',
    ]);
    expect((await get('/lgw/games/vendor_lanes?merchantCode=OTHER')).status).toBe(403);
  });
});

describe('POST /wps/relay/GCSGAME_hotGamesV2', () => {
  it('lists hot games for isPlatform 2 and the spec platform text', async () => {
    const { status, body } = await post('/wps/relay/GCSGAME_hotGamesV2', {
      merchantCode: 'DEMO',
      isPlatform: 2,
      platform: 'flash,html5-desktop',
      language: 'EN',
    });
    expect(status).toBe(200);
    expect(body.value.length).toBeGreaterThan(24);
    expect(body.value.every((g: any) => g.isHot)).toBe(true);
    const aurora = await post('/wps/relay/GCSGAME_hotGamesV2', { isPlatform: 2, vassalage: 'AURORA_LIVE' });
    expect(new Set(aurora.body.value.map((g: any) => g.vassalage))).toEqual(new Set(['AURORA_LIVE']));
  });

  it('refuses another isPlatform value and an unknown vendor', async () => {
    const bad = await post('/wps/relay/GCSGAME_hotGamesV2', { isPlatform: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toHaveProperty('isPlatform');
    const unknown = await post('/wps/relay/GCSGAME_hotGamesV2', { vassalage: 'NO_SUCH_VENDOR' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('VENDOR_NOT_FOUND');
  });
});

describe('POST /wps/relay/GCSGAME_getVassGameType', () => {
  it("lists a vendor's game types with classifications and counts", async () => {
    const { status, body } = await post('/wps/relay/GCSGAME_getVassGameType', { vassalage: 'AURORA_LIVE' });
    expect(status).toBe(200);
    const value = vendorGameTypesResponse.parse(body.value);
    expect(value.vassalage).toBe('AURORA_LIVE');
    expect(value.gameTypes).toHaveLength(1);
    expect(value.gameTypes[0]).toMatchObject({ gameType: 'LIVE', count: 16 });
    expect(value.gameTypes[0]?.classifications).toEqual(expect.arrayContaining(['BAC', 'SIC', 'ROU', 'DAT']));
  });

  it('answers 404 for an unknown vendor and 400 without one', async () => {
    const unknown = await post('/wps/relay/GCSGAME_getVassGameType', { vassalage: 'NO_SUCH_VENDOR' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('VENDOR_NOT_FOUND');
    const missing = await post('/wps/relay/GCSGAME_getVassGameType', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toHaveProperty('vassalage');
  });
});

describe('POST /wps/relay/GCSGAME_gameVendor', () => {
  it('lists the enabled vendors and the sorting entries per category', async () => {
    const { status, body } = await post('/wps/relay/GCSGAME_gameVendor', { language: 'EN' });
    expect(status).toBe(200);
    const value = gameVendorResponse.parse(body.value);
    expect(value.vendors).toHaveLength(18);
    expect(value.sorting.find((s) => s.gameCategory === 'LIVE')?.vendors).toEqual([
      'AURORA_LIVE',
      'LOTUS_LIVE',
      'PEARL_LIVE',
    ]);
    expect(value.sorting.some((s) => s.gameCategory === 'ESPORTS')).toBe(false);
  });

  it('narrows to one category', async () => {
    const value = gameVendorResponse.parse(
      (await post('/wps/relay/GCSGAME_gameVendor', { gameCategory: 'FISH' })).body.value,
    );
    expect(value.vendors.map((v) => v.vassalage)).toEqual(['DEEPBLUE_FISH', 'REEF_FISH']);
    expect(value.vendors[0]?.vendorName).toBe('Bắn cá Đại Dương');
  });
});

describe('POST /wps/relay/GCSGAME_gameList', () => {
  it('answers the same page as the GET list', async () => {
    const { status, body } = await post('/wps/relay/GCSGAME_gameList', {
      clientType: 3,
      merchantCode: 'DEMO',
      vassalage: 'LUCKY_PANDA',
      pageNo: 2,
      pageSize: 24,
      language: 'EN',
    });
    expect(status).toBe(200);
    expect(body.value).toEqual(await list('?vassalage=LUCKY_PANDA&pageNo=2&language=EN'));
    expect(body.value.games).toHaveLength(9);
  });

  it('refuses bad fields, an unknown vendor and a foreign merchant', async () => {
    const bad = await post('/wps/relay/GCSGAME_gameList', { pageNo: 0, pageSize: '24' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields)).toEqual(['pageNo', 'pageSize']);
    expect((await post('/wps/relay/GCSGAME_gameList', { vassalage: 'NO_SUCH_VENDOR' })).status).toBe(404);
    expect((await post('/wps/relay/GCSGAME_gameList', { merchant: 'OTHER' })).status).toBe(403);
  });
});

describe('a disabled vendor', () => {
  it('disappears from every catalogue call and comes back when enabled', async () => {
    const vendorsIn = async () => {
      const menus = (await get('/lgw/games/game_menus')).body.value;
      const lanes = (await get('/lgw/games/vendor_lanes')).body.value;
      const vendors = (await post('/wps/relay/GCSGAME_gameVendor', {})).body.value;
      const popular = (await get('/lgw/games/popular?size=100')).body.value;
      const hot = (await post('/wps/relay/GCSGAME_hotGamesV2', {})).body.value;
      return {
        menus: menus.flatMap((m: any) => m.vendors.map((v: any) => v.vassalage)),
        lanes: lanes.flatMap((l: any) => l.cards.map((c: any) => c.vassalage)),
        vendors: vendors.vendors.map((v: any) => v.vassalage),
        sorting: vendors.sorting.flatMap((s: any) => s.vendors),
        popular: popular.map((g: any) => g.vassalage),
        hot: hot.map((g: any) => g.vassalage),
      };
    };
    const before = await list('?pageSize=1');
    await setVendorEnabled(server.db, demoId, 'LUCKY_PANDA', false);
    try {
      for (const [call, codes] of Object.entries(await vendorsIn())) {
        expect(codes, call).not.toContain('LUCKY_PANDA');
        expect(codes.length, call).toBeGreaterThan(0);
      }
      expect((await list('?pageSize=1')).totalCount).toBe(before.totalCount - 33);
      expect((await list('?gameName=panda&pageSize=100')).games.map((g) => g.vassalage)).not.toContain(
        'LUCKY_PANDA',
      );
      for (const response of [
        await get('/lgw/games/list?vassalage=LUCKY_PANDA'),
        await get('/lgw/games/popular?vassalage=LUCKY_PANDA'),
        await post('/wps/relay/GCSGAME_getVassGameType', { vassalage: 'LUCKY_PANDA' }),
        await post('/wps/relay/GCSGAME_gameList', { vassalage: 'LUCKY_PANDA' }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.error?.code).toBe('VENDOR_NOT_FOUND');
      }
    } finally {
      await setVendorEnabled(server.db, demoId, 'LUCKY_PANDA', true);
    }
    expect((await vendorsIn()).menus).toContain('LUCKY_PANDA');
    expect((await list('?pageSize=1')).totalCount).toBe(before.totalCount);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue call', async () => {
    const spec = (await (await server.fetch('/docs/json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/lgw/games/game_menus',
        '/lgw/vn/games/game_menu',
        '/lgw/games/popular',
        '/lgw/games/list',
        '/lgw/games/vendor_lanes',
        '/wps/relay/GCSGAME_hotGamesV2',
        '/wps/relay/GCSGAME_getVassGameType',
        '/wps/relay/GCSGAME_gameVendor',
        '/wps/relay/GCSGAME_gameList',
      ]),
    );
  });
});
