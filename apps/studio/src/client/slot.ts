import type { Outcome, Settlement } from '../games/play.js';
import { LINES, PAYLINES, SYMBOLS, type SpinResult, type SymbolName } from '../games/slot.js';
import {
  api,
  chime,
  chips,
  el,
  frame,
  money,
  reducedMotion,
  sid,
  startPage,
  StudioError,
  wait,
} from './common.js';
import { limitsOf, slotLineBets } from './chip-rack.js';
import { translator } from './i18n.js';
import { installSymbolDefs, symbolSvg } from './slot-symbols.js';
import { SLOT_STRINGS } from './strings/slot.js';

type RoundAnswer = {
  round: { id: number; outcome: Outcome } & Settlement;
  balance: number | null;
  pending?: boolean;
};

const t = translator(SLOT_STRINGS);
const ROWS = 3;
/** The symbols a spinning reel blurs past before it lands (the first rows again at its end, for a seamless loop). */
const BLUR_CELLS = 9;
const OPENING: SymbolName[][] = [
  ['KOI', 'DRAGON', 'A'],
  ['LOTUS', 'WILD', 'K'],
  ['TIGER', 'SCATTER', 'Q'],
  ['J', 'DRAGON', 'LOTUS'],
  ['A', 'KOI', 'TIGER'],
];

const session = await startPage();
if (session) {
  installSymbolDefs();
  const page = frame('Jade Fortune', session);
  // Line bets sized from the game's limits in the brand's currency (a spin is LINES line bets): the
  // least line bet a spin may take, rounded up to a whole unit of the currency (VND kept in hundredths
  // bets whole dong), and 5, 10, 50 and 100 times it, none past the spin's maximum.
  const lineBets = slotLineBets(limitsOf(session, 'slot'), session);
  let lineBet = lineBets[0]!;

  const cell = (symbol: SymbolName) => {
    const node = el('div', {
      class: 'cell',
      role: 'img',
      'aria-label': t(`symbol.${symbol}`),
      'data-symbol': symbol,
    });
    node.innerHTML = symbolSvg(symbol);
    return node;
  };
  const strips = OPENING.map((column) => el('div', { class: 'strip' }, ...column.map(cell)));
  const reels = strips.map((strip, reel) =>
    el('div', { class: 'reel', role: 'group', 'aria-label': t('reel', { n: reel + 1 }) }, strip),
  );
  const total = el('output', { class: 'total-bet', text: money(lineBet * LINES) });
  const spinButton = el('button', { type: 'button', class: 'primary spin', text: t('spin') });
  const winBanner = el('p', { class: 'win-banner', hidden: true });
  const wins = el('ul', { class: 'wins', 'aria-label': t('winningLines') });
  page.stage.append(
    el(
      'div',
      { class: 'cabinet' },
      el('div', { class: 'reels', 'aria-label': t('reels') }, ...reels),
      winBanner,
    ),
    el(
      'div',
      { class: 'controls' },
      el(
        'div',
        { class: 'bet-box' },
        el('span', { class: 'bet-box__label', text: t('lineBet') }),
        chips(
          lineBets,
          lineBet,
          (value) => {
            lineBet = value;
            total.textContent = money(lineBet * LINES);
          },
          t('lineBet'),
        ),
      ),
      el(
        'div',
        { class: 'bet-box bet-box--total' },
        el('span', { class: 'bet-box__label', text: t('totalBet', { lines: LINES }) }),
        total,
      ),
      spinButton,
    ),
    wins,
  );

  const randomSymbol = () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]!;
  const startSpinning = (reel: number) => {
    if (reducedMotion()) return;
    const blur = Array.from({ length: BLUR_CELLS }, randomSymbol);
    strips[reel]!.replaceChildren(...[...blur, ...blur.slice(0, ROWS)].map(cell));
    reels[reel]!.classList.remove('landing');
    reels[reel]!.classList.add('spinning');
  };
  const land = (reel: number, column: SymbolName[]) => {
    reels[reel]!.classList.remove('spinning');
    strips[reel]!.replaceChildren(...column.map(cell));
    if (!reducedMotion()) {
      reels[reel]!.classList.add('landing');
      reels[reel]!.addEventListener('animationend', () => reels[reel]!.classList.remove('landing'), {
        once: true,
      });
    }
  };
  /** The cells of the window's winning lines and scatters light up. */
  const highlight = (spin: SpinResult) => {
    for (const w of spin.lineWins)
      for (let reel = 0; reel < w.count; reel++)
        strips[reel]!.children[PAYLINES[w.line]![reel]!]?.classList.add('win');
    if (spin.scatters >= 3)
      strips.forEach((strip) =>
        strip.querySelectorAll('[data-symbol="SCATTER"]').forEach((node) => node.classList.add('win')),
      );
  };
  /** The reels spin, then stop one by one from the left on the spin's window. */
  const play = async (spin: SpinResult, alreadySpinning = false) => {
    if (!alreadySpinning) for (let reel = 0; reel < 5; reel++) startSpinning(reel);
    for (let reel = 0; reel < 5; reel++) {
      await wait(reel === 0 ? 250 : 160);
      land(reel, spin.window[reel]!);
    }
    highlight(spin);
  };
  const showWin = (amount: number, stake: number) => {
    winBanner.hidden = amount <= 0;
    winBanner.classList.toggle('win-banner--big', amount >= stake * 10);
    winBanner.textContent =
      amount >= stake * 10 ? `${t('bigWin')} · ${money(amount)}` : t('youWon', { amount: money(amount) });
  };

  spinButton.addEventListener('click', async () => {
    spinButton.disabled = true;
    wins.replaceChildren();
    winBanner.hidden = true;
    page.say(t('spinning'));
    for (let reel = 0; reel < 5; reel++) startSpinning(reel);
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { lineBet } });
      const outcome = answer.round.outcome;
      if (outcome.game !== 'slot') throw new StudioError('BAD', t('unexpected'));
      const [first, ...free] = outcome.round.spins;
      await play(first!, true);
      for (const w of first!.lineWins)
        wins.append(
          el('li', {
            text: t('lineWin', {
              line: w.line + 1,
              count: w.count,
              symbol: t(`symbol.${w.symbol}`),
              amount: money(w.pay * lineBet),
            }),
          }),
        );
      if (first!.scatters >= 3)
        wins.append(
          el('li', { text: t('scatterWin', { count: first!.scatters, spins: first!.freeSpinsWon }) }),
        );
      for (const [i, spin] of free.entries()) {
        await wait(500);
        await play(spin);
        page.say(
          spin.win
            ? t('freeSpinWin', { n: i + 1, total: free.length, amount: money(spin.win * lineBet) })
            : t('freeSpin', { n: i + 1, total: free.length }),
        );
      }
      const won = answer.round.payout;
      page.say(won > 0 ? t('youWon', { amount: money(won) }) : t('noWin'));
      showWin(won, answer.round.stake);
      if (won > 0) chime();
      page.setBalance(answer.balance);
      if (answer.pending) page.say(t('payoutPending', { amount: money(won) }));
      await page.refresh();
    } catch (error) {
      for (let reel = 0; reel < 5; reel++)
        if (reels[reel]!.classList.contains('spinning')) land(reel, OPENING[reel]!);
      page.say((error as Error).message);
      if (error instanceof StudioError && error.balance !== undefined) page.setBalance(error.balance);
    } finally {
      spinButton.disabled = false;
      spinButton.focus();
    }
  });
  spinButton.focus();
}
