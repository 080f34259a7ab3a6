import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiGet, apiSend, ApiRequestError, trusted } from './client';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

const failureOf = async (call: Promise<unknown>): Promise<ApiRequestError> => {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
};

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('turns an error envelope into an error with its code, message, fields and details', async () => {
    answer(422, {
      success: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the form',
        fields: { amount: ['Too small'] },
        details: { min: 100 },
      },
    });
    const error = await failureOf(apiSend('POST', '/x', {}, trusted<unknown>()));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Check the form');
    expect(error.fields).toEqual({ amount: ['Too small'] });
    expect(error.details).toEqual({ min: 100 });
  });

  it('refuses an error code it does not know, and a body that is no envelope', async () => {
    answer(500, { success: false, error: { code: 'NO_SUCH_CODE', message: 'x' } });
    expect((await failureOf(apiGet('/x', trusted<unknown>()))).code).toBe('INVALID_RESPONSE');
    answer(200, { value: 1 });
    expect((await failureOf(apiGet('/x', trusted<unknown>()))).code).toBe('INVALID_RESPONSE');
  });

  it('checks a value against its schema, loaded at once or on demand', async () => {
    const schema = z.object({ n: z.number() });
    answer(200, { success: true, value: { n: 1 } });
    expect(await apiGet('/x', schema)).toEqual({ n: 1 });
    expect(await apiGet('/x', async () => schema)).toEqual({ n: 1 });
    answer(200, { success: true, value: { n: 'one' } });
    expect((await failureOf(apiGet('/x', schema))).code).toBe('INVALID_RESPONSE');
    expect((await failureOf(apiGet('/x', async () => schema))).code).toBe('INVALID_RESPONSE');
  });

  it('takes a trusted value as sent', async () => {
    answer(200, { success: true, value: { n: 'one' } });
    expect(await apiGet('/x', trusted<{ n: number }>())).toEqual({ n: 'one' });
  });
});
