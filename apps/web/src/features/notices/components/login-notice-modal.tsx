import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_TYPES } from '@jade/contracts/messages';
import { HtmlContent } from '../../../components/html-content';
import type { ModalBodyProps } from '../../../components/modal/modal-types';
import { formatDateTime } from '../../../lib/format';
import '../notices.css';

/**
 * §4 the after-login announcement popup: a tab per announcement type that has any (B, PL, PU, PR,
 * H, in that order), each listing its announcements with their HTML content.
 */
export function LoginNoticeModal({ props, close }: ModalBodyProps<'loginNotice'>) {
  const { t } = useTranslation();
  const baseId = useId();
  const types = ANNOUNCEMENT_TYPES.filter((type) => props.announcements.some((a) => a.type === type));
  const [active, setActive] = useState(types[0]);
  const shown = props.announcements.filter((a) => a.type === active);
  return (
    <div className="login-notice">
      <div className="login-notice__tabs" role="tablist" aria-label={t('inbox.popup.title')}>
        {types.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            id={`${baseId}-${type}`}
            aria-selected={type === active}
            aria-controls={`${baseId}-panel`}
            className="login-notice__tab"
            onClick={() => setActive(type)}
          >
            {t(`inbox.popup.types.${type}`)}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${active}`}
        className="login-notice__panel"
      >
        {shown.map((notice) => (
          <article key={notice.id} className="login-notice__item">
            <h3>{notice.title}</h3>
            <time dateTime={notice.timestamp}>{formatDateTime(notice.timestamp)}</time>
            <HtmlContent html={notice.content} />
          </article>
        ))}
      </div>
      <button type="button" className="button button--primary login-notice__close" onClick={close}>
        {t('inbox.popup.close')}
      </button>
    </div>
  );
}
