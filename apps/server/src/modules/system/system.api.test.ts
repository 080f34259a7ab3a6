import { request } from 'node:http';
import { WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import {
  domainRouteResponse,
  helpCenterResponse,
  registerSettings,
  statusResponse,
  whitelabelResponse,
} from '@jade/contracts/system';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as repo from '../merchants/repo.js';
import * as merchants from '../merchants/service.js';

type Envelope = {
  success: boolean;
  value?: any;
  error?: { code: string; message: string; fields?: any; details?: any };
};

let server: TestServer;
let demoId: number;

beforeAll(async () => {
  server = await startTestServer();
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
});
afterAll(async () => server.close());
beforeEach(async () => {
  await merchants.setSystemStatus(server.db, demoId, 0, '');
  await repo.clearRegionRules(server.db, demoId);
});

const putJson = (path: string, body: unknown) =>
  server.json<Envelope>(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /wps/system/whitelabel', () => {
  it('returns every part of the demo brand for its host', async () => {
    const { status, body } = await server.json<Envelope>('/wps/system/whitelabel?url=localhost');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const value = whitelabelResponse.parse(body.value);
    expect(value.merchant.code).toBe('DEMO');
    expect(value.merchant.defaultLanguage).toBe('TY');
    expect(value.merchant.languages.map((l) => l.code)).toEqual(['TY', 'EN']);
    expect(Object.keys(value.whitelabel).sort()).toEqual([...WHITELABEL_FLAGS].sort());
    expect(value.whitelabel.FREEPLAY3).toBe(true);
    expect(value.register.fields.find((f) => f.field === 'username')).toMatchObject({
      visible: true,
      required: true,
    });
    expect(value.resources.map((r) => r.resourceType)).toEqual(
      expect.arrayContaining(['IOS', 'MOBILECONFIG', 'ANDROID', 'FACEBOOK']),
    );
    expect(value.customerService.find((c) => c.type === 'LIVE_CHAT')).toMatchObject({
      width: 440,
      height: 750,
    });
    expect(value.analytics.gtagId).toBe('G-JADEDEMO01');
    expect(value.imageCDNs.length).toBeGreaterThan(0);
    expect(value.launchGameCDNs.length).toBeGreaterThan(0);
    expect(value.location).toEqual({ ip: '127.0.0.1', country: null });
    expect(value.maintenance).toEqual({ active: false, message: '' });
    expect(value.regionRestriction).toEqual({ restricted: false });
  });

  it('accepts a full URL with scheme, port, path and upper case as the host', async () => {
    const url = encodeURIComponent('HTTP://LocalHost:8080/index?gameCode=1');
    const { status, body } = await server.json<Envelope>(`/wps/system/whitelabel?url=${url}`);
    expect(status).toBe(200);
    expect(body.value.merchant.code).toBe('DEMO');
  });

  it('answers 404 naming an unknown host instead of falling back to the demo brand', async () => {
    const { status, body } = await server.json<Envelope>(
      '/wps/system/whitelabel?url=https://casino.unknown.example/',
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({
      success: false,
      error: { code: 'MERCHANT_NOT_FOUND', details: { host: 'casino.unknown.example' } },
    });
    expect(body.error?.message).toContain('casino.unknown.example');
  });

  it('refuses a missing url parameter with a field error', async () => {
    const { status, body } = await server.json<Envelope>('/wps/system/whitelabel');
    expect(status).toBe(400);
    expect(body.error?.code).toBe('VALIDATION_FAILED');
    expect(body.error?.fields).toHaveProperty('url');
  });

  it('reports maintenance and region restriction', async () => {
    await merchants.setSystemStatus(server.db, demoId, 1, 'Upgrading until 10:00');
    let { body } = await server.json<Envelope>('/wps/system/whitelabel?url=localhost');
    expect(body.value.maintenance).toEqual({ active: true, message: 'Upgrading until 10:00' });
    await merchants.setSystemStatus(server.db, demoId, 0);
    await merchants.addRegionRule(server.db, demoId, { kind: 'BLOCK_IP', value: '127.0.0.0/8' });
    ({ body } = await server.json<Envelope>('/wps/system/whitelabel?url=localhost'));
    expect(body.value.regionRestriction).toEqual({ restricted: true });
  });
});

describe('GET /wps/system/status', () => {
  const status = async (init?: RequestInit, on: TestServer = server) => {
    const { status: http, body } = await on.json<Envelope>('/wps/system/status', init);
    expect(http).toBe(200);
    return statusResponse.parse(body.value);
  };

  it('is 0 for a normal visitor, with location, gtag id and image URL', async () => {
    expect(await status()).toEqual({
      systemStatus: 0,
      merchantCode: 'DEMO',
      location: { ip: '127.0.0.1', country: null },
      gtagId: 'G-JADEDEMO01',
      imgUrl: '/media',
      maintenanceMessage: null,
    });
  });

  it('is 1 with the message during maintenance', async () => {
    await merchants.setSystemStatus(server.db, demoId, 1, 'Back at 10:00');
    expect(await status()).toMatchObject({ systemStatus: 1, maintenanceMessage: 'Back at 10:00' });
  });

  it('is 2 for a blocked range, and an allowed range wins over the block', async () => {
    await merchants.addRegionRule(server.db, demoId, { kind: 'BLOCK_IP', value: '127.0.0.0/8' });
    expect((await status()).systemStatus).toBe(2);
    await merchants.addRegionRule(server.db, demoId, { kind: 'ALLOW_IP', value: '127.0.0.1' });
    expect((await status()).systemStatus).toBe(0);
  });

  it('is 2 for everyone outside the allowed ranges when the operator restricts the brand', async () => {
    await merchants.setSystemStatus(server.db, demoId, 2);
    expect((await status()).systemStatus).toBe(2);
    await merchants.addRegionRule(server.db, demoId, { kind: 'ALLOW_IP', value: '127.0.0.0/8' });
    expect((await status()).systemStatus).toBe(0);
  });

  it('answers 404 for a host that serves no brand', async () => {
    // fetch() will not send a Host header of our choosing; node:http will.
    const { status: http, body } = await new Promise<{ status: number; body: Envelope }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}/wps/system/status`,
          { headers: { host: 'nobody.example' } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(http).toBe(404);
    expect(body.error).toMatchObject({ code: 'MERCHANT_NOT_FOUND', details: { host: 'nobody.example' } });
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const s = await status({ headers: { 'x-forwarded-for': '113.160.0.1' } });
    expect(s.location).toEqual({ ip: '127.0.0.1', country: null });
  });

  describe('behind a trusted proxy', () => {
    let proxied: TestServer;
    let proxiedDemoId: number;
    beforeAll(async () => {
      proxied = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
      proxiedDemoId = (await merchants.getMerchantByCode(proxied.db, 'DEMO')).id;
    });
    afterAll(async () => proxied.close());

    it('locates the forwarded client with the offline GeoIP database', async () => {
      const s = await status({ headers: { 'x-forwarded-for': '113.160.0.1' } }, proxied);
      expect(s.location).toEqual({ ip: '113.160.0.1', country: 'VN' });
      const us = await status({ headers: { 'x-forwarded-for': '8.8.8.8' } }, proxied);
      expect(us.location.country).toBe('US');
    });

    it('restricts a blocked country', async () => {
      await merchants.addRegionRule(proxied.db, proxiedDemoId, { kind: 'BLOCK_COUNTRY', value: 'vn' });
      expect((await status({ headers: { 'x-forwarded-for': '113.160.0.1' } }, proxied)).systemStatus).toBe(2);
      expect((await status({ headers: { 'x-forwarded-for': '8.8.8.8' } }, proxied)).systemStatus).toBe(0);
    });
  });
});

describe('GET /wps/system/setting/register', () => {
  it('returns the field settings of the brand', async () => {
    const { status, body } = await server.json<Envelope>('/wps/system/setting/register');
    expect(status).toBe(200);
    const value = registerSettings.parse(body.value);
    expect(value.smsExpiredMinutes).toBe(5);
    expect(value.fields.find((f) => f.field === 'paymentPassword')).toEqual({
      field: 'paymentPassword',
      visible: true,
      required: true,
      min: 6,
      max: 6,
      patternType: 'DIGITS',
    });
    expect(value.fields.find((f) => f.field === 'qqNum')?.visible).toBe(false);
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('lists the brand domains and resources', async () => {
    const { status, body } = await server.json<Envelope>('/wps/system/domainRoute');
    expect(status).toBe(200);
    const value = domainRouteResponse.parse(body.value);
    expect(value.domainList).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
    expect(value.resources.find((r) => r.resourceType === 'ANDROID')?.qrCodeUrl).toBeTruthy();
  });
});

describe('GET /wps/system/helpCenter', () => {
  const help = async (query = '') => {
    const { status, body } = await server.json<Envelope>(`/wps/system/helpCenter${query}`);
    expect(status).toBe(200);
    return helpCenterResponse.parse(body.value).articles;
  };

  it("answers in the brand's default language with every about entry", async () => {
    const articles = await help();
    expect(new Set(articles.map((a) => a.language))).toEqual(new Set(['TY']));
    expect(articles.filter((a) => a.category === 'ABOUT').map((a) => a.key)).toEqual([
      'company',
      'contact',
      'terms',
      'responsible-gaming',
      'privacy',
      'affiliates',
      'refund',
    ]);
  });

  it('answers in the asked language and filters by key', async () => {
    const [terms, ...others] = await help('?language=EN&key=terms');
    expect(others).toHaveLength(0);
    expect(terms).toMatchObject({ key: 'terms', language: 'EN', title: 'Terms and conditions' });
  });

  it('falls back to the default language for a language with no articles', async () => {
    const articles = await help('?language=ja&key=privacy');
    expect(articles).toHaveLength(1);
    expect(articles[0]?.language).toBe('TY');
  });

  it('answers an empty list for an unknown key', async () => {
    expect(await help('?key=no-such-article')).toEqual([]);
  });

  it('refuses a malformed language', async () => {
    const { status, body } = await server.json<Envelope>('/wps/system/helpCenter?language=x');
    expect(status).toBe(400);
    expect(body.error?.fields).toHaveProperty('language');
  });
});

describe('PUT /wps/feedback', () => {
  it('stores feedback for the brand', async () => {
    const { status, body } = await putJson('/wps/feedback', {
      content: '  Love the lottery page  ',
      contact: 'a@b.example',
    });
    expect(status).toBe(200);
    const row = await server.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', body.value.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      merchant_id: demoId,
      content: 'Love the lottery page',
      contact: 'a@b.example',
      ip: '127.0.0.1',
    });
  });

  it('accepts exactly 140 characters', async () => {
    expect((await putJson('/wps/feedback', { content: 'x'.repeat(140) })).status).toBe(200);
  });

  it('refuses 141 characters with the limit in the error', async () => {
    const { status, body } = await putJson('/wps/feedback', { content: 'x'.repeat(141) });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('VALIDATION_FAILED');
    expect(body.error?.fields).toHaveProperty('content');
    expect(body.error?.details).toEqual({ limits: { content: { max: 140 } } });
    expect(body.error?.message).toContain('140');
  });

  it('refuses empty feedback', async () => {
    const { status, body } = await putJson('/wps/feedback', { content: '   ' });
    expect(status).toBe(400);
    expect(body.error?.fields).toHaveProperty('content');
  });

  it('refuses malformed JSON with 400', async () => {
    const { status, body } = await server.json<Envelope>('/wps/feedback', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"content": ',
    });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('BAD_REQUEST');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const { status, body } = await putJson('/wps/feedback', {
      content: 'x',
      padding: 'y'.repeat(1024 * 1024),
    });
    expect(status).toBe(413);
    expect(body.error?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { status, body } = await server.json<Envelope>('/wps/feedback', {
      method: 'PUT',
      headers: { 'content-type': 'application/xml' },
      body: '<content>hello</content>',
    });
    expect(status).toBe(415);
    expect(body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('operations', () => {
  it('runs on PostgreSQL in the PostgreSQL pass and on SQLite otherwise', () => {
    expect(server.dialect).toBe(process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite');
  });

  it('answers /healthz', async () => {
    const response = await server.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await server.fetch('/healthz');
    const text = await (await server.fetch('/metrics')).text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
  });

  it('labels a percent-encoded request with the route it reached, and an unrouted one as unmatched', async () => {
    // Issue 19, item 4: every decision on a path is on the routed one; the metrics' label too.
    expect((await server.fetch('/%68ealthz')).status).toBe(200);
    expect((await server.fetch('/%68ealthz/%77ps')).status).toBe(404);
    const text = await (await server.fetch('/metrics')).text();
    expect(text).not.toContain('%68ealthz');
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
    );
  });

  it('publishes OpenAPI generated from the schemas and a browsable /docs', async () => {
    const spec = (await (await server.fetch('/docs/json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/wps/system/whitelabel',
        '/wps/system/status',
        '/wps/system/setting/register',
        '/wps/system/domainRoute',
        '/wps/system/helpCenter',
        '/wps/feedback',
      ]),
    );
    const html = await (await server.fetch('/docs/')).text();
    expect(html).toContain('swagger');
  });

  it('echoes a request id, or makes one', async () => {
    const given = await server.fetch('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await server.fetch('/healthz');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const { status, body } = await server.json<Envelope>('/wps/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'No route for GET /wps/nothing/here' },
    });
  });
});
