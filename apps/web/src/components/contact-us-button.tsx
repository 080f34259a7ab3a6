import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../config/brand';
import { findContactLink, openCustomerService } from './customer-service';

type ContactUsButtonProps = {
  variant?: 'primary' | 'secondary';
};

/** Opens the brand's customer service (§2 Contact Us), and says so when the browser blocks the window. */
export function ContactUsButton({ variant = 'primary' }: ContactUsButtonProps) {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const [isBlocked, setIsBlocked] = useState(false);
  const link = findContactLink(whitelabel.customerService);
  if (!link) return null;

  return (
    <div className="contact-us">
      <button
        type="button"
        className={`button button--${variant}`}
        onClick={() => setIsBlocked(!openCustomerService(link))}
      >
        {t('common.contactUs')}
      </button>
      <p className="contact-us__alert" role="alert">
        {isBlocked ? t('errors.popupBlocked') : null}
      </p>
    </div>
  );
}
