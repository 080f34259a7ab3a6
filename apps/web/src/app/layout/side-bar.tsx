import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Resource } from '@jade/contracts/system';
import { openCustomerService } from '../../components/customer-service';
import { useContactLink } from '../../components/use-contact-link';
import {
  AndroidIcon,
  AppleIcon,
  ChatIcon,
  FacebookIcon,
  ProfileIcon,
  UsersIcon,
} from '../../components/icons';
import { useBrand } from '../../config/brand';
import { paths } from '../../config/paths';

/** §2 app QR codes, in order, with the icon each shows. */
const APPS = [
  { type: 'IOS', Icon: AppleIcon },
  { type: 'MOBILECONFIG', Icon: ProfileIcon },
  { type: 'ANDROID', Icon: AndroidIcon },
] as const;

/** §2 right side bar: live chat, Facebook, invite friends, app QR codes linking to /down; all from the brand. */
export function SideBar() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const [isBlocked, setIsBlocked] = useState(false);
  // Live chat, or the brand's VIP service for a member above rank 4 (§6).
  const contact = useContactLink();
  const chat = contact?.type === 'LIVE_CHAT' || contact?.type === 'VIP' ? contact : undefined;
  const byType = (type: string): Resource | undefined =>
    whitelabel.resources.find((resource) => resource.resourceType === type);
  const facebook = byType('FACEBOOK');
  const invite = byType('INVITE');

  return (
    <aside className="side-bar" aria-label={t('sideBar.label')}>
      <ul className="side-bar__list">
        {chat && (
          <li>
            <button
              type="button"
              className="side-bar__item"
              onClick={() => setIsBlocked(!openCustomerService(chat))}
            >
              <ChatIcon />
              <span>{chat.type === 'VIP' ? t('vipService.vipService') : t('sideBar.liveChat')}</span>
            </button>
          </li>
        )}
        {facebook && (
          <li>
            <a className="side-bar__item" href={facebook.url} target="_blank" rel="noopener noreferrer">
              <FacebookIcon />
              <span>{t('sideBar.facebook')}</span>
            </a>
          </li>
        )}
        {invite && (
          <li>
            <SmartLink className="side-bar__item" href={invite.url}>
              <UsersIcon />
              <span>{t('sideBar.invite')}</span>
            </SmartLink>
          </li>
        )}
        {APPS.map(({ type, Icon }) => {
          const app = byType(type);
          if (!app) return null;
          return (
            <li key={type} className="side-bar__app">
              <Link className="side-bar__item" to={paths.download}>
                <Icon />
                <span>{t(`download.apps.${type}.short`)}</span>
              </Link>
              {app.qrCodeUrl && (
                <div className="side-bar__qr" aria-hidden="true">
                  <img src={app.qrCodeUrl} alt="" width="132" height="132" loading="lazy" />
                  <span>{t('sideBar.scan')}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="side-bar__alert" role="alert">
        {isBlocked ? t('errors.popupBlocked') : null}
      </p>
    </aside>
  );
}

/** A resource URL: the site's own paths route in the app, other addresses open in a new tab. */
function SmartLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link className={className} to={href}>
        {children}
      </Link>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
