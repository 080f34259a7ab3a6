import { contractOfferRequest, type AgentContract } from '@jade/contracts/agent-contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { contractsOfBrand, offerContract, terminateContract } from './contracts.js';

export const AGENT_CONTRACT_USAGE = `Agent contracts (§4; decisions 0039, 0040)
  agents offer <ACCOUNT> <KIND> <CATEGORY> <TIERS-JSON> [--period PERIOD]
                                         the brand offers a top agent a contract; KIND is
                                         DAILY_SALARY, HOURLY_SALARY, REALTIME_SALARY or DIVIDEND,
                                         CATEGORY one of LOTT ELOTT LIVE RNG SPORTS FISH PVP, a
                                         dividend's PERIOD DAILY, WEEKLY, SEMIMONTHLY or MONTHLY;
                                         rates in basis points, e.g.
                                         '[{"minValidBet":0,"minActive":0,"rateBp":150}]'
  agents contracts [--member ACCOUNT]    the brand's contracts (or one member's), newest first
  agents terminate <ID>                  end a contract; what below loses its basis ends too`;

const line = (c: AgentContract) =>
  [
    `#${c.id}`,
    c.holder,
    c.kind,
    c.category,
    c.period ?? '-',
    c.status,
    `offered by ${c.offeredBy ?? 'the brand'}`,
    JSON.stringify(c.tiers),
    c.endReason ?? '',
  ].join('\t');

/** `npm run jade -- agents offer|contracts|terminate ...`; false for a command it does not know. */
export const runAgentContractCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  options: { member?: string | undefined; period?: string | undefined },
  out: (line: string) => void,
): Promise<boolean> => {
  if (group !== 'agents') return false;
  if (action === 'offer') {
    const [account, kind, category, json] = args;
    if (!account || !kind || !category || json === undefined || args.length !== 4) {
      throw new AppError(
        'BAD_REQUEST',
        "'agents offer' takes an account, a kind, a category and the tiers (JSON)",
      );
    }
    let tiers: unknown;
    try {
      tiers = JSON.parse(json);
    } catch {
      throw new AppError('BAD_REQUEST', `'${json}' is not JSON`);
    }
    const parsed = contractOfferRequest.safeParse({ account, kind, category, tiers, period: options.period });
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((i) => `${i.path.join('.') || 'offer'}: ${i.message}`);
      throw new AppError('BAD_REQUEST', `Invalid offer: ${reasons.join(', ')}`);
    }
    const contract = await offerContract(db, merchant.id, null, parsed.data);
    out(`${merchant.code}: offered ${line(contract)}`);
    return true;
  }
  if (action === 'contracts') {
    const rows = await contractsOfBrand(db, merchant.id, options.member);
    for (const c of rows) out(line(c));
    if (rows.length === 0) out(`${merchant.code}: no contracts`);
    return true;
  }
  if (action === 'terminate') {
    const id = Number(args[0]);
    if (args.length !== 1 || !Number.isInteger(id) || id <= 0) {
      throw new AppError('BAD_REQUEST', "'agents terminate' takes a contract id");
    }
    const { contract, terminated } = await terminateContract(db, merchant.id, null, id);
    out(`${merchant.code}: terminated ${line(contract)}`);
    for (const c of terminated) out(`  and below: ${line(c)}`);
    return true;
  }
  return false;
};
