import type { LaunchGameRequest, LaunchGameResponse } from '@jade/contracts/games';
import { apiSend } from '../../../api/client';

/** §7 launch address V2: where the game opens. Its schema loads with the call (the frame's chunk). */
export const launchGame = (request: LaunchGameRequest, signal?: AbortSignal): Promise<LaunchGameResponse> =>
  apiSend(
    'POST',
    '/wps/game/launchGame',
    { launchMode: 'GLS', platform: 'html5-desktop', clientType: 3, confirmTrans: 0, ...request },
    async () => (await import('@jade/contracts/games')).launchGameResponse,
    { signal },
  );
