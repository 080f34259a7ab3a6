import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { installErrorHandler } from './error-handler.js';

const appWith = (thrower: () => never) => {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/boom', async () => thrower());
  return app;
};

describe('error handler', () => {
  it('hides the details of an unexpected error', async () => {
    const app = appWith(() => {
      throw new Error('SELECT * FROM secret_table failed at /srv/app.js:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' },
    });
    expect(response.body).not.toContain('secret_table');
  });

  it('turns an AppError into its status and code', async () => {
    const app = appWith(() => {
      throw new AppError('FORBIDDEN', 'Not for you', { details: { why: 'trial' } });
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: 'Not for you', details: { why: 'trial' } },
    });
  });
});
