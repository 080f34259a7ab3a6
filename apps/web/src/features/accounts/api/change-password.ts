import { z } from 'zod';
import type { ChangePasswordRequest } from '@jade/contracts/auth';
import { sendSealed } from './sealed-request';

/** §7 changePwd (POST /wps/member/password, token, encrypted). */
export const changePassword = (input: ChangePasswordRequest): Promise<{ changed: true }> =>
  sendSealed('POST', '/wps/member/password', input, z.object({ changed: z.literal(true) }));
