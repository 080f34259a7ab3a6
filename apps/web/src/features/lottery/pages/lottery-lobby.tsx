import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { GameCategory, GameItem } from '@jade/contracts/games';
import { EmptyState } from '../../../components/empty-state';
import { CategoryIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { WhenVisible } from '../../../components/when-visible';
import { isLoggedIn, useSession } from '../../../lib/session';
import { useLotteryMenu } from '../../games/api/get-lottery-menu';
import { useLotteryRules } from '../api/get-rules';
import { useDrawState } from '../api/use-draw-state';
import { BetSlip } from '../components/bet-slip';
import { DrawClock } from '../components/draw-clock';
import { MyLotteryBets } from '../components/my-lottery-bets';
import { ResultHistory } from '../components/result-history';
import { useLottoName } from '../hooks/use-lotto-name';
import '../lottery.css';

type LotteryLobbyProps = {
  /** The one vendor a vendor lobby shows (§9: TCG_LOTTO_VN on /vnlottery, TCG_SEA on /seaLottery). */
  vassalage?: string;
  /** Only the games of this category (ELOTT on /elott). */
  category?: GameCategory;
  titleKey: 'lottery.title' | 'lottery.vnTitle' | 'lottery.seaTitle' | 'categories.ELOTT.title';
};

/**
 * §2 lottery lobbies: the lottery games on the left; on the right the chosen one (query gameCode, with
 * playType) taking bets: its draw with live countdowns, the bet slip, the member's bets, the latest
 * result and the history with each draw's fairness proof. Draw state arrives by Server-Sent Events.
 */
export function LotteryLobby({ vassalage, category, titleKey }: LotteryLobbyProps) {
  const { t } = useTranslation();
  const groupName = useLottoName('groups');
  const [params] = useSearchParams();
  const menu = useLotteryMenu(vassalage);
  const { pathname } = useLocation();
  const gameCode = params.get('gameCode');
  const vendors = (menu.data ?? [])
    .map((vendor) => ({ ...vendor, games: vendor.games.filter((g) => !category || g.gameType === category) }))
    .filter((vendor) => vendor.games.length > 0);
  const games = vendors.flatMap((vendor) => vendor.games);
  const selected = games.find((game) => game.code === gameCode || game.gameId === gameCode) ?? games[0];
  const playType = params.get('playType') ?? selected?.defaultPlayType ?? null;

  return (
    <section className="page lottery-lobby" aria-labelledby="lottery-title">
      <h1 id="lottery-title" className="lottery-lobby__title">
        {t(titleKey)}
      </h1>
      {menu.isPending ? (
        <LoadingState />
      ) : menu.isError ? (
        <LoadError error={menu.error} onRetry={() => void menu.refetch()} />
      ) : games.length === 0 ? (
        <EmptyState
          title={t('games.noVendors')}
          icon={<CategoryIcon category={category ?? 'LOTT'} size={36} />}
        />
      ) : (
        <div className="lottery-lobby__layout">
          <nav className="lottery-lobby__menu" aria-label={t('lottery.games')}>
            {vendors.map((vendor) => (
              <div key={vendor.vassalage} className="lottery-lobby__vendor">
                <h2>{vendor.vendorName}</h2>
                <ul>
                  {vendor.games.map((game) => (
                    <li key={game.gameId}>
                      <Link
                        to={lobbyLink(pathname, game)}
                        className="lottery-lobby__game"
                        aria-current={game === selected ? 'true' : undefined}
                      >
                        <span>{game.gameName}</span>
                        {game.nodeName && <small>{groupName(game.nodeName)}</small>}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          {selected && (
            <LotteryStage key={selected.code ?? selected.gameId} game={selected} playType={playType} />
          )}
        </div>
      )}
    </section>
  );
}

function LotteryStage({ game, playType }: { game: GameItem; playType: string | null }) {
  const { t } = useTranslation();
  const groupName = useLottoName('groups');
  const prizeModeName = useLottoName('prizeModes');
  const code = game.code ?? game.gameId;
  const rules = useLotteryRules(code);
  const isDrawnHere = Boolean(rules.data?.structure);
  const live = useDrawState(isDrawnHere ? code : undefined);
  const session = useSession();
  const open = live.state?.open ?? undefined;

  return (
    <article className="lottery-lobby__stage" aria-labelledby="lottery-game-title">
      <header className="lotto-stage__head">
        <div>
          <h2 id="lottery-game-title">{game.gameName}</h2>
          {game.nodeName && <p className="lotto-stage__region">{groupName(game.nodeName)}</p>}
          {rules.data && (
            <p className="lotto-stage__mode">
              {t('lotto.prizeMode', { mode: prizeModeName(rules.data.prizeMode) })}
            </p>
          )}
        </div>
        {open && <DrawClock open={open} clockSkew={live.clockSkew} />}
      </header>
      {rules.isPending ? (
        <LoadingState />
      ) : rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : !isDrawnHere ? (
        <p className="lotto-empty">{t('lotto.notDrawn')}</p>
      ) : (
        <>
          {live.isReconnecting && (
            <p role="status" className="lotto-notice">
              {t('lotto.reconnecting')}
            </p>
          )}
          {live.state && !open && <p className="lotto-notice">{t('lotto.noDraw')}</p>}
          <BetSlip rules={rules.data} numero={open?.numero} playType={playType} />
          {isLoggedIn(session) && <MyLotteryBets gameCode={code} openNumero={open?.numero} />}
          {/* Below the bet slip, off the first screen: built when scrolled near (decision 0091). */}
          <WhenVisible minHeight="var(--lotto-results-height)">
            <ResultHistory rules={rules.data} />
          </WhenVisible>
        </>
      )}
    </article>
  );
}

/** A game of the menu opens in this lobby, with its own code and default play type. */
const lobbyLink = (pathname: string, game: GameItem): string => {
  const query = new URLSearchParams();
  query.set('gameCode', game.code ?? game.gameId);
  if (game.defaultPlayType) query.set('playType', game.defaultPlayType);
  return `${pathname}?${query.toString()}`;
};

export const LotteryPage = () => <LotteryLobby titleKey="lottery.title" />;
export const SeaLotteryPage = () => <LotteryLobby vassalage="TCG_SEA" titleKey="lottery.seaTitle" />;
export const VnLotteryPage = () => <LotteryLobby vassalage="TCG_LOTTO_VN" titleKey="lottery.vnTitle" />;
export const ELotteryPage = () => <LotteryLobby category="ELOTT" titleKey="categories.ELOTT.title" />;
