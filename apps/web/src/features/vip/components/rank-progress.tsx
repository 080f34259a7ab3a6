import type { VipProgressResponse } from '@jade/contracts/vip';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';

/** One requirement of the next rank: what the member has over the period against what it takes. */
function ProgressBar({ label, have, need }: { label: string; have: number; need: number }) {
  const { format } = useMoneyFormat();
  const percent = need <= 0 ? 100 : Math.min(100, Math.floor((have / need) * 100));
  return (
    <div className="vip-progress__item">
      <div className="vip-progress__label">
        <span>{label}</span>
        <span>
          {format(have)} / {format(need)}
        </span>
      </div>
      <div
        className="vip-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** /vip: the member's deposits and valid bets over the brand's period, against the next rank's needs. */
export function RankProgress({ progress }: { progress: VipProgressResponse }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { next } = progress;
  return (
    <section className="panel vip-progress" aria-label={t('vipService.progressTitle')}>
      <h2>{t('vipService.progressTitle')}</h2>
      <p>{t('vipService.period', { days: progress.periodDays, from: progress.periodStart })}</p>
      {next ? (
        <>
          <p>
            {t('vipService.nextRank', { name: next.name })}
            {next.upgradeBonus > 0 &&
              ` · ${t('vipService.upgradeBonus', { amount: format(next.upgradeBonus) })}`}
          </p>
          <ProgressBar
            label={t('vipService.deposits')}
            have={progress.deposits}
            need={next.depositRequirement}
          />
          <ProgressBar
            label={t('vipService.validBets')}
            have={progress.validBets}
            need={next.turnoverRequirement}
          />
        </>
      ) : (
        <p>{t('vipService.topRank')}</p>
      )}
    </section>
  );
}
