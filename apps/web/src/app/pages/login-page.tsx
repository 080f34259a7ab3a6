import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { UserIcon } from '../../components/icons';
import { useModals } from '../../components/modal/modal-context';
import { useBrand } from '../../config/brand';
import { paths } from '../../config/paths';
import { isLoggedIn, useSession } from '../../lib/session';

/** /login: where the login guard of §2 sends visitors; the login popup opens on arrival. */
export function LoginPage() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const modals = useModals();
  const session = useSession();
  const hasSession = isLoggedIn(session);

  // `open` is stable; the modals object changes with every modal that opens or closes, and would loop here.
  const { open: openModal } = modals;
  useEffect(() => {
    if (!hasSession) openModal('login');
  }, [openModal, hasSession]);

  if (hasSession) return <Navigate to={paths.home} replace />;
  return (
    <section className="page page--narrow login-page" aria-labelledby="login-title">
      <div className="login-page__icon">
        <UserIcon size={36} />
      </div>
      <h1 id="login-title">{t('loginPage.title', { brand: whitelabel.merchant.name })}</h1>
      <p className="page__lead">{t('loginPage.message')}</p>
      <div className="welcome__actions">
        <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
          {t('accounts.login.submit')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => modals.open('register')}>
          {t('accounts.register.submit')}
        </button>
      </div>
    </section>
  );
}
