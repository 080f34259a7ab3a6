import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogBody } from '../../../components/modal/dialog-body';
import { ModalProvider } from '../../../components/modal/modal-provider';
import type { ModalRegistry } from '../../../components/modal/modal-types';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, getSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { LoginModal } from './account-modals';

const registry = {
  dialog: { kind: 'dialog', title: () => 'Notice', Body: DialogBody },
} as unknown as ModalRegistry;

let keys: CryptoKeyPair;
let logins: Record<string, unknown>[];
let loginAnswers: (() => Response)[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const bytesOf = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Opens a sealed body as the server does: unwrap the AES key with the private key, then decrypt. */
const openSealed = async (body: { key: string; iv: string; data: string }) => {
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytesOf(body.key));
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytesOf(body.iv) },
    aes,
    bytesOf(body.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as { payload: Record<string, unknown> };
};

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
});

beforeEach(() => {
  sessionStorage.clear();
  clearSession();
  logins = [];
  loginAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/wps/system/publicKey') {
        const spki = await crypto.subtle.exportKey('spki', keys.publicKey);
        return json(200, {
          success: true,
          value: { algorithm: 'RSA-OAEP-256+A256GCM', keyId: 'k1', publicKey: base64(spki) },
        });
      }
      if (path === '/wps/captcha') {
        return json(200, {
          success: true,
          value: {
            captchaId: 'captcha-1',
            image: 'data:image/svg+xml;base64,PHN2Zy8+',
            expiresInSeconds: 120,
          },
        });
      }
      if (path === '/wps/session/login') {
        const body = JSON.parse(String(init.body)) as { key: string; iv: string; data: string };
        logins.push({ raw: String(init.body), ...(await openSealed(body)).payload });
        return (loginAnswers.shift() ?? (() => json(500, {})))();
      }
      if (path === '/wps/session/login/challenge') {
        return (loginAnswers.shift() ?? (() => json(500, {})))();
      }
      if (path === '/wps/member/info') {
        return json(200, {
          success: true,
          value: {
            id: 7,
            account: 'player01',
            nickname: null,
            type: 0,
            toUpline: null,
            clubLabel: { labelName: 'VIP0', rankLevel: 0 },
            memberLabel: ['new'],
            mustChangePassword: false,
            mobile: null,
            mobileVerified: false,
            email: null,
            emailVerified: false,
            payeeName: null,
            hasPaymentPassword: false,
            avatarUrl: null,
            referralCode: 'ABCD1234',
            createdAt: '2026-11-21T00:00:00.000Z',
          },
        });
      }
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderLogin = (ui: ReactNode = <LoginModal props={undefined} close={() => undefined} />) => {
  const whitelabel = whitelabelFixture();
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <MemoryRouter>
            <ModalProvider registry={registry}>{ui}</ModalProvider>
          </MemoryRouter>
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

describe('LoginModal', () => {
  it('asks for both fields before calling the server (§8)', async () => {
    renderLogin();
    submit();
    await screen.findByText('Please enter the username and password');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(logins).toHaveLength(0);
  });

  it('seals the credentials, and shows the captcha once the answer carries the captcha flag (§4)', async () => {
    loginAnswers.push(() =>
      json(401, {
        success: false,
        error: { code: 'LOGIN_FAILED', message: 'no', details: { captcha: true } },
      }),
    );
    loginAnswers.push(() =>
      json(200, {
        success: true,
        value: { token: 'token-1', firstTimeLogin: false, passwordExpired: false, mustChangePassword: false },
      }),
    );
    renderLogin();
    fill('Username', ' player01 ');
    fill('Password', 'secret123');
    submit();

    await screen.findByText('Incorrect username or password');
    expect(logins[0]).toMatchObject({
      username: 'player01',
      password: 'secret123',
      type: 'username',
      site: 'MEMBER',
    });
    // On the wire the password only travels sealed.
    expect(logins[0]?.raw).not.toContain('secret123');
    await screen.findByRole('img', { name: 'Captcha image' });

    fill('Password', 'secret123');
    fill('Captcha', 'k7pq');
    submit();
    await waitFor(() => expect(getSession().token).toBe('token-1'));
    expect(logins[1]).toMatchObject({ captchaId: 'captcha-1', captcha: 'k7pq' });
    // §3 session keys from member info.
    await waitFor(() => expect(sessionStorage.getItem('customerId')).toBe('7'));
    expect(sessionStorage.getItem('memberLabel')).toBe('["new"]');
  });

  it('logs in at once with what the header form handed over', async () => {
    loginAnswers.push(() =>
      json(200, {
        success: true,
        value: { token: 'token-2', firstTimeLogin: false, passwordExpired: false, mustChangePassword: false },
      }),
    );
    renderLogin(
      <LoginModal props={{ username: 'player01', password: 'secret123' }} close={() => undefined} />,
    );
    await waitFor(() => expect(getSession().token).toBe('token-2'));
    expect(logins).toHaveLength(1);
  });

  it('turns to the verification screen when a login from a new IP is challenged (§4)', async () => {
    loginAnswers.push(() =>
      json(401, {
        success: false,
        error: {
          code: 'LOGIN_CHALLENGE_REQUIRED',
          message: 'verify',
          details: { challengeId: 'c-1', method: 'BANK_NAME', destination: null },
        },
      }),
    );
    renderLogin();
    fill('Username', 'player01');
    fill('Password', 'secret123');
    submit();
    await screen.findByRole('heading', { name: "Verify it's you" });
    screen.getByText('Enter the account holder name of your bank account.');
    screen.getByLabelText('Account holder name');
  });

  it('lets a wrong answer be corrected, and sends an expired challenge back to the login', async () => {
    const challenged = () =>
      json(401, {
        success: false,
        error: {
          code: 'LOGIN_CHALLENGE_REQUIRED',
          message: 'verify',
          details: { challengeId: 'c-2', method: 'BANK_NAME', destination: null },
        },
      });
    const refused = (code: string) => () => json(400, { success: false, error: { code, message: 'no' } });
    loginAnswers.push(challenged, refused('LOGIN_CHALLENGE_FAILED'), refused('LOGIN_CHALLENGE_EXPIRED'));
    renderLogin();
    fill('Username', 'player01');
    fill('Password', 'secret123');
    submit();
    await screen.findByRole('heading', { name: "Verify it's you" });
    fill('Account holder name', 'someone');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await screen.findByText('Verification failed');
    fill('Account holder name', 'Nguyen Van An');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await screen.findByText('The verification has expired, please log in again');
    expect(screen.queryByLabelText('Account holder name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    await screen.findByLabelText('Username');
  });
});
