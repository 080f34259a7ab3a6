import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useModals } from '../components/modal/modal-context';
import { getSession, isLoggedIn, isTrialAccount } from './session';

type RequireLoginOptions = {
  /** Free play is for trying games: a trial account may start one (§4 free-play login). */
  allowTrial?: boolean;
};

/**
 * §5 login needed: without a token the login popup opens; a trial account (isAgent 4) is told to
 * register first (§8 warning, one OK button). Otherwise the action runs.
 */
export const useRequireLogin = () => {
  const { t } = useTranslation();
  const modals = useModals();
  return useCallback(
    (action: () => void, { allowTrial = false }: RequireLoginOptions = {}) => {
      const session = getSession();
      if (!isLoggedIn(session)) {
        modals.open('login');
        return;
      }
      if (isTrialAccount(session) && !allowTrial) {
        void modals.alert({ message: t('errors.TRIAL_ACCOUNT') });
        return;
      }
      action();
    },
    [modals, t],
  );
};
