import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterFieldSetting, RegisterSettings } from '@jade/contracts/system';
import { DialogBody } from '../../../components/modal/dialog-body';
import { ModalProvider } from '../../../components/modal/modal-provider';
import type { ModalRegistry } from '../../../components/modal/modal-types';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { SecurityCenter } from './security-center';

const registry = {
  dialog: { kind: 'dialog', title: () => 'Notice', Body: DialogBody },
} as unknown as ModalRegistry;

const field = (
  name: RegisterFieldSetting['field'],
  visible: boolean,
  min: number,
  max: number,
  patternType: RegisterFieldSetting['patternType'],
): RegisterFieldSetting => ({ field: name, visible, required: false, min, max, patternType });

/** The demo brand's rules for the fields the security centre edits. */
const settings: RegisterSettings = {
  smsExpiredMinutes: 5,
  fields: [
    field('payeeName', true, 2, 50, 'FULL_NAME'),
    field('email', true, 5, 100, 'EMAIL'),
    field('qqNum', false, 5, 12, 'DIGITS'),
    field('whatsapp', true, 8, 15, 'DIGITS'),
    field('idNumber', false, 9, 12, 'DIGITS'),
    field('paymentPassword', true, 6, 6, 'DIGITS'),
  ],
  passwordRule: { patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 },
  minimumAge: 18,
};

const profile = {
  birthday: '1990-05-20',
  idNumber: null,
  nationality: null,
  occupation: null,
  sourceOfIncome: null,
  address: null,
  qqNum: null,
  line: null,
  whatsapp: null,
  facebook: null,
  wechat: null,
};
const member = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  account: 'player01',
  nickname: null,
  type: 0,
  toUpline: null,
  clubLabel: { labelName: 'VIP0', rankLevel: 0 },
  memberLabel: [],
  mustChangePassword: false,
  mobile: '+84 912 *** 678',
  mobileVerified: false,
  email: null,
  emailVerified: false,
  payeeName: null,
  hasPaymentPassword: true,
  avatarUrl: null,
  referralCode: 'ABCD1234',
  createdAt: '2026-11-21T00:00:00.000Z',
  profile,
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json(200, { success: true, value });

let stored: ReturnType<typeof member>;
let calls: { method: string; path: string; body: unknown }[];
/** The next answers to PUT /wps/member/info and POST /wps/member/paymentPassword, in order. */
let answers: (() => Response | Promise<Response>)[];

beforeEach(() => {
  clearSession();
  setSession({ token: 'token-1', account: 'player01', isAgent: 0 });
  stored = member();
  calls = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, path, body });
      if (path === '/wps/member/info' && method === 'GET') return ok(stored);
      if (path === '/wps/system/setting/register') return ok(settings);
      if (path === '/wps/session/social/providers') return ok([]);
      const next = answers.shift();
      if (next) return next();
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const renderCenter = () => {
  const whitelabel = whitelabelFixture({ register: settings });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <MemoryRouter>
            <ModalProvider registry={registry}>
              <SecurityCenter />
            </ModalProvider>
          </MemoryRouter>
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

const openProfileForm = async () => {
  renderCenter();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.getByRole('form', { name: 'Edit profile' });
};
const type = (scope: HTMLElement, label: string, value: string) => {
  const input = within(scope).getByLabelText(new RegExp(`^${label}`));
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const noteOf = (scope: HTMLElement, name: string) =>
  scope.querySelector(`[data-field="${name}"] .account-field__error`)?.textContent;

describe('security centre profile form', () => {
  it("checks each field live against the brand's rules and the minimum age, as the server does", async () => {
    const form = await openProfileForm();
    type(form, 'Real name', 'An');
    expect(noteOf(form, 'payeeName')).toBe(
      'Enter your full name (2-50 characters), at least two parts separated by a space',
    );
    type(form, 'Real name', 'Nguyen Van An');
    expect(noteOf(form, 'payeeName')).toBeUndefined();
    type(form, 'WhatsApp', '12ab');
    expect(noteOf(form, 'whatsapp')).toBe('Enter 8-15 digits');
    type(form, 'Nickname', 'x');
    expect(noteOf(form, 'nickname')).toBe('Enter 2-32 characters');
    // Empty is fine: every profile field is optional.
    type(form, 'Nickname', '');
    expect(noteOf(form, 'nickname')).toBeUndefined();

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(calls).toEqual([]);
    expect(noteOf(form, 'whatsapp')).toBe('Enter 8-15 digits');
  });

  it('shows a birthday already given as fixed, offers contact fields the brand shows, and holds a new birthday to the age', async () => {
    stored = member({ profile: { ...profile, birthday: null } });
    const form = await openProfileForm();
    type(form, 'Date of birth', `${new Date().getUTCFullYear() - 17}-01-01`);
    expect(noteOf(form, 'birthday')).toBe('You must be at least 18 years old');
    // qqNum is hidden by the brand, whatsapp shown.
    expect(within(form).queryByLabelText(/^QQ number/)).toBeNull();
    within(form).getByLabelText(/^WhatsApp/);
    cleanup();

    stored = member();
    const withBirthday = await openProfileForm();
    expect(within(withBirthday).queryByLabelText(/^Date of birth/)).toBeNull();
    within(withBirthday).getByText('1990-05-20');
    within(withBirthday).getByText('Set once; to change it, contact customer service');
  });

  it('sends only what changed, shows that it is saving, then the saved profile and a message', async () => {
    let release: () => void = () => undefined;
    answers.push(
      () =>
        new Promise((resolve) => {
          release = () => {
            stored = member({ nickname: 'Lucky An' });
            resolve(ok(stored));
          };
        }),
    );
    const form = await openProfileForm();
    type(form, 'Nickname', '  Lucky An ');
    const save = within(form).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(calls).toEqual([{ method: 'PUT', path: '/wps/member/info', body: { nickname: 'Lucky An' } }]);
    release();
    await screen.findByText('Your changes have been saved.');
    expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
    expect(screen.getAllByText('Lucky An').length).toBeGreaterThan(0);
  });

  it("shows the server's refusal on its field, in the member's language", async () => {
    answers.push(() =>
      json(400, {
        success: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid fields: payeeName',
          fields: { payeeName: ['Already set'] },
          details: { rules: { payeeName: { key: 'validation.setOnce' } } },
        },
      }),
    );
    const form = await openProfileForm();
    type(form, 'Real name', 'Nguyen Van An');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Please check the highlighted fields');
    expect(noteOf(form, 'payeeName')).toBe('Set once; to change it, contact customer service');
  });
});

describe('security centre payment password', () => {
  it('changes it with the current one and keeps no value after the call', async () => {
    answers.push(() =>
      json(400, {
        success: false,
        error: {
          code: 'PAYMENT_PASSWORD_WRONG',
          message: 'no',
          fields: { oldPaymentPassword: ['Incorrect'] },
        },
      }),
    );
    renderCenter();
    fireEvent.click(await screen.findByRole('button', { name: 'Change Payment password' }));
    const form = screen.getByRole('form', { name: 'Payment password' });
    type(form, 'New payment password', '12a');
    expect(noteOf(form, 'newPaymentPassword')).toBe('Enter 6 digits');
    type(form, 'Current payment password', '246810');
    type(form, 'New payment password', '135790');
    type(form, 'Confirm payment password', '135791');
    expect(noteOf(form, 'confirmPaymentPassword')).toBe('Incorrect confirmation input');
    type(form, 'Confirm payment password', '135790');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await within(form).findByText('Incorrect payment password', { selector: '[role="alert"] span' });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/wps/member/paymentPassword',
      body: { oldPaymentPassword: '246810', newPaymentPassword: '135790' },
    });
    for (const label of ['Current payment password', 'New payment password', 'Confirm payment password'])
      expect(within(form).getByLabelText(new RegExp(`^${label}`))).toHaveProperty('value', '');
  });
});
