/** Query keys of the wallet screens; each carries the session token, so a new login loads afresh. */
export const walletKeys = {
  all: ['wallet'] as const,
  channels: (token: string | null) => ['wallet', 'channels', token] as const,
  /** Every page of the deposit history (to refresh them all). */
  deposits: (token: string | null) => ['wallet', 'deposits', token] as const,
  depositPage: (token: string | null, pageNo: number) => ['wallet', 'deposits', token, pageNo] as const,
  deposit: (token: string | null, id: number) => ['wallet', 'deposit', token, id] as const,
  withdrawInfo: (token: string | null) => ['wallet', 'withdraw-info', token] as const,
  /** Every page of the withdrawal list. */
  withdrawals: (token: string | null) => ['wallet', 'withdrawals', token] as const,
  withdrawalPage: (token: string | null, pageNo: number) => ['wallet', 'withdrawals', token, pageNo] as const,
  records: (token: string | null, filters: unknown) => ['wallet', 'records', token, filters] as const,
};
