import { describe, expect, it } from 'vitest';
import { drawCaptcha, randomCaptchaText } from './captcha-drawing.js';

const paths = (svg: string) => [...svg.matchAll(/<path d="([^"]+)" fill="hsl/g)].map((m) => m[1]!);
/** The sequence of path commands, without coordinates: what a lookup table would key on. */
const shape = (d: string) => d.replace(/[^MLQCZ]/g, '');

describe('captcha drawing', () => {
  it('draws the same text differently every time, down to the sequence of path commands', () => {
    const drawings = Array.from({ length: 20 }, () => drawCaptcha('k7pq'));
    expect(new Set(drawings).size).toBe(20);
    const glyphShapes = drawings.map((svg) => paths(svg).map(shape).sort().join('|'));
    expect(new Set(glyphShapes).size).toBeGreaterThan(15);
    for (const svg of drawings) {
      expect(paths(svg)).toHaveLength(4);
      expect(svg).not.toContain('k7pq');
    }
  });

  it('crosses the glyphs with noise curves', () => {
    const svg = drawCaptcha('ABCD');
    expect(svg.match(/fill="none"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('draws text from an alphabet without look-alike characters', () => {
    for (let i = 0; i < 200; i++) expect(randomCaptchaText()).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{4}$/);
  });
});
