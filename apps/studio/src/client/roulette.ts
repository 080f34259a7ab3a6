import type { Outcome, Settlement } from '../games/play.js';
import { coveredNumbers, RED_NUMBERS, type RouletteBet, type RouletteBetType } from '../games/roulette.js';
import { api, chime, chips, el, frame, money, sid, startPage, StudioError, wait } from './common.js';

type RoundAnswer = { round: { id: number; outcome: Outcome } & Settlement; balance: number | null };

const session = await startPage();
if (session) {
  const page = frame('Jade Roulette', session);
  let chip = 100;
  const bets: RouletteBet[] = [];
  const betList = el('ul', { class: 'bets', 'aria-label': 'Your bets' });
  const wheel = el(
    'div',
    { class: 'wheel', 'aria-hidden': 'true' },
    el('span', { class: 'wheel__ball', text: '–' }),
  );
  const result = el('output', { class: 'pocket', 'aria-label': 'Winning number', text: '–' });
  const renderBets = () => {
    betList.replaceChildren(...bets.map((b) => el('li', { text: `${describe(b)}: ${money(b.amount)}` })));
    page.say(
      bets.length ? `Total stake ${money(bets.reduce((s, b) => s + b.amount, 0))}` : 'Place your bets',
    );
  };
  const add = (bet: Omit<RouletteBet, 'amount'>) => {
    if (!coveredNumbers(bet)) {
      page.say('That bet is not on the layout');
      return;
    }
    const same = bets.find((b) => describe(b) === describe({ ...bet, amount: 0 }));
    if (same) same.amount += chip;
    else bets.push({ ...bet, amount: chip });
    renderBets();
  };
  const numberButton = (n: number) => {
    const b = el('button', {
      type: 'button',
      class: `number ${n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black'}`,
      'aria-label': `Straight up on ${n}`,
      text: n,
    });
    b.addEventListener('click', () => add({ type: 'straight', numbers: [n] }));
    return b;
  };
  const outside = (label: string, bet: Omit<RouletteBet, 'amount'>) => {
    const b = el('button', { type: 'button', class: 'outside', text: label });
    b.addEventListener('click', () => add(bet));
    return b;
  };
  const insideType = el(
    'select',
    { id: 'inside-type', 'aria-label': 'Inside bet' },
    ...(['split', 'street', 'trio', 'corner', 'line'] as RouletteBetType[]).map((t) =>
      el('option', { value: t, text: t }),
    ),
  );
  const insideNumbers = el('input', {
    id: 'inside-numbers',
    'aria-label': 'Numbers, separated by commas',
    placeholder: 'e.g. 17,20',
    inputmode: 'numeric',
  });
  const insideButton = el('button', { type: 'button', class: 'chip', text: 'Add inside bet' });
  insideButton.addEventListener('click', () =>
    add({
      type: insideType.value as RouletteBetType,
      numbers: insideNumbers.value.split(',').map((n) => Number(n.trim())),
    }),
  );
  const spinButton = el('button', { type: 'button', class: 'primary', text: 'Spin' });
  const clear = el('button', { type: 'button', class: 'chip', text: 'Clear bets' });
  clear.addEventListener('click', () => {
    bets.length = 0;
    renderBets();
  });
  page.stage.append(
    el('div', { class: 'wheel-box' }, wheel, el('p', {}, 'Winning number: ', result)),
    el(
      'div',
      { class: 'layout', role: 'group', 'aria-label': 'Numbers' },
      numberButton(0),
      ...Array.from({ length: 36 }, (_, i) => numberButton(i + 1)),
    ),
    el(
      'div',
      { class: 'outside-bets', role: 'group', 'aria-label': 'Outside bets' },
      outside('1 to 18', { type: 'low' }),
      outside('Even', { type: 'even' }),
      outside('Red', { type: 'red' }),
      outside('Black', { type: 'black' }),
      outside('Odd', { type: 'odd' }),
      outside('19 to 36', { type: 'high' }),
      outside('1st 12', { type: 'dozen', which: 1 }),
      outside('2nd 12', { type: 'dozen', which: 2 }),
      outside('3rd 12', { type: 'dozen', which: 3 }),
      outside('Column 1', { type: 'column', which: 1 }),
      outside('Column 2', { type: 'column', which: 2 }),
      outside('Column 3', { type: 'column', which: 3 }),
      outside('0-1-2-3', { type: 'firstFour' }),
    ),
    el('div', { class: 'controls' }, insideType, insideNumbers, insideButton),
    el(
      'div',
      { class: 'controls' },
      chips([10, 100, 500, 1000], chip, (v) => (chip = v), 'Chip'),
      clear,
      spinButton,
    ),
    betList,
  );
  renderBets();
  spinButton.addEventListener('click', async () => {
    if (bets.length === 0) {
      page.say('Place a bet first');
      return;
    }
    spinButton.disabled = true;
    wheel.classList.add('spinning');
    page.say('No more bets');
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { bets } });
      if (answer.round.outcome.game !== 'roulette') throw new StudioError('BAD', 'Unexpected answer');
      await wait(1200);
      const pocket = answer.round.outcome.pocket;
      wheel.classList.remove('spinning');
      wheel.querySelector('.wheel__ball')!.textContent = String(pocket);
      result.textContent = String(pocket);
      const won = answer.round.payout;
      page.say(won > 0 ? `${pocket}! You won ${money(won)}` : `${pocket}. No win this time`);
      if (won > 0) chime();
      page.setBalance(answer.balance);
      await page.refresh();
    } catch (error) {
      wheel.classList.remove('spinning');
      page.say((error as Error).message);
    } finally {
      spinButton.disabled = false;
    }
  });
}

function describe(bet: Omit<RouletteBet, 'amount'> & { amount?: number }) {
  if (bet.which) return `${bet.type} ${bet.which}`;
  return bet.numbers?.length ? `${bet.type} ${[...bet.numbers].sort((a, b) => a - b).join('-')}` : bet.type;
}
