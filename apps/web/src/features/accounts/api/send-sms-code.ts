import { smsResponse, type SmsRequest, type SmsResponse } from '@jade/contracts/auth';
import { apiSend } from '../../../api/client';

/** What the code is for: registration, SMS login (noLogin), password recovery or a new number (token). */
export type SmsPurpose = 'register' | 'login' | 'password' | 'bind';

const PATHS: Record<SmsPurpose, string> = {
  register: '/wps/verification/sms/register',
  login: '/wps/verification/sms/noLogin',
  password: '/wps/verification/sms/password',
  bind: '/wps/verification/sms/bind',
};

/** §7 SMS codes: number, dialing code and the human check; answers when another may be asked for. */
export const sendSmsCode = (purpose: SmsPurpose, input: SmsRequest): Promise<SmsResponse> =>
  apiSend('POST', PATHS[purpose], input, smsResponse);
