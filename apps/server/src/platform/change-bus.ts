import pg from 'pg';

/**
 * The instances' change bus on PostgreSQL (decision 0055): one dedicated connection per process
 * LISTENs on a channel; statement-level triggers on the tables the read memos watch (migration
 * 2026-11-26T1200-change-notify) NOTIFY it when any connection commits a change to them, whichever
 * instance or CLI made it. NOTIFY is delivered at commit and only at commit, so a rolled-back write
 * tells nobody.
 *
 * The read memos trust their values only while the connection listens: `state.listening` is false
 * from the moment the connection fails until it is back, and the generation is bumped on every
 * notification and on every (re)connect, so a notification missed while down can never leave a
 * stale memo behind. Other channels (member events, issue 23 item 3) can ride the same connection
 * through `subscribe`.
 */
export const CHANGE_CHANNEL = 'jade_change';

export type ChangeListenerState = {
  /** Bumped on every change heard and on every (re)connect: a memo of an older generation is stale. */
  generation: number;
  /** Whether notifications are being heard right now; memos are not trusted otherwise. */
  listening: boolean;
};

export type ChangeListener = (channel: string, payload: string) => void;

export type ChangeBus = {
  state: ChangeListenerState;
  /** Hears every notification on the bus's channels; answers the call that stops hearing. */
  subscribe: (listener: ChangeListener) => () => void;
  /** Told each time the connection listens: at the start and after every reconnect. */
  onListening: (listener: () => void) => () => void;
  /** Resolves once the connection listens (tests; the server does not wait for it). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export const startChangeBus = (
  connectionString: string,
  channels: readonly string[] = [CHANGE_CHANNEL],
): ChangeBus => {
  const state: ChangeListenerState = { generation: 0, listening: false };
  const listeners = new Set<ChangeListener>();
  const listeningListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiting: (() => void)[] = [];

  const lost = () => {
    // From here until the next LISTEN succeeds, nothing memoised is served.
    state.listening = false;
    state.generation++;
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    dead?.on('error', () => undefined);
    void dead?.end().catch(() => undefined);
    if (!closed && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        void connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };

  const connect = async () => {
    // keepAlive: a peer that vanishes without closing is noticed and the memos stop being trusted.
    const next = new pg.Client({ connectionString, keepAlive: true });
    client = next;
    next.on('error', () => client === next && lost());
    next.on('end', () => client === next && !closed && lost());
    next.on('notification', (message) => {
      // Only a watched table's change makes the memos stale: the instance bus's messages (a balance
      // moved, a draw changed; decision 0057) ride the same connection and leave them be.
      if (message.channel === CHANGE_CHANNEL) state.generation++;
      for (const listener of [...listeners]) {
        try {
          listener(message.channel, message.payload ?? '');
        } catch {
          // One listener's failure does not keep the change from the others.
        }
      }
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      if (client === next) lost();
      return;
    }
    if (client !== next || closed) return;
    // Whatever changed while nobody listened is unknown: every memo of before is stale.
    state.generation++;
    state.listening = true;
    retryMs = RETRY_MIN_MS;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
    for (const listener of [...listeningListeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  void connect();

  return {
    state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onListening: (listener) => {
      listeningListeners.add(listener);
      return () => listeningListeners.delete(listener);
    },
    ready: () =>
      state.listening ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)),
    close: async () => {
      closed = true;
      state.listening = false;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      for (const resolve of waiting) resolve();
      waiting = [];
      await current?.end().catch(() => undefined);
    },
  };
};
