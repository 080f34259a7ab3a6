import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

// Issue 9, item 14: security headers, owner-only files, /metrics and request ids.

let server: TestServer;
let web: string;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Jade</title>');
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST: web, TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(web, { recursive: true, force: true });
});

/** The API's set (decision 0083, OWASP REST Security Cheat Sheet), exactly. */
const expectApiSet = (response: Response) => {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
  // The document's headers govern what a page loads and frames; an API answer is no page.
  for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster'])
    expect(response.headers.get(pageOnly)).toBeNull();
};

describe('security headers', () => {
  it.each([
    ['the HTML of a page', '/index'],
    ['the HTML of a page asked by an encoded path', '/%69ndex'],
    ['a hashed asset', '/assets/app-abc123.js'],
  ])("the document's set comes with %s", async (_what, url) => {
    const response = await server.fetch(url);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'self' https:");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it.each([
    ['an API answer', '/wps/system/status'],
    ['an API answer asked by an encoded path (the route the router chose)', '/%77ps/system/status'],
    ['the liveness check', '/healthz'],
  ])("the API's set comes with %s", async (_what, url) => {
    const response = await server.fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expectApiSet(response);
  });
});

describe('files', () => {
  it('creates DATA_DIR and the SQLite file readable by the owner only', async () => {
    if (process.env.TEST_POSTGRES_URL) return;
    expect(fs.statSync(server.dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(server.dataDir, 'site.db')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(server.dataDir, 'site.db-wal')).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(server.dataDir, 'secrets')).mode & 0o777).toBe(0o700);
  });
});

describe('/metrics', () => {
  it('answers loopback, and nobody else unless configured', async () => {
    expect((await server.fetch('/metrics')).status).toBe(200);
    const forwarded = await server.fetch('/metrics', { headers: { 'x-forwarded-for': '203.0.113.5' } });
    expect(forwarded.status).toBe(404);
    const remote = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });

  it('answers the addresses METRICS_ALLOW names', async () => {
    const other = await startTestServer({ METRICS_ALLOW: '203.0.113.0/24' });
    try {
      const remote = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(200);
      const stranger = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.9' });
      expect(stranger.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('request ids', () => {
  it('keeps a well-formed client id and replaces anything else', async () => {
    const kept = await server.fetch('/healthz', { headers: { 'x-request-id': 'trace-1234_abcd.ef' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-1234_abcd.ef');
    for (const bad of ['', 'has space in it', '<script>alert(1)</script>', 'x'.repeat(65)]) {
      const replaced = await server.fetch('/healthz', { headers: { 'x-request-id': bad } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

// Issue 23: the request id and the security headers are set in one onRequest hook on the raw
// response, no longer in onSend hooks: refused calls, errors and 404s must carry them still, and an
// error is an API answer (decision 0083).
describe('headers on every answer, refused ones too', () => {
  it.each([
    ['a call without a session', '/wps/v2/wallets/balance', 401],
    ['a body the parser refuses', '/wps/relay/GCS_walletTransfer', 400],
    ['no route', '/wps/nothing/here', 404],
    ['no route and no page (a missing file)', '/assets/missing-abc123.js', 404],
  ])('come with %s', async (_what, url, status) => {
    const response = await server.fetch(url, {
      headers: { 'x-request-id': 'refused-1', 'content-type': 'application/json' },
      ...(status === 400 && { method: 'POST', body: '{not json' }),
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('x-request-id')).toBe('refused-1');
    expectApiSet(response);
  });

  // The not-found handler serves what the headers were chosen for (decision 0083): the web app's
  // page with the document's set, or the JSON 404 with the API's.
  it.each([
    ['a page of the web app', '/some/page', 'GET'],
    ['a page of the web app, asked by HEAD', '/register.html', 'HEAD'],
  ])('the page and its set come together for %s', async (_what, url, method) => {
    const response = await server.fetch(url, { method });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    if (method === 'GET') expect(await response.text()).toContain('<title>Jade</title>');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it.each([
    ['an unknown API path', '/wps/no/such/call', 'GET'],
    ['a page path asked by POST', '/some/page', 'POST'],
    ['a missing file', '/missing-abc123.css', 'GET'],
  ])('the JSON 404 and the API set come together for %s', async (_what, url, method) => {
    const response = await server.fetch(url, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expectApiSet(response);
  });

  it('come once each', async () => {
    for (const url of ['/wps/system/status', '/index']) {
      const response = await server.fetch(url);
      expect(response.headers.get('x-request-id')).not.toContain(',');
      expect(response.headers.get('content-security-policy')).not.toContain(',');
    }
    expect((await server.fetch('/index')).headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), fullscreen=(self)',
    );
  });
});
