import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.js';
import { createOtherBrand } from '../../test/brands.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { configureGatewayChannel } from './channel-settings.js';
import { signGatewayMessage } from './channels/gateway.js';

const CAPTCHA = 'g4t3';
const SECRET = 'dev-gateway-secret-0123456789';
const OTHER_SECRET = 'other-brand-secret-9876543210';
const OTHER_HOST = 'pay.other.example';
const DEV_GATEWAY = fileURLToPath(new URL('../../../../../scripts/dev-gateway.mjs', import.meta.url));

type DevGateway = {
  url: string;
  /** A call to the gateway's own API (its test endpoints), answered as JSON. */
  call: (method: string, path: string, body?: unknown) => Promise<any>;
  stop: () => Promise<void>;
};

/** Starts scripts/dev-gateway.mjs on a free loopback port, as the demo does. */
const startDevGateway = async (merchantId: string, secret: string): Promise<DevGateway> => {
  const child = spawn(process.execPath, [DEV_GATEWAY, '--port', '0', '--merchant-id', merchantId], {
    env: { ...process.env, DEV_GATEWAY_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`dev gateway did not start: ${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`dev gateway exited (${code}): ${output}`)));
  });
  return {
    url,
    call: async (method, path, body) =>
      (
        await fetch(`${url}${path}`, {
          method,
          ...(body !== undefined && {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        })
      ).json(),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

let server: TestServer;
let gateway: DevGateway;
let otherGateway: DevGateway;
let demoId: number;
let serverSecret: string;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  serverSecret = server.serverSecret;
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  [gateway, otherGateway] = await Promise.all([
    startDevGateway('DEMO', SECRET),
    startDevGateway('OTHER-M1', OTHER_SECRET),
  ]);
  // The seeded, switched-off demo channel, pointed at the gateway the way an operator does it.
  const lines: string[] = [];
  await runCommand(
    ['payment', 'channel-gateway', 'DEV_GATEWAY', '--url', gateway.url],
    server.db,
    (line) => lines.push(line),
    { gatewaySecret: SECRET, serverSecret: () => serverSecret },
  );
  expect(lines.join('\n')).toContain(`DEV_GATEWAY -> ${gateway.url} (merchant DEMO), on`);

  // Another brand with a gateway channel of its own, on its own host.
  const otherId = await createOtherBrand(server.db, {
    host: OTHER_HOST,
    currency: 'VND',
    currencySymbol: '₫',
  });
  await configureGatewayChannel(server.db, serverSecret, otherId, 'OTHER_GATE', {
    baseUrl: otherGateway.url,
    gatewayMerchantId: 'OTHER-M1',
    secret: OTHER_SECRET,
  });
  // The same code as the demo channel, for the other brand, with the other brand's secret.
  await configureGatewayChannel(server.db, serverSecret, otherId, 'DEV_GATEWAY', {
    baseUrl: otherGateway.url,
    gatewayMerchantId: 'OTHER-M1',
    secret: OTHER_SECRET,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([gateway?.stop(), otherGateway?.stop()]);
  await checkAndClose(server);
});

const newMember = async () => {
  const { client, token, memberId } = await registeredMember(server, {
    prefix: 'gwpay',
    captcha: CAPTCHA,
    fields: { payeeName: 'Nguyen Van An' },
  });
  let key = 0;
  const call = (method: string, path: string, body?: unknown) =>
    client.call(method, path, {
      token,
      ...(body !== undefined && { body, headers: { 'idempotency-key': `gw${memberId}-${++key}` } }),
    });
  const main = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).body.value.wallets[0].balance as number;
  const deposit = (amount: number, channelCode = 'DEV_GATEWAY') =>
    call('POST', '/wps/payment/deposit', { channelCode, amount });
  return { call, main, deposit };
};

/** A deposit waiting for payment on the gateway, with the gateway's order id. */
const awaitingDeposit = async (amount = 20_000_000) => {
  const member = await newMember();
  const answer = await member.deposit(amount);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { id, payUrl } = answer.body.value as { id: number; payUrl: string };
  return { member, id, orderId: payUrl.split('/').pop() as string, amount };
};

/** A callback as a gateway sends it, signed with `secret` unless a signature is given. */
const sendCallback = async (
  channel: string,
  payload: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; signature?: string; host?: string } = {},
) => {
  const body = JSON.stringify(payload);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const response = await server.fetch(`/wps/payment/callback/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': options.signature ?? signGatewayMessage(options.secret ?? SECRET, timestamp, body),
      ...(options.host && { 'x-forwarded-host': options.host }),
    },
    body,
  });
  return { status: response.status, text: await response.text() };
};

const paid = (d: { id: number; orderId: string; amount: number }, extra: Record<string, unknown> = {}) => ({
  merchantId: 'DEMO',
  orderId: d.orderId,
  merchantOrderId: String(d.id),
  amount: d.amount,
  currency: 'VND',
  status: 'PAID',
  ...extra,
});

const depositRow = (id: number) =>
  server.db.selectFrom('deposit').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const creditsOf = async (id: number) =>
  (
    await server.db
      .selectFrom('ledger_transfer')
      .select('amount')
      .where('reference', '=', `deposit:${id}`)
      .execute()
  ).map((t) => t.amount);

describe('gateway deposit', () => {
  it('pays on the gateway page and is credited by the signed callback, exactly once', async () => {
    const member = await newMember();
    const channels = await member.call('GET', '/wps/payment/channels');
    expect(channels.body.value.channels).toContainEqual({
      code: 'DEV_GATEWAY',
      kind: 'GATEWAY',
      name: 'Online payment (test gateway)',
      minAmount: 1_000_000,
      maxAmount: 10_000_000_000,
      dailyLimit: 50_000_000_000,
      receivingAccount: null,
    });
    // Neither the gateway's address nor its secret ever reaches a member.
    expect(JSON.stringify(channels.body)).not.toContain(gateway.url);
    expect(JSON.stringify(channels.body)).not.toContain(SECRET);

    const created = await member.deposit(25_000_050);
    expect(created.body.value).toMatchObject({
      channelCode: 'DEV_GATEWAY',
      amount: 25_000_050,
      status: 'AWAITING_PAYMENT',
    });
    const { id, payUrl } = created.body.value as { id: number; payUrl: string };
    expect(payUrl.startsWith(`${gateway.url}/pay/`)).toBe(true);
    expect(await member.main()).toBe(0);

    // The gateway took the order for our deposit, with our callback address.
    const orderId = payUrl.split('/').pop() as string;
    const order = await gateway.call('GET', `/orders/${orderId}`);
    expect(order).toMatchObject({
      merchantOrderId: String(id),
      amount: 25_000_050,
      currency: 'VND',
      notifyUrl: `${server.url}/wps/payment/callback/DEV_GATEWAY`,
      status: 'CREATED',
    });
    const pagePayload = await (await fetch(payUrl)).text();
    expect(pagePayload).toContain('<button class="pay">Pay</button>');

    const result = await gateway.call('POST', `/orders/${orderId}/pay`);
    expect(result).toMatchObject({ status: 'PAID', delivered: true, attempts: 1, body: 'success' });
    expect(await member.main()).toBe(25_000_050);
    const after = await member.call('GET', `/wps/payment/deposits/${id}`);
    expect(after.body.value).toMatchObject({ id, status: 'APPROVED', payUrl: null });
    expect(after.body.value.decidedAt).toBeTruthy();

    // The gateway sends it again (a retry): it hears success, and nothing moves.
    const again = await gateway.call('POST', `/orders/${orderId}/notify`);
    expect(again).toMatchObject({ delivered: true, body: 'success' });
    expect(await member.main()).toBe(25_000_050);
    expect(await creditsOf(id)).toEqual([25_000_050]);
    expect((await depositRow(id)).gateway_order_id).toBe(orderId);
  });

  it('stores the gateway secret sealed, never in clear', async () => {
    const row = await server.db
      .selectFrom('payment_channel')
      .select('config')
      .where('merchant_id', '=', demoId)
      .where('code', '=', 'DEV_GATEWAY')
      .executeTakeFirstOrThrow();
    expect(row.config).not.toContain(SECRET);
    expect(JSON.parse(row.config)).toMatchObject({ baseUrl: gateway.url, merchantId: 'DEMO' });
    expect(JSON.parse(row.config).secretSealed).toMatch(/^sealed\.v1\./);
  });

  it('marks the deposit failed when the gateway reports a failed payment, and never credits it', async () => {
    const d = await awaitingDeposit();
    expect(await gateway.call('POST', `/orders/${d.orderId}/fail`)).toMatchObject({
      status: 'FAILED',
      delivered: true,
    });
    expect((await d.member.call('GET', `/wps/payment/deposits/${d.id}`)).body.value).toMatchObject({
      status: 'FAILED',
      payUrl: null,
    });
    // A payment reported afterwards for the failed deposit is refused for an operator to look into.
    const late = await sendCallback('DEV_GATEWAY', paid(d));
    expect(late).toEqual({ status: 409, text: 'fail: PAYMENT_STATE_CONFLICT' });
    expect(await d.member.main()).toBe(0);
    expect(await creditsOf(d.id)).toEqual([]);
  });
});

describe('gateway callback', () => {
  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const d = await awaitingDeposit();
    const forged = await sendCallback('DEV_GATEWAY', paid(d), { secret: 'not-the-secret-at-all' });
    expect(forged).toEqual({ status: 401, text: 'fail: GATEWAY_SIGNATURE_INVALID' });
    const garbled = await sendCallback('DEV_GATEWAY', paid(d), { signature: 'ab'.repeat(32) });
    expect(garbled.status).toBe(401);
    const unsigned = await server.fetch('/wps/payment/callback/DEV_GATEWAY', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid(d)),
    });
    expect([unsigned.status, await unsigned.text()]).toEqual([401, 'fail: GATEWAY_SIGNATURE_INVALID']);
    // A signed body changed on the way: the signature covers the exact bytes.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signGatewayMessage(SECRET, timestamp, JSON.stringify(paid(d)));
    const tampered = await sendCallback('DEV_GATEWAY', paid(d, { amount: d.amount * 10 }), {
      timestamp: Number(timestamp),
      signature,
    });
    expect(tampered.status).toBe(401);
    expect((await depositRow(d.id)).status).toBe('AWAITING_PAYMENT');
    expect(await d.member.main()).toBe(0);
  });

  it('refuses a timestamp more than 5 minutes off (a replay), even correctly signed', async () => {
    const d = await awaitingDeposit();
    const now = Math.floor(Date.now() / 1000);
    const stale = await sendCallback('DEV_GATEWAY', paid(d), { timestamp: now - 301 });
    expect(stale).toEqual({ status: 401, text: 'fail: GATEWAY_CALLBACK_STALE' });
    const future = await sendCallback('DEV_GATEWAY', paid(d), { timestamp: now + 400 });
    expect(future.status).toBe(401);
    expect(await d.member.main()).toBe(0);
    // Within the window it settles.
    expect(await sendCallback('DEV_GATEWAY', paid(d), { timestamp: now - 240 })).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await d.member.main()).toBe(d.amount);
  });

  it('refuses an amount, currency or order that does not match the deposit', async () => {
    const d = await awaitingDeposit();
    for (const wrong of [{ amount: d.amount + 1 }, { currency: 'USD' }, { orderId: 'GW-SOMEONE-ELSE' }]) {
      expect(await sendCallback('DEV_GATEWAY', paid(d, wrong))).toEqual({
        status: 409,
        text: 'fail: PAYMENT_CALLBACK_MISMATCH',
      });
    }
    expect(await sendCallback('DEV_GATEWAY', paid(d, { merchantId: 'SOMEONE' }))).toEqual({
      status: 409,
      text: 'fail: PAYMENT_CALLBACK_MISMATCH',
    });
    expect((await depositRow(d.id)).status).toBe('AWAITING_PAYMENT');
    expect(await d.member.main()).toBe(0);
    // The right callback still settles it.
    expect(await gateway.call('POST', `/orders/${d.orderId}/pay`)).toMatchObject({ delivered: true });
    expect(await d.member.main()).toBe(d.amount);
  });

  it('settles a burst of the same callback once', async () => {
    const d = await awaitingDeposit();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendCallback('DEV_GATEWAY', paid(d))));
    expect(answers.map((a) => a.text)).toEqual(Array(8).fill('success'));
    expect(await d.member.main()).toBe(d.amount);
    expect(await creditsOf(d.id)).toEqual([d.amount]);
  });

  it("cannot settle a deposit through another brand's channel or secret", async () => {
    const d = await awaitingDeposit();
    // The other brand's channel of the same code, signed with that brand's secret: no such deposit there.
    const viaOther = await sendCallback('DEV_GATEWAY', paid(d, { merchantId: 'OTHER-M1' }), {
      secret: OTHER_SECRET,
      host: OTHER_HOST,
    });
    expect(viaOther).toEqual({ status: 404, text: 'fail: NOT_FOUND' });
    // The other brand's secret on the demo channel is not the demo channel's secret.
    expect((await sendCallback('DEV_GATEWAY', paid(d), { secret: OTHER_SECRET })).status).toBe(401);
    // A channel the demo brand does not have.
    expect(await sendCallback('OTHER_GATE', paid(d))).toEqual({
      status: 404,
      text: 'fail: PAYMENT_CHANNEL_NOT_FOUND',
    });
    expect(await d.member.main()).toBe(0);
  });
});

describe('gateway failures and limits', () => {
  it('answers a clear error when the gateway is down, leaves the deposit FAILED and credits nothing', async () => {
    const dead = 'http://127.0.0.1:9';
    await configureGatewayChannel(server.db, serverSecret, demoId, 'DOWN_GATE', {
      baseUrl: dead,
      gatewayMerchantId: 'DEMO',
      secret: SECRET,
    });
    const member = await newMember();
    const answer = await member.deposit(20_000_000, 'DOWN_GATE');
    expect([answer.status, answer.body.error.code]).toEqual([502, 'PAYMENT_GATEWAY_UNAVAILABLE']);
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    const list = await member.call('GET', '/wps/payment/deposits');
    expect(list.body.value.list).toMatchObject([
      { channelCode: 'DOWN_GATE', status: 'FAILED', payUrl: null, amount: 20_000_000 },
    ]);
    expect(await member.main()).toBe(0);
  });

  it('fails the deposit when the gateway refuses the order or does not answer in time', async () => {
    await configureGatewayChannel(server.db, serverSecret, demoId, 'SLOW_GATE', {
      baseUrl: gateway.url,
      gatewayMerchantId: 'DEMO',
      secret: SECRET,
      timeoutMs: 300,
    });
    const member = await newMember();
    try {
      await gateway.call('POST', '/control', { createMode: 'error' });
      const refused = await member.deposit(20_000_000, 'SLOW_GATE');
      expect(refused.body.error).toMatchObject({
        code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        details: { reason: 'the gateway answered HTTP 503' },
      });
      await gateway.call('POST', '/control', { createMode: 'hang' });
      const started = Date.now();
      const slow = await member.deposit(20_000_000, 'SLOW_GATE');
      expect(slow.body.error).toMatchObject({
        code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        details: { reason: 'no answer in time' },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await gateway.call('POST', '/control', { createMode: 'ok' });
    }
    const list = (await member.call('GET', '/wps/payment/deposits')).body.value.list;
    expect(list.map((d: { status: string }) => d.status)).toEqual(['FAILED', 'FAILED']);
    expect(await member.main()).toBe(0);
  });

  it("refuses a gateway that is not configured, and a channel secret sealed under another server's secret", async () => {
    await server.db
      .insertInto('payment_channel')
      .values({
        merchant_id: demoId,
        code: 'HALF_GATE',
        kind: 'GATEWAY',
        name: 'Half configured',
        config: JSON.stringify({ baseUrl: gateway.url }),
        min_amount: 1,
        max_amount: 100_000_000_00,
        daily_limit: 100_000_000_00,
      })
      .execute();
    await configureGatewayChannel(server.db, 'a-different-server-secret-0123456789', demoId, 'MOVED_GATE', {
      baseUrl: gateway.url,
      gatewayMerchantId: 'DEMO',
      secret: SECRET,
    });
    const member = await newMember();
    for (const code of ['HALF_GATE', 'MOVED_GATE']) {
      const answer = await member.deposit(20_000_000, code);
      expect(answer.body.error.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    }
    // Refused before anything was written.
    expect((await member.call('GET', '/wps/payment/deposits')).body.value.totalCount).toBe(0);
  });

  it("holds the channel's min, max and daily limits", async () => {
    await configureGatewayChannel(server.db, serverSecret, demoId, 'LIMIT_GATE', {
      baseUrl: gateway.url,
      gatewayMerchantId: 'DEMO',
      secret: SECRET,
    });
    // Set as an operator types them: major units.
    const lines: string[] = [];
    const cli = (...argv: string[]) => runCommand(argv, server.db, (line) => lines.push(line));
    await cli(
      'payment',
      'channel-limits',
      'LIMIT_GATE',
      '--min',
      '10000',
      '--max',
      '50,000',
      '--daily',
      '80000.00',
    );
    await expect(cli('payment', 'channel-limits', 'LIMIT_GATE', '--min', '1.005')).rejects.toThrow(
      'not an amount',
    );
    await expect(cli('payment', 'channel-limits', 'LIMIT_GATE', '--min', '60000')).rejects.toThrow(
      'min at most max',
    );
    await cli('payment', 'channels');
    expect(lines.join('\n')).toContain(
      'LIMIT_GATE\tGATEWAY\ton\tLIMIT_GATE\t10000.00 VND - 50000.00 VND, daily 80000.00 VND',
    );
    expect(lines.join('\n')).toContain(`DEV_GATEWAY\tGATEWAY\ton\tOnline payment (test gateway)`);
    expect(lines.join('\n')).not.toContain(SECRET);
    const member = await newMember();
    const small = await member.deposit(999_999, 'LIMIT_GATE');
    expect(small.body.error).toMatchObject({
      code: 'PAYMENT_AMOUNT_OUT_OF_RANGE',
      details: { min: 1_000_000, max: 5_000_000 },
    });
    expect((await member.deposit(5_000_001, 'LIMIT_GATE')).body.error.code).toBe(
      'PAYMENT_AMOUNT_OUT_OF_RANGE',
    );
    expect((await member.deposit(5_000_000, 'LIMIT_GATE')).body.value.status).toBe('AWAITING_PAYMENT');
    const over = await member.deposit(3_000_001, 'LIMIT_GATE');
    expect(over.body.error).toMatchObject({
      code: 'PAYMENT_DAILY_LIMIT_REACHED',
      details: { dailyLimit: 8_000_000, usedToday: 5_000_000 },
    });
    expect((await member.deposit(3_000_000, 'LIMIT_GATE')).status).toBe(200);
    // Nothing reached the gateway for the refused ones: two orders, two deposits.
    expect((await member.call('GET', '/wps/payment/deposits')).body.value.totalCount).toBe(2);
  });

  it("refuses another brand's channel, and a switched-off one", async () => {
    const member = await newMember();
    const answer = await member.deposit(20_000_000, 'OTHER_GATE');
    expect([answer.status, answer.body.error.code]).toEqual([404, 'PAYMENT_CHANNEL_NOT_FOUND']);
    await runCommand(['payment', 'channel-disable', 'LIMIT_GATE'], server.db, () => undefined);
    expect((await member.deposit(2_000_000, 'LIMIT_GATE')).body.error.code).toBe('PAYMENT_CHANNEL_NOT_FOUND');
    const channels = await member.call('GET', '/wps/payment/channels');
    expect(channels.body.value.channels.map((c: { code: string }) => c.code)).not.toContain('LIMIT_GATE');
  });

  it('lets a channel switched off since settle the orders it took', async () => {
    await configureGatewayChannel(server.db, serverSecret, demoId, 'GONE_GATE', {
      baseUrl: gateway.url,
      gatewayMerchantId: 'DEMO',
      secret: SECRET,
    });
    const member = await newMember();
    const created = await member.deposit(2_000_000, 'GONE_GATE');
    const orderId = (created.body.value.payUrl as string).split('/').pop();
    await runCommand(['payment', 'channel-disable', 'GONE_GATE'], server.db, () => undefined);
    expect(await gateway.call('POST', `/orders/${orderId}/pay`)).toMatchObject({ delivered: true });
    expect(await member.main()).toBe(2_000_000);
  });
});
