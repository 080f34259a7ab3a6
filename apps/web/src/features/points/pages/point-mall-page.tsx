import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';

/** §2 /pointMall (header and footer only). There is no points service yet: no rewards to list. */
export function PointMallPage() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="point-mall-title">
      <PageHero
        titleId="point-mall-title"
        title={t('pointMall.title')}
        subtitle={t('pointMall.subtitle')}
        icon={<GiftIcon size={32} />}
      />
      <div className="panel">
        <EmptyState
          icon={<GiftIcon size={36} />}
          title={t('pointMall.empty')}
          message={t('pointMall.emptyHint')}
        />
      </div>
    </section>
  );
}
