import { apiSend } from '../../../api/client';

/**
 * §7 language update (token): the member's language on the server, used for messages and SMS. Its
 * schema loads with the call: the shell that holds the language picker loads no zod (issue 9's /index
 * budget).
 */
export const updateMemberLanguage = (language: string) =>
  apiSend(
    'PUT',
    '/wps/member/language',
    { language },
    async () => (await import('@jade/contracts/auth')).memberLanguageRequest,
  );
