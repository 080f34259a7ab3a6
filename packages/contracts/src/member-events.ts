import { z } from 'zod';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from './payments.js';

/**
 * What a member's live stream says (GET /wps/member/events, Server-Sent Events; decision 0036): each
 * event is `event: <type>` with this object as its data, sent after the change committed, only to
 * the member it is about. They say what changed, so the page reloads the figures it shows; the win
 * notice reads its amount from `bet-settled`.
 */
export const MEMBER_EVENT_TYPES = ['balance', 'deposit', 'withdrawal', 'bet-settled', 'unread'] as const;
export type MemberEventType = (typeof MEMBER_EVENT_TYPES)[number];

export const memberEvent = z.discriminatedUnion('type', [
  /** Money moved on one of the member's accounts (any ledger post). */
  z.object({ type: z.literal('balance') }),
  /** An operator or a gateway decided a deposit. */
  z.object({ type: z.literal('deposit'), id: z.number().int(), status: z.enum(DEPOSIT_STATUSES) }),
  /** An operator decided a withdrawal, or it was received. */
  z.object({ type: z.literal('withdrawal'), id: z.number().int(), status: z.enum(WITHDRAWAL_STATUSES) }),
  /**
   * Bets settled: a game round (`kind` GAME, `id` its betting record), or the member's lottery bets of
   * one draw settled together (`kind` LOTTERY, `id` the first bet's id, `bets` how many). `payout` is
   * what they paid in minor units; `result` WIN when it is above zero.
   */
  z.object({
    type: z.literal('bet-settled'),
    kind: z.enum(['GAME', 'LOTTERY']),
    id: z.number().int(),
    game: z.string(),
    bets: z.number().int().positive(),
    result: z.enum(['WIN', 'LOSE']),
    payout: z.number().int().nonnegative(),
  }),
  /**
   * The member's inbox changed (decision 0047): `count` is the unread count once the change
   * committed; null when a broadcast reached many members at once (the page asks CSP_unreadCount).
   */
  z.object({ type: z.literal('unread'), count: z.number().int().nonnegative().nullable() }),
]);
export type MemberEvent = z.infer<typeof memberEvent>;

/** Streams one member may hold open at once (tabs); one more is refused with RATE_LIMITED. */
export const MEMBER_STREAMS_PER_MEMBER = 5;
/** Seconds between the comment lines that keep a quiet stream open through proxies. */
export const MEMBER_STREAM_HEARTBEAT_SECONDS = 15;
