import { expect } from 'vitest';
import type { TestServer } from './server.js';

/** A Server-Sent Events stream read as it comes, for API tests of the live streams. */
export type Event = { type: string; [field: string]: unknown };

/**
 * A stream of Server-Sent Events read as it comes: its events so far, a wait for one, its end, and a
 * wait for the server's `: open` (a stream that sends one). Waits fail after `timeoutMs` unless told.
 */
export const readStream = (response: Response, timeoutMs = 1_000) => {
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  let isOpen = false;
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(': open')) isOpen = true;
        const type = block.split('\n').find((line) => line.startsWith('event: '));
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (type && data) events.push({ ...JSON.parse(data.slice(6)), type: type.slice(7) });
      }
      for (const waiter of [...waiters]) waiter();
      if (ended) return;
    }
  })();
  /** Resolves once `done` holds, or fails after `waitMs`. */
  const until = (done: () => boolean, what: string, waitMs = timeoutMs) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} not within ${waitMs} ms; saw ${JSON.stringify(events)}`));
      }, waitMs);
      waiters.add(check);
      check();
    });
  return {
    events,
    waitFor: (match: (event: Event) => boolean, timeoutMs?: number) =>
      until(() => events.some(match), 'no matching event', timeoutMs).then(() => events.find(match)!),
    ended: (timeoutMs?: number) => until(() => ended, 'the stream did not end', timeoutMs),
    opened: (timeoutMs?: number) => until(() => isOpen, 'the stream did not open', timeoutMs),
    close: () => reader.cancel().catch(() => undefined),
  };
};

/**
 * A member's live stream (decision 0036) on `server`, once the server has subscribed it (its `: open`),
 * so that whatever the test does next is heard; waits for events up to 5 s.
 */
export const openMemberStream = async (server: TestServer, token: string) => {
  const response = await server.fetch('/wps/member/events', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const stream = readStream(response, 5_000);
  await stream.opened();
  return stream;
};
