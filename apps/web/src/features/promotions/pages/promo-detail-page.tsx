import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PromotionDetail } from '@jade/contracts/engagement';
import { isApiRequestError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { HtmlContent } from '../../../components/html-content';
import { ChevronLeftIcon, GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { PageHero } from '../../../components/page-hero';
import { paths } from '../../../config/paths';
import { formatRate } from '../../../lib/format';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { usePromotion } from '../api/get-promotion';
import { ClaimAction } from '../components/claim-action';
import { PromotionImage } from '../components/promotion-image';
import { PromotionPeriod } from '../components/promotion-period';
import '../promotions.css';

/** `?id=` as a promotion id, or undefined when it is missing or not one. */
const parseId = (value: string | null): number | undefined => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** §2 /promoDetail?id= (lazy group promoDetail): one running promotion and its sanitised content. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const promotion = usePromotion(id);
  const isNotFound =
    id === undefined ||
    (promotion.isError &&
      isApiRequestError(promotion.error) &&
      promotion.error.code === 'PROMOTION_NOT_FOUND');

  if (promotion.isSuccess) return <Detail promotion={promotion.data} />;
  return (
    <section className="page promo-detail" aria-labelledby="promo-detail-title">
      <BackLink />
      <PageHero
        titleId="promo-detail-title"
        title={t('promotions.detailTitle')}
        icon={<GiftIcon size={32} />}
      />
      <div className="panel">
        {isNotFound ? (
          <EmptyState icon={<GiftIcon size={36} />} title={t('promotions.notFound')}>
            <Link className="button button--secondary" to={paths.promotions}>
              {t('promotions.backToList')}
            </Link>
          </EmptyState>
        ) : promotion.isError ? (
          <LoadError error={promotion.error} onRetry={() => void promotion.refetch()} />
        ) : (
          <LoadingState />
        )}
      </div>
    </section>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link className="promo-detail__back" to={paths.promotions}>
      <ChevronLeftIcon size={18} />
      {t('promotions.backToList')}
    </Link>
  );
}

function Detail({ promotion }: { promotion: PromotionDetail }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { terms } = promotion;
  return (
    <section className="page promo-detail" aria-labelledby="promo-detail-title">
      <BackLink />
      <PageHero
        titleId="promo-detail-title"
        title={promotion.title}
        subtitle={promotion.summary}
        icon={<GiftIcon size={32} />}
      />
      <div className="promo-detail__layout">
        <article className="panel promo-detail__content">
          <PromotionImage url={promotion.imageUrl} className="promo-detail__image" />
          <HtmlContent html={promotion.content} />
        </article>
        <aside className="panel promo-detail__facts" aria-label={t('promotions.facts')}>
          <dl>
            <dt>{t('promotions.categoryLabel')}</dt>
            <dd>{t(`promotions.categories.${promotion.category}`)}</dd>
            <dt>{t('promotions.periodLabel')}</dt>
            <dd>
              <PromotionPeriod startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
            </dd>
            <dt>{t('promotions.forWhom')}</dt>
            <dd>
              <span className="promo-detail__line">{t(`promotions.audience.${promotion.audience}`)}</span>
              {promotion.minVipLevel > 0 && (
                <span className="promo-detail__line">
                  {t('promotions.minVip', { level: promotion.minVipLevel })}
                </span>
              )}
            </dd>
            {terms.bonusRateBp !== null && (
              <>
                <dt>{t('promotions.terms.bonusRate')}</dt>
                <dd>{formatRate(terms.bonusRateBp)}</dd>
              </>
            )}
            {terms.maxBonus !== null && (
              <>
                <dt>{t('promotions.terms.maxBonus')}</dt>
                <dd>{format(terms.maxBonus)}</dd>
              </>
            )}
            {terms.minDeposit !== null && (
              <>
                <dt>{t('promotions.terms.minDeposit')}</dt>
                <dd>{format(terms.minDeposit)}</dd>
              </>
            )}
            {terms.turnoverMultiplier !== null && (
              <>
                <dt>{t('promotions.terms.turnover')}</dt>
                <dd>
                  {terms.turnoverMultiplier > 0
                    ? t('promotions.terms.turnoverTimes', { times: terms.turnoverMultiplier })
                    : t('promotions.terms.noTurnover')}
                </dd>
              </>
            )}
            {promotion.rules.kind !== 'NONE' && (
              <>
                <dt>{t('promoClaim.kindLabel')}</dt>
                <dd>
                  <span className="promo-detail__line">{t(`promoClaim.kinds.${promotion.rules.kind}`)}</span>
                  {promotion.rules.bonusAmount !== null && (
                    <span className="promo-detail__line">{format(promotion.rules.bonusAmount)}</span>
                  )}
                  {promotion.rules.needsReview && (
                    <span className="promo-detail__line">{t('promoClaim.reviewed')}</span>
                  )}
                  {promotion.rules.proofRequired && (
                    <span className="promo-detail__line">{t('promoClaim.proofAsked')}</span>
                  )}
                </dd>
              </>
            )}
          </dl>
          <ClaimAction promotion={promotion} />
        </aside>
      </div>
    </section>
  );
}
