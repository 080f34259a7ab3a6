import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { REDEEM_STATUSES, type PointReward, type RedeemStatus } from '@jade/contracts/points';
import { isApiRequestError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { GiftIcon } from '../../../components/icons';
import { LoadError, LoadingState } from '../../../components/load-state';
import { useModals } from '../../../components/modal/modal-context';
import { PageHero } from '../../../components/page-hero';
import { useLanguageCode } from '../../../config/brand';
import { useErrorMessage } from '../../../i18n/error-message';
import { formatDateTime } from '../../../lib/format';
import { isLoggedIn, isTrialAccount, useSession } from '../../../lib/session';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { PaymentPasswordField } from '../../wallet/components/wallet-form';
import { useIdempotentSend } from '../../wallet/hooks/use-idempotent-send';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import {
  convertPoints,
  pointKeys,
  redeemReward,
  usePointBalance,
  usePointConfig,
  usePointRewards,
  useRedemptions,
} from '../api/points';
import '../points.css';

/** Points travel in hundredths (decision 0046): 1250 is shown as 12.50. */
const usePointFormat = () => {
  const { i18n } = useTranslation();
  return (hundredths: number) =>
    (hundredths / 100).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
};

const passwordBinding = (value: string, onChange: (value: string) => void, name: string) => ({
  name,
  value,
  onChange,
  onBlur: () => undefined,
  error: undefined,
});

/** §2 /pointMall (header and footer only): points, rewards to redeem, redeem history, conversion. */
export function PointMallPage() {
  const { t } = useTranslation();
  const session = useSession();
  const modals = useModals();
  return (
    <section className="page point-mall" aria-labelledby="point-mall-title">
      <PageHero
        titleId="point-mall-title"
        title={t('pointMall.title')}
        subtitle={t('pointMall.subtitle')}
        icon={<GiftIcon size={32} />}
      />
      {!isLoggedIn(session) ? (
        <div className="panel">
          <EmptyState icon={<GiftIcon size={36} />} title={t('points2.loginTitle')}>
            <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
              {t('accounts.login.submit')}
            </button>
          </EmptyState>
        </div>
      ) : isTrialAccount(session) ? (
        <div className="panel">
          <EmptyState icon={<GiftIcon size={36} />} title={t('points2.trial')} />
        </div>
      ) : (
        <PointMall />
      )}
    </section>
  );
}

function PointMall() {
  const { t } = useTranslation();
  const points = usePointFormat();
  const balance = usePointBalance();
  const [chosen, setChosen] = useState<PointReward>();
  return (
    <>
      <div className="panel point-mall__balance">
        <span>{t('points2.balance')}</span>
        <strong data-testid="point-balance">{balance.data ? points(balance.data.points) : '…'}</strong>
        <span className="point-mall__hint">{t('points2.neverExpire')}</span>
      </div>
      <Rewards onChoose={setChosen} />
      {chosen && <RedeemForm reward={chosen} onDone={() => setChosen(undefined)} />}
      <ConvertForm />
      <History />
    </>
  );
}

function Rewards({ onChoose }: { onChoose: (reward: PointReward) => void }) {
  const { t } = useTranslation();
  const points = usePointFormat();
  const rewards = usePointRewards(useLanguageCode());
  if (rewards.isPending) return <LoadingState />;
  if (rewards.isError) return <LoadError error={rewards.error} onRetry={() => void rewards.refetch()} />;
  if (rewards.data.list.length === 0)
    return (
      <div className="panel">
        <EmptyState
          icon={<GiftIcon size={36} />}
          title={t('pointMall.empty')}
          message={t('pointMall.emptyHint')}
        />
      </div>
    );
  return (
    <section className="panel" aria-labelledby="point-rewards-title">
      <h2 id="point-rewards-title">{t('points2.rewards')}</h2>
      <ul className="point-mall__rewards">
        {rewards.data.list.map((reward) => (
          <li key={reward.id} className="point-mall__reward">
            <h3>{reward.name}</h3>
            {reward.description && <p>{reward.description}</p>}
            <p className="point-mall__cost">{t('points2.cost', { points: points(reward.cost) })}</p>
            <p className="point-mall__hint">{t('points2.stock', { count: reward.stock })}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={reward.stock === 0}
              onClick={() => onChoose(reward)}
            >
              {reward.stock === 0 ? t('points2.outOfStock') : t('points2.redeem')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One payment-password form: confirmation first, then the call; a refusal is shown as its code's text. */
function usePasswordAction() {
  const errorMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const run = async (confirm: () => Promise<boolean>, send: (password: string) => Promise<string>) => {
    if (busy || password === '' || !(await confirm())) return;
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage({ ok: true, text: await send(password) });
      setPassword('');
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(isApiRequestError(error) ? error.code : 'UNKNOWN') });
    } finally {
      setBusy(false);
    }
  };
  return { password, setPassword, busy, message, run };
}

function Notice({ message }: { message: { ok: boolean; text: string } | undefined }) {
  if (!message) return null;
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'point-mall__ok' : 'point-mall__error'}>
      {message.text}
    </p>
  );
}

function RedeemForm({ reward, onDone }: { reward: PointReward; onDone: () => void }) {
  const { t } = useTranslation();
  const points = usePointFormat();
  const modals = useModals();
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  const action = usePasswordAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(
      () =>
        modals.confirm({
          message: t('points2.redeemConfirm', { name: reward.name, points: points(reward.cost) }),
          confirmLabel: t('points2.redeem'),
        }),
      async (paymentPassword) => {
        const request = { rewardId: reward.id, paymentPassword };
        await sendOnce(request, (key) => redeemReward(request, key));
        void queryClient.invalidateQueries({ queryKey: pointKeys.all });
        return t('points2.redeemed', { name: reward.name });
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="point-redeem-title">
      <h2 id="point-redeem-title">{t('points2.redeemTitle', { name: reward.name })}</h2>
      <form className="wallet-form" aria-label={t('points2.redeem')} onSubmit={submit} noValidate>
        <Notice message={action.message} />
        <PaymentPasswordField {...passwordBinding(action.password, action.setPassword, 'redeemPassword')} />
        <div className="point-mall__actions">
          <button type="submit" className="button button--primary" disabled={action.busy}>
            {t('points2.redeem')}
          </button>
          <button type="button" className="button" onClick={onDone}>
            {t('points2.close')}
          </button>
        </div>
      </form>
    </section>
  );
}

function ConvertForm() {
  const { t } = useTranslation();
  const points = usePointFormat();
  const { format } = useMoneyFormat();
  const config = usePointConfig();
  const modals = useModals();
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  const action = usePasswordAction();
  const [amount, setAmount] = useState('');
  if (!config.data) return null;
  const { conversion } = config.data;
  const typed = Math.round(Number(amount.replace(',', '.')) * 100);
  const valid = Number.isSafeInteger(typed) && typed >= conversion.minPoints && typed <= conversion.maxPoints;
  const money = valid ? Math.floor((typed * conversion.amount) / conversion.points) : 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void action.run(
      () =>
        modals.confirm({
          message: t('points2.convertConfirm', { points: points(typed), amount: format(money) }),
          confirmLabel: t('points2.convert'),
        }),
      async (paymentPassword) => {
        const request = { points: typed, paymentPassword };
        const answer = await sendOnce(request, (key) => convertPoints(request, key));
        void queryClient.invalidateQueries({ queryKey: pointKeys.all });
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        setAmount('');
        return t('points2.converted', { points: points(answer.points), amount: format(answer.amount) });
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="point-convert-title">
      <h2 id="point-convert-title">{t('points2.convertTitle')}</h2>
      <p className="point-mall__hint">
        {t('points2.rate', {
          points: points(conversion.points),
          amount: format(conversion.amount),
          min: points(conversion.minPoints),
          max: points(conversion.maxPoints),
        })}
      </p>
      <form className="wallet-form" aria-label={t('points2.convert')} onSubmit={submit} noValidate>
        <Notice message={action.message} />
        <label className="point-mall__field">
          <span>{t('points2.convertPoints')}</span>
          <input
            className="input"
            inputMode="decimal"
            name="convertPoints"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
        {valid && <p className="point-mall__hint">{t('points2.youGet', { amount: format(money) })}</p>}
        <PaymentPasswordField {...passwordBinding(action.password, action.setPassword, 'convertPassword')} />
        <button type="submit" className="button button--primary" disabled={action.busy || !valid}>
          {t('points2.convert')}
        </button>
      </form>
    </section>
  );
}

function History() {
  const { t } = useTranslation();
  const points = usePointFormat();
  const { format } = useMoneyFormat();
  const [status, setStatus] = useState<RedeemStatus>();
  const list = useRedemptions(status, useLanguageCode());
  return (
    <section className="panel" aria-labelledby="point-history-title">
      <h2 id="point-history-title">{t('points2.history')}</h2>
      <div className="point-mall__tabs" role="tablist">
        {[undefined, ...REDEEM_STATUSES].map((s) => (
          <button
            key={s ?? 'ALL'}
            type="button"
            role="tab"
            aria-selected={status === s}
            className={status === s ? 'button button--primary' : 'button'}
            onClick={() => setStatus(s)}
          >
            {s ? t(`points2.status.${s}`) : t('points2.all')}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className="point-mall__hint">{t('points2.noHistory')}</p>
      ) : (
        <ul className="point-mall__history">
          {list.data.list.map((r) => (
            <li key={`${r.kind}-${r.id}`} data-status={r.status} data-kind={r.kind}>
              {r.kind === 'CONVERT' ? (
                <>
                  <strong>{t('engagementMore.converted')}</strong>
                  <span>
                    {t('engagementMore.convertedFigures', {
                      points: points(r.points),
                      amount: format(r.amount ?? 0),
                    })}
                  </span>
                </>
              ) : (
                <>
                  <strong>{r.rewardName}</strong>
                  <span>{t('points2.cost', { points: points(r.points) })}</span>
                </>
              )}
              <span className={`point-mall__status point-mall__status--${r.status.toLowerCase()}`}>
                {t(`points2.status.${r.status}`)}
              </span>
              <span className="point-mall__hint">{formatDateTime(r.createdAt)}</span>
              {r.remark && <span className="point-mall__hint">{r.remark}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
