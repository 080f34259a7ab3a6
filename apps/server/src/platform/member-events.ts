import type { MemberEvent } from '@jade/contracts/member-events';
import { afterCommit } from './db/after-commit.js';

/**
 * The server's member event bus (decision 0036): modules publish what changed for a member (money
 * moved, a deposit decided, a bet settled) and the member's live streams listen. It lives in
 * platform and imports no module, so every module may publish without the import graph turning back.
 *
 * Behind the `MemberEventBus` interface: the process's own bus today; with several instances
 * (issue 23) a transport over Redis or PostgreSQL LISTEN/NOTIFY takes its place through
 * `setMemberEventBus`, and the code that publishes and listens stays as it is.
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

let bus: MemberEventBus = createInProcessBus();

export const memberEventBus = (): MemberEventBus => bus;

/** Replaces the bus (a transport shared by instances); streams opened before keep the old one. */
export const setMemberEventBus = (next: MemberEventBus) => {
  bus = next;
};

/**
 * Tells the member's streams once the write this runs in has committed; a write rolled back tells
 * nothing. Call it inside the transaction that makes the change.
 */
export const publishMemberEvent = (member: MemberKey, event: MemberEvent) =>
  afterCommit(() => bus.publish(member, event));

/** Tells every listening member of a brand once the write this runs in has committed. */
export const publishBrandEvent = (merchantId: number, event: MemberEvent) =>
  afterCommit(() => bus.publishToBrand(merchantId, event));
