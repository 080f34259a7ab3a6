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
