import { z } from 'zod';
import { apiSend } from '../../../api/client';

/** §7 logout (DELETE, token). */
export const logout = (): Promise<{ loggedOut: true }> =>
  apiSend('DELETE', '/wps/session/logout', undefined, z.object({ loggedOut: z.literal(true) }));
