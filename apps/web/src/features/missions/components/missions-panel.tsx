import { useTranslation } from 'react-i18next';
import type { MissionItem } from '@jade/contracts/missions';
import { isApiRequestError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { Spinner } from '../../../components/spinner';
import { useErrorMessage } from '../../../i18n/error-message';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useClaimMission, useMissionLeaderboard, useMissionSummary } from '../api/missions';
import '../missions.css';

/** Points are kept in hundredths (decision 0046). */
const pointsText = (hundredths: number, language: string) =>
  (hundredths / 100).toLocaleString(language, { maximumFractionDigits: 2 });

/** What the mission asks, its target in money or days. */
function Goal({ mission }: { mission: MissionItem }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const amount = format(mission.target);
  if (mission.kind === 'DEPOSIT') return <>{t('missions.goals.DEPOSIT', { amount })}</>;
  if (mission.kind === 'VALID_BET')
    return (
      <>
        {mission.category
          ? t('missions.goals.VALID_BET_CATEGORY', {
              amount,
              category: t(`categories.${mission.category}.title`),
            })
          : t('missions.goals.VALID_BET', { amount })}
      </>
    );
  return <>{t(`missions.goals.${mission.kind}`, { days: mission.target })}</>;
}

function Row({ mission }: { mission: MissionItem }) {
  const { t, i18n } = useTranslation();
  const { format } = useMoneyFormat();
  const claim = useClaimMission();
  const errorMessage = useErrorMessage();
  const isMoney = mission.kind === 'DEPOSIT' || mission.kind === 'VALID_BET';
  const shown = (n: number) => (isMoney ? format(n) : String(n));
  const rewards = [
    mission.rewardAmount > 0 ? format(mission.rewardAmount) : null,
    mission.rewardPoints > 0
      ? t('missions.points', { points: pointsText(mission.rewardPoints, i18n.language) })
      : null,
  ].filter(Boolean);
  const refusal = (error: unknown) => {
    if (!isApiRequestError(error)) return errorMessage('UNKNOWN');
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    return reason ? t(`missions.reasons.${reason}` as 'missions.reasons.CLAIMED') : errorMessage(error.code);
  };
  return (
    <li className="mission" data-mission={mission.code} data-state={mission.state}>
      <div className="mission__head">
        <strong className="mission__title">{mission.title}</strong>
        <span className="mission__period">{t(`missions.periods.${mission.period}`)}</span>
        <span className={`mission__state mission__state--${mission.state}`}>
          {t(`missions.states.${mission.state}`)}
        </span>
      </div>
      <p className="mission__goal">
        <Goal mission={mission} />
        {mission.periodEnd && (
          <span className="mission__dates">
            {' · '}
            {t('missions.until', { date: mission.periodEnd })}
          </span>
        )}
      </p>
      <div className="mission__progress">
        <progress
          max={mission.target}
          value={mission.progress}
          aria-label={t('missions.progressLabel', { title: mission.title })}
        />
        <span data-testid="mission-progress">
          {shown(mission.progress)} / {shown(mission.target)}
        </span>
      </div>
      <div className="mission__foot">
        <span className="mission__reward">{t('missions.reward', { reward: rewards.join(' + ') })}</span>
        {mission.state === 'COMPLETED' && (
          <button
            type="button"
            className="button button--primary"
            disabled={claim.isPending}
            onClick={() => claim.mutate(mission.id)}
          >
            {claim.isPending ? <Spinner /> : t('missions.claim')}
          </button>
        )}
      </div>
      {claim.isError && (
        <p className="form-error" role="alert">
          {refusal(claim.error)}
        </p>
      )}
    </li>
  );
}

function Leaderboard() {
  const { t } = useTranslation();
  const board = useMissionLeaderboard();
  if (board.isPending) return <LoadingState />;
  if (board.isError) return <LoadError error={board.error} onRetry={() => void board.refetch()} />;
  const { items, periodStart, periodEnd } = board.data;
  return (
    <section className="mission-board" aria-label={t('missions.leaderboard')}>
      <h4 className="missions__title">
        {t('missions.leaderboard')}{' '}
        <span className="mission__dates">{t('missions.week', { start: periodStart, end: periodEnd })}</span>
      </h4>
      {items.length === 0 ? (
        <p className="missions__hint">{t('missions.noLeaderboard')}</p>
      ) : (
        <table className="mission-board__table">
          <thead>
            <tr>
              <th>{t('missions.rank')}</th>
              <th>{t('missions.account')}</th>
              <th>{t('missions.completed')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.rank}>
                <td>{row.rank}</td>
                <td>{row.account}</td>
                <td>{row.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * §2 missionLeaderboard: the member's missions with progress and claim, and the brand's weekly board.
 * Period days (YYYY-MM-DD) come from the server already in the brand's time zone, shown as they are.
 */
export function MissionsPanel() {
  const { t } = useTranslation();
  const summary = useMissionSummary();
  if (summary.isPending) return <LoadingState />;
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  return (
    <div className="missions">
      {summary.data.missions.length === 0 ? (
        <EmptyState icon={<GiftIcon size={32} />} title={t('missions.empty')} />
      ) : (
        <ul className="mission-list">
          {summary.data.missions.map((m) => (
            <Row key={m.id} mission={m} />
          ))}
        </ul>
      )}
      <Leaderboard />
    </div>
  );
}
