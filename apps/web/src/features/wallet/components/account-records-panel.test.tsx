import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_KINDS, type AccountOwed, type AccountRecord } from '@jade/contracts/wallet';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { choosePage, retryFailedLoad } from '../../../testing/panel-states';
import { AccountRecordsPanel } from './account-records-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const takeBack: AccountRecord = {
  id: 7,
  createdAt: '2026-11-25T11:00:00.000Z',
  kind: 'WIN_ROLLBACK',
  amount: -35_000,
  wallet: 'MAIN',
  reference: 'round:TCG_LOTTO_VN:VN_HCM:20261125:12',
  vendor: 'TCG Lottery',
};

let owed: AccountOwed[];
/** The member's records, and how many of the next calls fail (the server's 404). */
let records: AccountRecord[];
let failures: number;

beforeEach(() => {
  records = [takeBack];
  owed = [];
  failures = 0;
  setSession({ token: 'token-1', isAgent: 0 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const { pathname: path } = new URL(url, 'http://localhost');
      if (path === '/wps/relay/ODSFE2_MemTransDet' && failures > 0) {
        failures -= 1;
        return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
      }
      if (path === '/wps/relay/ODSFE2_MemTransDet') {
        const { pageNo, pageSize } = JSON.parse(String(init.body)) as { pageNo: number; pageSize: number };
        return json(200, {
          success: true,
          value: {
            records: records.slice((pageNo - 1) * pageSize, pageNo * pageSize),
            owed,
            pageNum: pageNo,
            totalPages: Math.ceil(records.length / pageSize),
            totalCount: records.length,
          },
        });
      }
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const whitelabel = whitelabelFixture();
whitelabel.merchant.currencyExponent = 2;

const renderPanel = (language = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <AccountRecordsPanel />
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );

describe('AccountRecordsPanel (issue 19 item 15: what a corrected result could not take back)', () => {
  it('shows what the member owes from a corrected lottery result, and names the take-back', async () => {
    owed = [
      { gameCode: 'VN_HCM', numero: '20261125', amount: 1_720_000, createdAt: '2026-11-25T11:00:00.000Z' },
    ];
    renderPanel();
    const notice = await screen.findByRole('region', { name: 'Owed from corrected lottery results' });
    within(notice).getByText('VN_HCM draw 20261125');
    within(notice).getByText('₫17,200');
    within(notice).getByText('Total owed: ₫17,200');
    screen.getByText('Win taken back (corrected result)');
  });

  it('shows no such notice when nothing is owed', async () => {
    owed = [];
    renderPanel();
    await screen.findByText('1 record');
    expect(screen.queryByRole('region', { name: 'Owed from corrected lottery results' })).toBeNull();
  });
});

describe('AccountRecordsPanel, a page at a time', () => {
  it('shows that it is loading, why it failed with a way to try again, and then twenty records a page', async () => {
    records = Array.from({ length: 21 }, (_, i) => ({
      ...takeBack,
      id: 100 - i,
      amount: -(i + 1) * 100_000,
      reference: null,
    }));
    failures = 1;
    renderPanel();
    await retryFailedLoad();
    await screen.findByText('21 records');
    expect(screen.getAllByRole('row')).toHaveLength(21);
    choosePage('Record pages', 2);
    await screen.findByText('−₫21,000');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('says when the period has no records, and shows no pages', async () => {
    records = [];
    renderPanel();
    const none = await screen.findByText('No records in this period.');
    expect(none.className).toBe('wallet-empty');
    expect(screen.queryByRole('navigation', { name: 'Record pages' })).toBeNull();
  });
});

describe('AccountRecordsPanel, references a member can read', () => {
  it("shows a round as its vendor and round, a rebate or a payment by its number, the whole reference in the cell's title", async () => {
    records = [
      takeBack,
      { ...takeBack, id: 6, kind: 'REBATE', amount: 12_000, reference: 'rebate:10', vendor: null },
      {
        ...takeBack,
        id: 5,
        kind: 'AGENT_SALARY',
        amount: 9_000,
        reference: 'agent-payment:357',
        vendor: null,
      },
      { ...takeBack, id: 4, kind: 'BET', reference: 'round:GONE_VENDOR:r-1', vendor: null },
      { ...takeBack, id: 3, kind: 'DEPOSIT', amount: 50_000, reference: null, vendor: null },
    ];
    renderPanel();
    await screen.findByText('5 records');
    const cells = [...document.querySelectorAll('td[data-column="reference"]')];
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'TCG Lottery · VN_HCM:20261125:12',
      '#10',
      '#357',
      'round:GONE_VENDOR:r-1',
      '—',
    ]);
    expect(cells.map((cell) => cell.querySelector('span[title]')?.getAttribute('title') ?? null)).toEqual([
      'round:TCG_LOTTO_VN:VN_HCM:20261125:12',
      'rebate:10',
      'agent-payment:357',
      null,
      null,
    ]);
  });
});

describe('AccountRecordsPanel, the kinds of movement in words', () => {
  const record = (kind: string, id: number, amount = 50_000): AccountRecord => ({
    ...takeBack,
    id,
    kind,
    amount,
    reference: null,
  });
  const kindCells = () =>
    screen.getAllByRole('row').flatMap((row) => {
      const cell = row.querySelector('td[data-column="kind"]');
      return cell ? [cell.textContent ?? ''] : [];
    });

  it('names bonuses, rebates and salaries, in English and Vietnamese', async () => {
    records = [record('PROMOTION_BONUS', 3), record('REBATE', 2), record('AGENT_SALARY', 1, -20_000)];
    renderPanel();
    await screen.findByText('3 records');
    expect(kindCells()).toEqual(['Promotion bonus', 'Rebate', 'Salary between agents']);
    cleanup();
    renderPanel('vi');
    await screen.findByText('Tiền thưởng khuyến mãi');
    expect(kindCells()).toEqual(['Tiền thưởng khuyến mãi', 'Hoàn trả', 'Lương giữa các đại lý']);
  });

  it('names every kind of the contracts, and one it does not know as another movement, never as a code', async () => {
    const kinds = [...LEDGER_KINDS, 'SOMETHING_NEW'];
    // A page holds 20 records: the kinds a page at a time, in three of the languages.
    for (let start = 0; start < kinds.length; start += 20) {
      records = kinds.slice(start, start + 20).map((kind, i) => record(kind, 1000 - i));
      for (const language of ['en', 'vi', 'zh']) {
        renderPanel(language);
        await screen.findByRole('table');
        const names = kindCells();
        expect(names).toHaveLength(records.length);
        expect(names.filter((name) => name === '' || /^[A-Z][A-Z_]+$/.test(name))).toEqual([]);
        cleanup();
      }
    }
    records = [record('SOMETHING_NEW', 1)];
    renderPanel();
    await screen.findByText('1 record');
    expect(kindCells()).toEqual(['Other movement']);
  });

  it('offers its kind filter in words', async () => {
    renderPanel('vi');
    const filter = await screen.findByRole('combobox', { name: 'Loại' });
    const options = within(filter)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toHaveLength(6);
    expect(options.filter((text) => /^[A-Z][A-Z_]+$/.test(text ?? ''))).toEqual([]);
  });
});
