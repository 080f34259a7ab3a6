import { useQuery } from '@tanstack/react-query';
import { withdrawInfoResponse } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

/** What can be withdrawn, the turnover still to wager, the limits and the bound bank accounts. */
export const getWithdrawInfo = (signal?: AbortSignal) =>
  apiGet('/wps/payment/withdrawInfo', withdrawInfoResponse, { signal });

export const useWithdrawInfo = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.withdrawInfo(token),
    queryFn: ({ signal }) => getWithdrawInfo(signal),
    enabled: Boolean(token),
  });
};
