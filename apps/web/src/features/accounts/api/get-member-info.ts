import { useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@jade/contracts/auth';
import { apiGet, trusted } from '../../../api/client';
import { useSession } from '../../../lib/session';

/** §7 member info (token). */
export const getMemberInfo = (signal?: AbortSignal): Promise<MemberInfo> =>
  apiGet('/wps/member/info', trusted<MemberInfo>(), { signal });

export const memberInfoQueryKey = (token: string | null) => ['accounts', 'member-info', token] as const;

/** §4: with a session token, member info is loaded; the key carries the token, so a new login reloads it. */
export const useMemberInfo = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: memberInfoQueryKey(token),
    queryFn: ({ signal }) => getMemberInfo(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
};
