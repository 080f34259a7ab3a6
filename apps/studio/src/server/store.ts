import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BetLimits } from '../games/play.js';
import { seedHash } from '../games/sha256.js';

/**
 * The studio's own database (SQLite): player sessions, seed pairs and rounds. The studio is a vendor:
 * it keeps what a vendor keeps, and the money stays in the platform's ledger.
 */
export type SeedPair = {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
};

export type RoundRow = {
  id: number;
  brand: string;
  player: string;
  game: string;
  seedPairId: number;
  nonce: number;
  clientSeed: string;
  bet: string;
  outcome: string;
  stake: number;
  payout: number;
  validBet: number;
  status: 'PENDING' | 'SETTLED' | 'REFUSED' | 'ROLLED_BACK';
  createdAt: string;
};

export type PlayerSession = {
  sid: string;
  brand: string;
  token: string;
  player: string;
  currency: string;
  /** The brand's minor-unit exponent, as the platform answered it at launch (not for a free trial). */
  currencyExponent?: number;
  game: string;
  demo: boolean;
  demoBalance: number;
  /** The game's limits the platform answered at launch (the catalogue's), or the studio's own. */
  limits: BetLimits;
};

const newSeed = () => randomBytes(32).toString('hex');

export const openStore = (dataDir: string) => {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(path.join(dataDir, 'studio.db'));
  db.pragma('journal_mode = WAL');
  db.exec(`
    create table if not exists player_session (
      sid text primary key, brand text not null, token text not null, player text not null,
      currency text not null, game text not null, demo integer not null, demo_balance integer not null,
      created_at text not null);
    create table if not exists seed_pair (
      id integer primary key autoincrement, brand text not null, player text not null,
      server_seed text not null, server_seed_hash text not null, client_seed text not null,
      next_nonce integer not null, active integer not null, created_at text not null, revealed_at text);
    create index if not exists seed_pair_player on seed_pair (brand, player, active);
    create table if not exists round (
      id integer primary key autoincrement, brand text not null, player text not null, game text not null,
      seed_pair_id integer not null references seed_pair(id), nonce integer not null, client_seed text not null,
      bet text not null,
      outcome text not null, stake integer not null, payout integer not null, valid_bet integer not null,
      status text not null, created_at text not null);
    create index if not exists round_player on round (brand, player, id);
    create index if not exists round_player_game on round (brand, player, game, id);
  `);
  // Sessions end (issue 19, item 5): a database from before has no expiry columns; its sessions,
  // with no times, count as ended. Sessions made before the limits were kept have none (those
  // sessions use the studio's own).
  const sessionColumns = (db.prepare('pragma table_info(player_session)').all() as { name: string }[]).map(
    (c) => c.name,
  );
  if (!sessionColumns.includes('last_seen_at'))
    db.exec('alter table player_session add column last_seen_at text');
  if (!sessionColumns.includes('expires_at'))
    db.exec('alter table player_session add column expires_at text');
  // The brand's currency exponent (issue 20), for the page to show amounts in whole units.
  if (!sessionColumns.includes('currency_exponent'))
    db.exec('alter table player_session add column currency_exponent integer');
  if (!sessionColumns.includes('min_bet')) {
    db.exec(
      'alter table player_session add column min_bet integer; alter table player_session add column max_bet integer;',
    );
  }

  const activePair = db.prepare(
    'select id, server_seed, server_seed_hash, client_seed, next_nonce from seed_pair where brand = ? and player = ? and active = 1',
  );
  const insertPair = db.prepare(
    'insert into seed_pair (brand, player, server_seed, server_seed_hash, client_seed, next_nonce, active, created_at) values (?, ?, ?, ?, ?, 0, 1, ?)',
  );
  const toPair = (row: Record<string, unknown>): SeedPair => ({
    id: row.id as number,
    serverSeed: row.server_seed as string,
    serverSeedHash: row.server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nextNonce: row.next_nonce as number,
  });

  /** The player's active seed pair, made on first play: the server seed's hash is shown before any round. */
  const seedPair = (brand: string, player: string): SeedPair => {
    const row = activePair.get(brand, player) as Record<string, unknown> | undefined;
    if (row) return toPair(row);
    const serverSeed = newSeed();
    insertPair.run(
      brand,
      player,
      serverSeed,
      seedHash(serverSeed),
      randomBytes(8).toString('hex'),
      new Date().toISOString(),
    );
    return toPair(activePair.get(brand, player) as Record<string, unknown>);
  };

  return {
    db,
    seedPair,
    /** Takes the next nonce of the active pair, atomically. */
    takeNonce: db.transaction((brand: string, player: string) => {
      const pair = seedPair(brand, player);
      db.prepare('update seed_pair set next_nonce = next_nonce + 1 where id = ?').run(pair.id);
      return pair;
    }),
    /**
     * Reveals the active server seed and commits to a new one, with the player's new client seed if
     * given: a client seed changes only with the server seed, so a (seeds, nonce) triple never repeats.
     */
    rotate: db.transaction((brand: string, player: string, clientSeed?: string) => {
      const pair = seedPair(brand, player);
      db.prepare('update seed_pair set active = 0, revealed_at = ? where id = ?').run(
        new Date().toISOString(),
        pair.id,
      );
      const serverSeed = newSeed();
      insertPair.run(
        brand,
        player,
        serverSeed,
        seedHash(serverSeed),
        clientSeed ?? pair.clientSeed,
        new Date().toISOString(),
      );
      return { revealed: pair, next: seedPair(brand, player) };
    }),
    revealedPairs: (brand: string, player: string) =>
      (
        db
          .prepare(
            'select id, server_seed, server_seed_hash, client_seed, next_nonce, revealed_at from seed_pair where brand = ? and player = ? and active = 0 order by id desc limit 20',
          )
          .all(brand, player) as Record<string, unknown>[]
      ).map((row) => ({ ...toPair(row), revealedAt: row.revealed_at as string })),
    insertRound: (round: Omit<RoundRow, 'id' | 'createdAt'>) =>
      Number(
        db
          .prepare(
            'insert into round (brand, player, game, seed_pair_id, nonce, client_seed, bet, outcome, stake, payout, valid_bet, status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            round.brand,
            round.player,
            round.game,
            round.seedPairId,
            round.nonce,
            round.clientSeed,
            round.bet,
            round.outcome,
            round.stake,
            round.payout,
            round.validBet,
            round.status,
            new Date().toISOString(),
          ).lastInsertRowid,
      ),
    setRoundStatus: (id: number, status: RoundRow['status']) =>
      db.prepare('update round set status = ? where id = ?').run(status, id),
    /** Rounds whose payout is still owed: PENDING for more than half a minute (not one still in flight). */
    pendingRounds: () =>
      db
        .prepare("select * from round where status = 'PENDING' and created_at < ? order by id limit 100")
        .all(new Date(Date.now() - 30_000).toISOString()) as Record<string, unknown>[],
    /** The player's latest rounds of one game. */
    history: (brand: string, player: string, game: string, limit = 20) =>
      (
        db
          .prepare(
            `select r.*, p.server_seed_hash, case when p.active = 0 then p.server_seed end as server_seed
             from round r join seed_pair p on p.id = r.seed_pair_id
             where r.brand = ? and r.player = ? and r.game = ? and r.status != 'REFUSED'
             order by r.id desc limit ?`,
          )
          .all(brand, player, game, limit) as Record<string, unknown>[]
      ).map((row) => ({
        id: row.id as number,
        game: row.game as string,
        nonce: row.nonce as number,
        clientSeed: row.client_seed as string,
        serverSeedHash: row.server_seed_hash as string,
        /** Known once the pair has been rotated. */
        serverSeed: (row.server_seed as string | null) ?? null,
        bet: JSON.parse(row.bet as string) as unknown,
        /** What the round drew (the member saw it): a table's roadmap and last numbers read it. */
        outcome: JSON.parse(row.outcome as string) as unknown,
        stake: row.stake as number,
        payout: row.payout as number,
        status: row.status as string,
        createdAt: row.created_at as string,
      })),
    /** A new session, which ends at `expiresAt` at the latest. */
    saveSession: (s: PlayerSession, expiresAt: Date, now = new Date()) =>
      db
        .prepare(
          'insert into player_session (sid, brand, token, player, currency, currency_exponent, game, demo, demo_balance, min_bet, max_bet, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          s.sid,
          s.brand,
          s.token,
          s.player,
          s.currency,
          s.currencyExponent ?? null,
          s.game,
          s.demo ? 1 : 0,
          s.demoBalance,
          s.limits.minBet,
          s.limits.maxBet ?? null,
          now.toISOString(),
          now.toISOString(),
          expiresAt.toISOString(),
        ),
    /**
     * The session, if it has not ended: used since `idleSince` and before its end. Finding it is a
     * use: its idle time starts again (one statement, so two requests cannot both revive an ended one).
     * `limits` is undefined for one saved before limits were kept.
     */
    findSession: (
      sid: string,
      idleSince: Date,
      now = new Date(),
    ): (Omit<PlayerSession, 'limits'> & { limits?: BetLimits }) | undefined => {
      const row = db
        .prepare(
          'update player_session set last_seen_at = ? where sid = ? and last_seen_at > ? and expires_at > ? returning *',
        )
        .get(now.toISOString(), sid, idleSince.toISOString(), now.toISOString()) as
        Record<string, unknown> | undefined;
      return (
        row && {
          sid: row.sid as string,
          brand: row.brand as string,
          token: row.token as string,
          player: row.player as string,
          currency: row.currency as string,
          ...(row.currency_exponent !== null &&
            row.currency_exponent !== undefined && { currencyExponent: row.currency_exponent as number }),
          game: row.game as string,
          demo: row.demo === 1,
          demoBalance: row.demo_balance as number,
          limits:
            row.min_bet === null
              ? undefined
              : {
                  minBet: row.min_bet as number,
                  ...(row.max_bet !== null && { maxBet: row.max_bet as number }),
                },
        }
      );
    },
    setDemoBalance: (sid: string, balance: number) =>
      db.prepare('update player_session set demo_balance = ? where sid = ?').run(balance, sid),
    close: () => db.close(),
  };
};
export type Store = ReturnType<typeof openStore>;
