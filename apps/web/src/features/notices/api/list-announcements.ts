import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTICES_PER_PAGE } from '@jade/contracts/constants';
import type { ListAnnouncementsResponse } from '@jade/contracts/messages';
import { apiSend, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** §7 announcements (platform W, default execution type), 9 a page (§9). */
export const listAnnouncements = (
  { language, pageNo, pageSize = NOTICES_PER_PAGE }: { language: string; pageNo: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<ListAnnouncementsResponse> =>
  apiSend(
    'POST',
    '/wps/relay/MCSFE_getListAnnouncements',
    { platform: 'W', language, pageNo, pageSize },
    trusted<ListAnnouncementsResponse>(),
    { signal },
  );

export const useAnnouncements = (pageNo: number, pageSize: number = NOTICES_PER_PAGE) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['notices', 'announcements', language, pageNo, pageSize],
    queryFn: ({ signal }) => listAnnouncements({ language, pageNo, pageSize }, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
};
