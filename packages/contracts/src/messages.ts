import { z } from 'zod';
import { NOTICES_PER_PAGE } from './constants.js';

/** §3 announcement types. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementType = z.enum(ANNOUNCEMENT_TYPES);
export type AnnouncementType = z.infer<typeof announcementType>;

/** §7: the web platform is W. */
export const ANNOUNCEMENT_PLATFORMS = ['W'] as const;
export const announcementPlatform = z.enum(ANNOUNCEMENT_PLATFORMS);

/** §3: the default execution type is B. */
export const DEFAULT_EXECUTION_TYPE = 'B';
export const executionType = z
  .string()
  .regex(/^[A-Z]{1,4}$/, 'An execution type is 1 to 4 upper-case letters');

/** Types as a JSON array, or as the comma-separated text some clients send ('B,PL'). */
const announcementTypes = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((t) => t.trim()) : value),
  z.array(announcementType).min(1).max(ANNOUNCEMENT_TYPES.length),
);

export const listAnnouncementsRequest = z.object({
  /** Absent: every type. */
  types: announcementTypes.optional(),
  platform: announcementPlatform.default('W'),
  execution: executionType.default(DEFAULT_EXECUTION_TYPE),
  language: z.string().min(2).max(8).optional(),
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(NOTICES_PER_PAGE),
  /** Must name the brand of the host when given (docs/decisions/0003). */
  merchantCode: z.string().min(1).max(32).optional(),
});
export type ListAnnouncementsRequest = z.infer<typeof listAnnouncementsRequest>;

/** §3 notice: title, HTML content (the web app sanitises it), timestamp (ISO-8601 UTC). */
export const announcement = z.object({
  id: z.number().int(),
  type: announcementType,
  title: z.string(),
  content: z.string(),
  timestamp: z.string(),
  language: z.string(),
});
export type Announcement = z.infer<typeof announcement>;

export const listAnnouncementsResponse = z.object({
  announcements: z.array(announcement),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type ListAnnouncementsResponse = z.infer<typeof listAnnouncementsResponse>;
