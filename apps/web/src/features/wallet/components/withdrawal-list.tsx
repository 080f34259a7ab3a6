import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOAD_COMMENT_MAX_LENGTH, UPLOAD_MAX_IMAGES } from '@jade/contracts/constants';
import type { Withdrawal, WithdrawalConfirmation, WithdrawalPage } from '@jade/contracts/payments';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { FormAlert } from '../../accounts/components/form-controls';
import { formatCountdown } from '../../accounts/hooks/use-countdown';
import { required, type FieldMessage } from '../../accounts/utils/field-rules';
import { confirmWithdrawal } from '../api/confirm-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { walletKeys } from '../api/query-keys';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { useNow } from '../hooks/use-now';
import { readImageFile } from '../utils/image-upload';
import { CommentField } from './comment-field';
import { ImagePicker } from './image-picker';
import { PagedList } from './paged-list';
import { StatusBadge, SuccessNote, useFailureText, type BadgeTone } from './panel-state';
import { ClockIcon } from './wallet-icons';

const TONES: Record<Withdrawal['status'], BadgeTone> = {
  PENDING: 'pending',
  PAID: 'pending',
  REJECTED: 'danger',
  RECEIVED: 'success',
  NOT_RECEIVED: 'danger',
  AUTO_RECEIVED: 'success',
};

/** A payout waiting for the member's answer (§4), while its deadline has not passed. */
const isAwaitingAnswer = (withdrawal: Withdrawal, now: number) =>
  withdrawal.status === 'PAID' &&
  withdrawal.confirmDeadline !== null &&
  Date.parse(withdrawal.confirmDeadline) > now;

/** The member's withdrawals, newest first and a page at a time, with the §4 confirmation of each payout. */
export function WithdrawalList() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const withdrawals = useWithdrawals(pageNo);
  const hasOpenPayout = withdrawals.data?.list.some((item) => item.status === 'PAID') ?? false;
  const now = useNow(hasOpenPayout);
  const [answered, setAnswered] = useState<string>();
  return (
    <section className="wallet-section" aria-labelledby="withdrawal-history">
      <h4 id="withdrawal-history" className="wallet-section__title">
        {t('wallet.withdraw.history')}
      </h4>
      <SuccessNote>{answered}</SuccessNote>
      <PagedList
        query={withdrawals}
        empty={t('wallet.withdraw.none')}
        emptyClassName="wallet-section__hint"
        page={pageNo}
        onPage={setPageNo}
        pagesLabel={t('wallet.withdraw.pages')}
      >
        {(data, isUpdating) => (
          <ul className="wallet-cards" aria-busy={isUpdating}>
            {data.list.map((withdrawal) => (
              <WithdrawalCard
                key={withdrawal.id}
                withdrawal={withdrawal}
                now={now}
                onAnswered={setAnswered}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

type WithdrawalCardProps = { withdrawal: Withdrawal; now: number; onAnswered: (message: string) => void };

function WithdrawalCard({ withdrawal, now, onAnswered }: WithdrawalCardProps) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const isOpen = isAwaitingAnswer(withdrawal, now);
  const isLapsed = withdrawal.status === 'PAID' && !isOpen;
  return (
    <li
      className="wallet-card"
      data-withdrawal={withdrawal.id}
      aria-labelledby={`withdrawal-${withdrawal.id}`}
    >
      <div className="wallet-card__head">
        <strong id={`withdrawal-${withdrawal.id}`} className="wallet-card__amount">
          {format(withdrawal.amount)}
        </strong>
        <StatusBadge tone={isLapsed ? 'success' : TONES[withdrawal.status]}>
          {t(`wallet.withdraw.status.${isLapsed ? 'AUTO_RECEIVED' : withdrawal.status}`)}
        </StatusBadge>
      </div>
      <p className="wallet-card__meta">
        <span>{formatDateTime(withdrawal.createdAt)}</span>
        <span>
          {withdrawal.bankAccount.bankName} {withdrawal.bankAccount.accountNumber}
        </span>
      </p>
      {withdrawal.note && <p className="wallet-note">{withdrawal.note}</p>}
      {withdrawal.status === 'NOT_RECEIVED' && (
        <p className="wallet-note">
          {t('wallet.confirm.reported', {
            comment: withdrawal.complaint ?? '',
            count: withdrawal.proofCount,
          })}
        </p>
      )}
      {isOpen && withdrawal.confirmDeadline && (
        <PayoutConfirmation
          withdrawal={withdrawal}
          deadline={withdrawal.confirmDeadline}
          now={now}
          onAnswered={onAnswered}
        />
      )}
    </li>
  );
}

type PayoutConfirmationProps = {
  withdrawal: Withdrawal;
  deadline: string;
  now: number;
  onAnswered: (message: string) => void;
};

function PayoutConfirmation({ withdrawal, deadline, now, onAnswered }: PayoutConfirmationProps) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const modals = useModals();
  const failureText = useFailureText();
  const send = useConfirmWithdrawal(withdrawal.id);
  const confirm = async (confirmation: WithdrawalConfirmation) => {
    await send(confirmation);
    onAnswered(t(confirmation.received ? 'wallet.confirm.thanksReceived' : 'wallet.confirm.thanksReported'));
  };
  const [isReporting, setReporting] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const seconds = Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));

  const received = async () => {
    const isSure = await modals.confirm({
      message: t('wallet.confirm.receivedQuestion', { amount: format(withdrawal.amount) }),
      confirmLabel: t('wallet.confirm.received'),
    });
    if (!isSure) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await confirm({ received: true });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-confirm" role="group" aria-label={t('wallet.confirm.title')}>
      <p className="wallet-confirm__question">
        <ClockIcon size={18} />
        <span>
          {t('wallet.confirm.question')}{' '}
          <strong className="wallet-confirm__countdown" data-testid="confirm-countdown">
            {t('wallet.confirm.timeLeft', { time: formatCountdown(seconds) })}
          </strong>
        </span>
      </p>
      <p className="wallet-confirm__rule">
        {t('wallet.confirm.rule', { deadline: formatDateTime(deadline) })}
      </p>
      <FormAlert message={failure} />
      {isReporting ? (
        <NotReceivedForm confirm={confirm} onCancel={() => setReporting(false)} />
      ) : (
        <div className="wallet-form__actions wallet-form__actions--start">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={isBusy}
            onClick={() => void received()}
          >
            {isBusy && <Spinner />}
            {t('wallet.confirm.received')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={isBusy}
            onClick={() => setReporting(true)}
          >
            {t('wallet.confirm.notReceived')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Sends an answer; the list shows the new status from the server's answer at once. */
const useConfirmWithdrawal = (id: number) => {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const send = useIdempotentSend();
  return useCallback(
    async (confirmation: WithdrawalConfirmation) => {
      const answer = await send(confirmation, (key) => confirmWithdrawal(id, confirmation, key));
      // Whichever page shows it.
      queryClient.setQueriesData<WithdrawalPage>(
        { queryKey: walletKeys.withdrawals(token) },
        (page) => page && { ...page, list: page.list.map((item) => (item.id === answer.id ? answer : item)) },
      );
      return answer;
    },
    [id, send, queryClient, token],
  );
};

type NotReceivedFormProps = {
  confirm: (confirmation: WithdrawalConfirmation) => Promise<unknown>;
  onCancel: () => void;
};

/** §4/§5 not received: a comment of up to 140 characters and 1–3 png or jpg images of up to 5 MB. */
function NotReceivedForm({ confirm, onCancel }: NotReceivedFormProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const commentError: FieldMessage | undefined = isSubmitted && comment.trim() === '' ? required : undefined;
  const imagesError: FieldMessage | undefined =
    isSubmitted && images.length === 0 ? { key: 'wallet.confirm.imagesRequired' } : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (isBusy || comment.trim() === '' || images.length === 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await confirm({
        received: false,
        comment: comment.trim(),
        images: await Promise.all(images.map(readImageFile)),
      });
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <form
      className="wallet-form wallet-report"
      aria-label={t('wallet.confirm.reportTitle')}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormAlert message={failure} />
      <CommentField
        label={t('wallet.confirm.comment')}
        value={comment}
        onChange={setComment}
        maxLength={UPLOAD_COMMENT_MAX_LENGTH}
        error={commentError}
      />
      <ImagePicker
        label={t('wallet.confirm.images')}
        files={images}
        onChange={setImages}
        max={UPLOAD_MAX_IMAGES}
        isRequired
        error={imagesError}
      />
      <div className="wallet-form__actions wallet-form__actions--start">
        <button type="submit" className="button button--primary button--small" disabled={isBusy}>
          {isBusy && <Spinner />}
          {t('wallet.confirm.send')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={isBusy}
          onClick={onCancel}
        >
          {t('modal.cancel')}
        </button>
      </div>
    </form>
  );
}
