import { describe, expect, it } from 'vitest';
import { checkProfileValue, profileFieldRule } from './profile.js';

const settings = {
  fields: [
    {
      field: 'idNumber' as const,
      visible: false,
      required: false,
      min: 9,
      max: 200,
      patternType: 'DIGITS' as const,
    },
  ],
  minimumAge: 18,
};
const today = new Date('2026-11-21T10:00:00Z');

describe('profile rules', () => {
  it('counts the minimum age to the day', () => {
    expect(checkProfileValue('birthday', '2008-11-21', settings, today)).toBeUndefined();
    expect(checkProfileValue('birthday', '2008-11-22', settings, today)).toMatchObject({
      key: 'validation.minimumAge',
      params: { age: '18' },
    });
    expect(checkProfileValue('birthday', '2030-01-01', settings, today)?.key).toBe('validation.minimumAge');
    expect(checkProfileValue('birthday', '21-11-2000', settings, today)?.key).toBe('pattern.DATE_YMD');
  });

  it("takes a register field's rule from the brand, never longer than its column", () => {
    expect(profileFieldRule(settings, 'idNumber')).toEqual({ patternType: 'DIGITS', min: 9, max: 32 });
    expect(profileFieldRule(settings, 'occupation')).toEqual({ patternType: 'ANY', min: 2, max: 64 });
    expect(profileFieldRule(settings, 'email')).toEqual({ patternType: 'EMAIL', min: 5, max: 254 });
  });
});
