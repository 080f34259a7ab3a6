import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBet,
  DEFAULT_LIMITS,
  outcomeOf,
  settle,
  type Outcome,
  type StudioBet,
  type StudioGame,
} from '../games/play.js';
import { buildStudio } from '../server/app.js';
import { openStore, type Store } from '../server/store.js';
import { DOC_PATH, fairnessDocument } from './fairness-doc.js';
import {
  baccaratReturn,
  commitment,
  parseFairnessDoc,
  rouletteReturn,
  slotReturn,
  verifyRound,
  type DocBet,
  type FairnessDoc,
  type Verified,
} from './verify-from-doc.js';

/**
 * Issue 19 item 18: docs/fairness.md is the procedure the studio publishes, written by a script from
 * the game code, and a checker built from that document alone (verify-from-doc.ts) recomputes the
 * rounds the studio plays: through its HTTP API, and many more through its game code.
 */

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const published = () => fs.readFileSync(DOC_PATH, 'utf8');

/** A small seeded generator, so a failing round can be found again. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
  return { int, pick, hex };
};
type Random = ReturnType<typeof seeded>;

/**
 * A random bet the table takes (the layout read from the document), each amount from the game's
 * minimum (the demo's limits) up to `max`.
 */
const randomBet = (doc: FairnessDoc, game: StudioGame, r: Random, max: number): StudioBet => {
  const min = DEFAULT_LIMITS[game].minBet;
  if (game === 'slot') return { lineBet: r.int(1, Math.floor(max / 20) || 1) };
  if (game === 'roulette') {
    const t = doc.roulette;
    return {
      bets: Array.from({ length: r.int(1, 4) }, () => {
        const amount = r.int(min, max);
        const kind = r.int(0, 3);
        if (kind === 0) {
          const type = r.pick(Object.keys(t.insideBets));
          return { type, numbers: [...r.pick(t.insideBets[type]!)].reverse(), amount };
        }
        if (kind === 1) return { type: r.pick(Object.keys(t.fixedBets)), amount };
        return { type: r.pick(['column', 'dozen']), which: r.int(1, 3), amount };
      }),
    } as StudioBet;
  }
  const names = Object.keys(doc.baccarat.returnsPer100);
  const bets: Record<string, number> = {};
  for (const name of names) if (r.int(0, 2) > 0) bets[name] = r.int(min, max);
  if (Object.keys(bets).length === 0) bets.BANKER = r.int(min, max);
  return { bets } as StudioBet;
};

/** What the studio's outcome says, in the checker's terms. */
const studioView = (outcome: Outcome) => {
  if (outcome.game === 'slot')
    return {
      spins: outcome.round.spins.map(({ stops, window, lineWins, scatters, win }) => ({
        stops,
        window,
        lineWins,
        scatters,
        win,
      })),
      win: outcome.round.win,
    };
  if (outcome.game === 'roulette') return { pocket: outcome.pocket };
  const { player, banker, playerTotal, bankerTotal, winner, playerPair, bankerPair } = outcome.coup;
  return { player, banker, playerTotal, bankerTotal, winner, playerPair, bankerPair };
};
const checkerView = (verified: Verified) => {
  const { game: _game, stake: _stake, payout: _payout, validBet: _validBet, ...outcome } = verified;
  return outcome;
};

describe('docs/fairness.md', () => {
  it('is exactly what `npm run fairness:doc` writes from the game code', () => {
    expect(published()).toBe(fairnessDocument());
  }, 60_000);

  it('is checked by a program that imports nothing but node:crypto', () => {
    const source = fs.readFileSync(new URL('./verify-from-doc.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['node:crypto']);
  });

  it('states the returns its own tables give: the slot 598416160/623277040, roulette 36/37, baccarat bet by bet', () => {
    const markdown = published();
    const doc = parseFairnessDoc(markdown);
    const glance = (game: string, bet: string) => {
      const row = markdown.split('\n').find((line) => line.startsWith(`| ${game} | ${bet} |`));
      expect(row, `${game} ${bet}`).toBeDefined();
      return row!;
    };
    const percent = (fraction: string) => {
      const [n, d] = fraction.split('/').map(BigInt) as [bigint, bigint];
      const scaled = (n * 2_000_000n + d) / (2n * d);
      return `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')} %`;
    };
    const slot = slotReturn(doc.slot);
    expect(slot.unreduced).toBe('598416160/623277040');
    expect(slot.rtp).toBe('7480202/7790963');
    expect(glance('Jade Fortune', 'every spin')).toBe(
      `| Jade Fortune | every spin | ${slot.unreduced} = ${slot.rtp} | 96.0113 % |`,
    );
    const roulette = rouletteReturn(doc.roulette);
    expect(roulette).toBe('36/37');
    expect(glance('Jade Roulette', 'every bet')).toBe(`| Jade Roulette | every bet | 36/37 | 97.2973 % |`);
    const baccarat = baccaratReturn(doc.baccarat);
    expect(Object.keys(baccarat)).toEqual(['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR']);
    for (const [bet, rtp] of Object.entries(baccarat))
      expect(glance('Jade Baccarat', bet)).toBe(`| Jade Baccarat | ${bet} | ${rtp} | ${percent(rtp)} |`);
    // The well-known eight-deck figures: banker edge 1.0579 %, player 1.2351 %, tie 14.3596 %.
    expect(percent(baccarat.BANKER!)).toBe('98.9421 %');
    expect(percent(baccarat.PLAYER!)).toBe('98.7649 %');
    expect(percent(baccarat.TIE!)).toBe('85.6404 %');
  }, 60_000);

  it("recomputes the worked examples' commitments from the text", () => {
    const markdown = published();
    const seeds = [
      ...markdown.matchAll(/server seed \(64 characters of text\): `([0-9a-f]{64})`\n.*: `([0-9a-f]{64})`/g),
    ];
    expect(seeds).toHaveLength(3);
    for (const [, seed, hash] of seeds) expect(commitment(seed!)).toBe(hash);
  });

  it('recomputes 3,000 rounds of each game drawn by the game code, outcomes and payouts alike', () => {
    const doc = parseFairnessDoc(published());
    const r = seeded(19_018);
    const seen = { freeSpins: 0, thirdCards: 0, bankerFractions: 0 };
    for (const game of ['slot', 'roulette', 'baccarat'] as const) {
      for (let round = 0; round < 3_000; round++) {
        const seeds = { serverSeed: r.hex(64), clientSeed: r.hex(r.int(1, 20)), nonce: r.int(0, 100_000) };
        const bet = randomBet(doc, game, r, 100_000);
        const checked = checkBet(game, bet, DEFAULT_LIMITS[game]);
        if ('error' in checked) throw new Error(checked.error);
        const outcome = outcomeOf(game, nodeHmac, seeds);
        const settlement = settle(outcome, bet, checked.stake);
        const verified = verifyRound(doc, game, seeds, bet as DocBet);
        const where = `${game} ${JSON.stringify(seeds)} ${JSON.stringify(bet)}`;
        expect(checkerView(verified), where).toEqual(studioView(outcome));
        expect(
          { stake: verified.stake, payout: verified.payout, validBet: verified.validBet },
          where,
        ).toEqual(settlement);
        if (verified.game === 'slot' && verified.spins.length > 1) seen.freeSpins++;
        if (verified.game === 'baccarat' && verified.player.length + verified.banker.length > 4)
          seen.thirdCards++;
        if (
          verified.game === 'baccarat' &&
          verified.winner === 'BANKER' &&
          (bet as DocBet & { bets: Record<string, number> }).bets.BANKER! % 20 !== 0
        )
          seen.bankerFractions++;
      }
    }
    // The rounds reached free spins, third cards and a banker win paid in a fraction rounded down.
    expect(seen.freeSpins).toBeGreaterThan(5);
    expect(seen.thirdCards).toBeGreaterThan(500);
    expect(seen.bankerFractions).toBeGreaterThan(100);
  }, 120_000);
});

describe('rounds played on the running studio', () => {
  let dir: string;
  let store: Store;
  let app: Awaited<ReturnType<typeof buildStudio>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-fairness-'));
    const publicDir = path.join(dir, 'public');
    fs.mkdirSync(publicDir);
    // What the build puts beside the client scripts.
    fs.copyFileSync(DOC_PATH, path.join(publicDir, 'fairness.md'));
    store = openStore(path.join(dir, 'data'));
    app = await buildStudio({ brands: {}, publicDir }, store);
  });
  afterAll(async () => {
    await app.close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publishes the procedure at /fair/procedure (a page) and /fair/procedure.md (the document)', async () => {
    const md = await app.inject({ method: 'GET', url: '/fair/procedure.md' });
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.body).toBe(published());
    const page = await app.inject({ method: 'GET', url: '/fair/procedure' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Provably fair: the exact procedure</h1>');
    expect(page.body).toContain('<a href="/fair">');
    expect(page.body).toContain('<strong>RTP = 598416160/623277040 = 7480202/7790963 = 96.0113 %</strong>');
    expect(page.body).toContain('<td>DRAGON</td>');
    expect(page.body).toContain('<pre data-block="json slot"><code>');
    expect(page.body).not.toMatch(/<p><\/p>/);
  });

  it('recomputes every round of a seed pair from the published document once the seed is revealed', async () => {
    const doc = parseFairnessDoc((await app.inject({ method: 'GET', url: '/fair/procedure.md' })).body);
    const r = seeded(20_261_126);
    for (const game of ['slot', 'roulette', 'baccarat'] as const) {
      const launch = await app.inject({ method: 'GET', url: `/play/${game}?demo=1` });
      expect(launch.statusCode).toBe(303);
      const sid = /#sid=([\w-]+)/.exec(launch.headers.location as string)![1]!;
      // A client seed of the player's own, which starts a new server seed.
      const rotated = await app.inject({
        method: 'POST',
        url: '/api/seeds/rotate',
        payload: { sid, clientSeed: `doc-check_${game}` },
      });
      expect(rotated.statusCode).toBe(200);
      const committed = rotated.json().seeds.serverSeedHash as string;
      const rounds: { bet: StudioBet; round: any }[] = [];
      for (let i = 0; i < 150; i++) {
        const bet = randomBet(doc, game, r, 200);
        const played = await app.inject({ method: 'POST', url: '/api/round', payload: { sid, bet } });
        expect(played.statusCode, played.body).toBe(200);
        rounds.push({ bet, round: played.json().round });
      }
      const revealed = (
        await app.inject({ method: 'POST', url: '/api/seeds/rotate', payload: { sid } })
      ).json().revealed;
      expect(revealed.rounds).toBe(150);
      expect(revealed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(commitment(revealed.serverSeed)).toBe(committed);
      const history = (await app.inject({ method: 'GET', url: `/api/session?sid=${sid}` })).json()
        .history as any[];
      rounds.forEach(({ bet, round }, i) => {
        expect(round.nonce).toBe(i);
        expect(round.serverSeedHash).toBe(committed);
        const verified = verifyRound(
          doc,
          game,
          { serverSeed: revealed.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce },
          bet as DocBet,
        );
        const where = `${game} round ${i}`;
        expect(checkerView(verified), where).toEqual(studioView(round.outcome));
        expect(
          { stake: verified.stake, payout: verified.payout, validBet: verified.validBet },
          where,
        ).toEqual({ stake: round.stake, payout: round.payout, validBet: round.validBet });
        const recorded = history.find((h) => h.id === round.id);
        if (recorded)
          expect([recorded.payout, recorded.serverSeed], where).toEqual([
            verified.payout,
            revealed.serverSeed,
          ]);
      });
    }
  }, 120_000);
});
