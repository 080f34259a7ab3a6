import {
  agentContract,
  contractAnswerRequest,
  contractChangeResponse,
  contractIdParams,
  contractOfferRequest,
  downline,
  downlinePage,
  downlineQuery,
  myContractsResponse,
  pendingOffersResponse,
  PROCESSING_CALLS,
} from '@jade/contracts/agent-contracts';
import { CONTRACT_KINDS } from '@jade/contracts/agents';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { assertOperatorMay, type OperatorAction } from '../operators/roles.js';
import { assertOperatorScope, authenticateOperator } from '../operators/service.js';
import * as service from './contracts.js';
import { agentSession } from './guard.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['agents'];
const memberIdParams = z.object({ memberId: z.coerce.number().int().positive() });
const holderQuery = z.object({ member: z.string().trim().min(1).max(64).optional() });

/**
 * Agent contracts (§4, §7; decisions 0039, 0040): the agent's own calls (its contracts, offers to
 * its direct downlines, terminations, the downline view), the four §7 processing calls a downline
 * answers an offer with, and the brand operator's offers to its top agents.
 */
export const contractRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/wps/agent/contracts',
    {
      schema: {
        tags,
        summary: 'My contracts: those offered to me and those I offered my downlines, newest first',
        response: { 200: okEnvelope(myContractsResponse), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value(await service.myContracts(db, merchantId, member.id));
    },
  );

  r.get(
    '/wps/agent/contracts/pending',
    {
      schema: {
        tags,
        summary: 'Offers waiting for my answer, each with what accepting it would terminate',
        response: { 200: okEnvelope(pendingOffersResponse), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value({ items: await service.pendingOffers(db, merchantId, member.id) });
    },
  );

  r.post(
    '/wps/agent/contracts',
    {
      schema: {
        tags,
        summary:
          'Offer a direct downline agent a contract, capped by my own contract of the kind and category',
        body: contractOfferRequest,
        response: { 200: okEnvelope(agentContract), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value(await service.offerContract(db, merchantId, member.id, request.body));
    },
  );

  r.post(
    '/wps/agent/contracts/:id/terminate',
    {
      schema: {
        tags,
        summary: 'Terminate a contract I offered; what below loses its basis ends too',
        params: contractIdParams,
        response: { 200: okEnvelope(contractChangeResponse), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value(await service.terminateContract(db, merchantId, member.id, request.params.id));
    },
  );

  r.get(
    '/wps/agent/downlines',
    {
      schema: {
        tags,
        summary: 'downlineManagmentView: my direct downlines or my whole team, by account, a page at a time',
        querystring: downlineQuery,
        response: { 200: okEnvelope(downlinePage), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value(await service.listDownlines(db, merchantId, member.id, request.query));
    },
  );

  r.get(
    '/wps/agent/downlines/:memberId',
    {
      schema: {
        tags,
        summary: 'One downline of my team with its whole contract history',
        params: memberIdParams,
        response: { 200: okEnvelope(downline), ...errors },
      },
    },
    async (request) => {
      const { merchantId, member } = await agentSession(guard, request);
      return value(await service.downlineDetail(db, merchantId, member.id, request.params.memberId));
    },
  );

  // §7: each processing call answers a waiting offer of its own kind (decision 0040).
  for (const kind of CONTRACT_KINDS) {
    r.post(
      PROCESSING_CALLS[kind],
      {
        schema: {
          tags,
          summary: `Accept or reject a waiting ${kind} contract offer`,
          body: contractAnswerRequest,
          response: { 200: okEnvelope(contractChangeResponse), ...errors },
        },
      },
      async (request) => {
        const { merchantId, member } = await agentSession(guard, request);
        return value(await service.answerOffer(db, merchantId, member.id, kind, request.body));
      },
    );
  }

  /** The brand's operator: refused without the right, or for another brand than the host's. */
  const brandOperator = async (request: FastifyRequest, action: OperatorAction) => {
    const operator = await authenticateOperator(db, secrets, bearerToken(request));
    assertOperatorMay(operator, action);
    const merchant = await resolveMerchantByHost(db, request.hostname);
    assertOperatorScope(operator, merchant.id);
    return merchant;
  };

  r.get(
    '/api/operator/agent-contracts',
    {
      schema: {
        tags: ['operator'],
        summary: "The brand's agent contracts, newest first, or one member's",
        querystring: holderQuery,
        response: { 200: okEnvelope(z.object({ items: z.array(agentContract) })), ...errors },
      },
    },
    async (request) => {
      const merchant = await brandOperator(request, 'agent-contracts.read');
      return value({ items: await service.contractsOfBrand(db, merchant.id, request.query.member) });
    },
  );

  r.post(
    '/api/operator/agent-contracts',
    {
      schema: {
        tags: ['operator'],
        summary: 'The brand offers a top agent a contract (FINANCE)',
        body: contractOfferRequest,
        response: { 200: okEnvelope(agentContract), ...errors },
      },
    },
    async (request) => {
      const merchant = await brandOperator(request, 'agent-contracts.decide');
      return value(await service.offerContract(db, merchant.id, null, request.body));
    },
  );

  r.post(
    '/api/operator/agent-contracts/:id/terminate',
    {
      schema: {
        tags: ['operator'],
        summary: 'Terminate any contract of the brand; what below loses its basis ends too (FINANCE)',
        params: contractIdParams,
        response: { 200: okEnvelope(contractChangeResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await brandOperator(request, 'agent-contracts.decide');
      return value(await service.terminateContract(db, merchant.id, null, request.params.id));
    },
  );
};
