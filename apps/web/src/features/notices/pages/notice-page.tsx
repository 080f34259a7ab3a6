import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';
import { NoticeList } from '../components/notice-list';

/** §2 /noticePage. */
export function NoticePage() {
  const { t } = useTranslation();
  return (
    <section className="page notice-page" aria-labelledby="notice-title">
      <PageHero
        titleId="notice-title"
        title={t('notices.title')}
        subtitle={t('notices.subtitle')}
        icon={<BellIcon size={32} />}
      />
      <div className="panel">
        <NoticeList />
      </div>
    </section>
  );
}
