import { loginResponse, type LoginResponse } from '@jade/contracts/auth';
import { apiSend } from '../../../api/client';

const randomString = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes));
};

/** §7 free play: os, platform W, a random string and gateway version 3; answers a trial (type 4) session. */
export const startFreePlay = (): Promise<LoginResponse> =>
  apiSend(
    'POST',
    '/wps/session/login/freeplay',
    { os: navigator.platform || undefined, platform: 'W', random: randomString(), gatewayVersion: 3 },
    loginResponse,
  );
