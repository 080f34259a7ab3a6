import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_COMMENT_MAX_LENGTH, UPLOAD_MAX_IMAGES } from '@jade/contracts/constants';
import type { PromotionDetail } from '@jade/contracts/engagement';
import type { PromotionClaim } from '@jade/contracts/promotion-claims';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useErrorMessage } from '../../../i18n/error-message';
import { useSession } from '../../../lib/session';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { checkImageFile, readImageFile } from '../../wallet/utils/image-upload';
import { useMemberClaims, useTakePromotion } from '../api/promotion-claims';

/** The reason a claim was refused, in the member's words: the rule it failed, else the error code's text. */
export const useRefusal = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error: unknown) => {
    if (!isApiRequestError(error)) return errorMessage('UNKNOWN');
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    return reason
      ? t(`promoClaim.reasons.${reason}` as 'promoClaim.reasons.NOT_CLAIMABLE')
      : errorMessage(error.code);
  };
};

/**
 * promoDetail's action: Claim (paid at once), Join (a rebate boost) or Apply (an operator reviews it,
 * with a comment and proof images where the promotion asks for them), each confirmed first.
 */
export function ClaimAction({ promotion }: { promotion: PromotionDetail }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { format } = useMoneyFormat();
  const claims = useMemberClaims('all');
  const take = useTakePromotion();
  const refusal = useRefusal();
  const [isConfirming, setConfirming] = useState(false);
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [done, setDone] = useState<PromotionClaim>();
  const { rules } = promotion;
  if (rules.kind === 'NONE') return null;
  if (!token) return <p className="promo-claim__hint">{t('promoClaim.loginToClaim')}</p>;

  const mine = claims.data?.claims.find((c) => c.promotionId === promotion.id);
  const offer = claims.data?.claimable.find((c) => c.promotionId === promotion.id);
  const isReviewed = rules.needsReview || rules.proofRequired;
  const action = rules.kind === 'REBATE_BOOST' ? 'join' : isReviewed ? 'apply' : 'claim';

  const onFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])].slice(0, UPLOAD_MAX_IMAGES);
    const bad = picked.map(checkImageFile).find(Boolean);
    setFileError(bad ? t(bad.key as 'errors.UPLOAD_INVALID_IMAGE') : undefined);
    setFiles(bad ? [] : picked);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const images = await Promise.all(files.map(readImageFile));
    const claim = await take.mutateAsync({
      promotionId: promotion.id,
      body: { ...(comment.trim() && { comment: comment.trim() }), ...(images.length > 0 && { images }) },
    });
    setDone(claim);
    setConfirming(false);
  };

  return (
    <div className="promo-claim" data-testid="promo-claim">
      {done ? (
        <p className="promo-claim__done" role="status">
          {done.paidAt
            ? t('promoClaim.claimed', { amount: format(done.bonus) })
            : done.status === 'JOINED'
              ? t('promoClaim.joined')
              : t('promoClaim.applied')}
        </p>
      ) : mine && !offer ? (
        <p className="promo-claim__status">
          {t('promoClaim.yourStatus')}{' '}
          <span className={`claim-status claim-status--${mine.status}`}>
            {t(`promoClaim.statuses.${mine.status}`)}
          </span>
        </p>
      ) : isConfirming ? (
        <form className="promo-claim__form" onSubmit={(e) => void submit(e).catch(() => undefined)}>
          <p>
            {action === 'claim' && offer
              ? t('promoClaim.confirmClaim', { amount: format(offer.bonus) })
              : t(action === 'join' ? 'promoClaim.confirmJoin' : 'promoClaim.confirmApply')}
          </p>
          {action === 'apply' && (
            <>
              <label className="promo-claim__field">
                <span>{t('promoClaim.comment')}</span>
                <textarea
                  maxLength={UPLOAD_COMMENT_MAX_LENGTH}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  rows={2}
                />
              </label>
              <label className="promo-claim__field">
                <span>{rules.proofRequired ? t('promoClaim.proofRequired') : t('promoClaim.proof')}</span>
                <input
                  type="file"
                  accept="image/png,image/jpeg"
                  multiple
                  onChange={(e) => onFiles(e.target.files)}
                />
              </label>
              {fileError && <p className="form-error">{fileError}</p>}
            </>
          )}
          {take.isError && (
            <p className="form-error" role="alert">
              {refusal(take.error)}
            </p>
          )}
          <div className="promo-claim__buttons">
            <button
              type="submit"
              className="button button--primary"
              disabled={take.isPending || (rules.proofRequired && action === 'apply' && files.length === 0)}
            >
              {take.isPending ? <Spinner /> : t('promoClaim.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('promoClaim.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {action === 'claim' && !offer && claims.isSuccess && (
            <p className="promo-claim__hint">{t('promoClaim.notYet')}</p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={claims.isPending || (action === 'claim' && !offer)}
            onClick={() => setConfirming(true)}
          >
            {t(`promoClaim.actions.${action}`)}
          </button>
        </>
      )}
    </div>
  );
}
