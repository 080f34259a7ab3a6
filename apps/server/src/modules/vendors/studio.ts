import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import { fileSecret } from '../../platform/secrets.js';
import { findBrandVendor } from '../games/service.js';
import { listMerchants } from '../merchants/service.js';
import { findVendorConnection, setVendorConnection } from './connections.js';

/** The in-house studio's vendor code in the catalogue. */
export const STUDIO_VENDOR = 'JADE_STUDIO';

const studioMain = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../studio/dist/server/main.js');

/**
 * Starts the game studio beside the server (`npm start`), as a separate process that reaches the
 * platform only over HTTP like any vendor. Every brand that carries the studio and has no connection
 * to it yet is connected with a shared HMAC secret kept in DATA_DIR/secrets/studio.key.
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
  const secret = fileSecret(config, 'studio');
  const brands: Record<string, { walletUrl: string; secret: string }> = {};
  for (const merchant of await listMerchants(db)) {
    if (!(await findBrandVendor(db, merchant.id, STUDIO_VENDOR))) continue;
    if (!(await findVendorConnection(db, serverSecret, merchant.id, STUDIO_VENDOR))) {
      await setVendorConnection(db, serverSecret, {
        merchantId: merchant.id,
        vendorCode: STUDIO_VENDOR,
        endpoint: config.studio.publicUrl,
        algorithm: 'HMAC-SHA256',
        key: secret,
        timeoutMs: 5000,
      });
    }
    brands[merchant.code] = {
      walletUrl: `http://127.0.0.1:${config.port}/gw/wallet/${merchant.code}/${STUDIO_VENDOR}`,
      secret,
    };
  }
  const child = spawn(process.execPath, [main], {
    // Only what the studio reads: it shares no configuration (or secret) with the server but its own.
    env: {
      STUDIO_PORT: String(config.studio.port),
      STUDIO_HOST: config.host,
      STUDIO_DATA_DIR: path.join(config.dataDir, 'studio'),
      STUDIO_BRANDS: JSON.stringify(brands),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
};
