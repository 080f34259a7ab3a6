import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { merchantWalletResponse } from '@jade/contracts/wallet';
import { apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** §7 merchant wallet (GCS_merchantWallet): the brand's wallets, named in the visitor's language. */
export const getMerchantWallets = (language: string, signal?: AbortSignal) =>
  apiSend('POST', '/wps/relay/GCS_merchantWallet', { language }, merchantWalletResponse, { signal });

/**
 * A wallet's name in the visitor's language. The balance call names wallets in the brand's default
 * language; the names come from here instead, the balance's name until they have arrived.
 */
export const useWalletName = () => {
  const language = useLanguageCode();
  const wallets = useQuery({
    queryKey: ['wallet', 'merchant-wallets', language],
    queryFn: ({ signal }) => getMerchantWallets(language, signal),
    staleTime: 10 * 60_000,
  });
  const list = wallets.data?.wallets;
  return useCallback(
    (code: string, fallback?: string) =>
      list?.find((wallet) => wallet.wallet === code)?.name ?? fallback ?? code,
    [list],
  );
};
