import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// Types only: the contracts' schemas (zod) stay out of the first bundle (decision 0015).
import type { MemberEvent } from '@jade/contracts/member-events';
import { balanceQueryKey } from '../features/accounts/api/get-balance';
import { inboxKeys } from '../features/inbox/api/unread-count';
import { lotteryKeys } from '../features/lottery/api/query-keys';
import { walletKeys } from '../features/wallet/api/query-keys';
import { useMoneyFormat } from '../features/wallet/hooks/use-money-format';
import { useSession } from '../lib/session';
import './member-events.css';

/** Waits before opening the stream again after it dropped or was refused, doubling up to the last. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;
/** A stream that stayed open this long was healthy: the next drop starts from the first wait again. */
const HEALTHY_MS = 10_000;
const EVERY_TYPE: readonly MemberEvent['type'][] = [
  'balance',
  'deposit',
  'withdrawal',
  'bet-settled',
  'unread',
];
/** How long the win notice stays. */
const NOTICE_MS = 6_000;
/**
 * Events that come this close together reload their queries once: a spin tells its stake and its win
 * a few milliseconds apart, and each reload would otherwise cancel the last and ask again.
 */
const GATHER_MS = 150;

/**
 * Reads the member's stream (decision 0036) with fetch, which sends the session's header like every
 * call (EventSource cannot, and the token stays out of the URL). Resolves when the stream ends;
 * throws when it is refused or fails.
 */
const readStream = async (
  token: string,
  signal: AbortSignal,
  onOpen: () => void,
  onEvent: (event: MemberEvent) => void,
) => {
  const response = await fetch('/wps/member/events', {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    credentials: 'same-origin',
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`member stream: ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      // Comment lines (`: beat`) keep the stream open and say nothing.
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      try {
        onEvent(JSON.parse(data.slice(6)) as MemberEvent);
      } catch {
        // A line this version cannot read is skipped; the next one may be fine.
      }
    }
  }
};

/** The queries an event's change shows in: they reload (those on screen at once, the rest when shown). */
const queriesOf = (token: string, type: MemberEvent['type']): (readonly unknown[])[] => {
  switch (type) {
    case 'balance':
      return [balanceQueryKey, ['wallet', 'records', token]];
    case 'deposit':
      return [walletKeys.deposits(token), ['wallet', 'deposit', token]];
    case 'withdrawal':
      return [walletKeys.withdrawals(token), walletKeys.withdrawInfo(token)];
    case 'bet-settled':
      return [['games', 'bets', token], lotteryKeys.allMyBets];
    case 'unread':
      return [inboxKeys.unread(token), inboxKeys.list(token)];
  }
};

const reload = (queryClient: QueryClient, token: string, types: readonly MemberEvent['type'][]) => {
  for (const type of types)
    for (const queryKey of queriesOf(token, type)) void queryClient.invalidateQueries({ queryKey });
};

/**
 * One live stream per logged-in member (decision 0036): what the server changes for them (balance,
 * deposit and withdrawal decisions, settled bets) reloads the figures on screen without a reload, and
 * a bet that paid shows a short win notice. The stream reopens after a drop, waiting longer each time.
 */
export function MemberEvents() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [won, setWon] = useState<number>(0);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const announceWin = useCallback((payout: number) => {
    // Wins that come while the notice shows add up in it.
    setWon((shown) => shown + payout);
    clearTimeout(hide.current);
    hide.current = setTimeout(() => setWon(0), NOTICE_MS);
  }, []);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const { signal } = controller;
    const gathered = new Set<MemberEvent['type']>();
    let gathering: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = (type: MemberEvent['type']) => {
      gathered.add(type);
      gathering ??= setTimeout(() => {
        gathering = undefined;
        const types = [...gathered];
        gathered.clear();
        reload(queryClient, token, types);
      }, GATHER_MS);
    };
    signal.addEventListener('abort', () => clearTimeout(gathering), { once: true });
    void (async () => {
      let wait = FIRST_RETRY_MS;
      let opens = 0;
      while (!signal.aborted) {
        let openedAt = 0;
        try {
          await readStream(
            token,
            signal,
            () => {
              openedAt = Date.now();
              // Nothing was told while the stream was down: what it would have refreshed reloads once.
              if (opens++ > 0) reload(queryClient, token, EVERY_TYPE);
            },
            (event) => {
              // The inbox's count comes with its event (decision 0047): the badge shows it at once.
              if (event.type === 'unread' && event.count !== null)
                queryClient.setQueryData(inboxKeys.unread(token), { count: event.count });
              reloadSoon(event.type);
              if (event.type === 'bet-settled' && event.payout > 0) announceWin(event.payout);
            },
          );
        } catch {
          // Refused or dropped: tried again below.
        }
        if (signal.aborted) return;
        if (openedAt > 0 && Date.now() - openedAt >= HEALTHY_MS) wait = FIRST_RETRY_MS;
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, wait);
          signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
        });
        wait = Math.min(wait * 2, LAST_RETRY_MS);
      }
    })();
    return () => controller.abort();
  }, [token, queryClient, announceWin]);

  useEffect(() => () => clearTimeout(hide.current), []);
  // A logout takes the notice with it.
  useEffect(() => setWon(0), [token]);

  if (won <= 0 || !token) return null;
  return <WinNotice amount={won} onClose={() => setWon(0)} />;
}

function WinNotice({ amount, onClose }: { amount: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  return (
    <div className="win-notice" role="status" aria-live="polite" data-testid="win-notice">
      <span className="win-notice__icon" aria-hidden="true">
        ★
      </span>
      <div className="win-notice__text">
        <strong>{t('shell.winNotice', { amount: format(amount) })}</strong>
        <span>{t('shell.winNoticeDetail')}</span>
      </div>
      <button
        type="button"
        className="win-notice__close"
        onClick={onClose}
        aria-label={t('shell.closeNotice')}
      >
        ×
      </button>
    </div>
  );
}
