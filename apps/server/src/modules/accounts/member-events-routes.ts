import {
  MEMBER_STREAM_HEARTBEAT_SECONDS,
  MEMBER_STREAMS_PER_MEMBER,
  type MemberEvent,
} from '@jade/contracts/member-events';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { instanceBusOf } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { memberEventBusOf } from '../../platform/member-events.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from './guard.js';
import { sessionStillValid } from './sessions.js';

/**
 * A member's live stream (decision 0036): `GET /wps/member/events`, Server-Sent Events of what the
 * server changed for them (money moved, a deposit or withdrawal decided, bets settled), sent after
 * the change committed and only to that member. Authenticated as every member call, by the
 * `Authorization` header: the web app reads it with fetch, so no token travels in a URL.
 *
 * Bounded: MEMBER_STREAMS_PER_MEMBER streams a member (one more is refused, RATE_LIMITED), a comment
 * line every MEMBER_STREAM_HEARTBEAT_SECONDS that also checks the session still holds (a block, an
 * expiry ends the stream), and everything a stream holds is let go when it closes.
 *
 * Whichever instance holds the stream (decision 0057): events come over the instance bus; a session
 * revoked on any instance (a logout, a password change) is told on the bus's `session` topic and the
 * member's streams here check at once; and when the bus may have missed messages (its connection came
 * back) every stream ends, so its page opens a new one and reloads what it shows.
 */
type SessionMessage = { sessionId?: unknown; memberId?: unknown };
/** Bytes a stream may have waiting for a client that does not read before it is ended. */
const MAX_UNSENT_BYTES = 64 * 1024;

export const memberEventRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const guard = createGuard(db, secrets);
  /** Open streams by member: how each one is ended. */
  const open = new Map<string, Set<() => void>>();
  /** Open streams by session: their member, and the check that ends a stream whose session ended. */
  const bySession = new Map<number, { memberId: number; checks: Set<() => void> }>();
  const endAll = () => {
    for (const streams of [...open.values()]) for (const end of [...streams]) end();
  };
  const bus = instanceBusOf(db);
  const stopHearing = bus.subscribe('session', (payload) => {
    const { sessionId, memberId } = (payload ?? {}) as SessionMessage;
    for (const [id, held] of bySession)
      if (id === sessionId || held.memberId === memberId) for (const check of [...held.checks]) check();
  });
  const stopResync = bus.onResync(endAll);
  // Open streams would hold the server's close: they end first.
  app.addHook('preClose', async () => {
    stopHearing();
    stopResync();
    endAll();
  });

  app.get(
    '/wps/member/events',
    {
      schema: {
        tags: ['accounts'],
        summary: `Server-Sent Events of the member's balance, deposit and withdrawal decisions and settled bets (token; at most ${MEMBER_STREAMS_PER_MEMBER} a member)`,
      },
    },
    async (request, reply) => {
      // Any session may listen, a trial's or one that must change its password: it only hears its own.
      const session = await guard(request, { allowTrial: true, allowPendingPasswordChange: true });
      const member = { merchantId: session.merchant.id, memberId: session.member.id };
      const key = `${member.merchantId}:${member.memberId}`;
      const streams = open.get(key) ?? new Set<() => void>();
      if (streams.size >= MEMBER_STREAMS_PER_MEMBER)
        throw new AppError('RATE_LIMITED', 'Too many live streams open for this account');

      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let ended = false;
      let unsubscribe = () => {};
      // While it is open, what other processes tell (the CLI on SQLite) is looked for.
      const release = bus.hold();
      const held = bySession.get(session.sessionId) ?? {
        memberId: member.memberId,
        checks: new Set<() => void>(),
      };
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        release();
        streams.delete(end);
        if (streams.size === 0 && open.get(key) === streams) open.delete(key);
        held.checks.delete(checkSession);
        if (held.checks.size === 0 && bySession.get(session.sessionId) === held)
          bySession.delete(session.sessionId);
        raw.end();
      };
      const checkSession = () =>
        void sessionStillValid(db, session.sessionId).then(
          (valid) => valid || end(),
          () => undefined, // A failed read is asked again on the next beat.
        );
      // A client that stops reading would make the server keep what it is sent: past a few pages of
      // unsent lines its stream ends instead (it opens a new one and reloads what it shows).
      const write = (text: string) => {
        if (ended) return;
        if (raw.writableLength > MAX_UNSENT_BYTES) end();
        else raw.write(text);
      };
      const heartbeat = setInterval(() => {
        write(': beat\n\n');
        checkSession();
      }, MEMBER_STREAM_HEARTBEAT_SECONDS * 1_000);
      // A first line at once: the client knows the stream is open before anything happens.
      write(': open\n\n');
      unsubscribe = memberEventBusOf(db).subscribe(member, (event: MemberEvent) =>
        write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      );
      streams.add(end);
      open.set(key, streams);
      held.checks.add(checkSession);
      bySession.set(session.sessionId, held);
      // The response closes with the connection: a client gone (or one gone while it was being let in).
      raw.once('close', end);
      if (raw.destroyed) end();
    },
  );
};
