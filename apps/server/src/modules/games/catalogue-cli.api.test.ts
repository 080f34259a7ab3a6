import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, writeDataFile } from '../../test/cli.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { getMerchantByCode } from '../merchants/service.js';
import { setVendorConnection } from '../vendors/connections.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const run = (...argv: string[]) => runCli(server, ...argv);
const writeFile = (name: string, content: unknown) => writeDataFile(server, name, content);
const gameList = async (query: string) =>
  (await server.json<{ status: number; value: any; error?: any }>(`/lgw/games/list${query}`)).body;

const catalogue = (gameName: string) => ({
  vendors: [
    {
      code: 'CLI_ARCADE',
      category: 'ARCADE',
      names: { EN: 'CLI Arcade', TY: 'Trò chơi CLI' },
      walletMode: 'SEAMLESS',
      supportPlay: 0,
      games: [
        { gameId: 'ROCKET', nodeId: '1', names: { EN: gameName }, isHot: true, minBet: 1000 },
        { gameId: 'MINES', nodeId: '2', names: { EN: 'Mines Deluxe' } },
      ],
    },
  ],
});

describe('jade catalogue', () => {
  it('lists the demo catalogue with categories, state, order and game counts', async () => {
    const text = await run('catalogue', 'list');
    expect(text.split('\n')).toHaveLength(18);
    expect(text).toContain('TCG_LOTTO_VN\tLOTT\tenabled\torder 10\t15 games\tJADE Lotto VN');
    expect(text).toContain('GOLDEN_REELS\tRNG\tenabled');
  });

  it('imports a file, offers its vendors to the brand and re-imports without duplicates', async () => {
    const file = writeFile('arcade.json', catalogue('Rocket'));
    expect(await run('catalogue', 'import', file)).toBe(`DEMO: imported 1 vendors and 2 games from ${file}`);
    // Members are offered a vendor once the brand can reach it (decision 0029): the operator connects it.
    expect(await run('catalogue', 'list')).toMatch(/^CLI_ARCADE\t.*\tno connection$/m);
    await setVendorConnection(server.db, server.serverSecret, {
      merchantId: (await getMerchantByCode(server.db, 'DEMO')).id,
      vendorCode: 'CLI_ARCADE',
      endpoint: 'http://127.0.0.1:9',
      algorithm: 'HMAC-SHA256',
      key: 'a-test-secret-of-at-least-32-characters',
      timeoutMs: 1000,
    });
    let page = await gameList('?vassalage=CLI_ARCADE&language=EN');
    expect(page.value.games.map((g: any) => g.gameName)).toEqual(['Rocket', 'Mines Deluxe']);
    expect(page.value.games[0]).toMatchObject({
      // The file gives no icon: none is advertised, so the web draws initials without a failed request.
      showIcon: '',
      accountTypeName: 'CLI_ARCADE',
      gameType: 'ARCADE',
      minBet: 1000,
    });

    await run('catalogue', 'import', writeFile('arcade-2.json', catalogue('Rocket Crash')));
    page = await gameList('?vassalage=CLI_ARCADE&language=EN');
    expect(page.value.totalCount).toBe(2);
    expect(page.value.games[0].gameName).toBe('Rocket Crash');
    expect(await run('catalogue', 'list')).toContain(
      'CLI_ARCADE\tARCADE\tenabled\torder 190\t2 games\tCLI Arcade\tconnected',
    );
  });

  it('disables and enables a vendor for the brand', async () => {
    expect(await run('catalogue', 'disable', 'CLI_ARCADE')).toBe('DEMO: CLI_ARCADE disabled');
    expect((await gameList('?vassalage=CLI_ARCADE')).error.code).toBe('VENDOR_NOT_FOUND');
    expect(await run('catalogue', 'list')).toContain('CLI_ARCADE\tARCADE\tdisabled');
    await run('catalogue', 'enable', 'CLI_ARCADE');
    expect((await gameList('?vassalage=CLI_ARCADE')).value.totalCount).toBe(2);
    await expect(run('catalogue', 'disable', 'NO_SUCH_VENDOR')).rejects.toThrow(
      "The brand does not carry a vendor 'NO_SUCH_VENDOR'",
    );
  });

  it('refuses a bad file naming the path of each bad field, and changes nothing', async () => {
    const bad = catalogue('Broken') as any;
    bad.vendors[0].games[1].minBet = -1;
    bad.vendors[0].walletMode = 'CASH';
    const file = writeFile('bad.json', bad);
    await expect(run('catalogue', 'import', file)).rejects.toThrow(
      /vendors\[0\]\.walletMode: .*vendors\[0\]\.games\[1\]\.minBet: Too small/,
    );
    expect((await gameList('?vassalage=CLI_ARCADE&language=EN')).value.games[0].gameName).toBe(
      'Rocket Crash',
    );
  });

  it('refuses a missing file, a file that is not JSON, and a wrong argument count', async () => {
    await expect(run('catalogue', 'import', path.join(server.dataDir, 'missing.json'))).rejects.toThrow(
      /Cannot read .*missing\.json/,
    );
    await expect(run('catalogue', 'import', writeFile('text.json', 'vendors: []'))).rejects.toThrow(
      /text\.json is not valid JSON/,
    );
    await expect(run('catalogue', 'import')).rejects.toThrow("'catalogue import' takes one JSON file path");
    await expect(run('catalogue', 'shuffle')).rejects.toThrow("Unknown command 'catalogue shuffle'");
  });

  it('imports for the brand named by --merchant', async () => {
    await expect(
      run('catalogue', 'import', writeFile('x.json', catalogue('X')), '--merchant', 'NOBRAND'),
    ).rejects.toThrow("No brand has the code 'NOBRAND'");
  });

  it('is in the usage text', async () => {
    expect(await run('--help')).toContain('catalogue import <FILE>');
  });
});
