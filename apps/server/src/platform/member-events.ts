import { memberEvent, type MemberEvent } from '@jade/contracts/member-events';
import { afterCommit, type WriteHandle } from './db/after-commit.js';
import type { DbOrTrx } from './db/index.js';
import { instanceBusOf } from './db/transaction.js';
import type { InstanceBus } from './instance-bus.js';

/**
 * The server's member event bus (decision 0036): modules publish what changed for a member (money
 * moved, a deposit decided, a bet settled) and the member's live streams listen. It lives in
 * platform and imports no module, so every module may publish without the import graph turning back.
 *
 * Events travel over the instance bus of the database handle written (decision 0057), so a stream
 * hears what any instance changed, once: every event goes out through the transport and comes back
 * to every instance, this one included. On PostgreSQL a balance change is told by the database's
 * trigger on `ledger_account` in the committing transaction; the code's publish of it is dropped there.
 */
export type MemberKey = { merchantId: number; memberId: number };
export type MemberEventListener = (event: MemberEvent) => void;

export interface MemberEventBus {
  publish(member: MemberKey, event: MemberEvent): void;
  /** Listens to one member's events; answers the call that stops listening. */
  subscribe(member: MemberKey, listener: MemberEventListener): () => void;
  /** Tells every listening member of a brand (a broadcast to the brand's inboxes). */
  publishToBrand(merchantId: number, event: MemberEvent): void;
}

const keyOf = (member: MemberKey) => `${member.merchantId}:${member.memberId}`;

/** The bus of one process: a set of listeners per member, gone with the member's last listener. */
export const createInProcessBus = (): MemberEventBus => {
  const listeners = new Map<string, Set<MemberEventListener>>();
  const tell = (set: Set<MemberEventListener>, event: MemberEvent) => {
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch {
        // One stream's failure does not keep the event from the member's other streams.
      }
    }
  };
  return {
    publish(member, event) {
      const set = listeners.get(keyOf(member));
      if (set) tell(set, event);
    },
    publishToBrand(merchantId, event) {
      const prefix = `${merchantId}:`;
      for (const [key, set] of [...listeners]) if (key.startsWith(prefix)) tell(set, event);
    },
    subscribe(member, listener) {
      const key = keyOf(member);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        const current = listeners.get(key);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(key);
      };
    },
  };
};

const isId = (value: unknown): value is number => Number.isSafeInteger(value);
/** A member's key from a message; a message no instance of ours could have sent is dropped. */
const memberOf = (payload: unknown): MemberKey | undefined => {
  const { merchantId, memberId } = (payload ?? {}) as Partial<MemberKey>;
  return isId(merchantId) && isId(memberId) ? { merchantId, memberId } : undefined;
};
const eventOf = (payload: unknown): MemberEvent | undefined => {
  const parsed = memberEvent.safeParse((payload as { event?: unknown } | null)?.event);
  return parsed.success ? parsed.data : undefined;
};

const memberBuses = new WeakMap<InstanceBus, MemberEventBus>();

/** The member event bus over an instance bus: what it hears goes to this instance's streams. */
const memberBusOver = (bus: InstanceBus): MemberEventBus => {
  const known = memberBuses.get(bus);
  if (known) return known;
  const local = createInProcessBus();
  bus.subscribe('balance', (payload) => {
    const member = memberOf(payload);
    if (member) local.publish(member, { type: 'balance' });
  });
  bus.subscribe('member', (payload) => {
    const member = memberOf(payload);
    const event = eventOf(payload);
    if (member && event) local.publish(member, event);
  });
  bus.subscribe('brand', (payload) => {
    const merchantId = (payload as { merchantId?: unknown } | null)?.merchantId;
    const event = eventOf(payload);
    if (isId(merchantId) && event) local.publishToBrand(merchantId, event);
  });
  const memberBus: MemberEventBus = {
    publish(member, event) {
      const key = { merchantId: member.merchantId, memberId: member.memberId };
      if (event.type !== 'balance') bus.publish('member', { ...key, event });
      else if (!bus.toldByDatabase.has('balance')) bus.publish('balance', key);
    },
    publishToBrand: (merchantId, event) => bus.publish('brand', { merchantId, event }),
    subscribe: local.subscribe,
  };
  memberBuses.set(bus, memberBus);
  return memberBus;
};

/** The member event bus of the instance that holds `db`. */
export const memberEventBusOf = (db: DbOrTrx): MemberEventBus => memberBusOver(instanceBusOf(db));

/**
 * Tells the member's streams, on every instance, once the write `db` runs in has committed; a write
 * rolled back tells nothing. Call it inside the transaction that makes the change, with the handle
 * the change is written on (outside a write it tells at once).
 */
export const publishMemberEvent = (member: MemberKey, event: MemberEvent, db: WriteHandle) => {
  const bus = memberBusOver(instanceBusOf(db));
  afterCommit(db, () => bus.publish(member, event));
};

/** Tells every listening member of a brand once the write `db` runs in has committed. */
export const publishBrandEvent = (merchantId: number, event: MemberEvent, db: WriteHandle) => {
  const bus = memberBusOver(instanceBusOf(db));
  afterCommit(db, () => bus.publishToBrand(merchantId, event));
};
