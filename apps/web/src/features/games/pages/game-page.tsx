import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LaunchGameResponse } from '@jade/contracts/games';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { GameTile } from '../../../components/game-tile';
import { paths } from '../../../config/paths';
import { useLanguageCode } from '../../../config/brand';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { useSession } from '../../../lib/session';
import { useVendorGames } from '../api/get-game-list';
import { useGameMenus } from '../api/get-game-menus';
import { launchGame } from '../api/launch-game';
import { GameGrid } from '../components/game-grid';
import { TransferBeforePlay } from '../components/transfer-before-play';
import { RoomPicker } from '../components/room-picker';
import { useRoomList } from '../api/get-room-list';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { useIdempotentSend } from '../../wallet/hooks/use-idempotent-send';
import { PageSpinner } from './category-page';

/**
 * §2 game frame (lazy group byIframe, header only): the game named by `vassalage` and `gameId`,
 * launched for real (a logged-in member) or as a free trial (`mode=trial`). The launch answers the
 * game's address, which fills the frame; a vendor's game list; or a lottery page, which opens instead.
 * A transfer-wallet game first asks what to move into the provider's wallet (decision 0018). The game
 * can also open in a window of its own (a fresh launch), with §8's message when popups are blocked.
 */
export function GamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText } = useMessageText();
  const [params, setParams] = useSearchParams();
  const vassalage = params.get('vassalage') ?? '';
  const gameId = params.get('gameId') ?? undefined;
  const isTrial = params.get('mode') === 'trial';
  const roomId = params.get('roomId') ?? undefined;
  const language = useLanguageCode();
  const { token } = useSession();
  const menus = useGameMenus();
  const games = useVendorGames(vassalage || undefined);
  const vendor = menus.data?.flatMap((menu) => menu.vendors).find((entry) => entry.vassalage === vassalage);
  const game = games.data?.find((entry) => entry.gameId === gameId);
  const name = game?.gameName ?? vendor?.vendorName ?? '';
  // A PVP game with rooms opens in the room the member picks first (GLS2_roomList).
  const isPvp = menus.data?.some(
    (menu) => menu.gameType === 'PVP' && menu.vendors.some((entry) => entry.vassalage === vassalage),
  );
  const rooms = useRoomList(vassalage, gameId, Boolean(isPvp) && !isTrial && !roomId);
  const needsRoom =
    Boolean(isPvp) && !isTrial && !roomId && (rooms.isError ? 0 : (rooms.data?.rooms.length ?? 1)) > 0;
  // One launch per game and mode (a launch code works once): not repeated on focus or remount.
  const launch = useQuery({
    queryKey: ['games', 'launch', vassalage, gameId, roomId, isTrial, token, language],
    queryFn: ({ signal }) =>
      launchGame({ vassalage, gameId, roomId, accountType: isTrial ? 0 : 1, language }, signal),
    enabled: Boolean(vassalage) && !menus.isPending && !needsRoom,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [isFrameLoaded, setFrameLoaded] = useState(false);
  const [confirmed, setConfirmed] = useState<LaunchGameResponse>();
  const [popup, setPopup] = useState<'blocked' | 'failed'>();
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  const lotteryPath = launch.data?.kind === 'LOTTERY' ? launch.data.path : undefined;
  const base = { vassalage, gameId, roomId, accountType: isTrial ? 0 : 1, language };
  /** The member's choice of transfer made, the launch goes again with confirmTrans 1. */
  const confirmTransfer = async (amount: number) => {
    const request = { ...base, confirmTrans: 1, ...(amount > 0 && { transferAmount: amount }) };
    const answer = await sendOnce(request, (key) =>
      launchGame(amount > 0 ? { ...request, transferKey: key } : request),
    );
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    setConfirmed(answer);
  };
  /** A window of its own, opened at the click (so it is not blocked), filled once the launch answers. */
  const openWindow = () => {
    setPopup(undefined);
    const opened = window.open('', '_blank');
    if (!opened) {
      setPopup('blocked');
      return;
    }
    opened.opener = null;
    launchGame({ ...base, confirmTrans: 1 }).then(
      (answer) => {
        if (answer.kind === 'URL') opened.location.href = answer.url;
        else opened.close();
      },
      () => {
        opened.close();
        setPopup('failed');
      },
    );
  };
  useEffect(() => {
    if (lotteryPath) void navigate(lotteryPath, { replace: true });
  }, [lotteryPath, navigate]);
  // The header balance follows the game while it is played (issue 20): a game tells the page a round
  // has ended, and the page reads the balance again from its own server. Only a message from this
  // frame, from the origin its launch address named, of the one shape, counts (decision 0030).
  const frame = useRef<HTMLIFrameElement>(null);
  const playing = confirmed ?? launch.data;
  const frameOrigin = playing?.kind === 'URL' ? originOf(playing.url) : undefined;
  useEffect(() => {
    if (!frameOrigin) return undefined;
    const listen = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== frame.current?.contentWindow) return;
      if (!isRoundEnded(event.data)) return;
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frameOrigin, queryClient]);

  if (needsRoom) {
    if (!rooms.data) return <PageSpinner />;
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        <h1 id="game-title">{name}</h1>
        <p className="game-frame__vendor">{vendor?.vendorName}</p>
        <RoomPicker
          rooms={rooms.data.rooms}
          onJoin={(room) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('roomId', room);
                return next;
              },
              { replace: false },
            )
          }
        />
      </section>
    );
  }
  if (menus.isPending || launch.isPending) return <PageSpinner />;
  if (!vendor && !launch.data) {
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        <h1 id="game-title" className="visually-hidden">
          {t('gameFrame.notFound')}
        </h1>
        <EmptyState title={t('gameFrame.notFound')}>
          <Link className="button button--primary" to={paths.home}>
            {t('notFound.backHome')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  const bar = (
    <div className="game-frame__bar">
      <div>
        <h1 id="game-title">{name}</h1>
        <p>
          {vendor?.vendorName}
          {isTrial && <span className="pill pill--muted">{t('games.freeTrial')}</span>}
        </p>
      </div>
      <div className="game-frame__actions">
        {(confirmed ?? launch.data)?.kind === 'URL' && (
          <button type="button" className="button button--secondary button--small" onClick={openWindow}>
            {t('gameFrame.newWindow')}
          </button>
        )}
        <Link className="button button--secondary button--small" to={paths.home}>
          {t('gameFrame.leave')}
        </Link>
      </div>
      {popup && (
        <p className="game-frame__notice" role="alert">
          {popup === 'blocked' ? t('errors.popupBlocked') : errorText('UNKNOWN')}
        </p>
      )}
    </div>
  );

  if (launch.isError) {
    const code = isApiRequestError(launch.error) ? launch.error.code : 'UNKNOWN';
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        {bar}
        <div className="game-frame__stage">
          <GameTile
            className="game-frame__art"
            src={game?.showIcon ?? vendor?.logo ?? ''}
            name={name}
            seed={`${vassalage}/${gameId ?? ''}`}
          />
          <div className="game-frame__message" role="alert">
            <p>{errorText(code)}</p>
            {code === 'UNAUTHENTICATED' ? (
              <Link className="button button--primary" to={paths.login}>
                {t('accounts.login.submit')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void launch.refetch()}
              >
                {t('common.retry')}
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  const target = confirmed ?? launch.data;
  if (target?.kind === 'TRANSFER') {
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        {bar}
        <div className="game-frame__stage game-frame__stage--form">
          <GameTile
            className="game-frame__art"
            src={game?.showIcon ?? vendor?.logo ?? ''}
            name={name}
            seed={`${vassalage}/${gameId ?? ''}`}
          />
          <TransferBeforePlay
            vendorName={vendor?.vendorName ?? vassalage}
            mainBalance={target.mainBalance}
            vendorBalance={target.vendorBalance}
            onConfirm={confirmTransfer}
          />
        </div>
      </section>
    );
  }
  if (target?.kind === 'GAME_LIST') {
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        {bar}
        {games.data ? <GameGrid games={games.data} /> : <PageSpinner />}
      </section>
    );
  }
  if (target?.kind !== 'URL') return <PageSpinner />;
  return (
    <section className="page game-frame game-frame--playing" aria-labelledby="game-title">
      {bar}
      {target.transferPending && (
        <p className="game-frame__notice" role="status">
          {t('gameFrame.transferPending', { name: vendor?.vendorName ?? vassalage })}
        </p>
      )}
      <div className="game-frame__viewport" aria-busy={!isFrameLoaded}>
        {!isFrameLoaded && <PageSpinner />}
        <iframe
          ref={frame}
          className="game-frame__iframe"
          title={name || vassalage}
          src={target.url}
          allow="fullscreen; autoplay"
          referrerPolicy="no-referrer"
          onLoad={() => setFrameLoaded(true)}
        />
      </div>
    </section>
  );
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** The one message a game sends the page: { type: 'jade-studio:round-ended' }, nothing else in it. */
const isRoundEnded = (data: unknown): boolean =>
  typeof data === 'object' &&
  data !== null &&
  Object.keys(data).length === 1 &&
  (data as { type?: unknown }).type === 'jade-studio:round-ended';
