/**
 * The cache key the header's badge and the promotion pages share. Its own file, so the badge's file
 * and the pages' fetcher both import it and neither imports the other.
 */
export const availablePromotionsQueryKey = (token: string | null, language: string) =>
  ['promotions', 'available', token, language] as const;
