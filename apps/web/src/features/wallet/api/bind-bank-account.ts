import type { z } from 'zod';
import { bankAccount, type BankAccount, type bankAccountRequest } from '@jade/contracts/payments';
import { apiSend } from '../../../api/client';

/** Binds a bank account for withdrawals; its name must be the member's registered name. */
export const bindBankAccount = (request: z.input<typeof bankAccountRequest>): Promise<BankAccount> =>
  apiSend('POST', '/wps/payment/bankAccounts', request, bankAccount);
