import type { LotteryGameState } from '@jade/contracts/lottery';
import { sqliteHandleOf, type Db } from '../../platform/db/index.js';
import { instanceBusOf } from '../../platform/db/transaction.js';
import { watchOtherCommits } from '../../platform/sqlite-commits.js';
import { getGameState } from './service.js';

/**
 * Live draw state for open lobbies (Server-Sent Events; decisions 0020 and 0057). One watch per
 * server instance reads the state of a game someone is watching when it subscribes, and again only
 * when told: a draw of the game changed on any instance (the instance bus's `draw` topic, told by
 * PostgreSQL's trigger or by the code that wrote), the open draw's closing time came (a timer, no
 * query), or the bus may have missed messages (it reconnected). A thousand open lobbies cost one read a
 * game a change, and an idle instance asks the database nothing. On SQLite, where the CLI may write
 * from another process, `PRAGMA data_version` (a read of the file's shared memory, not a query of the
 * draws) is looked at once a second while lobbies are open: the look the instance bus makes for the
 * CLI's messages (`watchOtherCommits`), one for both.
 */
type Game = { merchantId: number; vendorCode: string; gameId: string; gameCode: string };
type Stream = { send: (state: LotteryGameState) => void; ip: string; end: () => void };
type Watched = {
  game: Game;
  streams: Set<Stream>;
  signature?: string;
  last?: LotteryGameState;
  /** Re-reads at the open draw's closing time, when the state changes with no write. */
  closing?: NodeJS.Timeout;
  reading: boolean;
  /** Told again while a read was running: read once more after it. */
  again: boolean;
};

/** Streams one address may hold open at once: a lobby in a few tabs, not a flood. */
export const STREAMS_PER_IP = 20;

/** Node's timers hold at most about 24.8 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const createDrawWatch = (db: Db) => {
  const watched = new Map<string, Watched>();
  const perIp = new Map<string, number>();
  const bus = instanceBusOf(db);
  const sqlite = sqliteHandleOf(db);
  let unwatchSqlite: (() => void) | undefined;

  const keyOf = (game: Game) => `${game.merchantId}:${game.vendorCode}:${game.gameId}:${game.gameCode}`;

  // The server time moves every second; a change is a change of draw or result.
  const signatureOf = (state: LotteryGameState) => JSON.stringify({ ...state, serverTime: undefined });

  const scheduleClosing = (entry: Watched, state: LotteryGameState) => {
    clearTimeout(entry.closing);
    entry.closing = undefined;
    if (!state.open) return;
    const delay = Date.parse(state.open.closesAt) - Date.now();
    entry.closing = setTimeout(() => void refresh(entry), Math.min(Math.max(delay, 0) + 10, MAX_TIMER_MS));
    entry.closing.unref();
  };

  const apply = (entry: Watched, state: LotteryGameState) => {
    entry.last = state;
    scheduleClosing(entry, state);
    const signature = signatureOf(state);
    if (signature === entry.signature) return;
    entry.signature = signature;
    for (const stream of entry.streams) stream.send(state);
  };

  const refresh = async (entry: Watched) => {
    if (entry.reading) {
      entry.again = true;
      return;
    }
    entry.reading = true;
    try {
      do {
        entry.again = false;
        const state = await getGameState(db, entry.game);
        // A game no one watches any more is not read again, nor sent to.
        if (watched.get(keyOf(entry.game)) !== entry) return;
        apply(entry, state);
      } while (entry.again);
    } catch {
      // A failed read leaves the streams on the last state; the next change or resync reads again.
    } finally {
      entry.reading = false;
    }
  };

  const refreshAll = () => {
    for (const entry of watched.values()) void refresh(entry);
  };

  const stopHearing = bus.subscribe('draw', (payload) => {
    const { vendorCode, gameId } = (payload ?? {}) as { vendorCode?: unknown; gameId?: unknown };
    for (const entry of watched.values())
      if (entry.game.vendorCode === vendorCode && entry.game.gameId === gameId) void refresh(entry);
  });
  const stopResync = bus.onResync(refreshAll);

  // Another process's commit may have changed any draw: every watched game is read again.
  const watchSqlite = () => {
    if (sqlite && !unwatchSqlite) unwatchSqlite = watchOtherCommits(sqlite, refreshAll);
  };
  const stopWatchingSqlite = () => {
    unwatchSqlite?.();
    unwatchSqlite = undefined;
  };

  return {
    /**
     * Adds a stream to a game: it is sent the state at once, then every change. False when the
     * address already holds its share of streams.
     */
    async subscribe(game: Game, stream: Stream): Promise<(() => void) | false> {
      if ((perIp.get(stream.ip) ?? 0) >= STREAMS_PER_IP) return false;
      const key = keyOf(game);
      const initial = watched.get(key)?.last ?? (await getGameState(db, game));
      // Nothing is registered before the read above: a read that fails leaves nothing behind.
      const held = perIp.get(stream.ip) ?? 0;
      if (held >= STREAMS_PER_IP) return false;
      perIp.set(stream.ip, held + 1);
      let entry = watched.get(key);
      if (!entry) {
        entry = { game, streams: new Set(), reading: false, again: false };
        watched.set(key, entry);
        apply(entry, initial);
      }
      entry.streams.add(stream);
      stream.send(entry.last ?? initial);
      watchSqlite();
      const current = entry;
      return () => {
        if (!current.streams.delete(stream)) return;
        const left = (perIp.get(stream.ip) ?? 1) - 1;
        if (left > 0) perIp.set(stream.ip, left);
        else perIp.delete(stream.ip);
        if (current.streams.size === 0) {
          clearTimeout(current.closing);
          watched.delete(key);
        }
        if (watched.size === 0) stopWatchingSqlite();
      };
    },
    /** Ends every stream (the server is closing). */
    close() {
      stopHearing();
      stopResync();
      stopWatchingSqlite();
      for (const entry of watched.values()) {
        clearTimeout(entry.closing);
        for (const stream of entry.streams) stream.end();
      }
      watched.clear();
      perIp.clear();
    },
  };
};
export type DrawWatch = ReturnType<typeof createDrawWatch>;
