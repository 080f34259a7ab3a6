import { memberInfo, type MemberInfo } from '@jade/contracts/auth';
import type { UpdateProfileRequest } from '@jade/contracts/profile';
import { apiSend } from '../../../api/client';

/** PUT /wps/member/info (token): the §3 profile fields that changed; answers the member as now stored. */
export const updateProfile = (input: UpdateProfileRequest): Promise<MemberInfo> =>
  apiSend('PUT', '/wps/member/info', input, memberInfo);
