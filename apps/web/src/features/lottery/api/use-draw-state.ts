import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LotteryGameState } from '@jade/contracts/lottery';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { lotteryKeys } from './query-keys';

export type DrawState = {
  state: LotteryGameState | undefined;
  /** The stream dropped and the browser is reconnecting. */
  isReconnecting: boolean;
  /** Milliseconds the server's clock is ahead of this one (countdowns use the server's time). */
  clockSkew: number;
};

/**
 * The server sends its `LotteryGameState` (typed by the contract); the lobby takes it as sent, with no
 * zod on its first load (decision 0092). An event that is not even the frame of one is dropped, as
 * before; a wrong shape inside it fails where it is used (the route's error boundary).
 */
const isGameState = (value: unknown): value is LotteryGameState => {
  if (typeof value !== 'object' || value === null) return false;
  const { serverTime, open, latest } = value as Record<string, unknown>;
  return typeof serverTime === 'string' && typeof open === 'object' && typeof latest === 'object';
};

/** Waits before opening a stream again after the server refused one, doubling up to the last. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

/**
 * A game's live draw state through Server-Sent Events (the server sends it at once and on every
 * change, no polling): the draw taking bets and the latest result. A new result refreshes the
 * history, the member's bets and the balance.
 */
export const useDrawState = (gameCode: string | undefined): DrawState => {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<{ gameCode: string; state: LotteryGameState; clockSkew: number }>();
  const [isReconnecting, setReconnecting] = useState(false);
  const latestSeen = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!gameCode) return;
    latestSeen.current = undefined;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let backoff = FIRST_RETRY_MS;
    const connect = () => {
      source = new EventSource(`/lotto/lgw/games/events?gameCode=${encodeURIComponent(gameCode)}`);
      source.addEventListener('state', (event) => {
        const state: unknown = JSON.parse((event as MessageEvent<string>).data);
        if (!isGameState(state)) return;
        backoff = FIRST_RETRY_MS;
        setReconnecting(false);
        setLive({ gameCode, state, clockSkew: Date.parse(state.serverTime) - Date.now() });
        const latest = state.latest?.numero ?? null;
        if (latestSeen.current !== undefined && latestSeen.current !== latest) {
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.results(gameCode) });
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.allMyBets });
          void queryClient.invalidateQueries({ queryKey: lotteryKeys.vnNumbers(gameCode) });
          void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        }
        latestSeen.current = latest;
      });
      source.addEventListener('error', () => {
        if (!source) return;
        setReconnecting(source.readyState !== EventSource.OPEN);
        // The browser retries a dropped stream by itself, but gives up on an answer that is not a
        // stream (maintenance, too many streams): open a new one later, waiting longer each time.
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, backoff);
          backoff = Math.min(backoff * 2, LAST_RETRY_MS);
        }
      });
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [gameCode, queryClient]);

  const current = live?.gameCode === gameCode ? live : undefined;
  return { state: current?.state, isReconnecting, clockSkew: current?.clockSkew ?? 0 };
};
