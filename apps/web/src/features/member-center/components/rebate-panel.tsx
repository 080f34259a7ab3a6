import { useTranslation } from 'react-i18next';
import { CATEGORY_NAVIGATION } from '@jade/contracts/games';
import type { RebateCategory } from '@jade/contracts/rebates';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { formatDateTime } from '../../../lib/format';
import { useRefusal } from '../../promotions/components/claim-action';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useClaimableRebates, useClaimRebate, useRebateHistory } from '../api/rebates';
import { ConfirmButton } from './promotion-claim-panels';
import '../../promotions/promotions.css';
import '../../wallet/wallet.css';

/** A rate in basis points as a percentage: 50 bp is 0.50 %. */
const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

function CategoryName({ category }: { category: RebateCategory }) {
  const { t } = useTranslation();
  const nav = CATEGORY_NAVIGATION.find((c) => c.gameType === category);
  return <>{nav ? t(nav.name as 'nav.live') : category}</>;
}

/**
 * manualRebate (MANPLAYREB3, decision 0051): each category's valid bet since the last rebate, the
 * member's rate (rank and boosts) and what it pays now, claimed with a confirmation; then the history.
 */
export function RebatePanel() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const claimable = useClaimableRebates();
  const history = useRebateHistory();
  const claim = useClaimRebate();
  const refusal = useRefusal();
  if (claimable.isPending) return <LoadingState />;
  if (claimable.isError)
    return <LoadError error={claimable.error} onRetry={() => void claimable.refetch()} />;
  const { categories, total } = claimable.data;
  return (
    <div className="claim-panel" data-testid="rebate-panel">
      {claim.error && (
        <p className="form-error" role="alert">
          {refusal(claim.error)}
        </p>
      )}
      {claim.isSuccess && claim.data.total > 0 && (
        <p className="account-notice" role="status">
          {t('rebates.paid', { amount: format(claim.data.total) })}
        </p>
      )}
      {/* The wallet's record table: a card a category on a phone, nothing wider than the screen. */}
      <div className="wallet-table-wrap">
        <table className="wallet-table">
          <thead>
            <tr>
              <th>{t('rebates.category')}</th>
              <th>{t('rebates.validBet')}</th>
              <th>{t('rebates.rate')}</th>
              <th>{t('rebates.claimable')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.category} data-category={c.category}>
                <td data-label={t('rebates.category')}>
                  <CategoryName category={c.category} />
                </td>
                <td data-label={t('rebates.validBet')}>{format(c.validBet)}</td>
                <td data-label={t('rebates.rate')}>
                  {/* One piece: on a phone the cell lays out its label and its value apart. */}
                  <span>
                    {percent(c.rateBp)}
                    {c.boostBp > 0 && (
                      <span className="claim-row__meta">
                        {' '}
                        {t('rebates.boost', { rate: percent(c.boostBp) })}
                      </span>
                    )}
                  </span>
                </td>
                <td data-testid={`rebate-amount-${c.category}`} data-label={t('rebates.claimable')}>
                  {format(c.amount)}
                </td>
                <td>
                  {c.amount > 0 && (
                    <ConfirmButton
                      label={t('rebates.claim')}
                      question={t('rebates.confirm', { amount: format(c.amount) })}
                      isPending={claim.isPending}
                      onConfirm={() => claim.mutate(c.category)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="claim-panel__hint">
        {total > 0 ? t('rebates.total', { amount: format(total) }) : t('rebates.nothing')}
      </p>
      <h4 className="claim-panel__title">{t('rebates.history')}</h4>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState icon={<GiftIcon size={32} />} title={t('rebates.noHistory')} />
      ) : (
        <ul className="claim-list">
          {history.data.items.map((r) => (
            <li key={r.id} className="claim-row" data-rebate={r.id}>
              <span className="claim-row__title">
                <CategoryName category={r.category} />
              </span>
              <span className="claim-row__meta">
                {t('rebates.period', { from: r.fromDay, to: r.toDay })} · {percent(r.rateBp)}
              </span>
              <strong>{format(r.amount)}</strong>
              <span className="claim-row__meta">{formatDateTime(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
