/** Query keys of the wallet screens; each carries the session token, so a new login loads afresh. */
export const walletKeys = {
  all: ['wallet'] as const,
  channels: (token: string | null) => ['wallet', 'channels', token] as const,
  deposits: (token: string | null) => ['wallet', 'deposits', token] as const,
  withdrawInfo: (token: string | null) => ['wallet', 'withdraw-info', token] as const,
  withdrawals: (token: string | null) => ['wallet', 'withdrawals', token] as const,
  records: (token: string | null, filters: unknown) => ['wallet', 'records', token, filters] as const,
};
