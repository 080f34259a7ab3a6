import { listCatalogue } from '../modules/games/service.js';
import { setVendorConnection } from '../modules/vendors/connections.js';
import { setWalletApi } from '../modules/wallet/vendor-wallets.js';
import type { TestServer } from './server.js';

/** An address where no vendor answers: a listing test needs a connection, not a vendor. */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * Configures a connection for every vendor the brand carries that has none, as an operator would
 * (`jade vendor set`, `jade vendor-wallet api`), for tests about listing third-party vendors: a brand
 * offers members only the vendors it can reach (decision 0029). Nothing answers at the address, so a
 * launch of their games still fails (503).
 */
export const connectEveryVendor = async (server: TestServer, merchantId: number) => {
  for (const vendor of await listCatalogue(server.db, merchantId)) {
    if (vendor.isConnected) continue;
    if (vendor.walletMode === 'TRANSFER') {
      await setWalletApi(server.db, merchantId, vendor.code, { baseUrl: NOWHERE, timeoutMs: 1000 });
    } else {
      await setVendorConnection(server.db, server.serverSecret, {
        merchantId,
        vendorCode: vendor.code,
        endpoint: NOWHERE,
        algorithm: 'HMAC-SHA256',
        key: 'a-test-secret-of-at-least-32-characters',
        timeoutMs: 1000,
      });
    }
  }
};
