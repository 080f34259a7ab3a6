import { el, tc } from './common.js';
import { language } from './i18n.js';

// In the language the launch named (its address still holds lang), like the game it was for.
language();
document
  .getElementById('app')!
  .replaceChildren(el('h1', { text: tc('cannotOpen') }), el('p', { text: tc('cannotOpenHelp') }));
