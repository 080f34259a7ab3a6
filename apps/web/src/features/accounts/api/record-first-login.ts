import { z } from 'zod';
import { apiSend } from '../../../api/client';

/** §4: a member's first login is recorded once they have seen the welcome. */
export const recordFirstLogin = () =>
  apiSend('POST', '/wps/member/firstLogin', undefined, z.object({ recorded: z.literal(true) }));
