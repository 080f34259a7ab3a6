import { apiSend } from '../../../api/client';

/** §4: a member's first login is recorded once they have seen the welcome. */
export const recordFirstLogin = () =>
  apiSend(
    'POST',
    '/wps/member/firstLogin',
    undefined,
    async () => (await import('@jade/contracts/auth')).firstLoginResponse,
  );
