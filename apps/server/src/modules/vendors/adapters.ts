import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { BrandVendor } from '../games/repo.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import * as vendorWallets from '../wallet/vendor-wallets.js';
import { findVendorConnection } from './connections.js';
import { openGameSession } from './game-sessions.js';

/**
 * One interface for every vendor, in-house or external (decision 0018): where its game opens, what
 * the member holds with it, and, for a transfer-wallet vendor, moving money in and out.
 *   SEAMLESS  the game page is the vendor's, addressed with a one-time launch code it trades for a
 *             session token; it plays on the member's main wallet through the signed callbacks.
 *   TRANSFER  the vendor keeps its own wallet: the platform asks its API for a game address
 *             (POST {api}/launch), moves money through its transfer API (vendor-wallets.ts) and
 *             pulls its settled rounds (bet-pull.ts).
 */
export type LaunchInput = {
  memberId: number;
  /** The member's login the launch came with, and its address: a seamless game bets only while it lives. */
  loginSessionId: number;
  ip: string;
  gameId: string;
  /** A PVP game's room (GLS2_roomList). */
  roomId?: string | undefined;
  language?: string | undefined;
};

export type VendorAdapter = {
  walletMode: 'SEAMLESS' | 'TRANSFER';
  /** The game's address for the /game frame, for a real-money member. */
  launch: (input: LaunchInput) => Promise<string>;
  /** The address of the vendor's free trial (pretend money, no member). */
  launchTrial: (input: { gameId: string; language?: string | undefined }) => Promise<string>;
  /** What the member can play with at this vendor. */
  balance: (memberId: number) => Promise<number>;
  /** Transfer-wallet vendors only: money between the main wallet and the vendor's. */
  transfer?: (input: {
    memberId: number;
    direction: 'IN' | 'OUT';
    amount: number;
    idempotencyKey: string;
  }) => Promise<vendorWallets.VendorTransferResult>;
};

const unavailable = (vendorCode: string) =>
  new AppError('GAME_UNAVAILABLE', `${vendorCode} cannot be reached from this brand`);

const seamlessAdapter = (
  db: Db,
  serverSecret: string,
  merchant: Merchant,
  vendor: BrandVendor,
  endpoint: string,
): VendorAdapter => {
  const gameUrl = (gameId: string, query: Record<string, string>) =>
    `${endpoint}/play/${encodeURIComponent(gameId)}?${new URLSearchParams(query).toString()}`;
  // A vendor cannot know the brand's own language codes (the demo brand's TY is Vietnamese): the game
  // is launched in the language's locale (vi-VN), the brand's default when the visitor named none.
  const langOf = (language: string | undefined) => {
    const code = language ?? merchant.defaultLanguage;
    return merchant.languages.find((l) => l.code.toLowerCase() === code.toLowerCase())?.locale ?? code;
  };
  return {
    walletMode: 'SEAMLESS',
    launch: async ({ memberId, loginSessionId, ip, gameId, roomId, language }) => {
      const { launchCode } = await openGameSession(db, serverSecret, {
        merchantId: merchant.id,
        memberId,
        vendorCode: vendor.code,
        gameId,
        loginSessionId,
        ip,
      });
      return gameUrl(gameId, {
        brand: merchant.code,
        code: launchCode,
        ...(roomId && { room: roomId }),
        lang: langOf(language),
      });
    },
    launchTrial: async ({ gameId, language }) => gameUrl(gameId, { demo: '1', lang: langOf(language) }),
    balance: async (memberId) =>
      ledger.getAccountBalance(db, await ledger.memberAccount(db, merchant.id, memberId, 'MAIN')),
  };
};

/** Asks a transfer-wallet vendor for a game address; no answer in time, or no usable one, is unavailable. */
const askLaunch = async (
  api: vendorWallets.VendorWalletApi,
  vendorCode: string,
  body: {
    player: string;
    gameId: string;
    roomId?: string | undefined;
    language?: string | undefined;
    demo: boolean;
  },
) => {
  let url: unknown;
  try {
    const response = await fetch(`${api.baseUrl}/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(api.timeoutMs),
    });
    if (!response.ok) throw vendorWallets.vendorDown(vendorCode);
    url = ((await response.json()) as { url?: unknown }).url;
  } catch {
    // Not reached, too slow or answering 5xx: the vendor is down, and the member is told so (§7).
    throw vendorWallets.vendorDown(vendorCode);
  }
  if (typeof url !== 'string' || !/^https?:\/\//.test(url) || url.length > 2000)
    throw unavailable(vendorCode);
  return url;
};

const transferAdapter = (
  db: Db,
  merchant: Merchant,
  vendor: BrandVendor,
  api: vendorWallets.VendorWalletApi,
): VendorAdapter => ({
  walletMode: 'TRANSFER',
  launch: ({ memberId, gameId, roomId, language }) =>
    askLaunch(api, vendor.code, {
      player: vendorWallets.transferPlayerId(merchant.code, memberId),
      gameId,
      roomId,
      language,
      demo: false,
    }),
  launchTrial: ({ gameId, language }) =>
    askLaunch(api, vendor.code, { player: 'demo', gameId, language, demo: true }),
  balance: async (memberId) =>
    ledger.getAccountBalance(
      db,
      await ledger.memberAccount(db, merchant.id, memberId, `VENDOR:${vendor.code}`),
    ),
  transfer: (input) =>
    vendorWallets.transferWithVendor(db, api, {
      merchantId: merchant.id,
      memberId: input.memberId,
      player: vendorWallets.transferPlayerId(merchant.code, input.memberId),
      vendorCode: vendor.code,
      direction: input.direction,
      amount: input.amount,
      idempotencyKey: input.idempotencyKey,
    }),
});

/**
 * The adapter for a vendor the brand carries, or undefined when the brand has no way to reach it (no
 * signed connection for a seamless vendor, no wallet API for a transfer one).
 */
export const vendorAdapter = async (
  db: Db,
  serverSecret: string,
  merchant: Merchant,
  vendor: BrandVendor,
): Promise<VendorAdapter | undefined> => {
  if (vendor.walletMode === 'TRANSFER') {
    const api = await vendorWallets.findWalletApi(db, merchant.id, vendor.code);
    return api && transferAdapter(db, merchant, vendor, api);
  }
  const connection = await findVendorConnection(db, serverSecret, merchant.id, vendor.code);
  return connection && seamlessAdapter(db, serverSecret, merchant, vendor, connection.endpoint);
};
