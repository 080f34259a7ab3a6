import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deposit } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

const depositList = z.array(deposit);

/** The member's deposits, newest first. */
export const getDeposits = (signal?: AbortSignal) => apiGet('/wps/payment/deposits', depositList, { signal });

/** Refreshed every 30 s while open: an operator's decision shows without a reload. */
export const useDeposits = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.deposits(token),
    queryFn: ({ signal }) => getDeposits(signal),
    enabled: Boolean(token),
    refetchInterval: 30_000,
  });
};
