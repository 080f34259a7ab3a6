import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/client';
import { newIdempotencyKey, useIdempotentSend } from './use-idempotent-send';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Sends through the hook, recording the key of every attempt; `outcome` decides each attempt's fate. */
const setup = () => {
  const { result } = renderHook(() => useIdempotentSend());
  const keys: string[] = [];
  const send = (body: unknown, outcome: () => unknown = () => 'ok') =>
    result.current(body, async (key) => {
      keys.push(key);
      return outcome();
    });
  return { keys, send };
};
const networkError = () => {
  throw new ApiRequestError('NETWORK_ERROR', 'offline');
};
const refused = () => {
  throw new ApiRequestError('WALLET_INSUFFICIENT_FUNDS', 'no', { status: 409 });
};

describe('newIdempotencyKey', () => {
  it('makes random v4 UUIDs', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('useIdempotentSend', () => {
  it('gives every action a fresh key', async () => {
    const { keys, send } = setup();
    await send({ amount: 100 });
    await send({ amount: 100 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('reuses the key when the same request is sent again after a network error', async () => {
    const { keys, send } = setup();
    await expect(send({ amount: 100 }, networkError)).rejects.toThrow('offline');
    await send({ amount: 100 });
    expect(keys[1]).toBe(keys[0]);
    // The retry answered: the next send is a new action.
    await send({ amount: 100 });
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('reuses the key after a server failure or while the first try is still running', async () => {
    const { keys, send } = setup();
    await expect(
      send({ amount: 1 }, () => {
        throw new ApiRequestError('INTERNAL_ERROR', 'boom', { status: 500 });
      }),
    ).rejects.toThrow();
    await expect(
      send({ amount: 1 }, () => {
        throw new ApiRequestError('IDEMPOTENCY_REQUEST_IN_FLIGHT', 'busy', { status: 409 });
      }),
    ).rejects.toThrow();
    await send({ amount: 1 });
    expect(new Set(keys).size).toBe(1);
  });

  it('sends a second click on the way once: both wait for the same answer', async () => {
    const { keys, send } = setup();
    let release: (value: string) => void = () => undefined;
    const gate = new Promise<string>((resolve) => (release = resolve));
    const first = send({ amount: 5 }, () => gate);
    const second = send({ amount: 5 }, () => gate);
    release('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(keys).toHaveLength(1);
  });

  it('takes a new key when the request changed, or after a refusal', async () => {
    const { keys, send } = setup();
    await expect(send({ amount: 100 }, networkError)).rejects.toThrow();
    await send({ amount: 200 });
    expect(keys[1]).not.toBe(keys[0]);
    await expect(send({ amount: 300 }, refused)).rejects.toThrow();
    await send({ amount: 300 });
    expect(keys[3]).not.toBe(keys[2]);
  });
});
