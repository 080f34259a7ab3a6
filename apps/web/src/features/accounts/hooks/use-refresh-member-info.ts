import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@jade/contracts/auth';
import { useSession } from '../../../lib/session';
import { memberInfoQueryKey } from '../api/get-member-info';

/**
 * After a security-centre change: the member info the server answered with is the fresh one and is
 * shown as it is; a change that answers none reloads member info once.
 */
export const useRefreshMemberInfo = () => {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useCallback(
    async (info?: MemberInfo) => {
      if (info) {
        queryClient.setQueryData(memberInfoQueryKey(token), info);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'member-info'] });
    },
    [queryClient, token],
  );
};
