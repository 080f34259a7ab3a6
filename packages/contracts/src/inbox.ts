import { z } from 'zod';

/**
 * A member's inbox (§2 messageV2, decision 0047): platform information (what the server tells a
 * member about their own deposits, withdrawals, contracts, bonuses, rebates and redeems), broadcasts
 * (an operator's message to the brand, a VIP rank and above, or a list of members) and personal
 * messages (an operator's message to one member).
 */
export const INBOX_MESSAGE_TYPES = ['PLATFORM', 'BROADCAST', 'PERSONAL'] as const;
export const inboxMessageType = z.enum(INBOX_MESSAGE_TYPES);
export type InboxMessageType = z.infer<typeof inboxMessageType>;

/**
 * The platform messages' templates: the server stores the key and its parameters, the member's
 * language renders them when they are read (the web app's `inbox.templates.<KEY>`), so a language
 * change re-renders every message. A module adds a key here and its text in the nine languages.
 */
export const INBOX_TEMPLATES = [
  'DEPOSIT_APPROVED',
  'DEPOSIT_REJECTED',
  'DEPOSIT_FAILED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_REJECTED',
  'CONTRACT_OFFERED',
  'CONTRACT_ACCEPTED',
  'CONTRACT_REJECTED',
  'CONTRACT_TERMINATED',
  'BONUS_ISSUED',
  'REBATE_PAID',
  'REDEEM_APPROVED',
  'REDEEM_REJECTED',
  /** A mission's reward paid (params: amount in minor units, points, mission code); decision 0052. */
  'MISSION_REWARD',
  'RAFFLE_WON',
] as const;
export type InboxTemplate = (typeof INBOX_TEMPLATES)[number];

/** A template's parameters: amounts in minor units (the page formats them), names and codes as text. */
export const inboxParams = z.record(z.string().max(40), z.union([z.string().max(200), z.number()]));
export type InboxParams = z.infer<typeof inboxParams>;

/** `m<id>` a message of the member's own, `b<id>` a broadcast to the brand or a rank. */
export const inboxMessageId = z.string().regex(/^[mb][1-9]\d{0,11}$/, 'A message id');

export const inboxMessage = z.object({
  id: inboxMessageId,
  type: inboxMessageType,
  /** PLATFORM: the template and its parameters; the others: the operator's title and text. */
  template: z.enum(INBOX_TEMPLATES).nullable(),
  params: inboxParams,
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const INBOX_PAGE_SIZE = 10;

export const inboxListQuery = z.object({
  /** Absent: every type. */
  type: inboxMessageType.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(INBOX_PAGE_SIZE),
});
export type InboxListQuery = z.infer<typeof inboxListQuery>;

export const inboxPage = z.object({
  items: z.array(inboxMessage),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  unreadCount: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPage>;

export const inboxIdParams = z.object({ id: inboxMessageId });

/** §7 CSP_unreadCount: the member's unread messages (personal, platform and broadcasts). */
export const unreadCountResponse = z.object({ count: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

export const inboxReadResponse = z.object({ unreadCount: z.number().int().nonnegative() });

// Operators

export const INBOX_AUDIENCES = ['ALL', 'VIP', 'LIST'] as const;
export const MAX_INBOX_LIST = 500;

const title = z.string().trim().min(1).max(200);
const content = z.string().trim().min(1).max(4000);
/**
 * The message in other languages (decision 0067), by language code (`EN`, `TY`, `ZH`…): a member
 * reads the text of its own language, else the one written in `title` and `content`.
 */
export const inboxTranslations = z
  .record(
    z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'A language code'),
    z.object({ title, content }),
  )
  .refine((texts) => Object.keys(texts).length <= 20, 'At most 20 languages')
  .optional();
export type InboxTranslations = z.infer<typeof inboxTranslations>;

export const operatorPersonalMessage = z.object({
  account: z.string().trim().min(1).max(64),
  title,
  content,
  translations: inboxTranslations,
});

/** A broadcast: the whole brand, members of a VIP rank and above, or a list of accounts. */
export const operatorBroadcast = z.discriminatedUnion('audience', [
  z.object({ audience: z.literal('ALL'), title, content, translations: inboxTranslations }),
  z.object({
    audience: z.literal('VIP'),
    vipLevel: z.number().int().min(0).max(100),
    title,
    content,
    translations: inboxTranslations,
  }),
  z.object({
    audience: z.literal('LIST'),
    accounts: z.array(z.string().trim().min(1).max(64)).min(1).max(MAX_INBOX_LIST),
    title,
    content,
    translations: inboxTranslations,
  }),
]);
export type OperatorBroadcast = z.infer<typeof operatorBroadcast>;

export const sentInboxMessage = z.object({
  id: inboxMessageId,
  audience: z.enum(['MEMBER', ...INBOX_AUDIENCES]),
  /** MEMBER: the account; VIP: the lowest rank; LIST: how many members. */
  to: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  sentBy: z.string().nullable(),
  /** How many of its members have read it. */
  readCount: z.number().int(),
});
export type OperatorPersonalMessage = z.infer<typeof operatorPersonalMessage>;
export type SentInboxMessage = z.infer<typeof sentInboxMessage>;
export const sentInboxQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const sentInboxPage = z.object({ items: z.array(sentInboxMessage), totalCount: z.number().int() });
