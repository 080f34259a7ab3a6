import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RaffleSummary } from '@jade/contracts/raffle';
import { useModals } from '../../../components/modal/modal-context';
import { Spinner } from '../../../components/spinner';
import { useErrorMessage } from '../../../i18n/error-message';
import { isApiRequestError } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { isLoggedIn, isTrialAccount, useSession } from '../../../lib/session';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useJoinRaffle, useRaffleDetail, useRaffles, useRaffleWinners } from '../api/raffles';
import '../../wallet/wallet.css';

/** Ticks once a second while mounted: the countdown's clock. */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** "2d 03:04:05" or "03:04:05" until the close. */
const remaining = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1_000));
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3_600))}:${pad(Math.floor((s % 3_600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
};

/** The promotions page's raffles (decision 0053): cards with tickets, join, countdown, verify; the winner board. */
export function RaffleSection() {
  const { t } = useTranslation();
  const raffles = useRaffles();
  const list = raffles.data?.raffles ?? [];
  if (raffles.isPending || raffles.isError || list.length === 0) return null;
  return (
    <section className="panel raffles" aria-labelledby="raffles-title" data-testid="raffles">
      <h2 id="raffles-title" className="raffles__title">
        {t('raffle.title')}
      </h2>
      <div className="raffles__cards">
        {list.map((raffle) => (
          <RaffleCard key={raffle.id} raffle={raffle} />
        ))}
      </div>
      <WinnerBoard />
    </section>
  );
}

function RaffleCard({ raffle }: { raffle: RaffleSummary }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const now = useNow();
  const [verifying, setVerifying] = useState(false);
  const closesIn = Date.parse(raffle.closesAt) - now;
  const isOpen = raffle.status === 'OPEN' && closesIn > 0;
  return (
    <article className="raffle-card" data-testid={`raffle-${raffle.code}`}>
      <header className="raffle-card__head">
        <h3>{raffle.title}</h3>
        <span className={`raffle-card__status raffle-card__status--${raffle.status}`}>
          {t(`raffle.statuses.${isOpen || raffle.status !== 'OPEN' ? raffle.status : 'CLOSED'}`)}
        </span>
      </header>
      <p className="raffle-card__rule">
        {t(`raffle.rules.${raffle.basis}`, { amount: format(raffle.unitAmount), max: raffle.maxTickets })}
      </p>
      <ol className="raffle-card__prizes" aria-label={t('raffle.prizes')}>
        {raffle.prizes.map((amount, i) => (
          <li key={i}>
            {t('raffle.rank', { rank: i + 1 })}: <strong>{format(amount)}</strong>
          </li>
        ))}
      </ol>
      <p className="raffle-card__entries">
        {t('raffle.entries', { entries: raffle.entryCount, tickets: raffle.ticketCount })}
      </p>
      {isOpen ? (
        <p className="raffle-card__countdown" role="timer">
          {t('raffle.closesIn', { time: remaining(closesIn), date: formatDateTime(raffle.closesAt) })}
        </p>
      ) : (
        <p className="raffle-card__countdown">
          {t('raffle.closedAt', { date: formatDateTime(raffle.closesAt) })}
        </p>
      )}
      {isOpen && <JoinAction raffle={raffle} />}
      <button type="button" className="button button--secondary" onClick={() => setVerifying((v) => !v)}>
        {t('raffle.verify')}
      </button>
      {verifying && <VerifyView raffleId={raffle.id} />}
    </article>
  );
}

function JoinAction({ raffle }: { raffle: RaffleSummary }) {
  const { t } = useTranslation();
  const session = useSession();
  const modals = useModals();
  const join = useJoinRaffle();
  const errorMessage = useErrorMessage();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<number>();
  if (!isLoggedIn(session)) {
    return (
      <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
        {t('raffle.loginToJoin')}
      </button>
    );
  }
  if (isTrialAccount(session)) return <p className="raffle-card__hint">{t('raffle.trial')}</p>;
  const mine = raffle.mine ?? { entryId: null, tickets: 0, earned: 0 };
  const more = mine.earned > mine.tickets;
  return (
    <div className="raffle-card__join">
      <p className="raffle-card__tickets">
        {t('raffle.tickets', { n: mine.tickets })} · {t('raffle.earned', { n: mine.earned })}
      </p>
      {done !== undefined && !confirming && (
        <p className="raffle-card__done" role="status">
          {t('raffle.joined', { n: done })}
        </p>
      )}
      {join.isError && (
        <p className="form-error" role="alert">
          {errorMessage(isApiRequestError(join.error) ? join.error.code : 'UNKNOWN')}
        </p>
      )}
      {confirming ? (
        <div className="raffle-card__confirm">
          <p>{t('raffle.confirm', { n: mine.earned })}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={join.isPending}
            onClick={() =>
              void join
                .mutateAsync(raffle.id)
                .then((entry) => {
                  setDone(entry.tickets);
                  setConfirming(false);
                })
                .catch(() => setConfirming(false))
            }
          >
            {join.isPending ? <Spinner /> : t('raffle.confirmButton')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            {t('raffle.cancel')}
          </button>
        </div>
      ) : (
        (more || mine.entryId === null) && (
          <button
            type="button"
            className="button button--primary"
            disabled={mine.earned === 0}
            onClick={() => {
              join.reset();
              setConfirming(true);
            }}
          >
            {mine.entryId === null ? t('raffle.join') : t('raffle.addTickets')}
          </button>
        )
      )}
      {mine.earned === 0 && <p className="raffle-card__hint">{t('raffle.noTickets')}</p>}
    </div>
  );
}

/** The draw's evidence and how to check it with any SHA-256 / HMAC-SHA256 tool. */
function VerifyView({ raffleId }: { raffleId: number }) {
  const { t } = useTranslation();
  const detail = useRaffleDetail(raffleId, true);
  if (detail.isPending) return <Spinner />;
  if (detail.isError) return null;
  const d = detail.data;
  return (
    <div className="raffle-verify" data-testid="raffle-verify">
      <h4>{t('raffle.verifyTitle')}</h4>
      <dl>
        <dt>{t('raffle.commitment')}</dt>
        <dd>
          <code>{d.seedHash}</code>
        </dd>
        <dt>{t('raffle.seed')}</dt>
        <dd>{d.serverSeed ? <code>{d.serverSeed}</code> : t('raffle.seedHidden')}</dd>
        <dt>{t('raffle.entriesHash')}</dt>
        <dd>{d.entriesHash ? <code>{d.entriesHash}</code> : t('raffle.seedHidden')}</dd>
        <dt>{t('raffle.drawKey')}</dt>
        <dd>
          <code>{d.drawKey}</code>
        </dd>
      </dl>
      {d.entries.length > 0 && (
        <details>
          <summary>{t('raffle.entryList', { n: d.entries.length })}</summary>
          <pre className="raffle-verify__entries">
            {d.entries.map((e) => `${e.entryId}:${e.tickets}  ${e.account}`).join('\n')}
          </pre>
        </details>
      )}
      <ol className="raffle-verify__steps">
        {(['1', '2', '3', '4'] as const).map((step) => (
          <li key={step}>{t(`raffle.steps.${step}`)}</li>
        ))}
      </ol>
    </div>
  );
}

function WinnerBoard() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const winners = useRaffleWinners();
  const list = winners.data?.winners ?? [];
  return (
    <div className="raffle-winners" data-testid="raffle-winners">
      <h3>{t('raffle.winners')}</h3>
      {list.length === 0 ? (
        <p>{t('raffle.noWinners')}</p>
      ) : (
        // The wallet's record table: on a phone a card a winner, no column cut off at the edge.
        <div className="wallet-table-wrap">
          <table className="wallet-table">
            <thead>
              <tr>
                <th>{t('raffle.columns.raffle')}</th>
                <th>{t('raffle.columns.rank')}</th>
                <th>{t('raffle.columns.account')}</th>
                <th>{t('raffle.columns.prize')}</th>
                <th>{t('raffle.columns.drawn')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
                <tr key={`${w.raffleId}-${w.rank}`}>
                  <td data-label={t('raffle.columns.raffle')}>{w.title}</td>
                  <td data-label={t('raffle.columns.rank')}>{w.rank}</td>
                  <td data-label={t('raffle.columns.account')}>{w.account}</td>
                  <td data-label={t('raffle.columns.prize')}>{format(w.amount)}</td>
                  <td data-label={t('raffle.columns.drawn')}>{formatDateTime(w.drawnAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
