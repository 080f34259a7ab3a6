import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  agentAnnouncementsResponse,
  teamBetRecordsResponse,
  teamOverviewResponse,
  teamProfitResponse,
  teamTransactionsResponse,
  type TeamBetRecordsRequest,
  type TeamOverviewRequest,
  type TeamProfitRequest,
  type TeamTransactionsRequest,
} from '@jade/contracts/agent-reports';
import type { z } from 'zod';
import { apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';

/** One agent report: posted with the session's token, the previous page kept while the next loads. */
const useReport = <S extends z.ZodType>(
  name: string,
  path: string,
  schema: S,
  request: unknown,
  withLanguage = false,
) => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['agents', name, token, withLanguage ? language : '', request],
    queryFn: ({ signal }) =>
      apiSend('POST', path, request, schema, { signal, ...(withLanguage && { query: { language } }) }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
};

export const useTeamOverview = (request: TeamOverviewRequest) =>
  useReport('overview', '/wps/agent/team/overview', teamOverviewResponse, request);

export const useTeamBets = (request: TeamBetRecordsRequest) =>
  useReport('bets', '/wps/agent/team/bets', teamBetRecordsResponse, request, true);

export const useTeamProfit = (request: TeamProfitRequest) =>
  useReport('profit', '/wps/agent/team/profit', teamProfitResponse, request);

export const useTeamTransactions = (request: TeamTransactionsRequest) =>
  useReport('transactions', '/wps/agent/team/transactions', teamTransactionsResponse, request);

export const useAgentAnnouncements = (pageNo: number, pageSize: number) =>
  useReport(
    'announcements',
    '/wps/agent/announcements',
    agentAnnouncementsResponse,
    { pageNo, pageSize },
    true,
  );
