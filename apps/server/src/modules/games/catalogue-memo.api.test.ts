import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { runCommand } from '../../cli/commands.js';
import { sqliteHandleOf, type openDb } from '../../platform/db/index.js';
import { startInstancesApart, type InstancesApart } from '../../test/instances-apart.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { getMerchantByCode } from '../merchants/service.js';
import { setVendorConnection } from '../vendors/connections.js';
import { importCatalogue, parseCatalogue, setVendorEnabled } from './service.js';

/**
 * Issue 23 item 2 (decision 0073): the catalogue a visitor's pages read (the game list, hot games,
 * the category menus, the vendors, a vendor's game types, the lottery menu) is answered from memory
 * while nothing changed, with no statement, and an operator's change (a vendor disabled, games renamed
 * or put in another order) made through another instance (PostgreSQL) or the CLI's process (SQLite)
 * is in the next answers within a second. The other side runs on its own copy of the server's modules
 * (`vi.resetModules`), so the change reaches this one only through the database, as between processes.
 */
const postgres = process.env.TEST_POSTGRES_URL;
/** Instance A's connections' name: its statements are told from other files' in the cluster's log. */
const APART = 'jade-catalogue-apart';
const VENDOR = 'MEMO_ARCADE';

/** The test vendor's catalogue file: its games in this order, each with its EN name. */
const catalogue = (names: string[]) => ({
  vendors: [
    {
      code: VENDOR,
      category: 'ARCADE',
      names: { EN: 'Memo Arcade' },
      walletMode: 'SEAMLESS',
      supportPlay: 0,
      games: names.map((name) => ({
        gameId: name.split(' ')[0]!.toUpperCase(),
        nodeId: '1',
        names: { EN: name },
        isHot: true,
        minBet: 1000,
      })),
    },
  ],
});

/** The calls a visitor's home and game pages make, anonymous. */
const visitorCalls = (server: TestServer) => {
  const post = (path: string, body: unknown) =>
    server.json(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return [
    () => post('/wps/relay/GCSGAME_gameList', { vassalage: VENDOR, pageNo: 1, pageSize: 24 }),
    () => post('/wps/relay/GCSGAME_gameList', { pageNo: 1, pageSize: 24, language: 'TY' }),
    () => server.json(`/lgw/games/list?vassalage=${VENDOR}&gameName=rock`),
    () => server.json('/lgw/games/game_menus?language=EN'),
    () => server.json('/lgw/games/vendor_lanes'),
    () => server.json('/lgw/games/popular'),
    () => server.json('/lgw/vn/games/game_menu'),
    () => post('/wps/relay/GCSGAME_hotGamesV2', { vassalage: VENDOR }),
    () => post('/wps/relay/GCSGAME_gameVendor', { gameCategory: 'ARCADE' }),
    () => post('/wps/relay/GCSGAME_getVassGameType', { vassalage: VENDOR }),
  ];
};

/** Every visitor call, each answered 200. */
const callAll = async (server: TestServer) => {
  for (const call of visitorCalls(server)) {
    const { status, body } = await call();
    expect(status, JSON.stringify(body)).toBe(200);
  }
};

/** The names of the test vendor's games on `server`'s first page, or the error code. */
const vendorPage = async (server: TestServer) => {
  const { body } = await server.json<{ value?: { games: { gameName: string }[] }; error?: { code: string } }>(
    `/wps/relay/GCSGAME_gameList`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vassalage: VENDOR, pageNo: 1, pageSize: 24 }),
    },
  );
  return body.value ? body.value.games.map((game) => game.gameName) : body.error?.code;
};

const withinASecond = async (server: TestServer, expected: unknown) => {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const seen = await vendorPage(server);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) throw new Error(`not seen within a second: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The test vendor (Rocket, Mines) imported through `server` and connected, as an operator does. */
const setUpVendor = async (server: TestServer) => {
  const merchant = await getMerchantByCode(server.db, 'DEMO');
  await importCatalogue(server.db, merchant.id, parseCatalogue(catalogue(['Rocket', 'Mines'])));
  await setVendorConnection(server.db, server.serverSecret, {
    merchantId: merchant.id,
    vendorCode: VENDOR,
    endpoint: 'http://127.0.0.1:9',
    algorithm: 'HMAC-SHA256',
    key: 'memo-test-secret-0123456789abcdef',
    timeoutMs: 1_000,
  });
  return merchant;
};

describe.skipIf(!postgres)('the catalogue from memory across instances', () => {
  let instances: InstancesApart;
  let b: TestServer;
  let a: TestServer;
  let merchantId: number;

  beforeAll(async () => {
    instances = await startInstancesApart({
      applicationName: APART,
      setUp: async (first) => (merchantId = (await setUpVendor(first)).id),
    });
    ({ first: b, second: a } = instances);
  });
  afterAll(async () => instances?.close());

  /** The statements instance A's own connections sent while `call` ran. */
  const statementsOfA = (call: () => Promise<unknown>) => instances.statementsOfSecond(call);

  it("a visitor's repeated catalogue calls send no statement", async () => {
    await withinASecond(a, ['Rocket', 'Mines']);
    await callAll(a);
    const statements = await statementsOfA(() => callAll(a));
    expect(statements, statements.join('\n')).toEqual([]);
  });

  it("games renamed and put in another order through instance B are on instance A's list within a second", async () => {
    await importCatalogue(b.db, merchantId, parseCatalogue(catalogue(['Mines Deluxe', 'Rocket Crash'])));
    await withinASecond(a, ['Mines Deluxe', 'Rocket Crash']);
    await callAll(a);
    const statements = await statementsOfA(() => callAll(a));
    expect(statements, statements.join('\n')).toEqual([]);
  });

  it("a vendor disabled through instance B leaves instance A's list within a second, and comes back", async () => {
    await setVendorEnabled(b.db, merchantId, VENDOR, false);
    await withinASecond(a, 'VENDOR_NOT_FOUND');
    const all = await a.json<{ value: { games: { vassalage: string }[]; totalCount: number } }>(
      '/lgw/games/list?pageSize=100',
    );
    expect(all.body.value.games.map((game) => game.vassalage)).not.toContain(VENDOR);
    await setVendorEnabled(b.db, merchantId, VENDOR, true);
    await withinASecond(a, ['Mines Deluxe', 'Rocket Crash']);
  });
});

describe.skipIf(postgres)('the catalogue from memory on SQLite', () => {
  let server: TestServer;
  let cli: ReturnType<typeof openDb>;
  let jade: (...argv: string[]) => Promise<void>;

  beforeAll(async () => {
    server = await startTestServer();
    await setUpVendor(server);
    // The CLI's process: another connection on its own copy of the modules; only the file tells.
    vi.resetModules();
    const apartDb = (await import('../../platform/db/index.js')) as { openDb: typeof openDb };
    const commands = (await import('../../cli/commands.js')) as { runCommand: typeof runCommand };
    cli = apartDb.openDb(server.databaseUrl);
    jade = (...argv) => commands.runCommand(argv, cli.db, () => undefined);
  });
  afterAll(async () => {
    await cli?.close();
    await server?.close();
  });

  /** The statements the server's SQLite handle ran while `call` ran, `pragma data_version` apart. */
  const statementsOf = async (call: () => Promise<unknown>) => {
    const sqlite = sqliteHandleOf(server.db)!;
    const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    const ran: string[] = [];
    const originals = new Map<string, (...args: unknown[]) => unknown>();
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = statement[method]!;
      originals.set(method, original);
      statement[method] = function (this: { source: string; database: unknown }, ...args: unknown[]) {
        if (this.database === sqlite) ran.push(this.source);
        return original.apply(this, args);
      };
    }
    try {
      await call();
    } finally {
      for (const [method, original] of originals) statement[method] = original;
    }
    // The file's version, read once a turn of the event loop for every memo (read-cache.ts).
    return ran.filter((source) => source !== 'pragma data_version');
  };

  it("a visitor's repeated catalogue calls run no statement", async () => {
    await callAll(server);
    const statements = await statementsOf(() => callAll(server));
    expect(statements, statements.join('\n')).toEqual([]);
  });

  it('keeps at most 24,000 games of answers: the least recently used page is read again, the last is not', async () => {
    const merchant = await getMerchantByCode(server.db, 'DEMO');
    const big = catalogue(Array.from({ length: 100 }, (_, i) => `Big${i} Game`));
    big.vendors[0]!.code = 'MEMO_BIG';
    await importCatalogue(server.db, merchant.id, parseCatalogue(big));
    await setVendorConnection(server.db, server.serverSecret, {
      merchantId: merchant.id,
      vendorCode: 'MEMO_BIG',
      endpoint: 'http://127.0.0.1:9',
      algorithm: 'HMAC-SHA256',
      key: 'memo-test-secret-0123456789abcdef',
      timeoutMs: 1_000,
    });
    // A page of 100 games in each of 250 languages (any code is a key): 25,000 games asked for.
    const page = (language: string) =>
      server.json(`/lgw/games/list?vassalage=MEMO_BIG&pageSize=100&language=${language}`);
    for (let i = 0; i < 250; i++) expect((await page(`L${i}`)).status).toBe(200);
    expect(await statementsOf(() => page('L249'))).toEqual([]);
    expect((await statementsOf(() => page('L0'))).length).toBeGreaterThan(0);
  });

  it('games renamed and reordered, and a vendor disabled, through the CLI are in the list within a second', async () => {
    const file = path.join(server.dataDir, 'memo-arcade.json');
    fs.writeFileSync(file, JSON.stringify(catalogue(['Mines Deluxe', 'Rocket Crash'])));
    await jade('catalogue', 'import', file);
    await withinASecond(server, ['Mines Deluxe', 'Rocket Crash']);
    await jade('catalogue', 'disable', VENDOR);
    await withinASecond(server, 'VENDOR_NOT_FOUND');
    await jade('catalogue', 'enable', VENDOR);
    await withinASecond(server, ['Mines Deluxe', 'Rocket Crash']);
    await callAll(server);
    const statements = await statementsOf(() => callAll(server));
    expect(statements, statements.join('\n')).toEqual([]);
  });
});
