import { useQuery } from '@tanstack/react-query';
import type { RoomListResponse } from '@jade/contracts/games';
import { apiSend, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** §3 PVP rooms (GLS2_roomList): a game's rooms, their stakes and seats. */
export const useRoomList = (vassalage: string, gameId: string | undefined, enabled: boolean) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'rooms', vassalage, gameId, language],
    queryFn: ({ signal }) =>
      apiSend(
        'POST',
        '/wps/relay/GLS2_roomList',
        { vassalage, gameId, language },
        trusted<RoomListResponse>(),
        { signal },
      ),
    enabled: enabled && Boolean(gameId),
    staleTime: 5 * 60_000,
  });
};
