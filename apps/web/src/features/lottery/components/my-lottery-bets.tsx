import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { LotteryBet } from '@jade/contracts/lottery';
import { LoadError, LoadingState } from '../../../components/load-state';
import { useModals } from '../../../components/modal/modal-context';
import { Pagination } from '../../../components/pagination';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { StatusBadge, useFailureText, type BadgeTone } from '../../wallet/components/panel-state';
import { useIdempotentSend } from '../../wallet/hooks/use-idempotent-send';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import '../../wallet/wallet.css';
import { useMyLotteryBets } from '../api/my-bets';
import { lotteryKeys } from '../api/query-keys';

const TONE: Record<LotteryBet['status'], BadgeTone> = {
  OPEN: 'pending',
  WON: 'success',
  LOST: 'danger',
  REFUNDED: 'muted',
};

/** The member's bets on the game: numbers, cost, state and winnings; an open one can be cancelled before the close. */
export function MyLotteryBets({
  gameCode,
  openNumero,
}: {
  gameCode: string;
  openNumero: string | undefined;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bets = useMyLotteryBets(gameCode, page);
  const { format } = useMoneyFormat();
  const modals = useModals();
  const queryClient = useQueryClient();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string>();
  const send = useIdempotentSend();

  const cancel = async (bet: LotteryBet) => {
    // The cancel and its schema (zod) load while the member confirms, not with the lobby (decision 0092).
    const cancelling = import('../api/cancel-bet');
    cancelling.catch(() => undefined);
    if (!(await modals.confirm({ message: t('lotto.cancelConfirm') }))) return;
    setFailure(undefined);
    try {
      // One key per cancel of a bet: a retry after a lost answer reuses it and is told the bet was cancelled.
      await send({ cancel: bet.betId }, async (key) => (await cancelling).cancelLotteryBet(bet, key));
    } catch (error) {
      setFailure(failureText(error));
    }
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.allMyBets });
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  };

  return (
    <section className="lotto-panel" aria-labelledby="lotto-my-bets">
      <h3 id="lotto-my-bets">{t('lotto.myBets')}</h3>
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {bets.isPending ? (
        <LoadingState />
      ) : bets.isError ? (
        <LoadError error={bets.error} onRetry={() => void bets.refetch()} />
      ) : bets.data.bets.length === 0 ? (
        <p className="lotto-empty">{t('lotto.noBets')}</p>
      ) : (
        <>
          <div className="lotto-bets__scroll">
            <table className="lotto-bets">
              <thead>
                <tr>
                  <th scope="col">{t('lotto.numero', { numero: '' }).trim()}</th>
                  <th scope="col">{t('lotto.betType')}</th>
                  <th scope="col">{t('lotto.numbers')}</th>
                  <th scope="col">{t('lotto.cost')}</th>
                  <th scope="col">{t('lotto.won')}</th>
                  <th scope="col">{t('lotto.state')}</th>
                </tr>
              </thead>
              <tbody>
                {bets.data.bets.map((bet) => (
                  <tr key={bet.betId} data-bet-id={bet.betId}>
                    <td>{bet.numero}</td>
                    <td>{t(`lotto.types.${bet.betType}` as 'lotto.types.LO2')}</td>
                    <td className="lotto-bets__numbers">{bet.numbers.join(' ')}</td>
                    <td>{format(bet.cost)}</td>
                    <td>{bet.status === 'OPEN' ? '–' : format(bet.payout)}</td>
                    <td>
                      <StatusBadge tone={TONE[bet.status]}>{t(`lotto.status.${bet.status}`)}</StatusBadge>
                      {bet.status === 'OPEN' && bet.numero === openNumero && (
                        <button type="button" className="link-button" onClick={() => void cancel(bet)}>
                          {t('lotto.cancel')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} totalPages={bets.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
