import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import { findBrandVendor } from '../games/service.js';
import { listMerchants } from '../merchants/service.js';
import { findVendorConnection, setVendorConnection } from './connections.js';

/** The in-house studio's vendor code in the catalogue. */
export const STUDIO_VENDOR = 'JADE_STUDIO';

const studioMain = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../studio/dist/server/main.js');

/**
 * Starts the game studio beside the server (`npm start`), as a separate process that reaches the
 * platform only over HTTP like any vendor. Every brand that carries the studio is connected to it
 * with an HMAC secret of its own, kept sealed in the brand's vendor connection (connectStudioBrands).
 */
export const startStudio = async (
  config: Config,
  db: Db,
  serverSecret: string,
  log: { warn: (...args: unknown[]) => void },
): Promise<ChildProcess | undefined> => {
  if (config.studio.port === 0) return undefined;
  const main = studioMain();
  if (!fs.existsSync(main)) {
    log.warn(`the game studio is not built (${main}): npm run build`);
    return undefined;
  }
  const legacyFile = path.join(config.dataDir, 'secrets', 'studio.key');
  const brands = await connectStudioBrands(
    db,
    serverSecret,
    {
      walletBase: `http://127.0.0.1:${config.port}`,
      endpoint: config.studio.publicUrl,
      legacySecret: fs.existsSync(legacyFile) ? fs.readFileSync(legacyFile, 'utf8').trim() : undefined,
    },
    log,
  );
  const child = spawn(process.execPath, [main], {
    // Only what the studio reads: it shares no configuration (or secret) with the server but its own.
    env: {
      STUDIO_PORT: String(config.studio.port),
      STUDIO_HOST: config.host,
      STUDIO_DATA_DIR: path.join(config.dataDir, 'studio'),
      STUDIO_BRANDS: JSON.stringify(brands),
    },
    // The channel is how the studio knows the server has gone (it ends with it).
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return child;
};

/**
 * Connects every brand that carries the studio, each with a key of its own (issue 19, decision 0023):
 * a call signed for one brand is then no good at another even before the path is checked. A brand
 * with no connection gets a new random secret; one still holding the single secret all brands once
 * shared (DATA_DIR/secrets/studio.key) gets a new one in its place; a key an operator set is kept.
 * Answers each brand's wallet URL and secret, as the studio is told them (STUDIO_BRANDS).
 */
export const connectStudioBrands = async (
  db: Db,
  serverSecret: string,
  options: { walletBase: string; endpoint: string; legacySecret: string | undefined },
  log: { warn: (...args: unknown[]) => void } = console,
): Promise<Record<string, { walletUrl: string; secret: string }>> => {
  const brands: Record<string, { walletUrl: string; secret: string }> = {};
  for (const merchant of await listMerchants(db)) {
    if (!(await findBrandVendor(db, merchant.id, STUDIO_VENDOR))) continue;
    const connection = await findVendorConnection(db, serverSecret, merchant.id, STUDIO_VENDOR);
    if (connection && connection.algorithm !== 'HMAC-SHA256') {
      // The studio signs with HMAC only: it cannot serve a brand configured for a key pair.
      log.warn(
        `the studio does not serve ${merchant.code}: its ${STUDIO_VENDOR} connection is not HMAC-SHA256`,
      );
      continue;
    }
    let secret = connection?.key;
    if (!connection || secret === options.legacySecret) {
      secret = randomBytes(32).toString('base64url');
      await setVendorConnection(db, serverSecret, {
        merchantId: merchant.id,
        vendorCode: STUDIO_VENDOR,
        endpoint: connection?.endpoint ?? options.endpoint,
        algorithm: 'HMAC-SHA256',
        key: secret,
        timeoutMs: connection?.timeoutMs ?? 5000,
      });
    }
    brands[merchant.code] = {
      walletUrl: `${options.walletBase}/gw/wallet/${merchant.code}/${STUDIO_VENDOR}`,
      secret: secret!,
    };
  }
  return brands;
};
