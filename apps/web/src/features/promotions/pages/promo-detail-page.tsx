import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';
import { paths } from '../../../config/paths';

/** §2 /promoDetail (lazy group promoDetail): no promotion exists yet, so none can be found. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="promo-detail-title">
      <PageHero
        titleId="promo-detail-title"
        title={t('promotions.detailTitle')}
        icon={<GiftIcon size={32} />}
      />
      <div className="panel">
        <EmptyState icon={<GiftIcon size={36} />} title={t('promotions.notFound')}>
          <Link className="button button--secondary" to={paths.promotions}>
            {t('promotions.backToList')}
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}
