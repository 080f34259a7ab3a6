import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromotionClaim } from '@jade/contracts/promotion-claims';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useClaimBonus, useMemberClaims, useTakePromotion } from '../../promotions/api/promotion-claims';
import { useRefusal } from '../../promotions/components/claim-action';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import '../../promotions/promotions.css';

/** A claim button that asks for a confirmation before it moves money. */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  isPending,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  isPending: boolean;
}) {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  if (!isAsking) {
    return (
      <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="promo-claim__confirm">
      <span>{question}</span>
      <button type="button" className="button button--primary" disabled={isPending} onClick={onConfirm}>
        {isPending ? <Spinner /> : t('promoClaim.confirm')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {t('promoClaim.cancel')}
      </button>
    </span>
  );
}

function Status({ claim }: { claim: PromotionClaim }) {
  const { t } = useTranslation();
  return (
    <span className={`claim-status claim-status--${claim.status}`} data-status={claim.status}>
      {t(`promoClaim.statuses.${claim.status}`)}
    </span>
  );
}

/** Turnover done against required, as a bar and in figures. */
function Progress({ claim }: { claim: PromotionClaim }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const share = claim.turnoverRequired > 0 ? claim.turnoverDone / claim.turnoverRequired : 1;
  return (
    <div className="claim-progress">
      <progress max={1} value={share} aria-label={t('promoClaim.turnoverLabel')} />
      <span data-testid="turnover-progress">
        {t('promoClaim.turnover', {
          done: format(claim.turnoverDone),
          required: format(claim.turnoverRequired),
        })}
      </span>
    </div>
  );
}

/** rewardCenter: offers claimable now, then every application with its §4 status, claimable when Issued. */
export function RewardCenterPanel() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const claims = useMemberClaims('all');
  const take = useTakePromotion();
  const claim = useClaimBonus();
  const refusal = useRefusal();
  if (claims.isPending) return <LoadingState />;
  if (claims.isError) return <LoadError error={claims.error} onRetry={() => void claims.refetch()} />;
  const { claimable, claims: list } = claims.data;
  const error = take.error ?? claim.error;
  return (
    <div className="claim-panel">
      {error && (
        <p className="form-error" role="alert">
          {refusal(error)}
        </p>
      )}
      <h4 className="claim-panel__title">{t('promoClaim.claimNow')}</h4>
      {claimable.length === 0 ? (
        <p className="claim-panel__hint">{t('promoClaim.nothingToClaim')}</p>
      ) : (
        <ul className="claim-list">
          {claimable.map((offer) => (
            <li key={offer.promotionId} className="claim-row">
              <span className="claim-row__title">{offer.title}</span>
              <strong>{format(offer.bonus)}</strong>
              <ConfirmButton
                label={t('promoClaim.actions.claim')}
                question={t('promoClaim.confirmClaim', { amount: format(offer.bonus) })}
                isPending={take.isPending}
                onConfirm={() => take.mutate({ promotionId: offer.promotionId, body: {} })}
              />
            </li>
          ))}
        </ul>
      )}
      <h4 className="claim-panel__title">{t('promoClaim.applications')}</h4>
      {list.length === 0 ? (
        <EmptyState icon={<GiftIcon size={32} />} title={t('promoClaim.noApplications')} />
      ) : (
        <ul className="claim-list">
          {list.map((c) => (
            <li key={c.id} className="claim-row" data-claim={c.code}>
              <span className="claim-row__title">{c.title}</span>
              <Status claim={c} />
              <span className="claim-row__meta">{formatDateTime(c.createdAt)}</span>
              {c.bonus > 0 && <strong>{format(c.bonus)}</strong>}
              {c.reviewNote && <span className="claim-row__meta">{c.reviewNote}</span>}
              {c.status === 'ISSUED' && (
                <ConfirmButton
                  label={t('promoClaim.actions.claim')}
                  question={t('promoClaim.confirmClaim', { amount: format(c.bonus) })}
                  isPending={claim.isPending}
                  onConfirm={() => claim.mutate(c.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** bonusDetails: every bonus paid, with its turnover progress, and what is still owed before a withdrawal. */
export function BonusDetailsPanel() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const claims = useMemberClaims('bonus');
  if (claims.isPending) return <LoadingState />;
  if (claims.isError) return <LoadError error={claims.error} onRetry={() => void claims.refetch()} />;
  const { claims: bonuses, turnoverRemaining } = claims.data;
  return (
    <div className="claim-panel">
      <p className="account-notice" role="note" data-testid="turnover-remaining">
        {turnoverRemaining > 0
          ? t('promoClaim.remaining', { amount: format(turnoverRemaining) })
          : t('promoClaim.nothingOwed')}
      </p>
      {bonuses.length === 0 ? (
        <EmptyState icon={<GiftIcon size={32} />} title={t('promoClaim.noBonuses')} />
      ) : (
        <ul className="claim-list">
          {bonuses.map((c) => (
            <li key={c.id} className="claim-row claim-row--bonus" data-claim={c.code}>
              <span className="claim-row__title">{c.title}</span>
              <Status claim={c} />
              <strong>{format(c.bonus)}</strong>
              <span className="claim-row__meta">{c.paidAt && formatDateTime(c.paidAt)}</span>
              <Progress claim={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
