import { el } from './common.js';

document.getElementById('app')!.replaceChildren(
  el('h1', { text: 'This game cannot open' }),
  el('p', {
    text: 'The link has expired or is not valid. Close this window and open the game again from the site.',
  }),
);
