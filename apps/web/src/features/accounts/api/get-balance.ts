import { useQuery } from '@tanstack/react-query';
import type { BalanceResponse } from '@jade/contracts/wallet';
import { apiGet, trusted } from '../../../api/client';
import { useSession } from '../../../lib/session';

/** §7 balance (token): every wallet in minor units and their sum. */
export const getBalance = (signal?: AbortSignal): Promise<BalanceResponse> =>
  apiGet('/wps/v2/wallets/balance', trusted<BalanceResponse>(), { signal });

export const balanceQueryKey = ['accounts', 'balance'] as const;

/** Refreshed every 30 s while the page is open, and whenever the visitor comes back to the tab. */
export const useBalance = ({ enabled = true }: { enabled?: boolean } = {}) => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...balanceQueryKey, token],
    queryFn: ({ signal }) => getBalance(signal),
    enabled: enabled && Boolean(token),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });
};
