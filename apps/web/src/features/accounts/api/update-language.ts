import { memberLanguageRequest } from '@jade/contracts/auth';
import { apiSend } from '../../../api/client';

/** §7 language update (token): the member's language on the server, used for messages and SMS. */
export const updateMemberLanguage = (language: string) =>
  apiSend('PUT', '/wps/member/language', { language }, memberLanguageRequest);
