import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromotionSummary } from '@jade/contracts/engagement';
import { promoDetailPath } from '../../../config/paths';
import { PromotionImage } from './promotion-image';
import { PromotionPeriod } from './promotion-period';

/** Promotion cards: image, category, title, summary and period, each opening its detail page. */
export function PromotionGrid({ promotions }: { promotions: readonly PromotionSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul className="promo-grid">
      {promotions.map((promotion) => (
        <li key={promotion.id} className="promo-card">
          <Link className="promo-card__link" to={promoDetailPath(promotion.id)}>
            <PromotionImage url={promotion.imageUrl} className="promo-card__image" />
            <div className="promo-card__body">
              <span className="promo-card__category">{t(`promotions.categories.${promotion.category}`)}</span>
              <h2 className="promo-card__title">{promotion.title}</h2>
              <p className="promo-card__summary">{promotion.summary}</p>
              <p className="promo-card__period">
                <PromotionPeriod startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
