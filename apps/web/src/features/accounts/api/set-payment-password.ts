import { z } from 'zod';
import type { PaymentPasswordRequest } from '@jade/contracts/profile';
import { apiSend } from '../../../api/client';

/** POST /wps/member/paymentPassword (token): a first one with the login password, a change with the old one. */
export const setPaymentPassword = (input: PaymentPasswordRequest): Promise<{ changed: true }> =>
  apiSend('POST', '/wps/member/paymentPassword', input, z.object({ changed: z.literal(true) }));
