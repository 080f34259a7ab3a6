import {
  GAME_CATEGORIES,
  catalogueFile,
  categoryPoint,
  type CatalogueFileInput,
} from '@jade/contracts/games';
import { LIVE_CLASSIFICATION_CODES } from '@jade/contracts/constants';
import { describe, expect, it } from 'vitest';
import demoCatalogue from './demo-catalogue.json' with { type: 'json' };
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoGameArt, parseCatalogue } from './service.js';

const webPublic = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

const demo = catalogueFile.parse(demoCatalogue);

describe('demo catalogue', () => {
  it('ships art for every demo game and vendor, so no tile asks for a missing file', () => {
    const missing = demo.vendors.flatMap((vendor) => [
      ...(fs.existsSync(path.join(webPublic, 'media/vendors', `${vendor.code}.svg`)) ? [] : [vendor.code]),
      ...vendor.games
        .map((game) => game.showIcon ?? demoGameArt(vendor.code, game.gameId))
        .filter((icon) => !fs.existsSync(path.join(webPublic, decodeURIComponent(icon))))
        .map((icon) => icon),
    ]);
    expect(missing).toEqual([]);
  });

  it('covers every category of §1; esports is empty (§3)', () => {
    const categories = new Set(demo.vendors.map((v) => v.category));
    expect([...categories].sort()).toEqual(GAME_CATEGORIES.filter((c) => c !== 'ESPORTS').sort());
  });

  it('includes the lottery vendors with their own lobbies (§9)', () => {
    const codes = demo.vendors.filter((v) => v.category === 'LOTT').map((v) => v.code);
    expect(codes).toEqual(expect.arrayContaining(['TCG_LOTTO_VN', 'TCG_SEA']));
  });

  it('has slot vendors with more games than one page of 24', () => {
    // The in-house studio (JADE_STUDIO) has its three games only.
    const slots = demo.vendors.filter((v) => v.category === 'RNG' && v.code !== 'JADE_STUDIO');
    expect(slots.length).toBeGreaterThanOrEqual(3);
    for (const vendor of slots) expect(vendor.games.length).toBeGreaterThan(24);
  });

  it('classifies live tables with the §9 live classification codes', () => {
    const live = demo.vendors.filter((v) => v.category === 'LIVE').flatMap((v) => v.games);
    const used = new Set(live.map((g) => g.classification).filter(Boolean));
    for (const code of used) expect(LIVE_CLASSIFICATION_CODES).toContain(code);
    expect([...used]).toEqual(expect.arrayContaining(['BAC', 'ROU', 'SIC']));
  });

  it('tags a sports vendor as cockfight', () => {
    expect(demo.vendors.find((v) => v.tags.includes('COCKFIGHT'))?.category).toBe('SPORTS');
  });
});

describe('parseCatalogue', () => {
  const valid: CatalogueFileInput = {
    vendors: [
      {
        code: 'TEST_SLOTS',
        category: 'RNG',
        names: { EN: 'Test Slots' },
        walletMode: 'TRANSFER',
        supportPlay: 0,
        games: [{ gameId: 'g1', nodeId: '1', names: { EN: 'One' } }],
      },
    ],
  };

  it('fills in the defaults', () => {
    const file = parseCatalogue(valid);
    expect(file.vendors[0]?.tags).toEqual([]);
    expect(file.vendors[0]?.games[0]).toMatchObject({
      isHot: false,
      minBet: 0,
      isGame: 'GAME',
      roomId: null,
      code: null,
    });
  });

  it('names the path of every bad field', () => {
    const bad = structuredClone(valid) as any;
    bad.vendors[0].games.push({ gameId: 'g2', nodeId: '2', names: { EN: 'Two' }, minBet: -1 });
    bad.vendors[0].category = 'BINGO';
    expect(() => parseCatalogue(bad, 'vendors.json')).toThrow(
      /^Invalid vendors\.json: .*vendors\[0\]\.category/,
    );
    try {
      parseCatalogue(bad);
    } catch (error: any) {
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toEqual(['vendors[0].category', 'vendors[0].games[1].minBet']);
    }
  });

  it('refuses duplicate vendors and game ids', () => {
    const dup = structuredClone(valid) as any;
    dup.vendors[0].games.push({ gameId: 'g1', nodeId: '9', names: { EN: 'Again' } });
    dup.vendors.push(structuredClone(valid.vendors[0]));
    expect(() => parseCatalogue(dup)).toThrow(/vendors\[0\]\.games\[1\]\.gameId: Duplicate gameId 'g1'/);
    expect(() => parseCatalogue(dup)).toThrow(/vendors\[1\]\.code: Duplicate vendor 'TEST_SLOTS'/);
  });

  it('refuses a file that is not a catalogue at all', () => {
    expect(() => parseCatalogue([])).toThrow(/Invalid catalogue: \(file\)/);
    expect(() => parseCatalogue({ vendors: [] })).toThrow(/vendors: /);
  });
});

describe('categoryPoint', () => {
  it('shows the §9 category points as decimal text', () => {
    expect(categoryPoint('LIVE')).toBe('0.70');
    expect(categoryPoint('SPORTS')).toBe('1.00');
    expect(categoryPoint('FISH')).toBe('1.20');
    expect(categoryPoint('RNG')).toBe('1.20');
    expect(categoryPoint('PVP')).toBe('1.00');
    expect(categoryPoint('LOTT')).toBeNull();
  });
});
