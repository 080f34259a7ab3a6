import { useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@jade/contracts/inbox';
import { apiSend, trusted } from '../../../api/client';
import { useSession } from '../../../lib/session';

/** The inbox's queries, by session: a logout or another member never sees the last one's. */
export const inboxKeys = {
  all: ['inbox'] as const,
  unread: (token: string | null) => ['inbox', 'unread', token] as const,
  list: (token: string | null) => ['inbox', 'list', token] as const,
};

/**
 * §7 CSP_unreadCount for the header's message badge. The header is on every page: the value is
 * trusted (no zod in the first bundle, decision 0015); the member's live stream keeps it current
 * (decision 0047), and it is asked again now and then in case the stream was down.
 */
export const useUnreadCount = ({ isEnabled = true }: { isEnabled?: boolean } = {}): number => {
  const { token } = useSession();
  const query = useQuery({
    queryKey: inboxKeys.unread(token),
    queryFn: ({ signal }) =>
      apiSend('POST', '/wps/relay/CSP_unreadCount', {}, trusted<UnreadCountResponse>(), { signal }),
    enabled: Boolean(token) && isEnabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    select: (data) => data.count,
  });
  return token ? (query.data ?? 0) : 0;
};
