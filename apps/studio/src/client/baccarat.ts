import type { BaccaratBet, Card } from '../games/baccarat.js';
import type { Outcome, Settlement } from '../games/play.js';
import { api, chime, chips, el, frame, money, sid, startPage, StudioError, wait } from './common.js';

type RoundAnswer = { round: { id: number; outcome: Outcome } & Settlement; balance: number | null };
const SUITS = ['♠', '♥', '♦', '♣'];
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const LABELS: Record<BaccaratBet, string> = {
  PLAYER: 'Player 1:1',
  BANKER: 'Banker 0.95:1',
  TIE: 'Tie 8:1',
  PLAYER_PAIR: 'Player pair 11:1',
  BANKER_PAIR: 'Banker pair 11:1',
};

const session = await startPage();
if (session) {
  const page = frame('Jade Baccarat', session);
  let chip = 100;
  const bets: Partial<Record<BaccaratBet, number>> = {};
  const playerHand = el('div', { class: 'hand', 'aria-label': 'Player cards' });
  const bankerHand = el('div', { class: 'hand', 'aria-label': 'Banker cards' });
  const playerTotal = el('output', { text: '–' });
  const bankerTotal = el('output', { text: '–' });
  const spots = (Object.keys(LABELS) as BaccaratBet[]).map((bet) => {
    const amount = el('span', { class: 'spot__amount', text: '' });
    const b = el(
      'button',
      { type: 'button', class: 'spot', 'data-bet': bet },
      el('span', { text: LABELS[bet] }),
      amount,
    );
    b.addEventListener('click', () => {
      bets[bet] = (bets[bet] ?? 0) + chip;
      amount.textContent = money(bets[bet]!);
      page.say(`Total stake ${money(Object.values(bets).reduce((s, v) => s + (v ?? 0), 0))}`);
    });
    return { b, amount, bet };
  });
  const deal = el('button', { type: 'button', class: 'primary', text: 'Deal' });
  const clear = el('button', { type: 'button', class: 'chip', text: 'Clear bets' });
  clear.addEventListener('click', () => {
    for (const spot of spots) {
      delete bets[spot.bet];
      spot.amount.textContent = '';
    }
    page.say('Place your bets');
  });
  page.stage.append(
    el(
      'div',
      { class: 'table' },
      el('div', { class: 'side' }, el('h2', {}, 'Player ', playerTotal), playerHand),
      el('div', { class: 'side' }, el('h2', {}, 'Banker ', bankerTotal), bankerHand),
    ),
    el('div', { class: 'spots', role: 'group', 'aria-label': 'Bets' }, ...spots.map((s) => s.b)),
    el(
      'div',
      { class: 'controls' },
      chips([10, 100, 500, 1000], chip, (v) => (chip = v), 'Chip'),
      clear,
      deal,
    ),
  );
  const cardNode = (card: Card) =>
    el('span', {
      class: `card ${card.suit === 1 || card.suit === 2 ? 'red' : ''}`,
      text: `${RANKS[card.rank]}${SUITS[card.suit]}`,
    });
  deal.addEventListener('click', async () => {
    if (Object.keys(bets).length === 0) {
      page.say('Place a bet first');
      return;
    }
    deal.disabled = true;
    playerHand.replaceChildren();
    bankerHand.replaceChildren();
    playerTotal.textContent = '–';
    bankerTotal.textContent = '–';
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { bets } });
      const outcome = answer.round.outcome;
      if (outcome.game !== 'baccarat') throw new StudioError('BAD', 'Unexpected answer');
      const { coup } = outcome;
      const order: [HTMLElement, Card][] = [
        [playerHand, coup.player[0]!],
        [bankerHand, coup.banker[0]!],
        [playerHand, coup.player[1]!],
        [bankerHand, coup.banker[1]!],
        ...coup.player.slice(2).map((c): [HTMLElement, Card] => [playerHand, c]),
        ...coup.banker.slice(2).map((c): [HTMLElement, Card] => [bankerHand, c]),
      ];
      for (const [hand, card] of order) {
        await wait(350);
        hand.append(cardNode(card));
      }
      playerTotal.textContent = String(coup.playerTotal);
      bankerTotal.textContent = String(coup.bankerTotal);
      const won = answer.round.payout;
      page.say(
        `${coup.winner === 'TIE' ? 'Tie' : coup.winner === 'PLAYER' ? 'Player wins' : 'Banker wins'}. ${won > 0 ? `You get ${money(won)}` : 'No win this time'}`,
      );
      if (won > answer.round.stake) chime();
      page.setBalance(answer.balance);
      await page.refresh();
    } catch (error) {
      page.say((error as Error).message);
    } finally {
      deal.disabled = false;
    }
  });
}
