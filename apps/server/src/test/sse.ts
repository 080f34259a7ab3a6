/** A Server-Sent Events stream read as it comes, for API tests of the live streams. */
export type Event = { type: string; [field: string]: unknown };

/** A stream of Server-Sent Events read as it comes: its events so far, a wait for one, its end. */
export const readStream = (response: Response) => {
  const events: Event[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = block.split('\n').find((line) => line.startsWith('event: '));
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (type && data) events.push({ ...JSON.parse(data.slice(6)), type: type.slice(7) });
      }
      for (const waiter of [...waiters]) waiter();
      if (ended) return;
    }
  })();
  /** Resolves once `done` holds, or fails after `timeoutMs`. */
  const until = (done: () => boolean, what: string, timeoutMs = 1_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} not within ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    events,
    waitFor: (match: (event: Event) => boolean, timeoutMs?: number) =>
      until(() => events.some(match), 'no matching event', timeoutMs).then(() => events.find(match)!),
    ended: (timeoutMs?: number) => until(() => ended, 'the stream did not end', timeoutMs),
    close: () => reader.cancel().catch(() => undefined),
  };
};
