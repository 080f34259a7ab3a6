import { useTranslation } from 'react-i18next';
import { ContactUsButton } from '../../components/contact-us-button';
import { HtmlContent } from '../../components/html-content';
import { BriefcaseIcon, CrownIcon, GiftIcon, UsersIcon, WalletIcon } from '../../components/icons';
import { useModals } from '../../components/modal/modal-context';
import { PageHero } from '../../components/page-hero';
import { useBrand } from '../../config/brand';
import { JoinApplication } from '../../features/agents/components/join-application';
import { useHelpCenter } from '../../features/help/api/get-help-center';
import { isLoggedIn, isTrialAccount, useSession } from '../../lib/session';

const BENEFITS = [
  { key: 'commission', Icon: WalletIcon },
  { key: 'salary', Icon: BriefcaseIcon },
  { key: 'dividend', Icon: CrownIcon },
  { key: 'team', Icon: UsersIcon },
] as const;

/** §2 /join (lazy group joinus): the agent programme, and the brand's own affiliates article. */
export function JoinPage() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const modals = useModals();
  const help = useHelpCenter();
  const article = help.data?.articles.find((entry) => entry.key === 'affiliates');
  const session = useSession();
  // A member applies in place; a visitor (or a trial account) signs up as an applicant.
  const isMember = isLoggedIn(session) && !isTrialAccount(session);

  return (
    <section className="page join-page" aria-labelledby="join-title">
      <PageHero
        titleId="join-title"
        title={t('join.title', { brand: whitelabel.merchant.name })}
        subtitle={t('join.subtitle')}
        icon={<UsersIcon size={32} />}
      />
      <ul className="benefits">
        {BENEFITS.map(({ key, Icon }) => (
          <li key={key} className="benefit">
            <span className="benefit__icon">
              <Icon size={26} />
            </span>
            <h2>{t(`join.benefits.${key}.title`)}</h2>
            <p>{t(`join.benefits.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="join-page__columns">
        <section className="panel" aria-labelledby="join-steps-title">
          <h2 id="join-steps-title">{t('join.stepsTitle')}</h2>
          <ol className="steps">
            <li>{t('join.steps.0')}</li>
            <li>{t('join.steps.1')}</li>
            <li>{t('join.steps.2')}</li>
          </ol>
          {isMember && <JoinApplication />}
          <div className="welcome__actions">
            {!isMember && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => modals.open('register', { agentApplication: true })}
              >
                <GiftIcon size={18} />
                {t('join.cta')}
              </button>
            )}
            <ContactUsButton variant="secondary" />
          </div>
        </section>
        {article && (
          <section className="panel" aria-labelledby="join-article-title">
            <h2 id="join-article-title">{article.title}</h2>
            <HtmlContent html={article.content} />
          </section>
        )}
      </div>
    </section>
  );
}
