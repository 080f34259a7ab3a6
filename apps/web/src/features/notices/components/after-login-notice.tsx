import { useEffect } from 'react';
import { useModals } from '../../../components/modal/modal-context';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { listAnnouncements } from '../api/list-announcements';
import { takeAfterLoginNotice } from '../utils/after-login';

/** How many current announcements the popup holds, across its type tabs. */
const POPUP_SIZE = 30;

/**
 * §4 after login: the announcement popup, once, with the brand's current announcements by type
 * (B, PL, PU, PR, H). Nothing current: no popup.
 */
export function AfterLoginNotice() {
  const { token } = useSession();
  const modals = useModals();
  const language = useLanguageCode();
  useEffect(() => {
    if (!token || !takeAfterLoginNotice()) return;
    const controller = new AbortController();
    listAnnouncements({ language, pageNo: 1, pageSize: POPUP_SIZE }, controller.signal).then(
      ({ announcements }) => {
        if (announcements.length > 0) modals.open('loginNotice', { announcements });
      },
      () => undefined, // The notices are still on the home page and /noticePage.
    );
    return () => controller.abort();
  }, [token, language, modals]);
  return null;
}
