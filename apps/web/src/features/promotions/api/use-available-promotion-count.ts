import { useQuery } from '@tanstack/react-query';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { availablePromotionsQueryKey } from './available-promotions-query-key';

/**
 * §2 the header's bonus badge: how many promotions the logged-in member can take (0 for a visitor).
 * The header is on every page, so this file stays tiny: the fetcher and the schemas it parses with are
 * imported on demand and live in the promotion pages' chunk (/index budget, bench/web-size.mjs).
 */
export const useAvailablePromotionCount = ({ isEnabled = true }: { isEnabled?: boolean } = {}): number => {
  const { token } = useSession();
  const language = useLanguageCode();
  const query = useQuery({
    queryKey: availablePromotionsQueryKey(token, language),
    queryFn: async ({ signal }) =>
      (await import('./get-available-promotions')).getAvailablePromotions(language, signal),
    enabled: Boolean(token) && isEnabled,
    staleTime: 60_000,
    select: (data) => data.count,
  });
  return token ? (query.data ?? 0) : 0;
};
