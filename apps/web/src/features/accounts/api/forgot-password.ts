import { z } from 'zod';
import {
  forgotByEmailResponse,
  loginResponse,
  type ForgotByEmailRequest,
  type LoginResponse,
  type SetPasswordByPhoneRequest,
} from '@jade/contracts/auth';
import { apiSend } from '../../../api/client';
import { sendSealed } from './sealed-request';

/** §7 forgot password by email: answers 'in_been_out' whether or not the account exists. */
export const forgotPasswordByEmail = (input: ForgotByEmailRequest) =>
  apiSend('POST', '/wps/member/password/email', input, forgotByEmailResponse);

/** §7 setPasswordByPhone (encrypted): the SMS code and a new password; answers a session (§4 auto login). */
export const setPasswordByPhone = (input: SetPasswordByPhoneRequest): Promise<LoginResponse> =>
  sendSealed('POST', '/wps/member/password/verification', input, loginResponse);

/** The link of a forgot-password email: its token and a new password; every session ends. */
export const resetPasswordWithToken = (input: { token: string; newPassword: string }) =>
  apiSend('POST', '/wps/member/password/reset', input, z.object({ changed: z.literal(true) }));
