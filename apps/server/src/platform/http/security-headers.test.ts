import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers.js';

// Issue 23: helmet's headers are recorded once per set of vendor origins and replayed on every answer.

describe('security headers replayed', () => {
  let origins: readonly string[] = [];
  const app = Fastify();
  afterAll(() => app.close());

  it('follow the vendor origins as they change', async () => {
    await installSecurityHeaders(app, () => Promise.resolve(origins));
    app.get('/x', async () => ({ ok: true }));
    const policy = async () =>
      (await app.inject({ method: 'GET', url: '/x' })).headers['content-security-policy'] as string;

    const before = await policy();
    expect(before).toContain("frame-src 'self' https:");
    expect(before).not.toContain('http://127.0.0.1:4100');
    origins = ['http://127.0.0.1:4100'];
    expect(await policy()).toContain("frame-src 'self' https: http://127.0.0.1:4100");
    // The same origins in a new list are the same policy; a removed origin is no longer framed.
    origins = ['http://127.0.0.1:4100'];
    expect(await policy()).toContain('http://127.0.0.1:4100');
    origins = [];
    expect(await policy()).not.toContain('http://127.0.0.1:4100');

    const answer = await app.inject({ method: 'GET', url: '/x' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['referrer-policy']).toBe('same-origin');
    expect(answer.headers['strict-transport-security']).toContain('max-age=');
    expect(answer.headers['permissions-policy']).toContain('fullscreen=(self)');
  });
});

// Decision 0083: API answers get the short API set, chosen by the route the router chose, without
// asking the vendors' origins; a request no route matched gets it unless it is a page of the web app.
describe("the API's set", () => {
  let asked = 0;
  const app = Fastify();
  afterAll(() => app.close());

  it("is fixed, asks no origins, and keeps the pages' HSTS and Referrer-Policy", async () => {
    await installSecurityHeaders(
      app,
      () => {
        asked++;
        return Promise.resolve(['http://127.0.0.1:4100']);
      },
      {
        requestId: true,
        isApiRoute: (route) => route.startsWith('/wps/'),
        isWebPage: (request) => request.url === '/a-page',
      },
    );
    app.get('/wps/x', async () => ({ ok: true }));
    app.get('/page', async () => 'page');

    const api = await app.inject({ method: 'GET', url: '/wps/x' });
    expect(asked).toBe(0);
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(asked).toBe(1);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toBe(page.headers['strict-transport-security']);
    expect(api.headers['referrer-policy']).toBe(page.headers['referrer-policy']);
    expect(api.headers['x-request-id']).toBeDefined();
    expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:4100');

    const unmatched = await app.inject({ method: 'GET', url: '/nothing' });
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const webPage = await app.inject({ method: 'GET', url: '/a-page' });
    expect(webPage.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

// Issue 23: the hook decides once whether a request no route matched is a page; the not-found
// handler reads that decision instead of asking again, so the answer and its headers agree.
describe('a request no route matched', () => {
  let asked = 0;
  const app = Fastify();
  afterAll(() => app.close());

  it('is judged a page once, and gets the answer its headers were chosen for', async () => {
    const { getsWebPage } = await installSecurityHeaders(app, () => Promise.resolve([]), {
      isApiRoute: () => true,
      isWebPage: (request) => {
        asked++;
        return request.url === '/a-page';
      },
    });
    app.setNotFoundHandler(async (request, reply) =>
      getsWebPage(request) ? reply.type('text/html').send('<title>page</title>') : reply.status(404).send({}),
    );

    const page = await app.inject({ method: 'GET', url: '/a-page' });
    expect(asked).toBe(1);
    expect([page.statusCode, page.body]).toEqual([200, '<title>page</title>']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await app.inject({ method: 'GET', url: '/wps/none' });
    expect(asked).toBe(2);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
