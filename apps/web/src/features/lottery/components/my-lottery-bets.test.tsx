import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelLotteryBetResponse, myLotteryBets, type LotteryBet } from '@jade/contracts/lottery';
import { renderWithDialogs, useMemberApi, valueAnswer } from '../../../testing/member-api';
import { MyLotteryBets } from './my-lottery-bets';

const NUMERO = '20261127';
const openBet = (betId: number): LotteryBet => ({
  betId,
  gameCode: 'VN_HN',
  numero: NUMERO,
  betType: 'DE',
  numbers: ['42'],
  stake: 100_000,
  cost: 100_000,
  payout: 0,
  status: 'OPEN',
  placedAt: new Date().toISOString(),
  settledAt: null,
});

let bets: LotteryBet[];
/** The key of each cancel sent, by bet; a cancel whose answer is lost throws as a dropped connection does. */
let cancels: { betId: number; key: string | null }[];
let losesAnswer: boolean;

beforeEach(() => {
  bets = [openBet(7), openBet(8)];
  cancels = [];
  losesAnswer = false;
});

useMemberApi(async (path, { init }) => {
  if (path === '/lotto/bets') return valueAnswer(myLotteryBets, { bets, pageNum: 1, totalPages: 1 });
  const cancel = /^\/lotto\/bets\/(\d+)\/cancel$/.exec(path);
  if (cancel) {
    const betId = Number(cancel[1]);
    cancels.push({ betId, key: new Headers(init.headers).get('idempotency-key') });
    if (losesAnswer) throw new TypeError('Failed to fetch');
    bets = bets.map((bet) => (bet.betId === betId ? { ...bet, status: 'REFUNDED' } : bet));
    return valueAnswer(cancelLotteryBetResponse, { cancelled: true });
  }
  return undefined;
});

const renderBets = () => renderWithDialogs(<MyLotteryBets gameCode="VN_HN" openNumero={NUMERO} />);

/** Clicks the bet's Cancel and confirms. */
const cancelBet = async (betId: number) => {
  const row = (await waitFor(() => {
    const found = document.querySelector(`tr[data-bet-id="${betId}"]`);
    if (!found) throw new Error(`no row for bet ${betId}`);
    return found;
  })) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
};

describe('MyLotteryBets cancelling (decision 0085)', () => {
  it('sends a cancel with a key, the same key again when its answer was lost, and a new key for the next cancel', async () => {
    renderBets();
    losesAnswer = true;
    await cancelBet(7);
    await screen.findByRole('alert');
    // The member tries again: the server, which may have cancelled it, is asked under the same key.
    losesAnswer = false;
    await cancelBet(7);
    await waitFor(() => expect(document.querySelector('tr[data-bet-id="7"] button')).toBeNull());
    await cancelBet(8);
    await waitFor(() => expect(cancels).toHaveLength(3));
    const [lost, retry, next] = cancels;
    expect(lost).toEqual({ betId: 7, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(retry).toEqual(lost);
    expect(next?.betId).toBe(8);
    expect(next?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(next?.key).not.toBe(lost?.key);
  });
});
