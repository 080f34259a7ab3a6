import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { I18nextProvider } from 'react-i18next';
import { BrandContext } from '../config/brand';
import { createTestI18n } from './i18n';
import { whitelabelFixture } from './fixtures';

/** Renders a component the way the booted app would: English, inside a brand, with a query client. */
export const renderInBrand = (ui: ReactElement, whitelabel: WhitelabelResponse = whitelabelFixture()) => {
  const language = whitelabel.merchant.languages[0];
  const brand = { whitelabel, language, setLanguage: () => undefined };
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={createTestI18n(language?.locale ?? 'en')}>
        <BrandContext value={brand}>{ui}</BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};
