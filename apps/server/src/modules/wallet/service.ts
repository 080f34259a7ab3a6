import type { BalanceResponse, WalletTransferRequest, WalletTransferResponse } from '@jade/contracts/wallet';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { listTransferVendors } from '../games/service.js';
import { languageChain, pickName } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from './ledger.js';

const MAIN_NAMES: Record<string, string> = {
  EN: 'Main wallet',
  TY: 'Ví chính',
  vi: 'Ví chính',
  zh: '主钱包',
};

const vendorWallet = (code: string): ledger.MemberAccountKind => `VENDOR:${code}`;

/** Main wallet and one wallet per transfer-mode vendor the brand offers, with balances. */
export const getWalletBalances = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  language?: string,
): Promise<BalanceResponse> => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const [vendors, balances] = await Promise.all([
    listTransferVendors(db, merchant.id),
    ledger.getBalances(db, merchant.id, memberId),
  ]);
  const balanceOf = (kind: string) => balances.find((b) => b.kind === kind)?.balance ?? 0;
  const wallets = [
    { wallet: 'MAIN', name: pickName(MAIN_NAMES, chain), balance: balanceOf('MAIN') },
    ...vendors.map((v) => ({
      wallet: v.code,
      name: pickName(v.names, chain),
      balance: balanceOf(vendorWallet(v.code)),
    })),
  ];
  return {
    sumBalance: wallets.reduce((sum, w) => sum + w.balance, 0),
    currency: merchant.currency,
    currencyExponent: merchant.currencyExponent,
    wallets,
  };
};

/** The brand's wallets (GCS_merchantWallet). */
export const getMerchantWallets = async (db: DbOrTrx, merchant: Merchant, language?: string) => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const vendors = await listTransferVendors(db, merchant.id);
  return {
    wallets: [
      { wallet: 'MAIN', name: pickName(MAIN_NAMES, chain), category: null },
      ...vendors.map((v) => ({
        wallet: v.code,
        name: pickName(v.names, chain),
        category: v.category as string,
      })),
    ],
  };
};

/**
 * Moves money between the main wallet and a vendor wallet (GCS_walletTransfer). Until the games
 * issue brings vendor adapters, a vendor wallet settles locally in the ledger.
 */
export const transferBetweenWallets = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  request: WalletTransferRequest,
  idempotencyKey: string,
  language?: string,
): Promise<WalletTransferResponse> => {
  const vendors = await listTransferVendors(db, merchant.id);
  const main = await ledger.memberAccount(db, merchant.id, memberId, 'MAIN');
  const legs: (ledger.Leg & { from: string; to: string })[] = [];
  if (request.direction === 'ALL_BACK') {
    for (const balance of await ledger.getBalances(db, merchant.id, memberId)) {
      if (balance.kind.startsWith('VENDOR:') && balance.balance > 0) {
        const code = balance.kind.slice('VENDOR:'.length);
        legs.push({
          kind: 'WALLET_OUT',
          debitAccountId: balance.accountId,
          creditAccountId: main,
          amount: balance.balance,
          from: code,
          to: 'MAIN',
        });
      }
    }
  } else {
    const vendor = vendors.find((v) => v.code === request.vassalage);
    if (!vendor) {
      throw new AppError('VENDOR_NOT_FOUND', `No transfer wallet '${request.vassalage}' for this brand`, {
        details: { vassalage: request.vassalage },
      });
    }
    const wallet = await ledger.memberAccount(db, merchant.id, memberId, vendorWallet(vendor.code));
    const amount = request.amount as number;
    legs.push(
      request.direction === 'IN'
        ? {
            kind: 'WALLET_IN',
            debitAccountId: main,
            creditAccountId: wallet,
            amount,
            from: 'MAIN',
            to: vendor.code,
          }
        : {
            kind: 'WALLET_OUT',
            debitAccountId: wallet,
            creditAccountId: main,
            amount,
            from: vendor.code,
            to: 'MAIN',
          },
    );
  }
  const posted =
    legs.length === 0
      ? []
      : (
          await ledger.postTransfers(db, {
            merchantId: merchant.id,
            idempotencyKey: `wallet:${memberId}:${idempotencyKey}`,
            legs: legs.map(({ from: _from, to: _to, ...leg }) => ({
              ...leg,
              reference: `member:${memberId}`,
            })),
          })
        ).transfers;
  return {
    transfers: posted.map((t, i) => ({ id: t.id, from: legs[i]!.from, to: legs[i]!.to, amount: t.amount })),
    balances: await getWalletBalances(db, merchant, memberId, language),
  };
};

/** Credits play money to a trial (free-play) account from the brand's PLAY_MONEY house account. */
export const fundTrialAccount = async (db: Db, merchantId: number, memberId: number, amount: number) => {
  if (amount <= 0) return;
  await ledger.postTransfer(db, {
    merchantId,
    idempotencyKey: `trial-funding:${memberId}`,
    kind: 'PLAY_MONEY',
    debitAccountId: await ledger.houseAccount(db, merchantId, 'PLAY_MONEY'),
    creditAccountId: await ledger.memberAccount(db, merchantId, memberId, 'MAIN'),
    amount,
  });
};
