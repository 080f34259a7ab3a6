import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { repoRoot, type TestServer } from './server';

type Sealer = { sealSetting: (secret: string, purpose: string, plaintext: string) => string };

/**
 * Connects every third-party vendor of the demo catalogue, for a file that browses their listings:
 * the demo brand offers members only the vendors it can reach (decision 0029). Transfer-wallet
 * vendors get a dev vendor's wallet API (scripts/dev-vendor.mjs, so their wallets answer), seamless
 * ones a signed connection to it. The rows `jade vendor-wallet api` and `jade vendor set` would write
 * are written in one transaction (fourteen CLI runs take too long on a busy machine); the server sees
 * them at once (SQLite's data_version, decision 0010). Resolves with a function that stops the vendor.
 */
export async function connectDemoVendors(server: TestServer): Promise<() => void> {
  const vendor = spawn(process.execPath, [path.join(repoRoot, 'scripts/dev-vendor.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(vendor.stdout!, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
  const catalogue = JSON.parse(
    readFileSync(path.join(repoRoot, 'apps/server/src/modules/games/demo-catalogue.json'), 'utf8'),
  ) as { vendors: { code: string; category: string; walletMode: string }[] };
  const { sealSetting } = (await import(
    pathToFileURL(path.join(repoRoot, 'apps/server/dist/platform/crypto.js')).href
  )) as Sealer;
  const secret = readFileSync(path.join(server.dataDir, 'secrets', 'session.key'), 'utf8').trim();
  const db = new Database(path.join(server.dataDir, 'site.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const { id } = db.prepare(`select id from merchant where code = 'DEMO'`).get() as { id: number };
    const now = new Date().toISOString();
    const walletApi = db.prepare(
      `insert or replace into vendor_wallet_api (merchant_id, vendor_code, base_url, timeout_ms, created_at)
       values (?, ?, ?, 3000, ?)`,
    );
    const connection = db.prepare(
      `insert or replace into vendor_connection
         (merchant_id, vendor_code, endpoint, signature_algorithm, key_sealed, timeout_ms, updated_at)
       values (?, ?, ?, 'HMAC-SHA256', ?, 3000, ?)`,
    );
    db.transaction(() => {
      for (const v of catalogue.vendors) {
        if (['LOTT', 'ELOTT'].includes(v.category) || v.code === 'JADE_STUDIO') continue;
        if (v.walletMode === 'TRANSFER') walletApi.run(id, v.code, url, now);
        else {
          const key = sealSetting(
            secret,
            `vendor-key:${id}:${v.code}`,
            'an-e2e-vendor-secret-of-32-characters',
          );
          connection.run(id, v.code, url, key, now);
        }
      }
    })();
  } finally {
    db.close();
  }
  return () => vendor.kill('SIGTERM');
}
