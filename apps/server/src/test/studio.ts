import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { setVendorConnection } from '../modules/vendors/connections.js';
import type { TestServer } from './server.js';

const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * The in-house studio as the vendor it is: its own process (run from source with tsx, its data in the
 * server's data directory), serving the brand DEMO through the server's seamless wallet with `secret`,
 * and connected to DEMO (`merchantId`) as its JADE_STUDIO vendor, as an operator would.
 */
export const startStudio = async (
  server: TestServer,
  { merchantId, secret }: { merchantId: number; secret: string },
) => {
  const studio = spawn(process.execPath, ['--import', 'tsx', 'apps/studio/src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      STUDIO_PORT: '0',
      STUDIO_DATA_DIR: path.join(server.dataDir, 'studio'),
      STUDIO_BRANDS: JSON.stringify({
        DEMO: { walletUrl: `${server.url}/gw/wallet/DEMO/JADE_STUDIO`, secret, timeoutMs: 2000 },
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(studio.stdout!, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
  await setVendorConnection(server.db, server.serverSecret, {
    merchantId,
    vendorCode: 'JADE_STUDIO',
    endpoint: url,
    algorithm: 'HMAC-SHA256',
    key: secret,
    timeoutMs: 2000,
  });
  return { url, stop: () => studio.kill('SIGTERM') };
};

export type Studio = Awaited<ReturnType<typeof startStudio>>;
