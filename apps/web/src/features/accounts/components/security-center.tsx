import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '@jade/contracts/auth';
import type { SocialProvider } from '@jade/contracts/social';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { formatDateTime } from '../../../lib/format';
import { useMemberInfo } from '../api/get-member-info';
import { useRegisterSettings } from '../api/get-register-settings';
import { useSocialProviders } from '../api/get-social-providers';
import { linkSocialAccount } from '../api/link-social';
import { useMessageText } from '../hooks/use-message-text';
import {
  CheckCircleIcon,
  EnvelopeIcon,
  FacebookMark,
  GoogleMark,
  KeyIcon,
  LockIcon,
  PhoneIcon,
} from './account-icons';
import { EmailBinding } from './email-binding';
import { MobileBinding } from './mobile-binding';
import { PaymentPasswordForm } from './payment-password-form';
import { PROFILE_LABELS, ProfileForm, profileValues, shownProfileFields } from './profile-form';
import '../accounts.css';

/** §2 personal centre, securityCenter (my account): the member's profile (§3) and how the account is protected. */
export function SecurityCenter() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const info = useMemberInfo();
  if (info.isPending) {
    return (
      <div className="page-spinner" role="status">
        <Spinner />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  if (info.isError) {
    return (
      <p role="alert" className="form-error">
        {errorText(isApiRequestError(info.error) ? info.error.code : 'UNKNOWN')}
      </p>
    );
  }
  return <AccountOverview member={info.data} />;
}

type Panel = 'paymentPassword' | 'mobile' | 'email';

function AccountOverview({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const modals = useModals();
  const [open, setOpen] = useState<Panel>();
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState<'profile' | 'protection'>();
  const name = member.nickname || member.account;
  const toggle = (panel: Panel) => {
    setSaved(undefined);
    setOpen((current) => (current === panel ? undefined : panel));
  };
  const closePanel = (isSaved: boolean) => {
    setOpen(undefined);
    if (isSaved) setSaved('protection');
  };
  const contactAction = (value: string | null, isVerified: boolean) =>
    !value ? 'add' : isVerified ? 'change' : 'verify';
  return (
    <div className="security-center">
      <div className="security-card">
        <div className="security-card__avatar" aria-hidden="true">
          {member.avatarUrl ? (
            <img src={member.avatarUrl} alt="" width={56} height={56} />
          ) : (
            [...name][0]?.toUpperCase()
          )}
        </div>
        <div className="security-card__who">
          <p className="security-card__name">{name}</p>
          <p className="security-card__meta">
            <span className="pill">{member.clubLabel.labelName}</span>
            <span>
              {t('accounts.security.since', { date: formatDateTime(member.createdAt).slice(0, 10) })}
            </span>
          </p>
        </div>
      </div>

      <section className="security-section" aria-labelledby="security-profile">
        <div className="security-section__head">
          <h4 id="security-profile" className="security-section__title">
            {t('accounts.security.profile')}
          </h4>
          {!isEditing && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setSaved(undefined);
                setEditing(true);
              }}
            >
              {t('accounts.security.editProfile')}
            </button>
          )}
        </div>
        {isEditing ? (
          <ProfileForm
            member={member}
            onDone={(isSaved) => {
              setEditing(false);
              if (isSaved) setSaved('profile');
            }}
          />
        ) : (
          <ProfileFacts member={member} />
        )}
        <Saved isShown={saved === 'profile'} />
      </section>

      <section className="security-section" aria-labelledby="security-protection">
        <h4 id="security-protection" className="security-section__title">
          {t('accounts.security.protection')}
        </h4>
        <ul className="security-list">
          <SecurityRow
            icon={<LockIcon />}
            title={t('accounts.security.loginPassword')}
            detail={t('accounts.security.loginPasswordHint')}
            action="change"
            onAction={() => modals.open('changePassword')}
          />
          <SecurityRow
            icon={<KeyIcon />}
            title={t('securityCenter.paymentPassword')}
            detail={t('accounts.security.paymentPasswordHint')}
            state={
              <State
                isOn={member.hasPaymentPassword}
                on={t('securityCenter.set')}
                off={t('securityCenter.notSet')}
              />
            }
            action={member.hasPaymentPassword ? 'change' : 'add'}
            isOpen={open === 'paymentPassword'}
            onAction={() => toggle('paymentPassword')}
          >
            <PaymentPasswordForm hasPaymentPassword={member.hasPaymentPassword} onDone={closePanel} />
          </SecurityRow>
          <SecurityRow
            icon={<PhoneIcon />}
            title={t('securityCenter.mobile')}
            detail={<Contact value={member.mobile} isVerified={member.mobileVerified} />}
            action={contactAction(member.mobile, member.mobileVerified)}
            isOpen={open === 'mobile'}
            onAction={() => toggle('mobile')}
          >
            <MobileBinding onDone={closePanel} />
          </SecurityRow>
          <SecurityRow
            icon={<EnvelopeIcon />}
            title={t('securityCenter.email')}
            detail={<Contact value={member.email} isVerified={member.emailVerified} />}
            action={contactAction(member.email, member.emailVerified)}
            isOpen={open === 'email'}
            onAction={() => toggle('email')}
          >
            <EmailBinding
              pendingAddress={member.email && !member.emailVerified ? member.email : null}
              onDone={closePanel}
            />
          </SecurityRow>
        </ul>
        <Saved isShown={saved === 'protection'} />
      </section>
      <LinkedAccounts />
    </div>
  );
}

/** The §3 profile as it stands: who the member is, then the fields they keep up to date. */
function ProfileFacts({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  const notSet = t('securityCenter.notSet');
  const values = profileValues(member);
  const facts: [string, string][] = [
    [t('securityCenter.account'), member.account],
    ...shownProfileFields(settings, values).map((field): [string, string] => [
      t(PROFILE_LABELS[field]),
      values[field] || notSet,
    ]),
    [t('securityCenter.rank'), member.clubLabel.labelName],
    [t('accounts.security.referralCode'), member.referralCode],
    [t('accounts.security.upline'), member.toUpline ?? notSet],
  ];
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The outcome of a change, announced when it appears. */
function Saved({ isShown }: { isShown: boolean }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={isShown ? 'security-saved' : 'security-saved security-saved--empty'}>
      {isShown && (
        <>
          <CheckCircleIcon size={18} />
          {t('accounts.security.saved')}
        </>
      )}
    </p>
  );
}

type SecurityAction = 'change' | 'add' | 'verify';

function SecurityRow({
  icon,
  title,
  detail,
  state,
  action,
  isOpen = false,
  onAction,
  children,
}: {
  icon: ReactNode;
  title: string;
  detail: ReactNode;
  state?: ReactNode;
  action: SecurityAction;
  isOpen?: boolean;
  onAction: () => void;
  /** The form the action opens under the row; without one the action leaves the row (a modal). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const verb = t(`accounts.security.${action}`);
  return (
    <li className="security-list__row">
      <span className="security-list__icon">{icon}</span>
      <span className="security-list__text">
        <strong>{title}</strong>
        <span>{detail}</span>
      </span>
      <span className="security-list__action">
        {state}
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t('accounts.security.action', { action: verb, item: title })}
          {...(children !== undefined && { 'aria-expanded': isOpen, 'aria-controls': panelId })}
          onClick={onAction}
        >
          {verb}
        </button>
      </span>
      {children !== undefined && (
        <div id={panelId} className="security-list__panel" hidden={!isOpen}>
          {isOpen && children}
        </div>
      )}
    </li>
  );
}

/** A mobile number or email address, masked by the server, and whether it has been verified. */
function Contact({ value, isVerified }: { value: string | null; isVerified: boolean }) {
  const { t } = useTranslation();
  if (!value) return <>{t('securityCenter.notSet')}</>;
  return (
    <>
      {value} ·{' '}
      <span className={isVerified ? 'account-verified account-verified--yes' : 'account-verified'}>
        {isVerified ? t('securityCenter.verified') : t('accounts.security.notVerified')}
      </span>
    </>
  );
}

function State({ isOn, on, off }: { isOn: boolean; on: string; off: string }) {
  return (
    <span className={isOn ? 'account-state account-state--on' : 'account-state'}>{isOn ? on : off}</span>
  );
}

const MARKS: Record<SocialProvider, typeof GoogleMark> = { GOOGLE: GoogleMark, FACEBOOK: FacebookMark };

/** §4 social sign-in: a member adds a provider to the account, then signs in with it from then on. */
function LinkedAccounts() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const providers = useSocialProviders();
  const [busy, setBusy] = useState<SocialProvider>();
  const [failure, setFailure] = useState<string>();
  if (!providers.data?.length) return null;
  const link = async (provider: SocialProvider) => {
    setBusy(provider);
    setFailure(undefined);
    try {
      const { authorizationUrl } = await linkSocialAccount(provider, window.location.pathname);
      window.location.assign(authorizationUrl);
    } catch (error) {
      setFailure(errorText(isApiRequestError(error) ? error.code : 'UNKNOWN'));
      setBusy(undefined);
    }
  };
  return (
    <section className="security-section" aria-labelledby="security-linked">
      <h4 id="security-linked" className="security-section__title">
        {t('accounts.security.linked')}
      </h4>
      <p className="security-section__hint">{t('accounts.security.linkedHint')}</p>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      <div className="account-social__buttons">
        {providers.data.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <button
              key={provider}
              type="button"
              className="account-social__button"
              disabled={busy !== undefined}
              onClick={() => void link(provider)}
            >
              {busy === provider ? <Spinner /> : <Mark />}
              <span>
                {t('accounts.security.link', { provider: t(`accounts.social.providers.${provider}`) })}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
