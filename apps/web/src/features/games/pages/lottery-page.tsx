import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { GameItem } from '@jade/contracts/games';
import { EmptyState } from '../../../components/empty-state';
import { GameTile } from '../../../components/game-tile';
import { CategoryIcon, PlayIcon } from '../../../components/icons';
import { useBrand } from '../../../config/brand';
import { useLotteryMenu } from '../api/get-lottery-menu';
import { formatMoney } from '../../../lib/format';
import { useLaunchGame } from '../launch';
import { PageSpinner } from './category-page';

type LotteryLobbyProps = {
  /** The one vendor a vendor lobby shows (§9: TCG_LOTTO_VN on /vnlottery, TCG_SEA on /seaLottery). */
  vassalage?: string;
  titleKey: 'lottery.title' | 'lottery.vnTitle' | 'lottery.seaTitle';
};

/**
 * §2 lottery lobby (header only): the lottery games on the left, the chosen one (query gameCode, with
 * playType) on the right.
 */
export function LotteryLobby({ vassalage, titleKey }: LotteryLobbyProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const menu = useLotteryMenu(vassalage);
  const { start } = useLaunchGame();
  const { pathname } = useLocation();
  const gameCode = params.get('gameCode');
  const vendors = menu.data ?? [];
  const games = vendors.flatMap((vendor) => vendor.games);
  const selected = games.find((game) => game.code === gameCode || game.gameId === gameCode) ?? games[0];
  const playType = params.get('playType') ?? selected?.defaultPlayType ?? null;
  const { whitelabel } = useBrand();
  const { currencySymbol, currencyExponent } = whitelabel.merchant;

  return (
    <section className="page lottery-lobby" aria-labelledby="lottery-title">
      <h1 id="lottery-title" className="lottery-lobby__title">
        {t(titleKey)}
      </h1>
      {menu.isPending ? (
        <PageSpinner />
      ) : games.length === 0 ? (
        <EmptyState title={t('games.noVendors')} icon={<CategoryIcon category="LOTT" size={36} />} />
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
                        {game.nodeName && <small>{game.nodeName}</small>}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          {selected && (
            <article className="lottery-lobby__stage" aria-labelledby="lottery-game-title">
              <GameTile
                className="lottery-lobby__art"
                src={selected.showIcon}
                name={selected.gameName}
                seed={`${selected.vassalage}/${selected.gameId}`}
              />
              <div className="lottery-lobby__details">
                <h2 id="lottery-game-title">{selected.gameName}</h2>
                <dl className="facts">
                  {selected.nodeName && (
                    <div>
                      <dt>{t('lottery.region')}</dt>
                      <dd>{selected.nodeName}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('lottery.gameCode')}</dt>
                    <dd>{selected.code ?? selected.gameId}</dd>
                  </div>
                  {playType && (
                    <div>
                      <dt>{t('lottery.playType')}</dt>
                      <dd>{playType}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('lottery.minBet')}</dt>
                    <dd>{formatMoney(selected.minBet, currencyExponent, currencySymbol)}</dd>
                  </div>
                </dl>
                <button type="button" className="button button--primary" onClick={() => start(selected)}>
                  <PlayIcon size={16} />
                  {t('lottery.betNow')}
                </button>
              </div>
            </article>
          )}
        </div>
      )}
    </section>
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
