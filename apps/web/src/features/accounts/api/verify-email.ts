import { z } from 'zod';
import { smsResponse, type SmsResponse } from '@jade/contracts/auth';
import { apiSend } from '../../../api/client';

/** POST /wps/verification/email/send (token): a code to the member's email address. */
export const sendEmailCode = (): Promise<SmsResponse> =>
  apiSend('POST', '/wps/verification/email/send', undefined, smsResponse);

/** POST /wps/verification/email/verify (token): the address is verified once its code is entered. */
export const verifyEmailCode = (code: string): Promise<{ verified: true }> =>
  apiSend('POST', '/wps/verification/email/verify', { code }, z.object({ verified: z.literal(true) }));
