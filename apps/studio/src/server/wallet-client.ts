import { createHmac } from 'node:crypto';
import {
  signedBytes,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  walletAuthenticateResponse,
  walletResponse,
  type WalletAuthenticateResponse,
  type WalletResponse,
} from '@jade/contracts/vendor-wallet';

/**
 * The studio's side of the seamless-wallet protocol: it is a vendor like any other, so it talks to
 * the platform only over HTTP, signing each call's method, path and raw body with the brand's own
 * HMAC secret (docs/decisions/0016, 0023). No platform code is imported: the contracts package is the
 * protocol.
 */
export type BrandWallet = {
  /** The platform's wallet base for this brand and vendor: https://site/gw/wallet/DEMO/JADE_STUDIO */
  walletUrl: string;
  /** This brand's secret: every brand has its own, so a call signed for one brand is no good at another. */
  secret: string;
  timeoutMs: number;
};

export type SignedRequest = { url: string; headers: Record<string, string>; body: string };

/** The request as it goes on the wire; the conformance kit spoils copies of it. */
export const signedRequest = (
  wallet: BrandWallet,
  action: string,
  payload: unknown,
  now = Date.now(),
): SignedRequest => {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(now / 1000));
  const url = `${wallet.walletUrl}/${action}`;
  const signature = createHmac('sha256', wallet.secret)
    .update(signedBytes({ timestamp, method: 'POST', path: new URL(url).pathname }, Buffer.from(body)))
    .digest('base64url');
  return {
    url,
    headers: {
      'content-type': 'application/json',
      [VENDOR_TIMESTAMP_HEADER]: timestamp,
      [VENDOR_SIGNATURE_HEADER]: signature,
    },
    body,
  };
};

/** The platform did not answer (down, slow past the timeout, or an HTTP error): the call may be retried. */
export class WalletUnavailable extends Error {}
/** The platform read the call and refused what it said (HTTP 400): sending it again changes nothing. */
export class WalletRefused extends WalletUnavailable {}

const send = async (wallet: BrandWallet, action: string, payload: unknown): Promise<unknown> => {
  const request = signedRequest(wallet, action, payload);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(wallet.timeoutMs),
    });
  } catch (error) {
    throw new WalletUnavailable(`${action}: ${String(error)}`);
  }
  if (response.status === 400) throw new WalletRefused(`${action}: HTTP 400`);
  if (response.status !== 200) throw new WalletUnavailable(`${action}: HTTP ${response.status}`);
  return response.json();
};

export const walletCall = async (
  wallet: BrandWallet,
  action: 'balance' | 'debit' | 'credit' | 'rollback',
  payload: unknown,
): Promise<WalletResponse> => walletResponse.parse(await send(wallet, action, payload));

/**
 * A launch code the platform refuses as malformed (too long, a NUL) is no code it gave: the launch
 * is refused, as for an expired code, rather than failed as if the platform were down (a 502).
 */
export const authenticate = async (
  wallet: BrandWallet,
  launchCode: string,
): Promise<WalletAuthenticateResponse> => {
  try {
    return walletAuthenticateResponse.parse(await send(wallet, 'authenticate', { launchCode }));
  } catch (error) {
    if (error instanceof WalletRefused) return { status: 'INVALID_TOKEN' };
    throw error;
  }
};

/**
 * A call that must land (a credit, a rollback): sent again while the platform does not answer,
 * which is safe because the platform applies a transaction id once.
 */
export const walletCallUntilAnswered = async (
  wallet: BrandWallet,
  action: 'credit' | 'rollback',
  payload: unknown,
  attempts = 5,
): Promise<WalletResponse> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await walletCall(wallet, action, payload);
    } catch (error) {
      if (!(error instanceof WalletUnavailable) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
};
