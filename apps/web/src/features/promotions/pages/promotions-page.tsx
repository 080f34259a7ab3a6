import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';

/**
 * §2 /promotions (lazy group promo). The site has no promotions service yet, so the list is honestly
 * empty; the page frame is what the promotions service will fill.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="promotions-title">
      <PageHero
        titleId="promotions-title"
        title={t('promotions.title')}
        subtitle={t('promotions.subtitle')}
        icon={<GiftIcon size={32} />}
      />
      <div className="panel">
        <EmptyState
          icon={<GiftIcon size={36} />}
          title={t('promotions.empty')}
          message={t('promotions.emptyHint')}
        />
      </div>
    </section>
  );
}
