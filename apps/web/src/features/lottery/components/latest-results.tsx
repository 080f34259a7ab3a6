import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLotteryMenu } from '../../games/api/get-lottery-menu';
import { lotteryPath } from '../../games/launch';
import { getRecentResults, HISTORY_COUNT } from '../api/get-results';
import { lotteryKeys } from '../api/query-keys';
import '../lottery.css';

/**
 * The home page's latest results: the newest draw of each lottery vendor's first game, its top prize,
 * and the way into its lobby. Shares the lobby's cached history.
 */
export function LatestResults() {
  const { t } = useTranslation();
  const menu = useLotteryMenu();
  const games = (menu.data ?? []).flatMap((vendor) => vendor.games.slice(0, 1));
  const results = useQueries({
    queries: games.map((game) => {
      const code = game.code ?? game.gameId;
      return {
        queryKey: lotteryKeys.results(code),
        queryFn: ({ signal }: { signal: AbortSignal }) => getRecentResults(code, HISTORY_COUNT, signal),
        staleTime: 60_000,
      };
    }),
  });
  const cards = games.flatMap((game, i) => {
    const latest = results[i]?.data?.[0];
    return latest ? [{ game, latest }] : [];
  });
  if (cards.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="latest-results-title">
      <h2 id="latest-results-title" className="section-title">
        {t('lottery.latestResults')}
      </h2>
      <ul className="latest-results">
        {cards.map(({ game, latest }) => {
          // The top prize: the first tier of the result (special, or 4D's first).
          const top = Object.values(latest.result)[0] ?? [];
          return (
            <li key={game.gameId}>
              <article className="latest-results__card" aria-label={game.gameName}>
                <h3>{game.gameName}</h3>
                <p className="latest-results__numero">{t('lottery.drawOf', { numero: latest.numero })}</p>
                {latest.source === 'FAIR_STAND_IN' && (
                  <p className="latest-results__source" data-testid="latest-source">
                    {t('lottery.fairStandIn')}
                  </p>
                )}
                <p className="latest-results__top">{top.join(' ')}</p>
                <Link className="button button--secondary" to={lotteryPath(game)}>
                  {t('lottery.betNow')}
                </Link>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
