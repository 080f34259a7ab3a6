import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, type TestServer } from './server';

/**
 * Connects every third-party vendor of the demo catalogue, as an operator would, for a file that
 * browses their listings: the demo brand offers members only the vendors it can reach (decision
 * 0029). Transfer-wallet vendors get a dev vendor's wallet API (scripts/dev-vendor.mjs, so their
 * wallets answer), seamless ones a signed connection to it. Resolves with a function that stops it.
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
  await Promise.all(
    catalogue.vendors
      .filter((v) => !['LOTT', 'ELOTT'].includes(v.category) && v.code !== 'JADE_STUDIO')
      .map((v) =>
        v.walletMode === 'TRANSFER'
          ? server.runCli(['vendor-wallet', 'api', v.code, url, '3000'])
          : server.runCli(['vendor', 'set', v.code, '--url', url], {
              env: { JADE_VENDOR_KEY: 'an-e2e-vendor-secret-of-at-least-32-characters' },
            }),
      ),
  );
  return () => vendor.kill('SIGTERM');
}
