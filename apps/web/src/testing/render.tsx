import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { I18nextProvider } from 'react-i18next';
import { BrandContext } from '../config/brand';
import { createTestI18n } from './i18n';
import { whitelabelFixture } from './fixtures';

/** Renders a component the way the booted app would: English, inside a brand. */
export const renderInBrand = (ui: ReactElement, whitelabel: WhitelabelResponse = whitelabelFixture()) => {
  const language = whitelabel.merchant.languages[0];
  const brand = { whitelabel, language, setLanguage: () => undefined };
  return render(
    <I18nextProvider i18n={createTestI18n(language?.locale ?? 'en')}>
      <BrandContext value={brand}>{ui}</BrandContext>
    </I18nextProvider>,
  );
};
