import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerFundedMember } from './support/members';
import { startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 20 item 1 (decision 0029): a visitor is never offered a game that cannot open. On the demo
 * brand, a member with money walks the home page and every category the header shows, collects every
 * game tile, and launches each the way the tile does; one of each vendor's is also opened in the
 * browser. A category in the header must have something to play.
 */
const DESKTOP = { width: 1366, height: 900 };
const LOTTERY = ['LOTT', 'ELOTT'];

type Game = { vassalage: string; gameId: string; gameName: string; gameType: string; isGame: string };
type Menu = { gameType: string; page: string | null; vendors: { vassalage: string }[] };

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopVerifier?.();
});

/** The games a list answered to the page (a tile shows only its game's name). */
const GAME_LISTS =
  /\/lgw\/games\/(list|popular)|GCSGAME_(hotGamesV2|gameList)|MCSFE_getFavoriteGames|GCS_recentGame/;

const collectGames = (page: Page) => {
  const games = new Map<string, Game>();
  const menus: Menu[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const url = response.url();
    if (!url.startsWith(server.baseUrl) || response.status() !== 200) return;
    const isMenus = url.includes('/lgw/games/game_menus');
    if (!isMenus && !GAME_LISTS.test(url)) return;
    reads.push(
      response
        .json()
        .then((body: { value?: unknown }) => {
          if (isMenus) {
            menus.splice(0, menus.length, ...(body.value as Menu[]));
            return;
          }
          const value = body.value as Game[] | { games: Game[] };
          for (const game of Array.isArray(value) ? value : value.games)
            games.set(`${game.vassalage}/${game.gameId}`, game);
        })
        .catch(() => undefined),
    );
  });
  return { games, menus, settled: () => Promise.all(reads) };
};

describe('every game tile the demo shows', () => {
  it('opens, and the header shows no category with nothing to play', async () => {
    const member = await registerFundedMember(server, 'tiles', '94');
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('language', 'EN'));
    await addSession(context, { token: member.token, isAgent: 0 });
    const page = watch.watch(await context.newPage());
    const seen = collectGames(page);

    /** What a launch of the game answers, as the tile's /game page asks for it; an error names it. */
    const launch = async (game: Pick<Game, 'vassalage' | 'gameId'>) => {
      const answer = await apiCall(
        server.baseUrl,
        'POST',
        '/wps/game/launchGame',
        {
          launchMode: 'GLS',
          platform: 'html5-desktop',
          clientType: 3,
          confirmTrans: 0,
          vassalage: game.vassalage,
          gameId: game.gameId,
          accountType: 1,
          language: 'EN',
        },
        { token: member.token },
      );
      if (!answer.success) return `${game.vassalage}/${game.gameId}: ${answer.error?.code}`;
      const value = answer.value as { kind: string; url?: string; path?: string };
      // The address the frame (or the lottery page) loads must answer.
      const address =
        value.kind === 'URL' ? value.url! : value.kind === 'LOTTERY' ? server.baseUrl + value.path! : '';
      if (value.kind !== 'GAME_LIST' && !address) return `${game.vassalage}/${game.gameId}: ${value.kind}`;
      if (address && (await fetch(address)).status !== 200)
        return `${game.vassalage}/${game.gameId}: ${address} does not answer`;
      return 'opens';
    };

    // The home page and every category page the header links to, with the tiles each shows.
    await page.goto(`${server.baseUrl}/index`);
    await page.locator('.nav-tab').first().waitFor();
    const tabs = await page.locator('header .nav-tab[data-category]').evaluateAll((items) =>
      items.map((item) => ({
        category: item.getAttribute('data-category')!,
        href: item.querySelector('a')?.getAttribute('href') ?? null,
      })),
    );
    expect(tabs.length).toBeGreaterThan(0);
    const tiles = new Set<string>();
    const readTiles = async () => {
      for (const name of await page
        .locator('article.game-card')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')!)))
        tiles.add(name);
    };
    const launched = new Set<string>();
    /** Launches the tiles shown so far that were not launched yet; answers what did not open. */
    const launchShown = async () => {
      await seen.settled();
      const shown = [...seen.games.values()].filter(
        (game) => tiles.has(game.gameName) && !launched.has(`${game.vassalage}/${game.gameId}`),
      );
      for (const game of shown) launched.add(`${game.vassalage}/${game.gameId}`);
      return (await Promise.all(shown.map(launch))).filter((result) => result !== 'opens');
    };
    await page.locator('article.game-card').first().waitFor();
    await readTiles();
    await seen.settled();

    // §2: each category in the header has a vendor with a game that opens.
    const vendorChecks = tabs
      .filter((t) => t.category !== 'COCKFIGHT')
      .flatMap((tab): Promise<string>[] => {
        const menu = seen.menus.find((m) => m.gameType === tab.category);
        if (!menu || menu.vendors.length === 0)
          return [Promise.resolve(`${tab.category}: in the header with nothing to play`)];
        return menu.vendors.map(async (vendor) => {
          const list = await apiCall(
            server.baseUrl,
            'GET',
            `/lgw/games/list?vassalage=${vendor.vassalage}&pageSize=1`,
          );
          const first = (list.value?.games as Game[] | undefined)?.[0];
          if (!first) return `${tab.category}: ${vendor.vassalage} has no game`;
          const result = await launch(first);
          return result === 'opens' ? result : `${tab.category}: ${result}`;
        });
      });
    // The home page's tiles and the header's categories first: a failure there needs no more pages.
    expect(
      [...(await launchShown()), ...(await Promise.all(vendorChecks))].filter((r) => r !== 'opens'),
    ).toEqual([]);

    for (const tab of tabs.filter((t) => t.href)) {
      await page.goto(`${server.baseUrl}${tab.href}`);
      await page.locator('main h1').first().waitFor();
      // A lottery category opens its lobby; every other one a grid of its first vendor's games.
      if (!LOTTERY.includes(tab.category)) await page.locator('main article.game-card').first().waitFor();
      await readTiles();
    }
    expect(await launchShown()).toEqual([]);
    const shown = [...seen.games.values()].filter((game) => tiles.has(game.gameName));

    // And in the browser, one tile of each vendor shown opens: its game in the frame, or its lobby.
    const byVendor = new Map(shown.map((game) => [game.vassalage, game]));
    for (const game of byVendor.values()) {
      if (LOTTERY.includes(game.gameType)) {
        const answer = await apiCall(
          server.baseUrl,
          'POST',
          '/wps/game/launchGame',
          { vassalage: game.vassalage, gameId: game.gameId, accountType: 1 },
          { token: member.token },
        );
        await page.goto(`${server.baseUrl}${answer.value.path as string}`);
        await page.locator('main h1').first().waitFor();
      } else {
        await page.goto(
          `${server.baseUrl}/game?vassalage=${game.vassalage}&gameId=${encodeURIComponent(game.gameId)}`,
        );
        await page.frameLocator('iframe.game-frame__iframe').getByRole('heading', { level: 1 }).waitFor();
      }
      expect(await page.locator('.game-frame__message').count()).toBe(0);
    }
    expect(watch.take()).toEqual([]);
    await context.close();
  });
});
