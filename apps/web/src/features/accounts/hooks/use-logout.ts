import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useModals } from '../../../components/modal/modal-context';
import { paths } from '../../../config/paths';
import { getSession } from '../../../lib/session';
import { logout } from '../api/logout';
import { clearAccountStorage } from '../utils/account-storage';

/**
 * §4 logout: a confirmation dialog, the logout call, session storage cleared (the merchant stays),
 * then the home page as a visitor. With `isConfirmed` the dialog is skipped (a forced password change
 * the member chose not to make).
 */
export const useLogout = () => {
  const { t } = useTranslation();
  const modals = useModals();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ isConfirmed = false }: { isConfirmed?: boolean } = {}) => {
      const isSure =
        isConfirmed ||
        (await modals.confirm({
          message: t('accounts.logout.confirm'),
          confirmLabel: t('accounts.logout.submit'),
        }));
      if (!isSure) return;
      // Forget the session first: no query still running or refetching can then use a token the
      // server is about to revoke (each would answer 401).
      const { token } = getSession();
      await queryClient.cancelQueries();
      clearAccountStorage();
      queryClient.removeQueries({ queryKey: ['accounts'] });
      try {
        if (token) await logout(token);
      } catch {
        // The session ends on this device whether or not the server heard about it.
      }
      modals.closeAll();
      // A full load: nothing of the member's stays in this page's memory.
      window.location.assign(paths.home);
    },
    [modals, t, queryClient],
  );
};
