import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { depositPage, PAYMENT_PAGE_SIZE } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

/** The member's deposits, newest first, a page at a time. */
export const getDeposits = (pageNo: number, signal?: AbortSignal) =>
  apiGet('/wps/payment/deposits', depositPage, {
    query: { pageNo, pageSize: PAYMENT_PAGE_SIZE },
    signal,
  });

/** Refreshed every 30 s while open: an operator's decision shows without a reload. */
export const useDeposits = (pageNo: number) => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.depositPage(token, pageNo),
    queryFn: ({ signal }) => getDeposits(pageNo, signal),
    enabled: Boolean(token),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
};
