import { useQuery } from '@tanstack/react-query';
import { promotionDetail, type PromotionDetail } from '@jade/contracts/engagement';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** One running promotion with its HTML content; PROMOTION_NOT_FOUND when there is none. */
export const getPromotion = (id: number, language: string, signal?: AbortSignal): Promise<PromotionDetail> =>
  apiGet(`/wps/promotions/${id}`, promotionDetail, { query: { language }, signal });

/** `id` undefined (a missing or malformed ?id=) asks nothing. */
export const usePromotion = (id: number | undefined) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['promotions', 'detail', language, id],
    queryFn: ({ signal }) => getPromotion(id as number, language, signal),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
};
