import { useCallback, useRef } from 'react';
import { isApiRequestError } from '../../../api/client';

/** A fresh random UUID (v4); `crypto.randomUUID` only exists on secure pages, so it has a fallback. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Whether the request may have been carried out without its answer reaching us: no response at all,
 * a server failure (the server frees the key then), or the first try still running.
 */
const mayBeUnanswered = (error: unknown): boolean =>
  !isApiRequestError(error) ||
  error.status === 0 ||
  error.status >= 500 ||
  error.code === 'IDEMPOTENCY_REQUEST_IN_FLIGHT';

/**
 * ARCHITECTURE.md, money: every money request carries an idempotency key. One member action gets one
 * fresh key; when it fails without an answer (a dropped connection) and the member sends the same
 * request again, the key is reused, so the server carries it out at most once. An answer, success or
 * refusal, ends the action: the next send is a new action with a new key.
 */
export const useIdempotentSend = () => {
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);
  const inFlight = useRef<{ fingerprint: string; answer: Promise<unknown> } | null>(null);
  return useCallback(<T>(request: unknown, send: (key: string) => Promise<T>): Promise<T> => {
    const fingerprint = JSON.stringify(request);
    // A second click while the first is on its way is the same action: it waits for the same answer.
    if (inFlight.current?.fingerprint === fingerprint) return inFlight.current.answer as Promise<T>;
    const key = pending.current?.fingerprint === fingerprint ? pending.current.key : newIdempotencyKey();
    pending.current = { fingerprint, key };
    const answer = send(key).then(
      (value) => {
        pending.current = null;
        return value;
      },
      (error: unknown) => {
        if (!mayBeUnanswered(error)) pending.current = null;
        throw error;
      },
    );
    const settle = () => {
      if (inFlight.current?.answer === answer) inFlight.current = null;
    };
    answer.then(settle, settle);
    inFlight.current = { fingerprint, answer };
    return answer;
  }, []);
};
