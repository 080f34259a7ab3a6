import { apiSend } from '../../../api/client';

/**
 * §7 logout (DELETE, token). The token is given: the page has already forgotten it, so that no call
 * still running can use a session the server is ending.
 */
export const logout = (token: string): Promise<{ loggedOut: true }> =>
  apiSend(
    'DELETE',
    '/wps/session/logout',
    undefined,
    async () => (await import('@jade/contracts/auth')).logoutResponse,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
