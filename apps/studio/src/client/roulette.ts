import type { Outcome, Settlement } from '../games/play.js';
import { betReturn, coveredNumbers, type RouletteBet } from '../games/roulette.js';
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
  type RoundView,
} from './common.js';
import { translator } from './i18n.js';
import { pocketColour, rouletteWheel } from './roulette-wheel.js';
import { ROULETTE_STRINGS } from './strings/roulette.js';

type RoundAnswer = { round: { id: number; outcome: Outcome } & Settlement; balance: number | null };
type Spot = Omit<RouletteBet, 'amount'>;

const t = translator(ROULETTE_STRINGS);
const keyOf = (spot: Spot) =>
  spot.which
    ? `${spot.type}-${spot.which}`
    : [spot.type, ...[...(spot.numbers ?? [])].sort((a, b) => a - b)].join('-');

/**
 * Where an inside bet sits on the layout, in "logical" units: `a` along the streets (0-1 is the zero,
 * street s is s+1 to s+2), `b` across them (0 at the 1-4-7 side, 3 at the 3-6-9 side). The table
 * lies across a wide screen and stands up on a phone; CSS picks which of the two placements to use.
 */
const place = (a: number, b: number): Record<string, string> => ({
  '--hx': `${((a / 13) * 100).toFixed(3)}%`,
  '--hy': `${(((3 - b) / 3) * 100).toFixed(3)}%`,
  '--vx': `${((b / 3) * 100).toFixed(3)}%`,
  '--vy': `${((a / 13) * 100).toFixed(3)}%`,
});

const session = await startPage();
if (session) {
  const page = frame('Jade Roulette', session);
  const exponent = exponentOf(session);
  const limits = limitsOf(session, 'roulette');
  const maxStake = limits.maxBet ?? Number.MAX_SAFE_INTEGER;
  const bets = new Map<string, { spot: Spot; amount: number }>();
  const placed: { key: string; amount: number }[] = [];
  const chipNodes = new Map<string, { spot: Spot; chip: HTMLElement; host: HTMLElement }>();
  const total = el('output', { class: 'rt-total', 'aria-live': 'polite', text: money(0) });
  const rack = chipRack(chipValues(limits, session), exponent, t('chips'));

  const stake = () => [...bets.values()].reduce((sum, b) => sum + b.amount, 0);
  const render = () => {
    for (const [key, { chip }] of chipNodes) {
      const amount = bets.get(key)?.amount ?? 0;
      chip.textContent = amount ? chipFace(amount, exponent) : '';
      chip.hidden = amount === 0;
    }
    total.textContent = money(stake());
  };
  const add = (spot: Spot) => {
    if (!coveredNumbers(spot)) return;
    const amount = rack.value();
    if (stake() + amount > maxStake) {
      page.say(t('overMax', { max: money(maxStake) }));
      return;
    }
    const key = keyOf(spot);
    const bet = bets.get(key) ?? { spot, amount: 0 };
    bet.amount += amount;
    bets.set(key, bet);
    placed.push({ key, amount });
    clearMarks();
    render();
  };
  /** A place on the table that takes chips: a number, a line between numbers, or an outside box. */
  const spotButton = (
    spot: Spot,
    label: string,
    cls: string,
    vars?: Record<string, string>,
    text?: string,
  ) => {
    const b = el('button', { type: 'button', class: cls, 'aria-label': label, 'data-bet': keyOf(spot) });
    // Custom properties through the CSSOM: the page's policy (style-src 'self') refuses style attributes.
    for (const [name, value] of Object.entries(vars ?? {})) b.style.setProperty(name, value);
    if (text !== undefined) b.append(el('span', { class: 'rt-label', text }));
    const chip = el('span', { class: 'rt-chip', 'aria-hidden': 'true', hidden: true });
    b.append(chip);
    chipNodes.set(keyOf(spot), { spot, chip, host: b });
    b.addEventListener('click', () => add(spot));
    return b;
  };
  const numbersLabel = (numbers: number[]) => numbers.join('-');
  const inside = (type: RouletteBet['type'], numbers: number[], a: number, b: number) =>
    spotButton(
      { type, numbers },
      t(type, { numbers: numbersLabel(numbers) }),
      `rt-zone rt-zone--${type}`,
      place(a, b),
    );

  // The numbers: 0 at the head, then the twelve streets of three.
  const area = el('div', { class: 'rt-numbers', role: 'group', 'aria-label': t('table') });
  area.append(
    spotButton(
      { type: 'straight', numbers: [0] },
      t('straight', { numbers: 0 }),
      'rt-number rt-number--green rt-zero',
      undefined,
      '0',
    ),
  );
  for (let n = 1; n <= 36; n++) {
    const s = Math.floor((n - 1) / 3);
    const p = (n - 1) % 3;
    area.append(
      spotButton(
        { type: 'straight', numbers: [n] },
        t('straight', { numbers: n }),
        `rt-number rt-number--${pocketColour(n)}`,
        { '--hc': String(s + 2), '--hr': String(3 - p), '--vc': String(p + 1), '--vr': String(s + 2) },
        String(n),
      ),
    );
  }
  // The lines between them: splits, corners, streets, six lines, and the bets with the zero.
  for (let s = 0; s < 12; s++) {
    const first = 3 * s + 1;
    area.append(inside('street', [first, first + 1, first + 2], s + 1.5, 0));
    for (let p = 0; p < 3; p++) {
      const n = first + p;
      if (p < 2) area.append(inside('split', [n, n + 1], s + 1.5, p + 1));
      if (s < 11) area.append(inside('split', [n, n + 3], s + 2, p + 0.5));
      if (p < 2 && s < 11) area.append(inside('corner', [n, n + 1, n + 3, n + 4], s + 2, p + 1));
    }
    if (s < 11)
      area.append(inside('line', [first, first + 1, first + 2, first + 3, first + 4, first + 5], s + 2, 0));
  }
  for (let p = 0; p < 3; p++) area.append(inside('split', [0, p + 1], 1, p + 0.5));
  area.append(inside('trio', [0, 1, 2], 1, 1), inside('trio', [0, 2, 3], 1, 2));
  area.append(spotButton({ type: 'firstFour' }, t('firstFour'), 'rt-zone rt-zone--firstFour', place(1, 0)));

  const outsideButton = (spot: Spot, key: string, cls = '', label?: string) =>
    spotButton(spot, label ?? t(key), `rt-outside ${cls}`, undefined, t(key));
  const columns = el(
    'div',
    { class: 'rt-columns' },
    ...([1, 2, 3] as const).map((which) =>
      outsideButton({ type: 'column', which }, 'column', '', t('columnLabel', { which })),
    ),
  );
  const dozens = el(
    'div',
    { class: 'rt-dozens' },
    ...([1, 2, 3] as const).map((which) => outsideButton({ type: 'dozen', which }, `dozen${which}`)),
  );
  const evens = el(
    'div',
    { class: 'rt-evens' },
    outsideButton({ type: 'low' }, 'low'),
    outsideButton({ type: 'even' }, 'even'),
    outsideButton({ type: 'red' }, 'red', 'rt-outside--red'),
    outsideButton({ type: 'black' }, 'black', 'rt-outside--black'),
    outsideButton({ type: 'odd' }, 'odd'),
    outsideButton({ type: 'high' }, 'high'),
  );

  const wheel = rouletteWheel(t('wheel'));
  const result = el('output', { class: 'pocket', 'aria-label': t('winningNumber'), text: '–' });
  const recent = el('ol', { class: 'rt-recent', 'aria-label': t('lastNumbers') });
  const pockets: number[] = [];
  const showRecent = () =>
    recent.replaceChildren(
      ...pockets
        .slice(-12)
        .reverse()
        .map((n) => el('li', { class: `rt-recent__n rt-recent__n--${pocketColour(n)}`, text: n })),
    );
  // The wheel's last numbers: this game's past rounds (when the history says what they drew).
  for (const round of [...session.history].reverse() as (RoundView & { outcome?: Outcome })[])
    if (round.game === 'roulette' && round.outcome?.game === 'roulette') pockets.push(round.outcome.pocket);
  showRecent();

  const spin = el('button', { type: 'button', class: 'primary', text: t('spin') });
  const undo = el('button', { type: 'button', class: 'chip', text: t('undo') });
  const clear = el('button', { type: 'button', class: 'chip', text: t('clear') });
  undo.addEventListener('click', () => {
    const last = placed.pop();
    if (!last) return;
    const bet = bets.get(last.key)!;
    bet.amount -= last.amount;
    if (bet.amount <= 0) bets.delete(last.key);
    render();
  });
  clear.addEventListener('click', () => {
    bets.clear();
    placed.length = 0;
    clearMarks();
    render();
  });
  const clearMarks = () => {
    for (const node of page.stage.querySelectorAll('.rt-hit, .rt-won'))
      node.classList.remove('rt-hit', 'rt-won');
  };

  page.stage.classList.add('rt');
  page.stage.append(
    el(
      'div',
      { class: 'rt-head' },
      el('div', { class: 'rt-wheel' }, wheel.node),
      el(
        'div',
        { class: 'rt-result' },
        el('p', { class: 'rt-result__label', text: t('winningNumber') }),
        result,
        el('p', { class: 'rt-result__label', text: t('lastNumbers') }),
        recent,
      ),
    ),
    el('div', { class: 'rt-table' }, area, columns, dozens, evens),
    el(
      'div',
      { class: 'rt-controls' },
      rack.node,
      el('p', { class: 'rt-stake' }, el('span', { text: `${t('totalStake')} ` }), total),
      el('p', {
        class: 'rt-limits',
        text: t('limits', { min: money(rack.values[0]!), max: money(maxStake) }),
      }),
      el('div', { class: 'rt-buttons' }, undo, clear, spin),
    ),
  );
  render();
  page.say(t('placeBets'));

  spin.addEventListener('click', async () => {
    if (bets.size === 0) {
      page.say(t('placeFirst'));
      return;
    }
    spin.disabled = true;
    clearMarks();
    page.say(t('noMoreBets'));
    const sent = [...bets.values()].map(({ spot, amount }) => ({ ...spot, amount }));
    try {
      const answer = await api<RoundAnswer>('/api/round', { sid: sid(), bet: { bets: sent } });
      if (answer.round.outcome.game !== 'roulette') throw new StudioError('BAD', 'Unexpected answer');
      const pocket = answer.round.outcome.pocket;
      await wheel.spinTo(pocket, reducedMotion());
      result.textContent = String(pocket);
      result.dataset.colour = pocketColour(pocket);
      pockets.push(pocket);
      showRecent();
      page.stage.querySelector(`.rt-number[data-bet="straight-${pocket}"]`)?.classList.add('rt-hit');
      for (const [key, bet] of bets)
        if (betReturn({ ...bet.spot, amount: 1 }, pocket) > 0)
          chipNodes.get(key)?.host.classList.add('rt-won');
      const won = answer.round.payout;
      page.say(won > 0 ? t('won', { pocket, amount: money(won) }) : t('lost', { pocket }));
      if (won > 0) chime();
      page.setBalance(answer.balance);
      await page.refresh();
    } catch (error) {
      page.say((error as Error).message);
    } finally {
      spin.disabled = false;
    }
  });
}
