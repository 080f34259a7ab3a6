import { useQuery } from '@tanstack/react-query';
import {
  convertPointResponse,
  POINT_PATHS,
  pointBalanceResponse,
  pointConfigResponse,
  pointRewardsResponse,
  redeemListResponse,
  redeemPointResponse,
  type RedeemStatus,
} from '@jade/contracts/points';
import { apiSend } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { idempotencyHeaders } from '../../wallet/api/idempotency';

/** The points mall's calls (§7; points in hundredths, decision 0046). */
export const pointKeys = { all: ['points'] as const };

export const usePointBalance = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...pointKeys.all, 'balance', token],
    queryFn: ({ signal }) => apiSend('POST', POINT_PATHS.BALANCE, {}, pointBalanceResponse, { signal }),
    enabled: Boolean(token),
  });
};

export const usePointRewards = (language: string | undefined) => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...pointKeys.all, 'rewards', language, token],
    queryFn: ({ signal }) =>
      apiSend('POST', POINT_PATHS.REWARDS, { language }, pointRewardsResponse, { signal }),
    enabled: Boolean(token),
  });
};

export const usePointConfig = () => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...pointKeys.all, 'config', token],
    queryFn: ({ signal }) => apiSend('POST', POINT_PATHS.CONFIG, {}, pointConfigResponse, { signal }),
    enabled: Boolean(token),
  });
};

export const useRedemptions = (status: RedeemStatus | undefined, language: string | undefined) => {
  const { token } = useSession();
  return useQuery({
    queryKey: [...pointKeys.all, 'redemptions', status, language, token],
    queryFn: ({ signal }) =>
      apiSend(
        'POST',
        POINT_PATHS.REDEEMS,
        { status, pageNo: 1, pageSize: 20, language },
        redeemListResponse,
        { signal },
      ),
    enabled: Boolean(token),
  });
};

export const redeemReward = (request: { rewardId: number; paymentPassword: string }, key: string) =>
  apiSend('POST', POINT_PATHS.REDEEM, request, redeemPointResponse, { headers: idempotencyHeaders(key) });

export const convertPoints = (request: { points: number; paymentPassword: string }, key: string) =>
  apiSend('POST', POINT_PATHS.CONVERT, request, convertPointResponse, { headers: idempotencyHeaders(key) });
