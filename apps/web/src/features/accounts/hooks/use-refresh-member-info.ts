import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@jade/contracts/auth';
import { useSession } from '../../../lib/session';
import { memberInfoQueryKey } from '../api/get-member-info';

/** After a security-centre change: the answer shows at once (when there is one), then member info reloads. */
export const useRefreshMemberInfo = () => {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    (info?: MemberInfo) => {
      if (info) queryClient.setQueryData(memberInfoQueryKey(token), info);
      return queryClient.invalidateQueries({ queryKey: ['accounts', 'member-info'] });
    },
    [queryClient, token],
  );
};
