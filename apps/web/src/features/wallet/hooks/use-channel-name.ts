import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentChannel } from '@jade/contracts/payments';

/**
 * A deposit channel as the member reads it: named by its kind in the member's language ("Chuyển
 * khoản Vietcombank"), not by the operator's own label, which is in one language only (decision 0035).
 */
export const useChannelName = () => {
  const { t } = useTranslation();
  return useCallback(
    (channel: Pick<PaymentChannel, 'kind' | 'receivingAccount'>) =>
      channel.kind === 'MANUAL_BANK'
        ? t('wallet.deposit.channelNames.MANUAL_BANK', { bank: channel.receivingAccount?.bankName ?? '' })
        : t('wallet.deposit.channelNames.GATEWAY'),
    [t],
  );
};
