import {
  agentAnnouncementsRequest,
  agentAnnouncementsResponse,
  teamBetRecordsRequest,
  teamBetRecordsResponse,
  teamOverviewRequest,
  teamOverviewResponse,
  teamProfitRequest,
  teamProfitResponse,
  teamTransactionsRequest,
  teamTransactionsResponse,
} from '@jade/contracts/agent-reports';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { agentSession } from './guard.js';
import { agentAnnouncements, teamBetRecords, teamOverview, teamProfit, teamTransactions } from './reports.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['agents'];
const languageQuery = z.object({ language: z.string().min(2).max(8).optional() });

/**
 * The agent centre's reports (§2): agents only (agentSession), each for the agent's own team; a
 * member account or day range in the body is checked on the server (reports.ts).
 */
export const agentReportRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);

  r.post(
    '/wps/agent/team/overview',
    {
      schema: {
        tags,
        summary:
          'agentTeamOverview: team size, new and active members, money and betting figures by day (token)',
        body: teamOverviewRequest,
        response: { 200: okEnvelope(teamOverviewResponse), ...errors },
      },
    },
    async (request) => {
      const session = await agentSession(guard, request);
      return {
        success: true as const,
        value: await teamOverview(db, session.merchant, session.member.id, request.body),
      };
    },
  );

  r.post(
    '/wps/agent/team/bets',
    {
      schema: {
        tags,
        summary: "personalHistoryCopy for agents: the team's betting records, newest first (token)",
        querystring: languageQuery,
        body: teamBetRecordsRequest,
        response: { 200: okEnvelope(teamBetRecordsResponse), ...errors },
      },
    },
    async (request) => {
      const session = await agentSession(guard, request);
      return {
        success: true as const,
        value: await teamBetRecords(
          db,
          session.merchant,
          session.member.id,
          request.body,
          request.query.language,
        ),
      };
    },
  );

  r.post(
    '/wps/agent/team/profit',
    {
      schema: {
        tags,
        summary:
          'palStatementsAgentCopy: valid bet, payout and win/loss per team member, with totals (token)',
        body: teamProfitRequest,
        response: { 200: okEnvelope(teamProfitResponse), ...errors },
      },
    },
    async (request) => {
      const session = await agentSession(guard, request);
      return {
        success: true as const,
        value: await teamProfit(db, session.merchant, session.member.id, request.body),
      };
    },
  );

  r.post(
    '/wps/agent/team/transactions',
    {
      schema: {
        tags,
        summary: "agentDownlineTransactionDetailsCopy: the team's deposits and withdrawals (token)",
        body: teamTransactionsRequest,
        response: { 200: okEnvelope(teamTransactionsResponse), ...errors },
      },
    },
    async (request) => {
      const session = await agentSession(guard, request);
      return {
        success: true as const,
        value: await teamTransactions(db, session.merchant, session.member.id, request.body),
      };
    },
  );

  r.post(
    '/wps/agent/announcements',
    {
      schema: {
        tags,
        summary: "agentAnnouncement: the brand's current announcements for agents (token)",
        querystring: languageQuery,
        body: agentAnnouncementsRequest,
        response: { 200: okEnvelope(agentAnnouncementsResponse), ...errors },
      },
    },
    async (request) => {
      const session = await agentSession(guard, request);
      return {
        success: true as const,
        value: await agentAnnouncements(db, session.merchant, request.body, request.query.language),
      };
    },
  );
};
