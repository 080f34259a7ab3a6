import { RED_NUMBERS } from '../games/roulette.js';

/** The European wheel's pockets clockwise from zero, as on a real single-zero wheel. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export const pocketColour = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

const SVG = 'http://www.w3.org/2000/svg';
const svgEl = (tag: string, attrs: Record<string, string | number> = {}) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};
const SECTOR = 360 / WHEEL_ORDER.length;
const point = (radius: number, degrees: number) => {
  const a = ((degrees - 90) * Math.PI) / 180;
  return `${(100 + radius * Math.cos(a)).toFixed(2)} ${(100 + radius * Math.sin(a)).toFixed(2)}`;
};

/**
 * An SVG wheel: 37 coloured pockets with their numbers round a gold-spoked centre, and a ball. `spinTo`
 * turns the wheel so that the pocket comes to rest under the ball at the top, with a few whole turns
 * first (none when the member asks for reduced motion).
 */
export const rouletteWheel = (label: string) => {
  const svg = svgEl('svg', { viewBox: '0 0 200 200', class: 'wheel', role: 'img', 'aria-label': label });
  // The banners' gold and jade gradients, so that the wheel sits in the site's drawn style.
  const defs = svgEl('defs');
  const gradient = (id: string, stops: [number, string][], attrs: Record<string, number> = {}) => {
    const g = svgEl('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1, ...attrs });
    for (const [offset, colour] of stops) g.append(svgEl('stop', { offset, 'stop-color': colour }));
    defs.append(g);
  };
  gradient('wheel-gold', [
    [0, '#ffe39a'],
    [0.5, '#f0c75e'],
    [1, '#c8922c'],
  ]);
  gradient(
    'wheel-jade',
    [
      [0, '#7ad9b1'],
      [0.55, '#1f8a65'],
      [1, '#0b3d2e'],
    ],
    { x2: 1 },
  );
  svg.append(defs);
  const rotor = svgEl('g', { class: 'wheel__rotor' });
  rotor.append(svgEl('circle', { cx: 100, cy: 100, r: 98, class: 'wheel__rim' }));
  WHEEL_ORDER.forEach((n, i) => {
    const from = i * SECTOR - SECTOR / 2;
    const to = from + SECTOR;
    rotor.append(
      svgEl('path', {
        d: `M${point(92, from)} A92 92 0 0 1 ${point(92, to)} L${point(62, to)} A62 62 0 0 0 ${point(62, from)}Z`,
        class: `wheel__pocket wheel__pocket--${pocketColour(n)}`,
        'data-pocket': n,
      }),
    );
    const text = svgEl('text', {
      x: 100,
      y: 100 - 81,
      transform: `rotate(${i * SECTOR} 100 100)`,
      class: 'wheel__number',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
    });
    text.textContent = String(n);
    rotor.append(text);
  });
  rotor.append(svgEl('circle', { cx: 100, cy: 100, r: 62, class: 'wheel__track' }));
  rotor.append(svgEl('circle', { cx: 100, cy: 100, r: 44, class: 'wheel__hub' }));
  for (let k = 0; k < 8; k++)
    rotor.append(
      svgEl('line', {
        x1: 100,
        y1: 100,
        x2: 100,
        y2: 62,
        transform: `rotate(${k * 45} 100 100)`,
        class: 'wheel__spoke',
      }),
    );
  rotor.append(svgEl('circle', { cx: 100, cy: 100, r: 10, class: 'wheel__cap' }));
  const ballArm = svgEl('g', { class: 'wheel__ball-arm' });
  ballArm.append(svgEl('circle', { cx: 100, cy: 100 - 68, r: 5, class: 'wheel__ball' }));
  svg.append(svgEl('polygon', { points: '94 0 106 0 100 9', class: 'wheel__pointer' }), rotor, ballArm);

  let turned = 0;
  const spinTo = (pocket: number, reduced: boolean): Promise<void> => {
    const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
    // The wheel turns clockwise; the pocket at `index` sits at index × SECTOR from the top.
    const rest = (360 - index * SECTOR) % 360;
    turned = turned - (turned % 360) + (reduced ? 0 : 5 * 360) + rest;
    svg.classList.toggle('wheel--still', reduced);
    rotor.style.transform = `rotate(${turned}deg)`;
    ballArm.style.transform = 'rotate(0deg)';
    // The ball runs the other way round and drops into the pocket under the pointer as the wheel stops.
    if (!reduced)
      ballArm.animate([{ transform: 'rotate(-1080deg)' }, { transform: 'rotate(0deg)' }], {
        duration: 3200,
        easing: 'cubic-bezier(0.15, 0.6, 0.25, 1)',
      });
    svg.querySelectorAll('.wheel__pocket--hit').forEach((p) => p.classList.remove('wheel__pocket--hit'));
    return new Promise((resolve) =>
      setTimeout(
        () => {
          svg.querySelector(`[data-pocket="${pocket}"]`)?.classList.add('wheel__pocket--hit');
          resolve();
        },
        reduced ? 0 : 3300,
      ),
    );
  };
  return { node: svg, spinTo };
};
