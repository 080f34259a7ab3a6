import type { Outcome, Settlement } from '../games/play.js';
import { LINES, type SymbolName } from '../games/slot.js';
import { api, chime, chips, el, frame, money, sid, startPage, StudioError, wait } from './common.js';

const GLYPHS: Record<SymbolName, string> = {
  WILD: '★',
  SCATTER: '◆',
  DRAGON: '龍',
  TIGER: '虎',
  KOI: '鯉',
  LOTUS: '蓮',
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
};

type RoundAnswer = {
  round: { id: number; outcome: Outcome } & Settlement;
  balance: number | null;
  pending?: boolean;
};

const session = await startPage();
if (session) {
  const page = frame('Jade Fortune', session);
  let lineBet = 10;
  const reels = Array.from({ length: 5 }, (_, reel) =>
    el(
      'div',
      { class: 'reel', role: 'group', 'aria-label': `Reel ${reel + 1}` },
      ...[0, 1, 2].map(() => el('div', { class: 'cell', text: GLYPHS.J })),
    ),
  );
  const total = el('output', { class: 'total-bet', text: money(lineBet * LINES) });
  const spinButton = el('button', { type: 'button', class: 'primary spin', text: 'Spin' });
  const wins = el('ul', { class: 'wins', 'aria-label': 'Winning lines' });
  page.stage.append(
    el('div', { class: 'reels' }, ...reels),
    el(
      'div',
      { class: 'controls' },
      chips(
        [1, 5, 10, 50, 100],
        lineBet,
        (value) => {
          lineBet = value;
          total.textContent = money(lineBet * LINES);
        },
        'Line bet',
      ),
      el('p', {}, `Total bet (${LINES} lines): `, total),
      spinButton,
    ),
    wins,
  );
  const show = (window: SymbolName[][]) =>
    window.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        const cell = reels[reel]!.children[row]!;
        cell.textContent = GLYPHS[symbol];
        cell.setAttribute('data-symbol', symbol);
      }),
    );

  spinButton.addEventListener('click', async () => {
    spinButton.disabled = true;
    wins.replaceChildren();
    page.say('Spinning…');
    reels.forEach((reel) => reel.classList.add('spinning'));
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { lineBet } });
      const outcome = answer.round.outcome;
      if (outcome.game !== 'slot') throw new StudioError('BAD', 'Unexpected answer');
      const [first, ...free] = outcome.round.spins;
      for (let reel = 0; reel < 5; reel++) {
        await wait(180);
        reels[reel]!.classList.remove('spinning');
        reels[reel]!.querySelectorAll('.cell').forEach((cell, row) => {
          const symbol = first!.window[reel]![row]!;
          cell.textContent = GLYPHS[symbol];
          cell.setAttribute('data-symbol', symbol);
        });
      }
      for (const w of first!.lineWins)
        wins.append(
          el('li', { text: `Line ${w.line + 1}: ${w.count} × ${w.symbol} pays ${money(w.pay * lineBet)}` }),
        );
      if (first!.scatters >= 3)
        wins.append(el('li', { text: `${first!.scatters} scatters: ${first!.freeSpinsWon} free spins` }));
      for (const [i, spin] of free.entries()) {
        await wait(350);
        show(spin.window);
        page.say(`Free spin ${i + 1} of ${free.length}${spin.win ? `: ${money(spin.win * lineBet)}` : ''}`);
      }
      const won = answer.round.payout;
      page.say(won > 0 ? `You won ${money(won)}` : 'No win this time');
      if (won > 0) chime();
      page.setBalance(answer.balance);
      if (answer.pending) page.say(`You won ${money(won)}; the payout is on its way to your balance`);
      await page.refresh();
    } catch (error) {
      reels.forEach((reel) => reel.classList.remove('spinning'));
      page.say((error as Error).message);
      if (error instanceof StudioError && error.balance !== undefined) page.setBalance(error.balance);
    } finally {
      spinButton.disabled = false;
      spinButton.focus();
    }
  });
  spinButton.focus();
}
