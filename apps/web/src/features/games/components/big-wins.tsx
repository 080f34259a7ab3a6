import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@jade/contracts/games';
import { GameTile } from '../../../components/game-tile';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useRankList } from '../api/get-rank-list';
import { useLaunchGame } from '../launch';

/**
 * The category's biggest wins of the last seven days (GCSGAME_getRankList): winner (masked), game and
 * amount; a game opens from its row. Nothing shows while there are none.
 */
export function BigWins({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const ranks = useRankList(category);
  const { format } = useMoneyFormat();
  const { play } = useLaunchGame();
  const wins = ranks.data?.wins ?? [];
  if (wins.length === 0) return null;
  return (
    <section className="big-wins" aria-labelledby="big-wins-title">
      <h2 id="big-wins-title">{t('games.bigWins.title')}</h2>
      <ol className="big-wins__list">
        {wins.map((win) => (
          <li key={`${win.rank}-${win.settledAt}`} className="big-wins__row">
            <span className="big-wins__rank" aria-hidden="true">
              {win.rank}
            </span>
            <GameTile
              className="big-wins__icon"
              src={win.game.showIcon}
              name={win.game.gameName}
              seed={`${win.game.vassalage}/${win.game.gameId}`}
            />
            <span className="big-wins__text">
              <button type="button" className="big-wins__game" onClick={() => play(win.game)}>
                {win.game.gameName}
              </button>
              <span className="big-wins__who">{t('games.bigWins.won', { account: win.account })}</span>
            </span>
            <strong className="big-wins__amount">{format(win.winAmount)}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}
