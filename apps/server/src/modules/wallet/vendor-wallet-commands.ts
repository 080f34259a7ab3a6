import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { listTransferVendors } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import { pullAllVendorBets } from '../vendors/bet-pull.js';
import { reconcileVendorTransfers, setWalletApi } from './vendor-wallets.js';

export const VENDOR_WALLET_USAGE = `Vendor wallets (transfer-mode vendors)
  vendor-wallet api <VENDOR> <URL> [TIMEOUT_MS]
                                         move the vendor's wallet through its wallet API
                                         (default timeout 5000 ms)
  vendor-wallet local <VENDOR>           settle the vendor's wallet locally again
  vendor-wallet reconcile                settle pending vendor transfers now (the job does it
                                         every 15 seconds for transfers older than a minute)
  vendor-wallet pull                     pull the vendors' settled rounds into the betting records
                                         now (the job does it every 30 seconds)`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** `npm run jade -- vendor-wallet ...`; false for a group it does not know. */
export const runVendorWalletCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'vendor-wallet') return false;
  if (action === 'reconcile') {
    const summary = await reconcileVendorTransfers(db, new Date(), 0);
    out(`settled ${summary.settled}, failed ${summary.failed}, still pending ${summary.unresolved}`);
    return true;
  }
  if (action === 'pull') {
    const summary = await pullAllVendorBets(db);
    out(`pulled ${summary.pulled} rounds in ${summary.pages} pages, skipped ${summary.skipped}`);
    return true;
  }
  const [code, url, timeout] = args;
  if (!code || (action !== 'api' && action !== 'local')) return false;
  const vendors = await listTransferVendors(db, merchant.id);
  if (!vendors.some((v) => v.code === code))
    throw bad(`${merchant.code} has no transfer-mode vendor '${code}'`);
  if (action === 'local') {
    await setWalletApi(db, merchant.id, code, null);
    out(`${merchant.code}: ${code} settles locally`);
    return true;
  }
  if (!url || !/^https?:\/\/[^\s]+$/.test(url))
    throw bad(`'vendor-wallet api' takes a vendor code and an http(s) URL`);
  const timeoutMs = timeout === undefined ? 5000 : Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw bad('TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000');
  }
  await setWalletApi(db, merchant.id, code, { baseUrl: url, timeoutMs });
  out(`${merchant.code}: ${code} moves through ${url} (timeout ${timeoutMs} ms)`);
  return true;
};
