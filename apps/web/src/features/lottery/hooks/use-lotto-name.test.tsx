import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PRIZE_MODES } from '@jade/contracts/system';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/i18n';
import { useLottoName } from './use-lotto-name';

const nameIn = (locale: string, section: 'groups' | 'prizeModes') => {
  const i18n = createTestI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useLottoName(section), { wrapper }).result.current;
};

describe('lottery names in the member language', () => {
  it("names §3's prize modes in words, not codes, and reads a code it does not know as the code", () => {
    const english = nameIn('en', 'prizeModes');
    expect(PRIZE_MODES.map(english)).toEqual([
      'Standard lottery',
      'House odds',
      'E-lottery',
      'Southeast Asian lottery',
    ]);
    expect(english('Keno')).toBe('Keno');
    const vietnamese = nameIn('vi', 'prizeModes');
    expect(vietnamese('Elott')).toBe('Xổ số điện tử');
    for (const mode of PRIZE_MODES) expect(vietnamese(mode)).not.toBe(mode);
  });

  it("names a catalogue group in the member's language, and one it does not know as the catalogue does", () => {
    expect(nameIn('en', 'groups')('Miền Bắc')).toBe('North');
    expect(nameIn('en', 'groups')('Miền Tây')).toBe('Miền Tây');
  });
});
