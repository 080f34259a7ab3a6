import { outcomeOf, STUDIO_GAMES, type StudioGame } from '../games/play.js';
import { hmacSha256, seedHash } from '../games/sha256.js';
import { decodeCard } from './cards.js';
import { el, GAME_NAMES } from './common.js';
import { language, translator } from './i18n.js';
import { FAIR_STRINGS } from './strings/fair.js';
import { SLOT_STRINGS } from './strings/slot.js';

/**
 * The public fairness page: any round recomputed in the browser from its seeds and nonce, with the
 * same code the studio plays with, and the server seed checked against the hash shown before play.
 */
const params = new URLSearchParams(window.location.search);
const t = translator(FAIR_STRINGS);
const ts = translator(SLOT_STRINGS);
language();
document.title = t('title');
const SUIT_SIGNS = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const;
const field = (id: string, label: string, value: string) => {
  const input = el('input', { id, name: id, value, autocomplete: 'off', spellcheck: 'false' });
  return { input, row: el('p', { class: 'field' }, el('label', { for: id, text: label }), input) };
};
const game = el(
  'select',
  { id: 'game', name: 'game' },
  ...STUDIO_GAMES.map((g) => el('option', { value: g, text: GAME_NAMES[g] ?? g })),
);
game.value = STUDIO_GAMES.includes(params.get('game') as StudioGame) ? params.get('game')! : 'slot';
const serverSeed = field('server-seed', t('serverSeed'), params.get('serverSeed') ?? '');
const expectedHash = field('server-seed-hash', t('serverSeedHash'), params.get('serverSeedHash') ?? '');
const clientSeed = field('client-seed', t('clientSeed'), params.get('clientSeed') ?? '');
const nonce = field('nonce', t('nonce'), params.get('nonce') ?? '0');
const result = el('section', { class: 'panel', 'aria-live': 'polite', 'aria-labelledby': 'result-title' });
const form = el(
  'form',
  { class: 'panel fair-form' },
  el('p', { class: 'field' }, el('label', { for: 'game', text: t('game') }), game),
  serverSeed.row,
  expectedHash.row,
  clientSeed.row,
  nonce.row,
  el('button', { type: 'submit', class: 'primary', text: t('verify') }),
);
document
  .getElementById('app')!
  .replaceChildren(
    el('h1', { text: t('title') }),
    el('p', { text: t('intro') }),
    el(
      'p',
      {},
      t('procedureLead'),
      el('a', { href: '/fair/procedure', 'data-testid': 'procedure-link', text: t('procedureLink') }),
      '.',
    ),
    form,
    result,
  );

const render = () => {
  const seeds = {
    serverSeed: serverSeed.input.value.trim(),
    clientSeed: clientSeed.input.value.trim(),
    nonce: Number(nonce.input.value),
  };
  if (!seeds.serverSeed || !Number.isInteger(seeds.nonce) || seeds.nonce < 0) {
    result.replaceChildren(
      el('h2', { id: 'result-title', text: t('result') }),
      el('p', { text: t('enterSeeds') }),
    );
    return;
  }
  const hash = seedHash(seeds.serverSeed);
  const wanted = expectedHash.input.value.trim();
  const outcome = outcomeOf(game.value as StudioGame, hmacSha256, seeds);
  const lines: string[] = [];
  if (outcome.game === 'slot') {
    outcome.round.spins.forEach((spin, i) => {
      const vars = {
        n: i,
        stops: spin.stops.join(', '),
        window: spin.window.map((c) => c.map((symbol) => ts(`symbol.${symbol}`)).join('/')).join(' | '),
        win: spin.win,
      };
      lines.push(t(i === 0 ? 'spin' : 'freeSpin', vars));
    });
    lines.push(t('roundTotal', { win: outcome.round.win }));
  } else if (outcome.game === 'roulette') {
    lines.push(t('winningNumber', { pocket: outcome.pocket }));
  } else {
    // A card as its rank and suit sign (A♠, 10♥), never the server's code.
    const cards = (hand: { rank: number; suit: number }[]) =>
      hand
        .map((c) => {
          const card = decodeCard(c);
          return card ? `${card.rank}${SUIT_SIGNS[card.suit]}` : '?';
        })
        .join(' ');
    lines.push(t('playerHand', { cards: cards(outcome.coup.player), total: outcome.coup.playerTotal }));
    lines.push(t('bankerHand', { cards: cards(outcome.coup.banker), total: outcome.coup.bankerTotal }));
    lines.push(t('winner', { winner: t(`winner.${outcome.coup.winner}`) }));
  }
  result.replaceChildren(
    el('h2', { id: 'result-title', text: t('result') }),
    el('p', {}, t('computedHash'), el('code', { class: 'hash', 'data-testid': 'computed-hash', text: hash })),
    wanted
      ? el('p', {
          class: hash === wanted ? 'ok' : 'bad',
          'data-testid': 'hash-check',
          text: hash === wanted ? t('matches') : t('mismatch'),
        })
      : '',
    el('ul', { 'data-testid': 'outcome' }, ...lines.map((line) => el('li', { text: line }))),
  );
};
form.addEventListener('submit', (event) => {
  event.preventDefault();
  render();
});
render();
