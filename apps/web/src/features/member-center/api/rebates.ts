import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimableRebatesResponse,
  claimRebateResponse,
  rebateHistoryResponse,
  type RebateCategory,
} from '@jade/contracts/rebates';
import { apiGet, apiSend } from '../../../api/client';
import { useSession } from '../../../lib/session';

/** manualRebate (decision 0051): what each category has earned since the last rebate. */
export const useClaimableRebates = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: ['rebates', 'claimable', token],
    queryFn: ({ signal }) => apiGet('/wps/rebate/claimable', claimableRebatesResponse, { signal }),
    enabled: Boolean(token),
  });
};

/** The member's rebates paid, newest first (one page of 10). */
export const useRebateHistory = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: ['rebates', 'history', token],
    queryFn: ({ signal }) => apiGet('/wps/rebate/history', rebateHistoryResponse, { signal }),
    enabled: Boolean(token),
  });
};

/** Claims one category's rebate (or every one's); the figures, the history and the balance refresh after. */
export const useClaimRebate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (category?: RebateCategory) =>
      apiSend('POST', '/wps/rebate/claim', category ? { category } : {}, claimRebateResponse),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['rebates'] }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
};
