import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimMissionResponse,
  missionLeaderboardResponse,
  missionSummaryResponse,
} from '@jade/contracts/missions';
import { apiSend } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { canUseMemberCenter, useSession } from '../../../lib/session';
import { pointKeys } from '../../points/api/points';

/** MCSFE_getMissionSummary: the member's missions, progress and state, and the badge's count. */
export const useMissionSummary = () => {
  const session = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['missions', 'summary', session.token, language] as const,
    queryFn: () =>
      apiSend('POST', '/wps/relay/MCSFE_getMissionSummary', { language }, missionSummaryResponse),
    enabled: canUseMemberCenter(session),
  });
};

/** MCSFE_getMissionLeaderboard: the brand's members by missions completed this week. */
export const useMissionLeaderboard = () =>
  useQuery({
    queryKey: ['missions', 'leaderboard'] as const,
    queryFn: () =>
      apiSend('POST', '/wps/relay/MCSFE_getMissionLeaderboard', { limit: 20 }, missionLeaderboardResponse),
  });

/** MCS2_claimMissionReward: then the missions, the board and the wallet refresh. */
export const useClaimMission = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (missionId: number) =>
      apiSend('POST', '/wps/relay/MCS2_claimMissionReward', { missionId }, claimMissionResponse),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['missions'] }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
        client.invalidateQueries({ queryKey: pointKeys.all }),
      ]),
  });
};
