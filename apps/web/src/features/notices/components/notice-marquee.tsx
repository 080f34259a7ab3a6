import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons';
import { useModals } from '../../../components/modal/modal-context';
import { paths } from '../../../config/paths';
import { useAnnouncements } from '../api/list-announcements';

/** The home page's announcement ticker: the latest titles scroll by; one opens the notice modal on it. */
export function NoticeMarquee() {
  const { t } = useTranslation();
  const modals = useModals();
  const notices = useAnnouncements(1);
  const announcements = notices.data?.announcements ?? [];
  // While the titles load, the ticker keeps its place, so the page below does not jump when they come.
  if (notices.isPending) {
    return (
      <section className="marquee" aria-label={t('notices.latest')} aria-busy="true">
        <span className="marquee__icon">
          <BellIcon size={18} />
        </span>
        <div className="marquee__viewport" />
      </section>
    );
  }
  if (announcements.length === 0) return null;

  const items = announcements.map((notice) => (
    <button
      key={notice.id}
      type="button"
      className="marquee__item"
      onClick={() => modals.open('notice', { announcementId: notice.id })}
    >
      {notice.title}
    </button>
  ));

  return (
    <section className="marquee" aria-label={t('notices.latest')}>
      <span className="marquee__icon">
        <BellIcon size={18} />
      </span>
      <div className="marquee__viewport">
        <div className="marquee__track">
          {items}
          {/* The copy makes the loop seamless; it is hidden from assistive technology and the tab order. */}
          <div className="marquee__copy" aria-hidden="true" inert>
            {items}
          </div>
        </div>
      </div>
      <Link className="marquee__more" to={paths.notices}>
        {t('notices.more')}
      </Link>
    </section>
  );
}
