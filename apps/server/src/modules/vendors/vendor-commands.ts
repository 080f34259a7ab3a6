import { VENDOR_SIGNATURE_ALGORITHMS, type VendorSignatureAlgorithm } from '@jade/contracts/vendor-wallet';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { findBrandVendor } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import { listVendorConnections, setVendorConnection } from './connections.js';
import { reconcileGames } from './reconcile.js';

export const VENDOR_USAGE = `Vendors (how a brand talks to a game vendor)
  vendor list                            the brand's vendor connections (never their keys)
  vendor set <VENDOR> --url URL [--alg HMAC-SHA256|ED25519|RSA-SHA256] [--timeout MS]
                                         the vendor's endpoint and how its wallet calls are signed;
                                         the key comes from the JADE_VENDOR_KEY environment variable:
                                         the shared HMAC secret (32 characters or more), or the
                                         vendor's public key in PEM; sealed before it is stored.
                                         The vendor calls POST <site>/gw/wallet/<BRAND>/<VENDOR>/...
  reconcile games --date YYYY-MM-DD      betting records against the ledger, round by round, for
                                         the rounds settled or played that UTC day: lists differences`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** `npm run jade -- vendor ...`; false for a group it does not know. */
export const runVendorCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  options: {
    url?: string | undefined;
    alg?: string | undefined;
    timeout?: string | undefined;
    date?: string | undefined;
    vendorKey?: string | undefined;
    serverSecret?: (() => string) | undefined;
  },
  out: (line: string) => void,
): Promise<boolean> => {
  if (group === 'reconcile' && action === 'games') {
    if (!options.date) throw bad(`'reconcile games' needs --date YYYY-MM-DD`);
    const { rounds, differences } = await reconcileGames(db, merchant.id, options.date, merchant.timeZone);
    out(`${merchant.code} ${options.date}: ${rounds} rounds, ${differences.length} differences`);
    for (const d of differences) {
      const record = d.record
        ? `record ${d.record.status} stake ${d.record.stake} payout ${d.record.payout}`
        : 'no record';
      out(
        `  ${d.vendorCode} ${d.roundId}: ${record}; ledger stake ${d.ledger.stake} payout ${d.ledger.payout}`,
      );
    }
    return true;
  }
  if (group !== 'vendor') return false;
  if (action === 'list') {
    for (const c of await listVendorConnections(db, merchant.id)) {
      out(
        `${c.vendorCode}\t${c.endpoint}\t${c.algorithm}\ttimeout ${c.timeoutMs} ms\tupdated ${c.updatedAt}`,
      );
    }
    return true;
  }
  if (action !== 'set') return false;
  const [code] = args;
  if (!code || args.length !== 1) throw bad(`'vendor set' takes a vendor code`);
  if (!(await findBrandVendor(db, merchant.id, code)))
    throw bad(`${merchant.code} does not carry the vendor '${code}'`);
  if (!options.url) throw bad(`'vendor set' needs --url`);
  const algorithm = (options.alg ?? 'HMAC-SHA256').toUpperCase();
  if (!(VENDOR_SIGNATURE_ALGORITHMS as readonly string[]).includes(algorithm)) {
    throw bad(`--alg is one of ${VENDOR_SIGNATURE_ALGORITHMS.join(', ')}`);
  }
  if (!options.vendorKey) throw bad('Set JADE_VENDOR_KEY to the HMAC secret or the vendor public key');
  if (!options.serverSecret) throw bad('the server secret is not available to this command');
  const timeoutMs = options.timeout === undefined ? 5000 : Number(options.timeout);
  await setVendorConnection(db, options.serverSecret(), {
    merchantId: merchant.id,
    vendorCode: code,
    endpoint: options.url,
    algorithm: algorithm as VendorSignatureAlgorithm,
    key: options.vendorKey,
    timeoutMs,
  });
  out(`${merchant.code}: ${code} at ${options.url}, wallet calls signed ${algorithm}`);
  out(
    `  wallet callbacks: POST /gw/wallet/${merchant.code}/${code}/{authenticate,balance,debit,credit,rollback}`,
  );
  return true;
};
