import type SQLite from 'better-sqlite3';
import { Redis } from 'ioredis';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { ChangeBus } from './change-bus.js';
import { PREPARED } from './db/pg-client.js';
import { watchOtherCommits } from './sqlite-commits.js';

/**
 * What one instance tells every instance (issue 23 item 3, decision 0057): a member's money moved, a
 * draw changed, a session was revoked. One interface, three transports, chosen where the database
 * handle is opened (`openDb`):
 *   - `process`: one instance (SQLite): delivered at once, in this process;
 *   - `postgres`: `pg_notify` on BUS_CHANNEL, heard on the change bus's one LISTEN connection;
 *   - `redis` (REDIS_URL set): one publisher and one subscriber connection per process.
 * Every message goes through the transport and comes back to every instance, this one included, so
 * each instance delivers it exactly once. Messages are keys (`topic:{json}`, well under PostgreSQL's
 * 8000-byte limit): listeners re-read what they show. A transport that lost its connection may have
 * missed messages; once it is back it tells `onResync` listeners, who re-read everything they hold.
 */
export const BUS_CHANNEL = 'jade_bus';

/**
 * `balance` a member's money moved ({merchantId, memberId}); `member` any other member event;
 * `brand` an event for every member of a brand; `draw` a lottery draw changed ({vendorCode, gameId});
 * `session` sessions revoked ({sessionId} or {memberId}); `lease` job leases released by a stopping
 * instance ({names}: the others take them at once, decision 0066).
 */
export const BUS_TOPICS = ['balance', 'member', 'brand', 'draw', 'session', 'lease'] as const;
export type BusTopic = (typeof BUS_TOPICS)[number];
export type BusListener = (payload: unknown) => void;
export type BusTransport = 'process' | 'sqlite' | 'postgres' | 'redis';

export interface InstanceBus {
  readonly transport: BusTransport;
  /**
   * Topics the database publishes itself on this transport (PostgreSQL triggers, migration
   * 2026-11-26T1300-bus-notify; balances no longer, 2026-11-28T0100, decision 0071): a publish of them
   * from code is dropped, or instances would hear twice.
   */
  readonly toldByDatabase: ReadonlySet<BusTopic>;
  /** Tells every instance; call it once the change committed (`afterCommit`). */
  publish(topic: BusTopic, payload: object): void;
  subscribe(topic: BusTopic, listener: BusListener): () => void;
  /**
   * Keeps messages from other processes coming while held (an open stream): on SQLite they are looked
   * for only then, so an idle server reads nothing. Answers the release.
   */
  hold(): () => void;
  /** Told when messages may have been missed (the transport reconnected): re-read what is held. */
  onResync(listener: () => void): () => void;
  /** Resolves once messages are heard (tests; the server does not wait for it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const buses = new WeakMap<object, InstanceBus>();
/**
 * A handle's adapter: made once per opened database, and shared by its transactions and its
 * `withPlugin` copies, so each of them finds the handle's bus.
 */
const keyOf = (db: AnyDb) => db.getExecutor().adapter;
/** A handle not opened by `openDb` (none in the server) is one instance of its own. */
let processBus: InstanceBus | undefined;

/**
 * Each database handle has its own bus (`openDb` attaches it), so two instances in one process (the
 * tests) are as apart as two processes.
 */
export const attachInstanceBus = (db: AnyDb, bus: InstanceBus) => {
  buses.set(keyOf(db), bus);
};
/** The bus of the handle `db` (or a transaction or copy of it) belongs to. */
export const busOfHandle = (db: AnyDb | undefined): InstanceBus =>
  (db && buses.get(keyOf(db))) ?? (processBus ??= createProcessBus());

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; keys are far smaller. */
const MAX_MESSAGE_BYTES = 7_900;

const encode = (topic: BusTopic, payload: object) => {
  const message = `${topic}:${JSON.stringify(payload)}`;
  if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) throw new Error(`bus message on ${topic} too long`);
  return message;
};

/** Listeners by topic, and what a transport hears handed to them. */
const createListeners = () => {
  const byTopic = new Map<BusTopic, Set<BusListener>>();
  const resync = new Set<() => void>();
  const quietly = (fn: () => void) => {
    try {
      fn();
    } catch {
      // One listener's failure does not keep the message from the others.
    }
  };
  return {
    subscribe(topic: BusTopic, listener: BusListener) {
      let set = byTopic.get(topic);
      if (!set) byTopic.set(topic, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    onResync(listener: () => void) {
      resync.add(listener);
      return () => void resync.delete(listener);
    },
    deliver(topic: BusTopic, payload: unknown) {
      for (const listener of [...(byTopic.get(topic) ?? [])]) quietly(() => listener(payload));
    },
    /** A raw `topic:{json}` message; anything else on the channel is not ours and is ignored. */
    hear(message: string) {
      const colon = message.indexOf(':');
      const topic = message.slice(0, colon) as BusTopic;
      if (colon < 0 || !BUS_TOPICS.includes(topic)) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message.slice(colon + 1));
      } catch {
        return;
      }
      this.deliver(topic, payload);
    },
    resync() {
      for (const listener of [...resync]) quietly(listener);
    },
  };
};

/** Work sent and not yet answered: a closing process (the CLI) waits for it before it exits. */
const createPending = () => {
  const pending = new Set<Promise<unknown>>();
  return {
    track(promise: Promise<unknown>) {
      const settled = promise.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    drain: async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...pending]),
        new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_MS))),
      ]);
      clearTimeout(timer);
    },
  };
};

const NOTHING = new Set<BusTopic>();
const TOLD_BY_TRIGGERS = new Set<BusTopic>(['draw']);
/** A close waits this long at most for messages a lost connection cannot send. */
const DRAIN_MS = 2_000;

/** One instance: delivered in this process, at once. */
export const createProcessBus = (): InstanceBus => {
  const listeners = createListeners();
  return {
    transport: 'process',
    toldByDatabase: NOTHING,
    publish: (topic, payload) => listeners.deliver(topic, JSON.parse(JSON.stringify(payload))),
    subscribe: listeners.subscribe,
    hold: () => () => {},
    onResync: listeners.onResync,
    ready: async () => {},
    close: async () => {},
  };
};

/** How often a held SQLite bus looks for another process's commit (`PRAGMA data_version`). */
export { SQLITE_LOOK_MS } from './sqlite-commits.js';
/** Messages another process left are kept this long: a server reads them within a second. */
const OUTBOX_KEEP_MS = 60 * 60 * 1_000;

/**
 * SQLite (decision 0069): one server process, and CLI commands run in processes of their own. What
 * this process publishes is delivered here at once, as `process` does, and costs nothing more. A
 * process that `tellsServer` (the CLI) also appends each message to `bus_outbox` once its change
 * committed, through `db` (Kysely's lock on the one connection). The server, while something holds
 * its bus (an open member stream), is told when another connection committed (`watchOtherCommits`:
 * one look a second at `PRAGMA data_version`, shared with the lobbies' draw watch) and then reads the
 * rows it has not seen and hears them.
 */
export const createSqliteBus = (
  db: AnyDb,
  sqlite: SQLite.Database,
  { tellsServer }: { tellsServer: boolean },
): InstanceBus => {
  const listeners = createListeners();
  const pending = createPending();
  let holds = 0;
  let unwatch: (() => void) | undefined;
  let reader: { rows: SQLite.Statement; last: number } | undefined;

  const look = () => {
    if (!reader) return;
    for (const row of reader.rows.all(reader.last) as { id: number; message: string }[]) {
      reader.last = row.id;
      listeners.hear(row.message);
    }
  };
  const startLooking = () => {
    try {
      const last = (sqlite.prepare('select max(id) from bus_outbox').pluck().get() as number | null) ?? 0;
      const rows = sqlite.prepare('select id, message from bus_outbox where id > ? order by id');
      reader = { rows, last };
    } catch {
      // A database not migrated yet has no outbox: nothing from other processes to hear.
      reader = undefined;
    }
    unwatch = watchOtherCommits(sqlite, look);
  };
  const stopLooking = () => {
    unwatch?.();
    unwatch = undefined;
  };

  return {
    transport: 'sqlite',
    toldByDatabase: NOTHING,
    publish: (topic, payload) => {
      const message = encode(topic, payload);
      listeners.hear(message);
      if (!tellsServer) return;
      const now = Date.now();
      pending.track(
        (async () => {
          await sql`insert into bus_outbox (message, created_at) values (${message}, ${new Date(now).toISOString()})`.execute(
            db,
          );
          await sql`delete from bus_outbox where created_at < ${new Date(now - OUTBOX_KEEP_MS).toISOString()}`.execute(
            db,
          );
        })(),
      );
    },
    subscribe: listeners.subscribe,
    hold: () => {
      if (holds++ === 0) startLooking();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        if (--holds > 0) return;
        stopLooking();
        reader = undefined;
      };
    },
    onResync: listeners.onResync,
    ready: async () => {},
    close: async () => {
      stopLooking();
      await pending.drain();
    },
  };
};

/**
 * The messages of one turn, told in one statement that commits without waiting for its flush: one
 * text whatever their number, prepared once per connection (decision 0084).
 */
const NOTIFY_MESSAGES = `${PREPARED}select set_config('synchronous_commit', 'off', true), pg_notify('${BUS_CHANNEL}', m) from unnest($1::text[]) as m`;

/**
 * PostgreSQL: published with `pg_notify` from the pool once the change committed, heard on the change
 * bus's LISTEN connection (which must listen on BUS_CHANNEL). Draws are told by the database's own
 * triggers, in the committing transaction, so they cost the write no statement; balance changes were
 * too, until a transfer's commit waited on every other's for it (decision 0071).
 */
export const createPostgresBus = (db: AnyDb, changes: ChangeBus): InstanceBus => {
  const listeners = createListeners();
  const pending = createPending();
  let connects = 0;
  const stopHearing = changes.subscribe((channel, payload) => {
    if (channel === BUS_CHANNEL) listeners.hear(payload);
  });
  const stopConnects = changes.onListening(() => {
    // The first LISTEN is the start; any later one follows a loss, during which messages went unheard.
    if (connects++ > 0) listeners.resync();
  });
  // The messages told while no statement of this bus is in flight (a settlement batch's commit tells
  // each of its thousand bettors; the transfers whose commits were answered in one turn each tell their
  // member) go in one statement at the end of the turn, in order; those told while one is in flight
  // go in the next, sent as soon as it is answered (decision 0084): under load one statement a round
  // trip, not one a turn, and none waits longer than it did, since each waited for the one before.
  // They do not queue the pool's connections ahead of the next write. Identical messages of one
  // statement arrive once (PostgreSQL folds them within a transaction), which listeners that re-read on
  // a key cannot tell apart. The statement commits without waiting for its WAL flush: a NOTIFY holds
  // PostgreSQL's one notify lock through its commit, so a flush there would queue every instance's
  // messages behind the disk (decision 0071). It carries nothing durable: a listener that lost its
  // connection resyncs (`onResync`). One statement at a time, so the pool's connections cannot reorder
  // what this instance told; a failed one is not retried.
  let queued: string[] = [];
  let sending: Promise<void> | undefined;
  const send = async (): Promise<void> => {
    while (queued.length > 0) {
      const messages = queued;
      queued = [];
      await db.executeQuery(CompiledQuery.raw(NOTIFY_MESSAGES, [messages])).catch(() => undefined);
    }
  };
  const flush = () => {
    // The statement in flight sends what was told meanwhile once it is answered.
    if (sending || queued.length === 0) return;
    sending = send().finally(() => (sending = undefined));
    pending.track(sending);
  };
  return {
    transport: 'postgres',
    toldByDatabase: TOLD_BY_TRIGGERS,
    publish: (topic, payload) => {
      const message = encode(topic, payload);
      if (queued.push(message) === 1) setImmediate(flush);
    },
    subscribe: listeners.subscribe,
    hold: () => () => {},
    onResync: listeners.onResync,
    ready: () => changes.ready(),
    close: async () => {
      stopHearing();
      stopConnects();
      if (queued.length > 0) flush();
      await pending.drain();
    },
  };
};

/**
 * Redis pub/sub (REDIS_URL): one connection publishes, one subscribes; ioredis reconnects both and
 * subscribes again by itself, and every reconnect of the subscriber after the first is a resync.
 */
export const createRedisBus = (url: string): InstanceBus => {
  const listeners = createListeners();
  const pending = createPending();
  // Errors are the reconnect's business: a listener keeps them from crashing the process.
  const publisher = new Redis(url);
  publisher.on('error', () => undefined);
  const subscriber = new Redis(url);
  subscriber.on('error', () => undefined);
  let readies = 0;
  let subscribed = false;
  let waiting: (() => void)[] = [];
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === BUS_CHANNEL) listeners.hear(message);
  });
  subscriber.on('ready', () => {
    if (readies++ > 0) listeners.resync();
  });
  subscriber.subscribe(BUS_CHANNEL).then(
    () => {
      subscribed = true;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    () => undefined, // closed before it connected
  );
  return {
    transport: 'redis',
    toldByDatabase: NOTHING,
    publish: (topic, payload) => pending.track(publisher.publish(BUS_CHANNEL, encode(topic, payload))),
    subscribe: listeners.subscribe,
    hold: () => () => {},
    onResync: listeners.onResync,
    ready: () => (subscribed ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    close: async () => {
      for (const resolve of waiting) resolve();
      waiting = [];
      await pending.drain();
      await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
};
