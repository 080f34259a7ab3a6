import { BACCARAT_BETS, type BaccaratBet, type Card } from '../games/baccarat.js';
import type { Outcome, Settlement } from '../games/play.js';
import { cardFace, type DecodedCard } from './cards.js';
import { chipFace, chipRack, chipValues, exponentOf, limitsOf } from './chip-rack.js';
import {
  api,
  chime,
  el,
  frame,
  money,
  reducedMotion,
  sid,
  startPage,
  StudioError,
  wait,
  type RoundView,
} from './common.js';
import { translator } from './i18n.js';
import { beadPlate, bigRoad, lastColumns, type RoadOutcome } from './roadmap.js';
import { BACCARAT_STRINGS } from './strings/baccarat.js';

type RoundAnswer = { round: { id: number; outcome: Outcome } & Settlement; balance: number | null };

const t = translator(BACCARAT_STRINGS);
const PAYS: Record<BaccaratBet, string> = {
  PLAYER: '1:1',
  BANKER: '0.95:1',
  TIE: '8:1',
  PLAYER_PAIR: '11:1',
  BANKER_PAIR: '11:1',
};
const NAMES: Record<BaccaratBet, string> = {
  PLAYER: 'player',
  BANKER: 'banker',
  TIE: 'tie',
  PLAYER_PAIR: 'playerPair',
  BANKER_PAIR: 'bankerPair',
};
const cardLabel = (card: DecodedCard) =>
  t('card', { rank: /[AJQK]/.test(card.rank) ? t(`rank${card.rank}`) : card.rank, suit: t(card.suit) });
const letter = (winner: RoadOutcome['winner']) =>
  t(winner === 'PLAYER' ? 'letterP' : winner === 'BANKER' ? 'letterB' : 'letterT');

const session = await startPage();
if (session) {
  const page = frame('Jade Baccarat', session);
  const exponent = exponentOf(session);
  const limits = limitsOf(session, 'baccarat');
  const maxStake = limits.maxBet ?? Number.MAX_SAFE_INTEGER;
  const rack = chipRack(chipValues(limits, session), exponent, t('chips'));
  const bets: Partial<Record<BaccaratBet, number>> = {};
  const placed: { bet: BaccaratBet; amount: number }[] = [];
  const total = el('output', { class: 'bc-total', 'aria-live': 'polite', text: money(0) });
  const stake = () => Object.values(bets).reduce((s, v) => s + (v ?? 0), 0);

  const side = (who: 'player' | 'banker') => {
    const hand = el('div', { class: 'hand', role: 'group', 'aria-label': t(`${who}Cards`) });
    const score = el('output', { class: 'bc-score', text: '–' });
    const box = el(
      'div',
      { class: `bc-side bc-side--${who}` },
      el('h2', { class: 'bc-side__title' }, t(who), ' ', score),
      hand,
    );
    return { hand, score, box };
  };
  const player = side('player');
  const banker = side('banker');

  const spots = BACCARAT_BETS.map((bet) => {
    const chip = el('span', { class: 'rt-chip', 'aria-hidden': 'true', hidden: true });
    const amount = el('span', { class: 'spot__amount' });
    const b = el(
      'button',
      { type: 'button', class: `spot spot--${NAMES[bet]}`, 'data-bet': bet },
      el('span', { class: 'spot__name', text: t(NAMES[bet]) }),
      ' ',
      el('span', { class: 'spot__pays', text: PAYS[bet] }),
      ' ',
      amount,
      chip,
    );
    b.addEventListener('click', () => {
      const value = rack.value();
      if (stake() + value > maxStake) {
        page.say(t('overMax', { max: money(maxStake) }));
        return;
      }
      bets[bet] = (bets[bet] ?? 0) + value;
      placed.push({ bet, amount: value });
      render();
    });
    return { b, amount, chip, bet };
  });
  const render = () => {
    for (const spot of spots) {
      const value = bets[spot.bet] ?? 0;
      spot.amount.textContent = value ? money(value) : '';
      spot.chip.textContent = value ? chipFace(value, exponent) : '';
      spot.chip.hidden = value === 0;
      spot.b.classList.remove('spot--won');
    }
    total.textContent = money(stake());
  };

  // The roads: this game's past rounds (when the history says what they drew), then each coup dealt here.
  const outcomes: RoadOutcome[] = [];
  for (const round of [...session.history].reverse() as (RoundView & { outcome?: Outcome })[])
    if (round.game === 'baccarat' && round.outcome?.game === 'baccarat') outcomes.push(round.outcome.coup);
  const bead = el('div', { class: 'road road--bead', role: 'img' });
  const big = el('div', { class: 'road road--big', role: 'img' });
  const BEAD_COLUMNS = 12;
  const BIG_COLUMNS = 20;
  const pairDots = (cell: { playerPair: boolean; bankerPair: boolean }) => [
    cell.bankerPair ? el('i', { class: 'road__pair road__pair--banker' }) : null,
    cell.playerPair ? el('i', { class: 'road__pair road__pair--player' }) : null,
  ];
  const renderRoads = () => {
    // Placed through the CSSOM: the page's policy (style-src 'self') refuses style attributes.
    const at = <T extends HTMLElement>(node: T, col: number, row: number) => {
      node.style.gridColumn = String(col + 1);
      node.style.gridRow = String(row + 1);
      return node;
    };
    bead.style.setProperty('--cols', String(BEAD_COLUMNS));
    big.style.setProperty('--cols', String(BIG_COLUMNS));
    bead.replaceChildren(
      ...lastColumns(beadPlate(outcomes), BEAD_COLUMNS).map((c) =>
        at(
          el(
            'span',
            { class: `bead bead--${c.winner.toLowerCase()}`, text: letter(c.winner) },
            ...pairDots(c),
          ),
          c.col,
          c.row,
        ),
      ),
    );
    big.replaceChildren(
      ...lastColumns(bigRoad(outcomes), BIG_COLUMNS).map((c) =>
        at(
          el(
            'span',
            {
              class: `ring ring--${c.winner.toLowerCase()}`,
              title: c.ties ? t('tiesMark', { count: c.ties }) : '',
            },
            c.ties ? el('i', { class: 'ring__tie', text: c.ties > 1 ? c.ties : '' }) : null,
            ...pairDots(c),
          ),
          c.col,
          c.row,
        ),
      ),
    );
    const counts = { PLAYER: 0, BANKER: 0, TIE: 0 };
    for (const o of outcomes) counts[o.winner]++;
    const summary = `${t('player')} ${counts.PLAYER}, ${t('banker')} ${counts.BANKER}, ${t('tie')} ${counts.TIE}`;
    bead.setAttribute('aria-label', `${t('beadPlate')}: ${outcomes.length ? summary : t('roadEmpty')}`);
    big.setAttribute('aria-label', `${t('bigRoad')}: ${outcomes.length ? summary : t('roadEmpty')}`);
    tally.textContent = summary;
  };
  const tally = el('p', { class: 'road-tally' });

  const deal = el('button', { type: 'button', class: 'primary', text: t('deal') });
  const undo = el('button', { type: 'button', class: 'chip', text: t('undo') });
  const clear = el('button', { type: 'button', class: 'chip', text: t('clear') });
  undo.addEventListener('click', () => {
    const last = placed.pop();
    if (!last) return;
    bets[last.bet] = (bets[last.bet] ?? 0) - last.amount;
    if (!bets[last.bet]) delete bets[last.bet];
    render();
  });
  clear.addEventListener('click', () => {
    for (const bet of BACCARAT_BETS) delete bets[bet];
    placed.length = 0;
    render();
  });

  page.stage.classList.add('bc');
  page.stage.append(
    el('div', { class: 'bc-felt' }, player.box, banker.box),
    el('div', { class: 'spots', role: 'group', 'aria-label': t('bets') }, ...spots.map((s) => s.b)),
    el(
      'div',
      { class: 'rt-controls' },
      rack.node,
      el('p', { class: 'rt-stake' }, el('span', { text: `${t('totalStake')} ` }), total),
      el('p', {
        class: 'rt-limits',
        text: t('limits', { min: money(rack.values[0]!), max: money(maxStake) }),
      }),
      el('div', { class: 'rt-buttons' }, undo, clear, deal),
    ),
    el(
      'section',
      { class: 'roads', 'aria-labelledby': 'roads-title' },
      el('h2', { id: 'roads-title', text: t('roadmap') }),
      tally,
      el(
        'div',
        { class: 'roads__pair' },
        el('figure', {}, el('figcaption', { text: t('beadPlate') }), bead),
        el('figure', {}, el('figcaption', { text: t('bigRoad') }), big),
      ),
    ),
  );
  render();
  renderRoads();
  page.say(t('placeBets'));

  deal.addEventListener('click', async () => {
    if (stake() === 0) {
      page.say(t('placeFirst'));
      return;
    }
    deal.disabled = true;
    for (const s of [player, banker]) {
      s.hand.replaceChildren();
      s.score.textContent = '–';
      s.box.classList.remove('bc-side--won');
    }
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { bets } });
      const outcome = answer.round.outcome;
      if (outcome.game !== 'baccarat') throw new StudioError('BAD', 'Unexpected answer');
      const { coup } = outcome;
      const order: [typeof player, Card][] = [
        [player, coup.player[0]!],
        [banker, coup.banker[0]!],
        [player, coup.player[1]!],
        [banker, coup.banker[1]!],
        ...coup.player.slice(2).map((c): [typeof player, Card] => [player, c]),
        ...coup.banker.slice(2).map((c): [typeof player, Card] => [banker, c]),
      ];
      for (const [s, card] of order) {
        if (!reducedMotion()) await wait(380);
        s.hand.append(cardFace(card, cardLabel));
      }
      player.score.textContent = String(coup.playerTotal);
      banker.score.textContent = String(coup.bankerTotal);
      if (coup.winner !== 'TIE')
        (coup.winner === 'PLAYER' ? player : banker).box.classList.add('bc-side--won');
      for (const spot of spots) {
        const hit =
          spot.bet === coup.winner ||
          (spot.bet === 'PLAYER_PAIR' && coup.playerPair) ||
          (spot.bet === 'BANKER_PAIR' && coup.bankerPair);
        spot.b.classList.toggle('spot--won', hit);
      }
      outcomes.push(coup);
      renderRoads();
      const won = answer.round.payout;
      const who = t(
        coup.winner === 'TIE' ? 'tieResult' : coup.winner === 'PLAYER' ? 'playerWins' : 'bankerWins',
      );
      page.say(`${who}. ${won > 0 ? t('youGet', { amount: money(won) }) : t('noWin')}`);
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
