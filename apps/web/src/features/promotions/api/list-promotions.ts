import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PROMOTIONS_PAGE_SIZE,
  promotionListResponse,
  type PromotionCategory,
  type PromotionListResponse,
} from '@jade/contracts/engagement';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

type ListPromotionsInput = { language: string; category?: PromotionCategory | undefined; pageNo: number };

/** The brand's running promotions, one category or all, 12 a page, with every category's count. */
export const listPromotions = (
  { language, category, pageNo }: ListPromotionsInput,
  signal?: AbortSignal,
): Promise<PromotionListResponse> =>
  apiGet('/wps/promotions', promotionListResponse, {
    query: { language, category, pageNo, pageSize: PROMOTIONS_PAGE_SIZE },
    signal,
  });

export const usePromotions = (category: PromotionCategory | undefined, pageNo: number) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['promotions', 'list', language, category ?? 'ALL', pageNo],
    queryFn: ({ signal }) => listPromotions({ language, category, pageNo }, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
};
