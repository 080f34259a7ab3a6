import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { CrownIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { PageHero } from '../../../components/page-hero';
import { isLoggedIn, isTrialAccount, useSession } from '../../../lib/session';
import { useMemberInfo } from '../../accounts/api/get-member-info';
import { useVipProgress } from '../api/get-vip-progress';
import { useVipRanks } from '../api/get-vip-ranks';
import { RankProgress } from '../components/rank-progress';
import { RankTable } from '../components/rank-table';
import '../vip.css';

/** §2 /vip (lazy group Vip): the brand's rank table, the member's own rank marked when logged in. */
export function VipPage() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  const ranks = useVipRanks();
  const club = isLoggedIn(session) ? info.data?.clubLabel : undefined;
  // A trial (free-play) account has no rank of its own to progress in: the server refuses it.
  const progress = useVipProgress(isLoggedIn(session) && !isTrialAccount(session));

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
      {progress.data && <RankProgress progress={progress.data} />}
      <div className="panel">
        {ranks.isPending ? (
          <LoadingState />
        ) : ranks.isError ? (
          <LoadError error={ranks.error} onRetry={() => void ranks.refetch()} />
        ) : ranks.data.ranks.length === 0 ? (
          <EmptyState
            icon={<CrownIcon size={36} />}
            title={t('vip.noRanks')}
            message={t('vip.noRanksHint')}
          />
        ) : (
          <RankTable ranks={ranks.data.ranks} currentLevel={club?.rankLevel} />
        )}
      </div>
    </section>
  );
}
