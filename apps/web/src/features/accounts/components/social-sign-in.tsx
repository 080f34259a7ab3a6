import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SocialProvider } from '@jade/contracts/social';
import { useBrand } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { useSocialProviders } from '../api/get-social-providers';
import { socialReturnPath, socialStartUrl } from '../utils/social-return';
import { FacebookMark, GoogleMark } from './account-icons';
import { CheckboxField } from './form-controls';

const MARKS: Record<SocialProvider, typeof GoogleMark> = { GOOGLE: GoogleMark, FACEBOOK: FacebookMark };

/**
 * §4 social sign-in, when the brand offers a provider. A first sign-in creates an account, which needs
 * the age and terms confirmation (§5) ticked before leaving for the provider.
 */
export function SocialSignIn({ affiliateCode }: { affiliateCode?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const providers = useSocialProviders();
  // §5 the age to confirm is the brand's (18, or 21), from the settings it started with.
  const { minimumAge } = useBrand().whitelabel.register;
  const [isConfirmed, setConfirmed] = useState(false);
  if (!providers.data?.length) return null;
  const returnTo = socialReturnPath(pathname, search, paths.home);
  return (
    <div className="account-social">
      <p className="account-divider">
        <span>{t('accounts.social.title')}</span>
      </p>
      <div className="account-social__buttons">
        {providers.data.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <a
              key={provider}
              className="account-social__button"
              href={socialStartUrl(provider, returnTo, { isConfirmed, affiliateCode })}
            >
              <Mark />
              <span>
                {t('accounts.social.continueWith', { provider: t(`accounts.social.providers.${provider}`) })}
              </span>
            </a>
          );
        })}
      </div>
      <CheckboxField name="socialConsent" isChecked={isConfirmed} onChange={setConfirmed}>
        {t('accounts.social.consent', { age: minimumAge })}
      </CheckboxField>
    </div>
  );
}
