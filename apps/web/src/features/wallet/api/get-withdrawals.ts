import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAYMENT_PAGE_SIZE, withdrawalPage } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

/** The member's withdrawals, newest first, a page at a time. */
export const getWithdrawals = (pageNo: number, signal?: AbortSignal) =>
  apiGet('/wps/payment/withdrawals', withdrawalPage, {
    query: { pageNo, pageSize: PAYMENT_PAGE_SIZE },
    signal,
  });

/** Refreshed every 30 s while open: a payout shows, with its confirmation deadline, without a reload. */
export const useWithdrawals = (pageNo: number) => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.withdrawalPage(token, pageNo),
    queryFn: ({ signal }) => getWithdrawals(pageNo, signal),
    enabled: Boolean(token),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
};
