import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@jade/contracts/engagement';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { useModals } from '../../../components/modal/modal-context';
import { PageHero } from '../../../components/page-hero';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../config/paths';
import { isLoggedIn, isTrialAccount, useSession } from '../../../lib/session';
import { useAvailablePromotions } from '../api/get-available-promotions';
import { usePromotions } from '../api/list-promotions';
import { useAvailablePromotionCount } from '../api/use-available-promotion-count';
import { PromotionGrid } from '../components/promotion-grid';
import { RaffleSection } from '../components/raffle-section';
import { BONUS_TAB, PromotionTabs } from '../components/promotion-tabs';
import '../promotions.css';

const categoryOf = (tab: string | null): PromotionCategory | undefined =>
  PROMOTION_CATEGORIES.find((category) => category === tab);

/** §2 /promotions (lazy group promo): the brand's running promotions by category, and the member's own. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const isBonusTab = tab === BONUS_TAB;
  const category = categoryOf(tab);
  // The first page of all promotions also carries every category's count, for the tabs.
  const all = usePromotions(undefined, 1);
  const availableCount = useAvailablePromotionCount();

  return (
    <section className="page promotions-page" aria-labelledby="promotions-title">
      <PageHero
        titleId="promotions-title"
        title={t('promotions.title')}
        subtitle={t('promotions.subtitle')}
        icon={<GiftIcon size={32} />}
      />
      <PromotionTabs
        categories={all.data?.categories ?? []}
        active={isBonusTab ? BONUS_TAB : category}
        availableCount={availableCount}
      />
      <div className="panel">
        {isBonusTab ? <AvailablePromotions /> : <PromotionList category={category} />}
      </div>
      <RaffleSection />
    </section>
  );
}

function PromotionList({ category }: { category: PromotionCategory | undefined }) {
  const { t } = useTranslation();
  // A new tab starts on its first page; the previous tab's cards stay (dimmed) until the new ones come.
  const [paging, setPaging] = useState({ category, page: 1 });
  const page = paging.category === category ? paging.page : 1;
  const promotions = usePromotions(category, page);

  if (promotions.isPending) return <LoadingState />;
  if (promotions.isError)
    return <LoadError error={promotions.error} onRetry={() => void promotions.refetch()} />;
  if (promotions.data.promotions.length === 0) {
    return (
      <EmptyState
        icon={<GiftIcon size={36} />}
        title={t('promotions.empty')}
        message={t('promotions.emptyHint')}
      />
    );
  }
  return (
    <div aria-busy={promotions.isPlaceholderData}>
      <PromotionGrid promotions={promotions.data.promotions} />
      <Pagination
        page={page}
        totalPages={promotions.data.totalPages}
        label={t('promotions.pagination')}
        onChange={(next) => setPaging({ category, page: next })}
      />
    </div>
  );
}

/** The bonus tab: what this member can take now (§7 available promotions). */
function AvailablePromotions() {
  const { t } = useTranslation();
  const modals = useModals();
  const session = useSession();
  const available = useAvailablePromotions();

  if (!isLoggedIn(session)) {
    return (
      <EmptyState icon={<GiftIcon size={36} />} title={t('promotions.available.loginTitle')}>
        <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
          {t('accounts.login.submit')}
        </button>
      </EmptyState>
    );
  }
  if (isTrialAccount(session)) {
    return <EmptyState icon={<GiftIcon size={36} />} title={t('promotions.available.trial')} />;
  }
  if (available.isPending) return <LoadingState />;
  if (available.isError)
    return <LoadError error={available.error} onRetry={() => void available.refetch()} />;
  if (available.data.promotions.length === 0) {
    return (
      <EmptyState
        icon={<GiftIcon size={36} />}
        title={t('promotions.available.empty')}
        message={t('promotions.available.emptyHint')}
      >
        <Link className="button button--secondary" to={paths.promotions}>
          {t('promotions.backToList')}
        </Link>
      </EmptyState>
    );
  }
  return <PromotionGrid promotions={available.data.promotions} />;
}
