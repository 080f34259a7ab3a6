import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  raffleClaimResponse,
  raffleDetail,
  rafflesResponse,
  raffleWinnersResponse,
} from '@jade/contracts/raffle';
import { apiGet, apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';

/** Open raffles and the latest drawn (decision 0053); a member's token adds its own tickets. */
export const useRaffles = () => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['raffles', 'list', token, language] as const,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/MCSFE_getRaffles', rafflesResponse, { query: { language }, signal }),
  });
};

/** The commitment and, once drawn, the revealed seed, entry list and winners: the verify view. */
export const useRaffleDetail = (raffleId: number, enabled: boolean) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['raffles', 'detail', raffleId, language] as const,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/MCSFE_getRaffleDetail', raffleDetail, {
        query: { raffleId: String(raffleId), language },
        signal,
      }),
    enabled,
  });
};

/** The winner board: the brand's latest raffle winners, accounts masked. */
export const useRaffleWinners = () => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['raffles', 'winners', language] as const,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/MCSFE_getRaffleWinners', raffleWinnersResponse, {
        query: { language, limit: '10' },
        signal,
      }),
  });
};

/** MCS2_claimRafflePromotion: join with the tickets earned now; the list refreshes after. */
export const useJoinRaffle = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (raffleId: number) =>
      apiSend('POST', '/wps/relay/MCS2_claimRafflePromotion', { raffleId }, raffleClaimResponse),
    onSettled: () => client.invalidateQueries({ queryKey: ['raffles'] }),
  });
};
