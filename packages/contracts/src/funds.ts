import { z } from 'zod';
import { minorUnits } from './wallet.js';

/**
 * §3/§7 consolidated (`GET /wps/member/info/funds/consolidated`): the member's agent contract
 * request types under their wire names, and the member's funds summary. See
 * docs/decisions/0007-consolidated-funds.md.
 */

/** The agent contract kinds of §3: salary daily, hourly or real-time, and dividends. */
export const CONTRACT_KINDS = ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY', 'DIVIDEND'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/**
 * Where the member stands with one kind of contract: none, an offer from the upline waiting for an
 * answer, or the §4 outcomes Accepted, Rejected, Terminated. Until agent contracts exist every
 * kind is NONE.
 */
export const CONTRACT_REQUEST_STATES = ['NONE', 'PENDING', 'ACCEPTED', 'REJECTED', 'TERMINATED'] as const;
export const contractRequestState = z.enum(CONTRACT_REQUEST_STATES);
export type ContractRequestState = z.infer<typeof contractRequestState>;

export const fundsSummary = z.object({
  mainBalance: minorUnits,
  /** Every deposit credited to the main wallet, ever. */
  totalDeposited: minorUnits,
  /** Every withdrawal paid out, ever. */
  totalWithdrawn: minorUnits,
  /** Withdrawals asked for and not yet decided. */
  pendingWithdrawalCount: z.number().int(),
  pendingWithdrawalAmount: minorUnits,
  /** Held away from the main wallet for pending withdrawals (the ledger's hold account). */
  heldAmount: minorUnits,
  /** What a withdrawal may take now: the main balance once the turnover requirement is met, else 0. */
  withdrawable: minorUnits,
  /** Turnover still to wager before deposits may be withdrawn. */
  turnoverRemaining: minorUnits,
});
export type FundsSummary = z.infer<typeof fundsSummary>;

export const consolidatedResponse = z.object({
  /** Daily salary contract request. */
  dailysalreqtype: contractRequestState,
  /** Dividend contract request. */
  divtypereq: contractRequestState,
  /** Hourly salary contract request. */
  contracthoursalreq: contractRequestState,
  /** Real-time salary contract request. */
  realtimesalreqtype: contractRequestState,
  /** The info types: the contract kinds with an offer waiting for the member's answer. */
  infoTypes: z.array(z.enum(CONTRACT_KINDS)),
  funds: fundsSummary,
});
export type ConsolidatedResponse = z.infer<typeof consolidatedResponse>;
