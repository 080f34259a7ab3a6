import { memberInfo, type MemberInfo } from '@jade/contracts/auth';
import type { BindMobileRequest } from '@jade/contracts/profile';
import { apiSend } from '../../../api/client';

/** PUT /wps/member/info/mobile (token): the new number with the code sent to it (purpose 'bind'). */
export const bindMobile = (input: BindMobileRequest): Promise<MemberInfo> =>
  apiSend('PUT', '/wps/member/info/mobile', input, memberInfo);
