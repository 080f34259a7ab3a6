import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { betRecordResponse, type BetRecordRequest, type BetRecordResponse } from '@jade/contracts/games';
import { apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';

/** personalHistoryCopy: the member's betting records, newest first, a page at a time, with totals. */
export const getBetRecords = (
  request: BetRecordRequest,
  language: string,
  signal?: AbortSignal,
): Promise<BetRecordResponse> =>
  apiSend('POST', '/wps/member/bets', request, betRecordResponse, { query: { language }, signal });

export const useBetRecords = (request: BetRecordRequest) => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'bets', token, language, request],
    queryFn: ({ signal }) => getBetRecords(request, language, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
};
