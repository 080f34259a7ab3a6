import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  checkBet,
  DEFAULT_LIMITS,
  betDetailOf,
  GAME_IDS,
  outcomeOf,
  settle,
  STUDIO_GAMES,
  type BetLimits,
  type StudioBet,
  type StudioGame,
} from '../games/play.js';
import { registerProcedure } from './procedure.js';
import type { Store } from './store.js';
import {
  authenticate,
  walletCall,
  walletCallUntilAnswered,
  WalletUnavailable,
  type BrandWallet,
} from './wallet-client.js';

/** The studio's brands: how to reach each brand's wallet (STUDIO_BRANDS, JSON). */
export type StudioConfig = {
  brands: Record<string, BrandWallet>;
  publicDir: string;
  /** A player session ends after this long unused (STUDIO_SESSION_IDLE_MINUTES, 30 by default)… */
  sessionIdleMinutes?: number;
  /** …and this long after it opened, however used (STUDIO_SESSION_MAX_HOURS, 12 by default). */
  sessionMaxHours?: number;
};

const DEFAULT_SESSION_IDLE_MINUTES = 30;
const DEFAULT_SESSION_MAX_HOURS = 12;

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const isGame = (value: string): value is StudioGame => (STUDIO_GAMES as readonly string[]).includes(value);
const gameOfId = (gameId: string): StudioGame | undefined =>
  STUDIO_GAMES.find((game) => GAME_IDS[game] === gameId) ?? (isGame(gameId) ? gameId : undefined);

/** A free-trial session plays with this much pretend money, never the platform's. */
const DEMO_BALANCE = 1_000_000;

/** The languages the game pages speak (apps/studio/src/client/i18n.ts), as the launch's `lang` names them. */
const PAGE_LANGUAGES = ['en', 'vi', 'zh', 'th', 'id', 'ja', 'hi', 'es', 'tl'] as const;
/** 'vi', 'vi-VN' or 'fil-PH' as a page language; 'en' for anything else (never the raw text). */
const pageLanguage = (value: unknown): string => {
  const part = typeof value === 'string' ? (value.split(/[-_]/)[0]?.toLowerCase() ?? '') : '';
  const lang = part === 'fil' ? 'tl' : part;
  return (PAGE_LANGUAGES as readonly string[]).includes(lang) ? lang : 'en';
};

const page = (title: string, script: string, bodyClass: string, lang = 'en') => `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/static/studio.css">
<script type="module" src="/static/client/${script}.js"></script>
</head>
<body class="${bodyClass}">
<main id="app" aria-live="polite"><p class="loading">Loading…</p></main>
</body>
</html>`;

/**
 * The studio's HTTP server: the game pages the platform's /game frame opens, their JSON API, and
 * the public fairness page. Money moves only through the brand's wallet on the platform.
 */
export const buildStudio = async (config: StudioConfig, store: Store): Promise<FastifyInstance> => {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // The studio's sessions end (issue 19, item 5): unused for the idle time, or at the latest after
  // the longest life; the player then opens the game again from the site.
  const idleMinutes = config.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES;
  const sessionEnd = () =>
    new Date(Date.now() + (config.sessionMaxHours ?? DEFAULT_SESSION_MAX_HOURS) * 3_600_000);
  const walletOf = (brand: string) => brandWallet(config, brand);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors *; base-uri 'none'; form-action 'self'",
    );
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get<{ Params: { file: string } }>('/static/*', async (request, reply) => {
    const relative = (request.params as Record<string, string>)['*'] ?? '';
    const file = path.resolve(config.publicDir, relative);
    if (!file.startsWith(path.resolve(config.publicDir) + path.sep) || !fs.existsSync(file)) {
      return reply.status(404).send({ error: 'not found' });
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.css')
        ? 'text/css'
        : 'application/octet-stream';
    return reply
      .header('content-type', `${type}; charset=utf-8`)
      .header('cache-control', 'no-cache')
      .send(fs.readFileSync(file));
  });

  /**
   * The platform's launch address: /play/<gameId>?brand=DEMO&code=<one-time code>, or &demo=1 for a
   * free trial. The code is traded for a wallet session at once; the page gets a studio session id
   * in its fragment (never sent to a server, so never in a log).
   */
  app.get<{
    Params: { gameId: string };
    Querystring: { brand?: unknown; code?: unknown; demo?: unknown; lang?: unknown };
  }>('/play/:gameId', async (request, reply) => {
    const game = gameOfId(request.params.gameId);
    // The language the platform launched the game in goes on to the page (issue 20).
    const gamePage = (sid: string) => `/game/${game}?lang=${pageLanguage(request.query.lang)}#sid=${sid}`;
    if (!game)
      return reply
        .status(404)
        .type('text/html')
        .send(page('Not found', 'not-found', 'studio', pageLanguage(request.query.lang)));
    const sid = randomBytes(24).toString('base64url');
    if (request.query.demo === '1') {
      store.saveSession(
        {
          sid,
          brand: '',
          token: '',
          player: `demo-${sid.slice(0, 8)}`,
          currency: 'DEMO',
          game,
          demo: true,
          demoBalance: DEMO_BALANCE,
          limits: DEFAULT_LIMITS[game],
        },
        sessionEnd(),
      );
      return reply.redirect(gamePage(sid), 303);
    }
    // A brand is one the studio serves (never a name every object has, like __proto__), and the code
    // one piece of text: anything else is a launch that cannot be, not a platform that is down.
    const brand = typeof request.query.brand === 'string' ? request.query.brand : '';
    const code = typeof request.query.code === 'string' ? request.query.code : '';
    const wallet = walletOf(brand);
    if (!wallet || !code || code.length > 200)
      return reply
        .status(400)
        .type('text/html')
        .send(page('Launch failed', 'not-found', 'studio', pageLanguage(request.query.lang)));
    let auth;
    try {
      auth = await authenticate(wallet, code);
    } catch {
      return reply
        .status(502)
        .type('text/html')
        .send(page('Launch failed', 'not-found', 'studio', pageLanguage(request.query.lang)));
    }
    // The code names the game it was launched for: the limits it answers are that game's.
    if (
      auth.status !== 'OK' ||
      !auth.token ||
      !auth.player ||
      (auth.gameId && auth.gameId !== GAME_IDS[game])
    ) {
      return reply
        .status(403)
        .type('text/html')
        .send(page('Launch expired', 'not-found', 'studio', pageLanguage(request.query.lang)));
    }
    store.saveSession(
      {
        sid,
        brand,
        token: auth.token,
        player: auth.player,
        currency: auth.currency ?? '',
        ...(auth.currencyExponent !== undefined && { currencyExponent: auth.currencyExponent }),
        game,
        demo: false,
        demoBalance: 0,
        limits: limitsOf(auth, game),
      },
      sessionEnd(),
    );
    return reply.redirect(gamePage(sid), 303);
  });

  app.get<{ Params: { game: string }; Querystring: { lang?: unknown } }>(
    '/game/:game',
    async (request, reply) => {
      if (!isGame(request.params.game))
        return reply
          .status(404)
          .type('text/html')
          .send(page('Not found', 'not-found', 'studio'));
      return reply
        .type('text/html')
        .send(
          page(
            TITLES[request.params.game],
            request.params.game,
            `studio studio--${request.params.game}`,
            pageLanguage(request.query.lang),
          ),
        );
    },
  );

  app.get('/fair', async (_request, reply) =>
    reply.type('text/html').send(page('Provably fair', 'fair', 'studio studio--fair')),
  );
  registerProcedure(app, config.publicDir);

  const sessionOf = (sid: unknown, reply: FastifyReply) => {
    const idleSince = new Date(Date.now() - idleMinutes * 60_000);
    const found = typeof sid === 'string' ? store.findSession(sid, idleSince) : undefined;
    // A real session whose brand the studio no longer serves (its configuration changed) has ended.
    const session = found && (found.demo || walletOf(found.brand)) ? found : undefined;
    if (!session)
      void reply.status(401).send({ error: 'SESSION_EXPIRED', message: 'Open the game again from the site' });
    return session;
  };

  const balanceOf = async (session: NonNullable<ReturnType<Store['findSession']>>) => {
    if (session.demo) return session.demoBalance;
    const answer = await walletCall(walletOf(session.brand)!, 'balance', {
      token: session.token,
      player: session.player,
      currency: session.currency,
    });
    return answer.status === 'OK' ? answer.balance : null;
  };

  app.get<{ Querystring: { sid?: string } }>('/api/session', async (request, reply) => {
    const session = sessionOf(request.query.sid, reply);
    if (!session) return reply;
    const pair = store.seedPair(session.brand, session.player);
    let balance: number | null = null;
    try {
      balance = await balanceOf(session);
    } catch {
      balance = null;
    }
    return {
      game: session.game,
      demo: session.demo,
      currency: session.currency,
      ...(session.currencyExponent !== undefined && { currencyExponent: session.currencyExponent }),
      balance,
      // The table's limits in the brand's currency (the platform's answer at launch), so its chips follow them.
      limits: session.limits ?? DEFAULT_LIMITS[session.game as StudioGame],
      seeds: { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nextNonce: pair.nextNonce },
      // This game's rounds only (issue 20): each game page shows its own.
      history: store.history(session.brand, session.player, session.game),
    };
  });

  app.post<{ Body: { sid?: unknown; clientSeed?: unknown } }>('/api/seeds/rotate', async (request, reply) => {
    const session = sessionOf(request.body?.sid, reply);
    if (!session) return reply;
    const given = request.body.clientSeed;
    const clientSeed = typeof given === 'string' ? given.trim() : given;
    if (clientSeed !== undefined && (typeof clientSeed !== 'string' || !/^[\w-]{1,64}$/.test(clientSeed))) {
      return reply
        .status(400)
        .send({ error: 'BAD_CLIENT_SEED', message: 'A client seed is 1 to 64 letters, digits, - or _' });
    }
    const { revealed, next } = store.rotate(session.brand, session.player, clientSeed || undefined);
    return {
      revealed: {
        serverSeed: revealed.serverSeed,
        serverSeedHash: revealed.serverSeedHash,
        clientSeed: revealed.clientSeed,
        rounds: revealed.nextNonce,
      },
      seeds: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nextNonce: next.nextNonce },
    };
  });

  /**
   * One round: the stake is checked, the next nonce taken, the outcome drawn, then the bet is debited
   * and the payout credited on the platform (a zero credit settles a loss). A debit the platform
   * refuses plays nothing; a debit that gets no answer is rolled back.
   */
  app.post<{ Body: { sid?: string; bet?: StudioBet } }>('/api/round', async (request, reply) => {
    const session = sessionOf(request.body?.sid, reply);
    if (!session) return reply;
    const game = session.game as StudioGame;
    const checked = checkBet(game, request.body.bet, session.limits ?? DEFAULT_LIMITS[game]);
    if ('error' in checked) return reply.status(400).send({ error: 'BAD_BET', message: checked.error });
    const bet = request.body.bet!;
    if (session.demo && session.demoBalance < checked.stake) {
      return reply
        .status(409)
        .send({ error: 'INSUFFICIENT_FUNDS', message: 'Not enough balance for this bet' });
    }
    const pair = store.takeNonce(session.brand, session.player);
    const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
    const outcome = outcomeOf(game, nodeHmac, seeds);
    const settlement = settle(outcome, bet, checked.stake);
    const roundId = store.insertRound({
      brand: session.brand,
      player: session.player,
      game,
      seedPairId: pair.id,
      nonce: pair.nextNonce,
      clientSeed: pair.clientSeed,
      bet: JSON.stringify(bet),
      outcome: JSON.stringify(outcome),
      stake: settlement.stake,
      payout: settlement.payout,
      validBet: settlement.validBet,
      status: 'PENDING',
    });
    const round = {
      id: roundId,
      nonce: seeds.nonce,
      clientSeed: seeds.clientSeed,
      serverSeedHash: pair.serverSeedHash,
      outcome,
      ...settlement,
    };
    if (session.demo) {
      const balance = session.demoBalance - settlement.stake + settlement.payout;
      store.setDemoBalance(session.sid, balance);
      store.setRoundStatus(roundId, 'SETTLED');
      return { round, balance };
    }
    const wallet = walletOf(session.brand)!;
    const common = {
      token: session.token,
      player: session.player,
      currency: session.currency,
      roundId: `studio-${roundId}`,
      gameId: GAME_IDS[game],
    };
    const debitTx = `studio-${roundId}-bet`;
    let debit;
    try {
      debit = await walletCall(wallet, 'debit', {
        ...common,
        transactionId: debitTx,
        amount: settlement.stake,
        // What the round is on, for the member's betting record on the platform.
        detail: betDetailOf(game, bet),
      });
    } catch (error) {
      if (!(error instanceof WalletUnavailable)) throw error;
      // No answer: the bet may or may not have landed. Roll it back until the platform answers.
      store.setRoundStatus(roundId, 'ROLLED_BACK');
      await walletCallUntilAnswered(wallet, 'rollback', {
        ...common,
        transactionId: `${debitTx}-rollback`,
        referenceTransactionId: debitTx,
      }).catch(() => undefined);
      return reply
        .status(503)
        .send({ error: 'WALLET_UNAVAILABLE', message: 'The bet could not be placed; nothing was charged' });
    }
    if (debit.status !== 'OK') {
      store.setRoundStatus(roundId, 'REFUSED');
      return reply.status(409).send({
        error: debit.status,
        message: REFUSALS[debit.status] ?? 'The bet was refused',
        balance: debit.balance,
      });
    }
    try {
      const credit = await walletCallUntilAnswered(wallet, 'credit', {
        ...common,
        transactionId: `studio-${roundId}-win`,
        referenceTransactionId: debitTx,
        amount: settlement.payout,
        roundClosed: true,
        validBet: settlement.validBet,
      });
      store.setRoundStatus(roundId, 'SETTLED');
      return { round, balance: credit.balance };
    } catch {
      // The payout is owed: the retry loop keeps sending it (the platform applies it once).
      return { round, balance: null, pending: true };
    }
  });

  return app;
};

/** The wallet of a brand the studio serves; a name only an object's prototype has is no brand. */
const brandWallet = (config: StudioConfig, brand: string): BrandWallet | undefined =>
  Object.hasOwn(config.brands, brand) ? config.brands[brand] : undefined;

/** The limits the platform answered for the launched game (its catalogue), else the studio's own. */
const limitsOf = (auth: { minBet?: number; maxBet?: number }, game: StudioGame): BetLimits =>
  auth.minBet === undefined
    ? DEFAULT_LIMITS[game]
    : { minBet: auth.minBet, ...(auth.maxBet !== undefined && { maxBet: auth.maxBet }) };

const TITLES: Record<StudioGame, string> = {
  slot: 'Jade Fortune',
  roulette: 'Jade Roulette',
  baccarat: 'Jade Baccarat',
};

const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'Not enough balance for this bet',
  TOKEN_EXPIRED: 'The game session has ended: open the game again from the site',
  INVALID_TOKEN: 'The game session has ended: open the game again from the site',
  PLAYER_BLOCKED:
    'Betting is closed now: the site is under maintenance, or this account or its address is restricted',
  BET_OUT_OF_LIMITS: "The bet is outside this table's limits",
};

/** Credits still owed (the platform was unreachable when the round ended), sent again until they land. */
export const retryPendingCredits = async (config: StudioConfig, store: Store) => {
  for (const row of store.pendingRounds()) {
    const wallet = brandWallet(config, row.brand as string);
    const session =
      wallet &&
      (store.db
        .prepare(
          'select token, currency from player_session where brand = ? and player = ? order by created_at desc limit 1',
        )
        .get(row.brand, row.player) as { token: string; currency: string } | undefined);
    if (!wallet || !session) continue;
    const id = row.id as number;
    try {
      const answer = await walletCall(wallet, 'credit', {
        token: session.token,
        player: row.player,
        currency: session.currency,
        roundId: `studio-${id}`,
        gameId: GAME_IDS[row.game as StudioGame],
        transactionId: `studio-${id}-win`,
        referenceTransactionId: `studio-${id}-bet`,
        amount: row.payout,
        roundClosed: true,
        validBet: row.valid_bet,
      });
      if (answer.status === 'OK') store.setRoundStatus(id, 'SETTLED');
      else if (answer.status === 'UNKNOWN_TRANSACTION' || answer.status === 'TRANSACTION_ROLLED_BACK')
        store.setRoundStatus(id, 'ROLLED_BACK');
    } catch {
      // Still unreachable: next time.
    }
  }
};
