import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { importSealingKey, sealPayload } from '@jade/contracts/sealed';
import type { TestServer } from './server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read untyped JSON answers
export type Answer = { success: boolean; value: any; error?: { code: string } };

/**
 * A JSON call to the server as any client makes it. `token` is a member's or an operator's;
 * `sealed` seals the body as the web app does for the calls that require it.
 */
export async function apiCall(
  baseUrl: string,
  method: string,
  route: string,
  body?: unknown,
  {
    token,
    sealed = false,
    headers = {},
  }: { token?: string; sealed?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  let payload = body;
  if (sealed) {
    const key = (await apiCall(baseUrl, 'GET', '/wps/system/publicKey')).value.publicKey as string;
    payload = await sealPayload(await importSealingKey(key), body);
  }
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(payload !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    ...(payload !== undefined && { body: JSON.stringify(payload) }),
  });
  return (await response.json()) as Answer;
}

/**
 * Readies the demo brand for a file whose every browser and API call comes from 127.0.0.1 and that
 * registers its own members: no captcha on the register form (a test cannot read one), and per-IP
 * limits that the whole file stays under.
 */
export async function allowTestMembers(server: TestServer): Promise<void> {
  await server.runCli(['register-field', 'set', 'captcha', 'visible=off', 'required=off']);
  await server.runCli([
    'auth',
    'set',
    'rateLimits',
    JSON.stringify({
      registerPerIp: { count: 100, windowSeconds: 3600 },
      smsPerIp: { count: 100, windowSeconds: 3600 },
      loginPerIp: { count: 200, windowSeconds: 60 },
      sealedPerIp: { count: 500, windowSeconds: 60 },
      affiliatePerIp: { count: 500, windowSeconds: 60 },
    }),
  ]);
}

/**
 * Points the brand's human check at a stand-in verifier that passes everyone (a test cannot solve a
 * real one; SMS codes need one). Resolves with a function that stops the verifier.
 */
export async function passEveryHumanCheck(server: TestServer): Promise<() => Promise<void>> {
  const verifier = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: true }));
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const stop = () => new Promise<void>((resolve) => verifier.close(() => resolve()));
  const { port } = verifier.address() as AddressInfo;
  try {
    await server.runCli([
      'auth',
      'set',
      'humanCheck',
      JSON.stringify({
        provider: 'http',
        login: 'after-failures',
        verifyUrl: `http://127.0.0.1:${port}/verify`,
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

let registered = 0;

/**
 * Registers a member through the API, sealed as the web app sends it (see `allowTestMembers`). The
 * username is `usernamePrefix`, a counter and the time; the mobile number (9 digits after +84) is
 * `mobilePrefix` and the counter. `login` asks the server for a session at once (`token`); without
 * it, the member's first login is still to come. `fields` adds or overrides register fields (an
 * `undefined` value leaves the field out).
 */
export async function registerMember({
  baseUrl,
  usernamePrefix,
  mobilePrefix,
  password,
  paymentPassword,
  login,
  fields = {},
}: {
  baseUrl: string;
  usernamePrefix: string;
  mobilePrefix: string;
  password: string;
  paymentPassword: string;
  login: boolean;
  fields?: Record<string, unknown>;
}) {
  registered += 1;
  const username = `${usernamePrefix}${registered}${Date.now().toString(36).slice(-4)}`;
  const mobile = `${mobilePrefix}${String(registered).padStart(9 - mobilePrefix.length, '0')}`;
  const answer = await apiCall(
    baseUrl,
    'PUT',
    '/wps/member/register',
    {
      username,
      password,
      confirmPassword: password,
      mobileNum: mobile,
      countryDialingCode: '+84',
      paymentPassword,
      ageConfirmed: true,
      termsAgreed: true,
      login,
      ...fields,
    },
    { sealed: true },
  );
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return {
    username,
    password,
    mobile,
    /** The number as the outbox addresses it. */
    destination: `+84${mobile}`,
    token: (answer.value.session?.token ?? null) as string | null,
  };
}

/**
 * A registered, logged-in member with `amount` (minor units; ₫100,000 by default) deposited through a
 * bank channel and approved by an operator.
 */
export async function registerFundedMember(
  server: TestServer,
  usernamePrefix = 'player',
  mobilePrefix = '93',
  amount = 10_000_000,
  /** Further registration fields, e.g. an agent's affiliateCode to register under. */
  fields: Record<string, unknown> = {},
) {
  const member = await registerMember({
    baseUrl: server.baseUrl,
    usernamePrefix,
    mobilePrefix,
    password: 'secret123',
    paymentPassword: '246810',
    login: true,
    fields,
  });
  const token = member.token as string;
  const channels = await apiCall(server.baseUrl, 'GET', '/wps/payment/channels', undefined, { token });
  const channel =
    (channels.value.channels as { code: string; kind: string }[]).find((c) => c.kind === 'MANUAL_BANK') ??
    channels.value[0];
  const deposit = await apiCall(
    server.baseUrl,
    'POST',
    '/wps/payment/deposit',
    { channelCode: channel.code, amount },
    { token, headers: { 'idempotency-key': `fund-${member.username}` } },
  );
  expect(deposit.success, JSON.stringify(deposit)).toBe(true);
  await server.runCli(['deposit', 'approve', String(deposit.value.id)]);
  return { ...member, token };
}
