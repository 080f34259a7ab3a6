import type { LotteryGameState } from '@jade/contracts/lottery';
import type { DbOrTrx } from '../../platform/db/index.js';
import { getGameState } from './service.js';

/**
 * Live draw state for open lobbies (Server-Sent Events; decision 0020). One watcher per server
 * process reads the state of each game someone is watching, once a second, and sends it to that game's
 * streams when it has changed: a thousand open lobbies cost one query a game a second, and a draw moved
 * by the lottery job on any instance reaches every instance's streams.
 */
type Game = { merchantId: number; vendorCode: string; gameId: string; gameCode: string };
type Stream = { send: (state: LotteryGameState) => void; ip: string; end: () => void };
type Watched = { game: Game; streams: Set<Stream>; signature?: string; last?: LotteryGameState };

/** Streams one address may hold open at once: a lobby in a few tabs, not a flood. */
export const STREAMS_PER_IP = 20;

export const createDrawWatch = (db: DbOrTrx, { intervalMs = 1_000 } = {}) => {
  const watched = new Map<string, Watched>();
  const perIp = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const keyOf = (game: Game) => `${game.merchantId}:${game.vendorCode}:${game.gameId}:${game.gameCode}`;

  // The server time moves every second; a change is a change of draw or result.
  const signatureOf = (state: LotteryGameState) => JSON.stringify({ ...state, serverTime: undefined });

  const refresh = async (entry: Watched) => {
    const state = await getGameState(db, entry.game);
    const signature = signatureOf(state);
    entry.last = state;
    if (signature === entry.signature) return;
    entry.signature = signature;
    for (const stream of entry.streams) stream.send(state);
  };

  const poll = async () => {
    if (running) return;
    running = true;
    try {
      for (const entry of watched.values()) await refresh(entry);
    } catch {
      // A failed read is tried again on the next beat; the streams stay open.
    } finally {
      running = false;
    }
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
        entry = { game, streams: new Set(), last: initial, signature: signatureOf(initial) };
        watched.set(key, entry);
      }
      entry.streams.add(stream);
      stream.send(initial);
      timer ??= setInterval(() => void poll(), intervalMs);
      const current = entry;
      return () => {
        if (!current.streams.delete(stream)) return;
        const left = (perIp.get(stream.ip) ?? 1) - 1;
        if (left > 0) perIp.set(stream.ip, left);
        else perIp.delete(stream.ip);
        if (current.streams.size === 0) watched.delete(key);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    /** Ends every stream (the server is closing). */
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const entry of watched.values()) for (const stream of entry.streams) stream.end();
      watched.clear();
      perIp.clear();
    },
  };
};
export type DrawWatch = ReturnType<typeof createDrawWatch>;
