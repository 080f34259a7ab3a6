import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** When a promotion runs: 'from – to', or 'from …' while it has no end. */
export function PromotionPeriod({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t } = useTranslation();
  const from = formatDate(startsAt);
  return (
    <>
      {endsAt
        ? t('promotions.period', { from, to: formatDate(endsAt) })
        : t('promotions.periodOpen', { from })}
    </>
  );
}
