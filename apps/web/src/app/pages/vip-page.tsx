import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { CrownIcon } from '../../components/icons';
import { PageHero } from '../../components/page-hero';
import { useMemberInfo } from '../../features/accounts/api/get-member-info';
import { isLoggedIn, useSession } from '../../lib/session';

/**
 * §2 /vip (lazy group Vip). The member's own rank comes from member info; the rank table needs a VIP
 * service the server does not have yet, so none is shown rather than an invented one.
 */
export function VipPage() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  const club = isLoggedIn(session) ? info.data?.clubLabel : undefined;

  return (
    <section className="page vip-page" aria-labelledby="vip-title">
      <PageHero
        titleId="vip-title"
        title={t('vip.title')}
        subtitle={t('vip.subtitle')}
        icon={<CrownIcon size={32} />}
      >
        {club && (
          <div className="vip-page__rank">
            <span>{t('vip.yourRank')}</span>
            <strong>{club.labelName}</strong>
            <small>{t('vip.level', { level: club.rankLevel })}</small>
          </div>
        )}
      </PageHero>
      <div className="panel">
        <EmptyState icon={<CrownIcon size={36} />} title={t('vip.noRanks')} message={t('vip.noRanksHint')} />
      </div>
    </section>
  );
}
