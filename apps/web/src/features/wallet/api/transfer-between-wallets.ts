import {
  walletTransferResponse,
  type WalletTransferRequest,
  type WalletTransferResponse,
} from '@jade/contracts/wallet';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from './idempotency';

/** §7 wallet transfer (GCS_walletTransfer, token): IN to a vendor wallet, OUT back, ALL_BACK to main. */
export const transferBetweenWallets = (
  request: WalletTransferRequest,
  idempotencyKey: string,
): Promise<WalletTransferResponse> =>
  apiSend('POST', '/wps/relay/GCS_walletTransfer', request, walletTransferResponse, {
    headers: idempotencyHeaders(idempotencyKey),
  });
