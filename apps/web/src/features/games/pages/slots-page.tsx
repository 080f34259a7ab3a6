import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '@jade/contracts/games';
import { CategoryPage } from './category-page';

/** §2 /rng (lazy group egame): the `page` query selects the vendor tab; each tab reads "<vendor> Game Hall". */
export function SlotsPage() {
  const { t } = useTranslation();
  const hallName = useCallback((vendor: VendorItem) => t('games.hall', { vendor: vendor.vendorName }), [t]);
  return <CategoryPage category="RNG" vendorParam="page" vendorLabel={hallName} />;
}
