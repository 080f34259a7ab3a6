import { useQuery } from '@tanstack/react-query';
import { deposit, type Deposit } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

/** How often a gateway payment is looked at while the member pays. */
export const DEPOSIT_POLL_MS = 2_000;

/** Still open: waiting for an operator, or for the member to pay on the gateway's page. */
export const isDepositOpen = (status: Deposit['status']) =>
  status === 'PENDING' || status === 'AWAITING_PAYMENT';

export const getDeposit = (id: number, signal?: AbortSignal) =>
  apiGet(`/wps/payment/deposits/${id}`, deposit, { signal });

/** One deposit, looked at every 2 s until it is decided (approved, failed or rejected). */
export const useDeposit = (id: number | undefined) => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.deposit(token, id ?? 0),
    queryFn: ({ signal }) => getDeposit(id ?? 0, signal),
    enabled: Boolean(token) && id !== undefined,
    refetchInterval: (query) =>
      query.state.data && !isDepositOpen(query.state.data.status) ? false : DEPOSIT_POLL_MS,
  });
};
