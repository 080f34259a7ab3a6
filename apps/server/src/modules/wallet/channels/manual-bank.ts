import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import type { ChannelAdapter } from './channel.js';

/** payment_channel.config of a manual bank transfer: the brand's receiving account. */
const manualBankConfig = z.object({
  bankName: z.string().min(1),
  accountNumber: z.string().min(1),
  accountName: z.string().min(1),
});

/** Manual bank transfer: the member pays into the brand's account and an operator checks the statement. */
export const manualBankAdapter = (config: unknown): ChannelAdapter => {
  const parsed = manualBankConfig.safeParse(config);
  return {
    kind: 'MANUAL_BANK',
    receivingAccount: parsed.success ? parsed.data : null,
    startDeposit: async () => ({ status: 'PENDING' }),
    readCallback: () => {
      throw new AppError('PAYMENT_CHANNEL_NOT_FOUND', 'A manual bank transfer channel takes no callbacks');
    },
  };
};
