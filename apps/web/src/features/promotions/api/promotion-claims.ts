import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  promotionClaim,
  promotionClaimsResponse,
  type PromotionApplyRequest,
} from '@jade/contracts/promotion-claims';
import { apiGet, apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';

const claimsKey = (token: string | null, language: string, view: 'all' | 'bonus') =>
  ['promotions', 'claims', token, language, view] as const;

/** rewardCenter (all) and bonusDetails (bonus): the member's claims and what is claimable now. */
export const useMemberClaims = (view: 'all' | 'bonus') => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: claimsKey(token, language, view),
    queryFn: ({ signal }) =>
      apiGet('/wps/promotions/claims', promotionClaimsResponse, { query: { language, view }, signal }),
    enabled: Boolean(token),
  });
};

/**
 * Apply for a promotion and, when it is issued at once (no review, not a rebate boost), claim it in
 * the same step: the member pressed one Claim button. Every claim query and the badge refresh after.
 */
export const useTakePromotion = () => {
  const client = useQueryClient();
  const language = useLanguageCode();
  return useMutation({
    mutationFn: async ({ promotionId, body }: { promotionId: number; body: PromotionApplyRequest }) => {
      const claim = await apiSend(
        'POST',
        `/wps/promotions/${promotionId}/apply`,
        { ...body, language },
        promotionClaim,
      );
      if (claim.status !== 'ISSUED') return claim;
      return apiSend('POST', `/wps/promotions/claims/${claim.id}/claim`, {}, promotionClaim);
    },
    onSettled: () => invalidate(client),
  });
};

/** Claim an issued bonus (after an operator's approval). */
export const useClaimBonus = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) =>
      apiSend('POST', `/wps/promotions/claims/${claimId}/claim`, {}, promotionClaim),
    onSettled: () => invalidate(client),
  });
};

const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['promotions', 'claims'] }),
    client.invalidateQueries({ queryKey: ['promotions', 'available'] }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
  ]);
