import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteListResponse, GameItem } from '@jade/contracts/games';
import { apiSend, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { useMemberInfo } from '../../accounts/api/get-member-info';

/** Member calls wait for member info, and for a forced password change to be done (§4). */
const useMemberReady = () => {
  const info = useMemberInfo();
  return info.data !== undefined && !info.data.mustChangePassword;
};

const favouriteIdsKey = (token: string | null) => ['games', 'favourite-ids', token] as const;
const memberGamesKey = (kind: 'favourite' | 'recent', token: string | null, language: string) =>
  ['games', kind, token, language] as const;

/** MCSFE_getFavoriteGamesList: which games carry a filled star (a hot read of every grid: trusted). */
export const useFavouriteIds = () => {
  const { token } = useSession();
  const isReady = useMemberReady();
  const query = useQuery({
    queryKey: favouriteIdsKey(token),
    queryFn: ({ signal }) =>
      apiSend('POST', '/wps/relay/MCSFE_getFavoriteGamesList', {}, trusted<FavouriteListResponse>(), {
        signal,
      }),
    enabled: Boolean(token) && isReady,
    staleTime: 60_000,
  });
  const ids = new Set((query.data?.games ?? []).map((g) => `${g.vassalage}/${g.gameId}`));
  return {
    isEnabled: Boolean(token) && isReady,
    has: (game: { vassalage: string; gameId: string }) => ids.has(`${game.vassalage}/${game.gameId}`),
  };
};

/** MCSFE_getFavoriteGames and GCS_recentGame: the member's games as tiles. */
export const useMemberGames = (kind: 'favourite' | 'recent') => {
  const { token } = useSession();
  const isReady = useMemberReady();
  const language = useLanguageCode();
  return useQuery({
    queryKey: memberGamesKey(kind, token, language),
    queryFn: ({ signal }) =>
      apiSend(
        'POST',
        kind === 'favourite' ? '/wps/relay/MCSFE_getFavoriteGames' : '/wps/relay/GCS_recentGame',
        { language },
        trusted<GameItem[]>(),
        { signal },
      ),
    enabled: Boolean(token) && isReady,
    staleTime: 30_000,
  });
};

/** Adds or removes a favourite; the stars and the favourites row follow. */
export const useToggleFavourite = () => {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: ({ game, favourite }: { game: { vassalage: string; gameId: string }; favourite: boolean }) =>
      apiSend(
        'POST',
        favourite ? '/wps/relay/MCSFE_addFavoriteGame' : '/wps/relay/MCSFE_removeFavoriteGame',
        { vassalage: game.vassalage, gameId: game.gameId },
        async () => (await import('@jade/contracts/games')).favouriteGameResponse,
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: favouriteIdsKey(token) });
      await queryClient.invalidateQueries({ queryKey: ['games', 'favourite', token] });
    },
  });
};
