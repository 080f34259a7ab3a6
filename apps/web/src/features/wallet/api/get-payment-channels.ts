import { useQuery } from '@tanstack/react-query';
import { paymentChannelsResponse } from '@jade/contracts/payments';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

/** The brand's deposit channels, each with its limits and, for a bank transfer, the receiving account. */
export const getPaymentChannels = (signal?: AbortSignal) =>
  apiGet('/wps/payment/channels', paymentChannelsResponse, { signal });

export const usePaymentChannels = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.channels(token),
    queryFn: ({ signal }) => getPaymentChannels(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
};
