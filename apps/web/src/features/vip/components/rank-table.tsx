import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VipRank } from '@jade/contracts/engagement';
import { formatRate } from '../../../lib/format';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';

type RankTableProps = {
  ranks: readonly VipRank[];
  /** The logged-in member's level (member info clubLabel.rankLevel); its row is marked. */
  currentLevel: number | undefined;
};

/** The brand's VIP ladder: what each rank needs and what it gives, one row a rank. */
export function RankTable({ ranks, currentLevel }: RankTableProps) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const titleId = useId();
  const money = (minor: number) => (minor > 0 ? format(minor) : '—');

  return (
    <div className="rank-table">
      <h2 id={titleId}>{t('vip.tableTitle')}</h2>
      {/* Wider than a phone: the table scrolls inside its own focusable region, not the page. */}
      <div className="rank-table__scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('vip.columns.rank')}</th>
              <th scope="col">{t('vip.columns.depositRequirement')}</th>
              <th scope="col">{t('vip.columns.turnoverRequirement')}</th>
              <th scope="col">{t('vip.columns.dailyWithdrawals')}</th>
              <th scope="col">{t('vip.columns.dailyWithdrawalLimit')}</th>
              <th scope="col">{t('vip.columns.birthdayBonus')}</th>
              <th scope="col">{t('vip.columns.upgradeBonus')}</th>
              <th scope="col">{t('vip.columns.rebateRate')}</th>
            </tr>
          </thead>
          <tbody>
            {ranks.map((rank) => {
              const isCurrent = rank.level === currentLevel;
              return (
                <tr
                  key={rank.level}
                  className={isCurrent ? 'rank-table__row rank-table__row--current' : 'rank-table__row'}
                  aria-current={isCurrent ? 'true' : undefined}
                  data-level={rank.level}
                >
                  <th scope="row">
                    <span className="rank-table__rank">
                      <span className="rank-table__code">{t('vip.rankCode', { level: rank.level })}</span>
                      <span className="rank-table__name">{rank.name}</span>
                      {isCurrent && <span className="pill rank-table__you">{t('vip.yourRank')}</span>}
                    </span>
                  </th>
                  <td>{money(rank.depositRequirement)}</td>
                  <td>{money(rank.turnoverRequirement)}</td>
                  <td>{rank.dailyWithdrawalCount}</td>
                  <td>{money(rank.dailyWithdrawalLimit)}</td>
                  <td>{money(rank.birthdayBonus)}</td>
                  <td>{money(rank.upgradeBonus)}</td>
                  <td>{rank.rebateRateBp > 0 ? formatRate(rank.rebateRateBp) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
