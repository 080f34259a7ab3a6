import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openCustomerService } from './customer-service';
import { useContactLink } from './use-contact-link';

type ContactUsButtonProps = {
  variant?: 'primary' | 'secondary';
};

/** Opens the brand's customer service (§2 Contact Us; VIP service above rank 4, §6), and says so when the browser blocks the window. */
export function ContactUsButton({ variant = 'primary' }: ContactUsButtonProps) {
  const { t } = useTranslation();
  const [isBlocked, setIsBlocked] = useState(false);
  const link = useContactLink();
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
