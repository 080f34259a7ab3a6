import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INBOX_PAGE_SIZE, inboxPage, inboxReadResponse, type InboxMessageType } from '@jade/contracts/inbox';
import { apiGet, apiSend } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { inboxKeys } from './unread-count';

/** messageV2: one page of the member's inbox, of one type or all. */
export const useInbox = (pageNo: number, type: InboxMessageType | undefined) => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...inboxKeys.list(token), type ?? 'ALL', pageNo],
    queryFn: ({ signal }) =>
      apiGet('/wps/member/messages', inboxPage, {
        query: { pageNo, pageSize: INBOX_PAGE_SIZE, type },
        signal,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
};

/** Reading one message (`id`) or all (`undefined`): the badge takes the count the server answers. */
export const useMarkRead = () => {
  const { token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) =>
      apiSend(
        'POST',
        id ? `/wps/member/messages/${id}/read` : '/wps/member/messages/read-all',
        {},
        inboxReadResponse,
      ),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(inboxKeys.unread(token), { count: unreadCount });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list(token) });
    },
  });
};
