import { promotionClaimStatus } from '@jade/contracts/promotion-claims';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { decideClaim, listClaims, promotionCosts, type ClaimDecision } from './promotion-claims.js';

export const PROMOTION_USAGE = `Promotion applications and costs (promotions themselves: engagement import)
  promo claims [STATUS]                  applications in a status (APPLYING by default), oldest first
  promo approve <CLAIM> [NOTE]           approve an application: the member may claim it (ISSUED)
  promo reject <CLAIM> [NOTE]            reject an application (REJECTED)
  promo close <CLAIM> [NOTE]             close an unpaid claim (CLOSE)
  promo costs                            bonuses paid per promotion and in total`;

/** `npm run jade -- promo <action>`; false for an action it does not know (the CLI prints its usage). */
export const runPromotionCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  out: (line: string) => void,
): Promise<boolean> => {
  if (action === 'claims') {
    const status = promotionClaimStatus.safeParse(args[0] ?? 'APPLYING');
    if (!status.success) throw new AppError('BAD_REQUEST', `Unknown status '${args[0]}'`);
    const page = await listClaims(db, merchant.id, { status: status.data, pageNo: 1, pageSize: 100 });
    for (const c of page.claims) {
      out(
        `${c.id}\t${c.code}\t${c.username}\t${c.status}\tbonus ${c.bonus}\tturnover ${c.turnoverRequired}\t` +
          `${c.proofCount} proof\t${c.comment ?? ''}`,
      );
    }
    out(`${merchant.code}: ${page.totalCount} ${status.data} claims`);
    return true;
  }
  if (action === 'approve' || action === 'reject' || action === 'close') {
    const id = Number(args[0]);
    if (!Number.isSafeInteger(id) || id < 1)
      throw new AppError('BAD_REQUEST', `'promo ${action}' takes a claim id`);
    const note = args.slice(1).join(' ').trim() || undefined;
    const claim = await decideClaim(db, merchant.id, id, action as ClaimDecision, 0, note);
    out(`${merchant.code}: claim ${claim.id} (${claim.code}, ${claim.username}) is ${claim.status}`);
    return true;
  }
  if (action === 'costs') {
    const costs = await promotionCosts(db, merchant.id);
    for (const p of costs.promotions) out(`${p.code}\t${p.claims} claims\tpaid ${p.paid}`);
    out(`${merchant.code}: promotions paid ${costs.total} in total`);
    return true;
  }
  return false;
};
