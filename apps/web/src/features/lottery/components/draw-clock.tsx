import { useTranslation } from 'react-i18next';
import type { LotteryGameState } from '@jade/contracts/lottery';
import { useNow } from '../../wallet/hooks/use-now';

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

/** The draw taking bets: its number and live countdowns to the close and to the result (server time). */
export function DrawClock({
  open,
  clockSkew,
}: {
  open: NonNullable<LotteryGameState['open']>;
  clockSkew: number;
}) {
  const { t } = useTranslation();
  const now = useNow(true) + clockSkew;
  const toClose = Date.parse(open.closesAt) - now;
  const toDraw = Date.parse(open.drawsAt) - now;
  return (
    <div className="draw-clock" aria-live="off">
      <strong className="draw-clock__numero">{t('lotto.numero', { numero: open.numero })}</strong>
      <div className="draw-clock__times">
        <span>
          {t('lotto.closesIn')} <time data-testid="closes-in">{clock(toClose)}</time>
        </span>
        <span>
          {t('lotto.drawsIn')} <time>{toDraw > 0 ? clock(toDraw) : t('lotto.drawing')}</time>
        </span>
      </div>
    </div>
  );
}
