import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Draws a captcha whose SVG is not a fixed function of its text (issue 9, item 11): each glyph comes
 * from one of several fonts, gets its own rotation, skew, scale and offset, and has its outline cut
 * into a random number of segments of random kinds, so neither the coordinates nor the sequence of
 * path commands repeat for the same character; noise curves cross the glyphs, and the elements are
 * written in a random order.
 */

type Command =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };
type Font = {
  unitsPerEm: number;
  charToGlyph: (ch: string) => { advanceWidth: number; path: { commands: Command[] } };
};
/** One letter of one font: what drawing it needs, in font units (y up, as the font has it). */
type Letter = { advanceWidth: number; commands: Command[] };
type Face = { unitsPerEm: number; letters: Map<string, Letter>; missing: Letter };
/** The letters kept from each font: printable ASCII, which covers the alphabet and any text a caller picks. */
const KEPT = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

const require = createRequire(import.meta.url);
const FONT_FILES = [
  'DejaVuSans-Bold.ttf',
  'DejaVuSerif-BoldItalic.ttf',
  'DejaVuSansMono-Bold.ttf',
  'DejaVuSansCondensed-BoldOblique.ttf',
  'DejaVuSerifCondensed-Bold.ttf',
] as const;

/**
 * Printable ASCII's outlines in each font, read on the first captcha (issue 23 item 6: an idle server
 * holds no fonts). A parsed font keeps every one of its thousands of glyphs (the five cost ~40 MB
 * of heap and a second to read); only printable ASCII's outlines are kept, the fonts are dropped.
 */
let faces: Face[] | undefined;
const loadFaces = (): Face[] => {
  const opentype = require('opentype.js') as { loadSync: (file: string) => Font };
  const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return FONT_FILES.map((file) => {
    const font = opentype.loadSync(path.join(fontDir, file));
    const letter = (ch: string): Letter => {
      const glyph = font.charToGlyph(ch);
      return { advanceWidth: glyph.advanceWidth, commands: glyph.path.commands.map((c) => ({ ...c })) };
    };
    // A character outside the kept set is drawn as the font's missing-glyph box, as the font drew it.
    return {
      unitsPerEm: font.unitsPerEm,
      letters: new Map(KEPT.map((ch) => [ch, letter(ch)])),
      missing: letter('\uffff'),
    };
  });
};

/** A letter's outline at `size` pixels with its origin at (x, y), y down (opentype's `getPath`). */
const outline = (face: Face, letter: Letter, x: number, y: number, size: number): Command[] => {
  const scale = (1 / face.unitsPerEm) * size;
  const X = (v: number) => x + v * scale;
  const Y = (v: number) => y + -v * scale;
  return letter.commands.map((c): Command => {
    switch (c.type) {
      case 'M':
      case 'L':
        return { type: c.type, x: X(c.x), y: Y(c.y) };
      case 'Q':
        return { type: 'Q', x1: X(c.x1), y1: Y(c.y1), x: X(c.x), y: Y(c.y) };
      case 'C':
        return { type: 'C', x1: X(c.x1), y1: Y(c.y1), x2: X(c.x2), y2: Y(c.y2), x: X(c.x), y: Y(c.y) };
      default:
        return { type: 'Z' };
    }
  });
};

const WIDTH = 120;
const HEIGHT = 44;

/** A uniform random number in [min, max), from the crypto generator. */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]) => items[randomInt(0, items.length)] as T;
const n = (value: number) => (Math.round(value * 10) / 10).toString();

type Point = { x: number; y: number };
const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/** The outline redrawn with random cuts: a line becomes 1-3 lines or bent curves, curves are split. */
const resegment = (commands: Command[]): Command[] => {
  const out: Command[] = [];
  let at: Point = { x: 0, y: 0 };
  for (const c of commands) {
    if (c.type === 'M' || c.type === 'Z') {
      out.push(c);
      if (c.type === 'M') at = { x: c.x, y: c.y };
      continue;
    }
    const end = { x: c.x, y: c.y };
    if (c.type === 'L') {
      const pieces = randomInt(1, 4);
      let from = at;
      for (let i = 1; i <= pieces; i++) {
        const to = lerp(at, end, i / pieces);
        if (randomInt(0, 2) === 0) out.push({ type: 'L', ...to });
        else {
          const mid = lerp(from, to, between(0.3, 0.7));
          out.push({ type: 'Q', x1: mid.x + between(-0.6, 0.6), y1: mid.y + between(-0.6, 0.6), ...to });
        }
        from = to;
      }
    } else if (c.type === 'Q' && randomInt(0, 2) === 0) {
      // de Casteljau: the same curve as two halves cut at a random point.
      const t = between(0.3, 0.7);
      const p1 = { x: c.x1, y: c.y1 };
      const a = lerp(at, p1, t);
      const b = lerp(p1, end, t);
      const m = lerp(a, b, t);
      out.push({ type: 'Q', x1: a.x, y1: a.y, ...m }, { type: 'Q', x1: b.x, y1: b.y, ...end });
    } else if (c.type === 'C' && randomInt(0, 2) === 0) {
      const t = between(0.3, 0.7);
      const p1 = { x: c.x1, y: c.y1 };
      const p2 = { x: c.x2, y: c.y2 };
      const a = lerp(at, p1, t);
      const b = lerp(p1, p2, t);
      const d = lerp(p2, end, t);
      const e = lerp(a, b, t);
      const f = lerp(b, d, t);
      const m = lerp(e, f, t);
      out.push({ type: 'C', x1: a.x, y1: a.y, x2: e.x, y2: e.y, ...m });
      out.push({ type: 'C', x1: f.x, y1: f.y, x2: d.x, y2: d.y, ...end });
    } else {
      out.push(c);
    }
    at = end;
  }
  return out;
};

/** A glyph's outline, transformed on its own (rotation, skew, scale) and placed at (cx, cy). */
const glyphPath = (ch: string, cx: number, cy: number) => {
  const face = pick((faces ??= loadFaces()));
  const size = between(26, 34);
  const letter = face.letters.get(ch) ?? face.missing;
  const width = (letter.advanceWidth / face.unitsPerEm) * size;
  const commands = resegment(outline(face, letter, -width / 2, size * 0.35, size));
  const angle = between(-0.45, 0.45);
  const skew = between(-0.3, 0.3);
  const sx = between(0.85, 1.15);
  const sy = between(0.85, 1.15);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const map = (x: number, y: number) => {
    const kx = (x + skew * y) * sx;
    const ky = y * sy;
    return `${n(cx + kx * cos - ky * sin)} ${n(cy + kx * sin + ky * cos)}`;
  };
  return commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${map(c.x, c.y)}`;
        case 'Q':
          return `Q${map(c.x1, c.y1)} ${map(c.x, c.y)}`;
        case 'C':
          return `C${map(c.x1, c.y1)} ${map(c.x2, c.y2)} ${map(c.x, c.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
};

const color = (lightness: [number, number]) =>
  `hsl(${randomInt(0, 360)},${randomInt(45, 80)}%,${randomInt(lightness[0], lightness[1])}%)`;

/** A curve from edge to edge through the glyphs. */
const noiseCurve = () => {
  const y = () => n(between(6, HEIGHT - 6));
  return `<path d="M${n(between(0, 10))} ${y()}C${n(between(20, 50))} ${y()} ${n(between(60, 100))} ${y()} ${n(between(WIDTH - 10, WIDTH))} ${y()}" stroke="${color([30, 60])}" stroke-width="${n(between(1.2, 2.4))}" fill="none"/>`;
};

export const drawCaptcha = (text: string): string => {
  const slot = (WIDTH - 16) / text.length;
  const elements = [...text].map(
    (ch, i) =>
      `<path d="${glyphPath(ch, 8 + slot * (i + 0.5) + between(-3, 3), HEIGHT / 2 + between(-4, 4))}" fill="${color([15, 45])}"/>`,
  );
  for (let i = randomInt(3, 6); i > 0; i--) elements.push(noiseCurve());
  // Written in a random order: the markup does not list the glyphs left to right.
  for (let i = elements.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [elements[i], elements[j]] = [elements[j]!, elements[i]!];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f7f5"/>${elements.join('')}</svg>`;
};

/** The letters a captcha draws from: none that look alike (0/O/o, 1/I/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const randomCaptchaText = (length = 4) =>
  Array.from({ length }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
