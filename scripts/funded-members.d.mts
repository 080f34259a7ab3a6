// Types of scripts/funded-members.mjs for the TypeScript tests that use it.
export declare const createFundedMembers: (
  db: unknown,
  ledger: unknown,
  merchantId: number,
  count: number,
  options?: { prefix?: string; amount?: number },
) => Promise<{ id: number; main: number }[]>;
