import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';

/** The header of a money request (ARCHITECTURE.md, money: every money-moving request carries one). */
export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
