import { useQuery } from '@tanstack/react-query';
import type { GameCategory, RankListResponse } from '@jade/contracts/games';
import { apiSend, trusted } from '../../../api/client';
import { useBrand, useLanguageCode } from '../../../config/brand';

/** §3 rank list (GCSGAME_getRankList): the biggest wins of the week in a category. */
export const useRankList = (gameType: GameCategory) => {
  const merchantCode = useBrand().whitelabel.merchant.code;
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'rank', merchantCode, gameType, language],
    queryFn: ({ signal }) =>
      apiSend(
        'POST',
        '/wps/relay/GCSGAME_getRankList',
        { merchantCode, gameType, language, days: 7, limit: 10 },
        trusted<RankListResponse>(),
        { signal },
      ),
    staleTime: 60_000,
  });
};
