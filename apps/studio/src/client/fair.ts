import { outcomeOf, STUDIO_GAMES, type StudioGame } from '../games/play.js';
import { hmacSha256, seedHash } from '../games/sha256.js';
import { el } from './common.js';

/**
 * The public fairness page: any round recomputed in the browser from its seeds and nonce, with the
 * same code the studio plays with, and the server seed checked against the hash shown before play.
 */
const params = new URLSearchParams(window.location.search);
const field = (id: string, label: string, value: string) => {
  const input = el('input', { id, name: id, value, autocomplete: 'off', spellcheck: 'false' });
  return { input, row: el('p', { class: 'field' }, el('label', { for: id, text: label }), input) };
};
const game = el(
  'select',
  { id: 'game', name: 'game' },
  ...STUDIO_GAMES.map((g) => el('option', { value: g, text: g })),
);
game.value = STUDIO_GAMES.includes(params.get('game') as StudioGame) ? params.get('game')! : 'slot';
const serverSeed = field(
  'server-seed',
  'Server seed (revealed after you change seeds)',
  params.get('serverSeed') ?? '',
);
const expectedHash = field(
  'server-seed-hash',
  'Server seed hash shown before play',
  params.get('serverSeedHash') ?? '',
);
const clientSeed = field('client-seed', 'Client seed', params.get('clientSeed') ?? '');
const nonce = field('nonce', 'Nonce', params.get('nonce') ?? '0');
const result = el('section', { class: 'panel', 'aria-live': 'polite', 'aria-labelledby': 'result-title' });
const form = el(
  'form',
  { class: 'panel fair-form' },
  el('p', { class: 'field' }, el('label', { for: 'game', text: 'Game' }), game),
  serverSeed.row,
  expectedHash.row,
  clientSeed.row,
  nonce.row,
  el('button', { type: 'submit', class: 'primary', text: 'Verify' }),
);
document.getElementById('app')!.replaceChildren(
  el('h1', { text: 'Provably fair' }),
  el('p', {
    text: 'Every round is drawn from HMAC-SHA256(server seed, "client seed:nonce:cursor"). The hash of the server seed is shown before you play; the seed itself is revealed when you change seeds, so you can recompute any round here.',
  }),
  el(
    'p',
    {},
    "The exact procedure, the reel strips, lines and paytable, and every bet's return: ",
    el('a', { href: '/fair/procedure', 'data-testid': 'procedure-link', text: 'how every round is drawn' }),
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
      el('h2', { id: 'result-title', text: 'Result' }),
      el('p', { text: 'Enter the revealed server seed, the client seed and the nonce.' }),
    );
    return;
  }
  const hash = seedHash(seeds.serverSeed);
  const wanted = expectedHash.input.value.trim();
  const outcome = outcomeOf(game.value as StudioGame, hmacSha256, seeds);
  const lines: string[] = [];
  if (outcome.game === 'slot') {
    outcome.round.spins.forEach((spin, i) => {
      lines.push(
        `${i === 0 ? 'Spin' : `Free spin ${i}`}: stops ${spin.stops.join(', ')}; ${spin.window.map((c) => c.join('/')).join(' | ')}; wins ${spin.win} line bets`,
      );
    });
    lines.push(`Round total: ${outcome.round.win} line bets`);
  } else if (outcome.game === 'roulette') {
    lines.push(`Winning number: ${outcome.pocket}`);
  } else {
    const cards = (hand: { rank: number; suit: number }[]) =>
      hand.map((c) => `${c.rank}/${c.suit}`).join(' ');
    lines.push(`Player ${cards(outcome.coup.player)} = ${outcome.coup.playerTotal}`);
    lines.push(`Banker ${cards(outcome.coup.banker)} = ${outcome.coup.bankerTotal}`);
    lines.push(`Winner: ${outcome.coup.winner}`);
  }
  result.replaceChildren(
    el('h2', { id: 'result-title', text: 'Result' }),
    el(
      'p',
      {},
      'SHA-256 of the server seed: ',
      el('code', { class: 'hash', 'data-testid': 'computed-hash', text: hash }),
    ),
    wanted
      ? el('p', {
          class: hash === wanted ? 'ok' : 'bad',
          'data-testid': 'hash-check',
          text:
            hash === wanted
              ? 'Matches the hash shown before play'
              : 'Does NOT match the hash shown before play',
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
