import { useTranslation } from 'react-i18next';
import type { RoomListResponse } from '@jade/contracts/games';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';

/** A PVP game's rooms (GLS2_roomList): stake, entry and seats of each, and a Join button. */
export function RoomPicker({
  rooms,
  onJoin,
}: {
  rooms: RoomListResponse['rooms'];
  onJoin: (roomId: string) => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  return (
    <section className="room-picker" aria-labelledby="room-picker-title">
      <h2 id="room-picker-title">{t('gameFrame.rooms.title')}</h2>
      <ul className="room-picker__list">
        {rooms.map((room) => (
          <li key={room.roomId} className="room-picker__room">
            <h3>{room.roomName}</h3>
            <dl>
              <div>
                <dt>{t('gameFrame.rooms.baseBet')}</dt>
                <dd>{format(room.baseBet)}</dd>
              </div>
              <div>
                <dt>{t('gameFrame.rooms.minEntry')}</dt>
                <dd>{format(room.minEntry)}</dd>
              </div>
              <div>
                <dt>{t('gameFrame.rooms.seats')}</dt>
                <dd>{room.maxPlayers}</dd>
              </div>
            </dl>
            <button
              type="button"
              className="button button--primary button--small"
              aria-label={t('gameFrame.rooms.joinRoom', { room: room.roomName })}
              onClick={() => onJoin(room.roomId)}
            >
              {t('gameFrame.rooms.join')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
