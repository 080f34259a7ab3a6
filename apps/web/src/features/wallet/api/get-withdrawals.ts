import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { withdrawal } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

const withdrawalList = z.array(withdrawal);

/** The member's withdrawals, newest first. */
export const getWithdrawals = (signal?: AbortSignal) =>
  apiGet('/wps/payment/withdrawals', withdrawalList, { signal });

/** Refreshed every 30 s while open: a payout shows, with its confirmation deadline, without a reload. */
export const useWithdrawals = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.withdrawals(token),
    queryFn: ({ signal }) => getWithdrawals(signal),
    enabled: Boolean(token),
    refetchInterval: 30_000,
  });
};
