import type { z } from 'zod';
import {
  loginChallengeValue,
  type loginRequest,
  loginResponse,
  type LoginResponse,
} from '@jade/contracts/auth';
import { apiSend, type ApiRequestError } from '../../../api/client';
import { sendSealed } from './sealed-request';

export type LoginInput = z.input<typeof loginRequest>;
export type LoginChallenge = z.infer<typeof loginChallengeValue>;

/** §7 login (POST /wps/session/login, encrypted): username and password, or for sms the number and the code. */
export const login = (input: LoginInput): Promise<LoginResponse> =>
  sendSealed('POST', '/wps/session/login', input, loginResponse);

/** §4 new-IP verification: the answer to the challenge a login was stopped by. */
export const answerLoginChallenge = (input: {
  challengeId: string;
  answer: string;
}): Promise<LoginResponse> => apiSend('POST', '/wps/session/login/challenge', input, loginResponse);

/** The challenge a LOGIN_CHALLENGE_REQUIRED answer carries, if it is well formed. */
export const challengeOf = (error: ApiRequestError): LoginChallenge | undefined => {
  if (error.code !== 'LOGIN_CHALLENGE_REQUIRED') return undefined;
  const parsed = loginChallengeValue.safeParse(error.details);
  return parsed.success ? parsed.data : undefined;
};

/** §4: a failed login whose answer carries the captcha flag makes the captcha show from then on. */
export const asksForCaptcha = (error: ApiRequestError): boolean => error.details?.captcha === true;
