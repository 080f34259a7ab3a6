import type { SymbolName } from '../games/slot.js';

/**
 * Jade Fortune's symbols, drawn (issue 20): inline SVG in the palette of the site's banners (jade
 * gem greens, gold, deep green), so that the reels need no image files and scale to any cell. Only
 * presentation attributes, no style attributes: the studio's policy allows no inline styles.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';

/** The gradients every symbol shares, put in the page once (ids are page-wide). */
const DEFS = `<defs>
<linearGradient id="jf-gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7ad9b1"/><stop offset=".55" stop-color="#1f8a65"/><stop offset="1" stop-color="#0b3d2e"/></linearGradient>
<linearGradient id="jf-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe39a"/><stop offset=".5" stop-color="#f0c75e"/><stop offset="1" stop-color="#c8922c"/></linearGradient>
<linearGradient id="jf-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e5484d"/><stop offset="1" stop-color="#8c1c24"/></linearGradient>
<linearGradient id="jf-orange" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset="1" stop-color="#e0701b"/></linearGradient>
<radialGradient id="jf-water" cx=".5" cy=".4" r=".6"><stop offset="0" stop-color="#2fb585"/><stop offset="1" stop-color="#0b3a2a"/></radialGradient>
<linearGradient id="jf-petal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd6e4"/><stop offset="1" stop-color="#e86a98"/></linearGradient>
</defs>`;

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** A royal letter (A K Q J) in gold on a jade gem, each with its own accent. */
const royal = (letter: string, accent: string) => `
<rect x="8" y="8" width="84" height="84" rx="18" fill="url(#jf-gem)" stroke="${accent}" stroke-width="4"/>
<rect x="16" y="16" width="68" height="68" rx="12" fill="none" stroke="#ffe39a" stroke-opacity=".35" stroke-width="2"/>
<text x="50" y="69" text-anchor="middle" font-family="${FONT}" font-size="54" font-weight="900" fill="url(#jf-gold)" stroke="#5c3d0a" stroke-width="2">${letter}</text>`;

const BODIES: Record<SymbolName, string> = {
  WILD: `
<polygon points="30,6 70,6 94,30 94,70 70,94 30,94 6,70 6,30" fill="url(#jf-gem)" stroke="url(#jf-gold)" stroke-width="6"/>
<polygon points="50,14 60,38 86,39 66,55 73,81 50,66 27,81 34,55 14,39 40,38" fill="url(#jf-gold)" stroke="#7a5410" stroke-width="2"/>
<circle cx="50" cy="50" r="9" fill="#0b3d2e"/><circle cx="50" cy="50" r="5" fill="#7ad9b1"/>`,
  SCATTER: `
<circle cx="50" cy="50" r="44" fill="#0b3a2a" stroke="url(#jf-gold)" stroke-width="4"/>
<polygon points="50,12 80,40 50,90 20,40" fill="url(#jf-gem)" stroke="#ffe39a" stroke-width="3"/>
<polygon points="20,40 80,40 50,12" fill="#7ad9b1" fill-opacity=".6"/>
<path d="M35 40 L50 90 L65 40" fill="none" stroke="#ffe39a" stroke-opacity=".6" stroke-width="2"/>
<path d="M82 14 l3 8 8 3 -8 3 -3 8 -3 -8 -8 -3 8 -3z" fill="#fff6d5"/>
<path d="M16 68 l2 5 5 2 -5 2 -2 5 -2 -5 -5 -2 5 -2z" fill="#fff6d5"/>`,
  DRAGON: `
<circle cx="50" cy="50" r="44" fill="url(#jf-red)" stroke="url(#jf-gold)" stroke-width="5"/>
<path d="M50 62 C 54 78, 72 84, 82 68" fill="none" stroke="url(#jf-gold)" stroke-width="9" stroke-linecap="round"/>
<path d="M50 62 C 54 78, 72 84, 82 68" fill="none" stroke="#7a1018" stroke-width="2" stroke-dasharray="2 5"/>
<path d="M58 26 L68 14 L69 26 L82 20 L76 33 L88 36 L77 43 L86 52 L72 52 L74 63 L62 56 Z" fill="url(#jf-gem)" stroke="#0b3d2e" stroke-width="1.5"/>
<path d="M56 28 C 60 18, 68 12, 78 10" fill="none" stroke="url(#jf-gold)" stroke-width="4" stroke-linecap="round"/>
<path d="M50 27 C 52 17, 58 11, 66 8" fill="none" stroke="url(#jf-gold)" stroke-width="3.5" stroke-linecap="round"/>
<path d="M64 36 C 60 26, 44 24, 32 32 L 17 38 C 13 41, 13 47, 18 48 L 36 50 L 22 55 C 18 58, 21 64, 27 63 L 46 60 C 58 62, 68 52, 64 36 Z" fill="url(#jf-gold)" stroke="#7a5410" stroke-width="2" stroke-linejoin="round"/>
<path d="M20 48 L 38 51" stroke="#7a1018" stroke-width="2"/>
<path d="M24 48 l2 3 2 -3 M30 49 l2 3 2 -3" fill="#fff" stroke="#fff" stroke-width="1"/>
<ellipse cx="45" cy="37" rx="5" ry="4" fill="#fff"/>
<circle cx="44" cy="37" r="2.4" fill="#1b0f05"/>
<path d="M38 32 Q 45 27 53 31" fill="none" stroke="#7a1018" stroke-width="2.5" stroke-linecap="round"/>
<circle cx="19" cy="41" r="1.6" fill="#7a1018"/>
<path d="M18 44 C 8 48, 8 60, 14 68" fill="none" stroke="#ffe39a" stroke-width="2" stroke-linecap="round"/>
<path d="M22 38 C 14 30, 16 22, 24 18" fill="none" stroke="#ffe39a" stroke-width="2" stroke-linecap="round"/>`,
  TIGER: `
<circle cx="50" cy="50" r="44" fill="#0b3a2a" stroke="url(#jf-gold)" stroke-width="4"/>
<path d="M22 30 L28 12 L42 24 Z M78 30 L72 12 L58 24 Z" fill="url(#jf-orange)" stroke="#3a1d05" stroke-width="2"/>
<ellipse cx="50" cy="54" rx="32" ry="30" fill="url(#jf-orange)" stroke="#3a1d05" stroke-width="2"/>
<path d="M50 26 L46 36 L54 36 Z M30 44 L40 48 M28 54 L38 55 M70 44 L60 48 M72 54 L62 55" stroke="#1b0f05" stroke-width="3" stroke-linecap="round" fill="#1b0f05"/>
<ellipse cx="50" cy="68" rx="16" ry="12" fill="#fff3df"/>
<circle cx="40" cy="50" r="4" fill="#1b0f05"/><circle cx="60" cy="50" r="4" fill="#1b0f05"/>
<circle cx="41" cy="49" r="1.3" fill="#fff"/><circle cx="61" cy="49" r="1.3" fill="#fff"/>
<path d="M45 62 L55 62 L50 67 Z" fill="#3a1d05"/>
<path d="M50 67 L50 71 M44 73 Q50 77 56 73" stroke="#3a1d05" stroke-width="2" fill="none" stroke-linecap="round"/>`,
  KOI: `
<circle cx="50" cy="50" r="44" fill="url(#jf-water)" stroke="url(#jf-gold)" stroke-width="4"/>
<path d="M20 70 Q 30 60 40 62" fill="none" stroke="#7ad9b1" stroke-opacity=".5" stroke-width="2"/>
<path d="M60 26 Q 70 22 80 28" fill="none" stroke="#7ad9b1" stroke-opacity=".5" stroke-width="2"/>
<path d="M18 50 C 30 30, 62 30, 72 50 C 62 70, 30 70, 18 50 Z" fill="url(#jf-orange)" stroke="#7a3306" stroke-width="2"/>
<path d="M34 40 C 40 46, 44 54, 38 60" fill="#fff6ea"/>
<path d="M50 38 C 56 44, 56 56, 50 62" fill="#fff6ea" fill-opacity=".8"/>
<path d="M70 50 L88 36 L84 50 L88 64 Z" fill="url(#jf-orange)" stroke="#7a3306" stroke-width="2"/>
<path d="M40 36 L48 26 L52 38 Z" fill="#ffb347" stroke="#7a3306" stroke-width="1.5"/>
<circle cx="27" cy="47" r="2.8" fill="#1b0f05"/>`,
  LOTUS: `
<circle cx="50" cy="50" r="44" fill="#0b3a2a" stroke="url(#jf-gold)" stroke-width="4"/>
<ellipse cx="50" cy="76" rx="32" ry="8" fill="url(#jf-gem)"/>
<path d="M50 74 C 20 70, 14 50, 22 40 C 34 46, 44 58, 50 74 Z" fill="url(#jf-petal)" stroke="#a33a63" stroke-width="1.5"/>
<path d="M50 74 C 80 70, 86 50, 78 40 C 66 46, 56 58, 50 74 Z" fill="url(#jf-petal)" stroke="#a33a63" stroke-width="1.5"/>
<path d="M50 74 C 30 64, 30 38, 38 28 C 46 38, 50 56, 50 74 Z" fill="url(#jf-petal)" stroke="#a33a63" stroke-width="1.5"/>
<path d="M50 74 C 70 64, 70 38, 62 28 C 54 38, 50 56, 50 74 Z" fill="url(#jf-petal)" stroke="#a33a63" stroke-width="1.5"/>
<path d="M50 74 C 40 60, 42 32, 50 18 C 58 32, 60 60, 50 74 Z" fill="url(#jf-petal)" stroke="#a33a63" stroke-width="1.5"/>
<circle cx="50" cy="60" r="4" fill="url(#jf-gold)"/>`,
  A: royal('A', '#e9c46a'),
  K: royal('K', '#d1495b'),
  Q: royal('Q', '#7ad9b1'),
  J: royal('J', '#8ecae6'),
};

/** Puts the shared gradients in the page (an SVG of no size, not display:none, so they render). */
export const installSymbolDefs = () => {
  if (document.getElementById('jf-defs')) return;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('id', 'jf-defs');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'symbol-defs');
  svg.innerHTML = DEFS;
  document.body.append(svg);
};

/** A symbol's drawing: decorative (its cell carries the name for a screen reader). */
export const symbolSvg = (symbol: SymbolName): string =>
  `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" class="symbol">${BODIES[symbol]}</svg>`;
