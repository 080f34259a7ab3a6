import { z } from 'zod';
import { gameCategory } from './games.js';

/**
 * Missions (issue 22 item 4, decision 0052): per-brand goals measured from real records (approved
 * deposits, settled valid bets, login days), a reward paid once per member, mission and period.
 * Money is integer minor units; points are the points ledger's units.
 */
export const MISSION_KINDS = ['DEPOSIT', 'VALID_BET', 'LOGIN_DAYS', 'STREAK_DAYS'] as const;
export const missionKind = z.enum(MISSION_KINDS);
export type MissionKind = z.infer<typeof missionKind>;

/** DAILY: the brand's business day; WEEKLY: Monday to Sunday; ONCE: the mission's dates. */
export const MISSION_PERIODS = ['DAILY', 'WEEKLY', 'ONCE'] as const;
export const missionPeriod = z.enum(MISSION_PERIODS);
export type MissionPeriod = z.infer<typeof missionPeriod>;

/** COMPLETED: claimable now. */
export const MISSION_STATES = ['IN_PROGRESS', 'COMPLETED', 'CLAIMED', 'EXPIRED'] as const;
export const missionState = z.enum(MISSION_STATES);
export type MissionState = z.infer<typeof missionState>;

/** Why a claim was refused (MISSION_NOT_CLAIMABLE details.reason). */
export const MISSION_REFUSALS = ['NOT_COMPLETED', 'EXPIRED', 'CLAIMED'] as const;
export type MissionRefusal = (typeof MISSION_REFUSALS)[number];

const minorUnits = z.number().int().min(0).max(1_000_000_000_000);
const languageCode = z.string().min(2).max(8);

export const missionItem = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: missionKind,
  category: gameCategory.nullable(),
  title: z.string(),
  period: missionPeriod,
  /** Minor units (DEPOSIT, VALID_BET) or days (LOGIN_DAYS, STREAK_DAYS). */
  target: z.number().int(),
  /** Same unit as target, capped at it. */
  progress: z.number().int(),
  /** The current (or, once expired, the last) period: first and last business day, YYYY-MM-DD. */
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  rewardAmount: z.number().int(),
  rewardPoints: z.number().int(),
  state: missionState,
  endsAt: z.string().nullable(),
});
export type MissionItem = z.infer<typeof missionItem>;

export const missionSummaryRequest = z.object({ language: languageCode.optional() }).optional();

/** POST /wps/relay/MCSFE_getMissionSummary (token). */
export const missionSummaryResponse = z.object({
  missions: z.array(missionItem),
  /** Missions claimable now: the missionLeaderboard menu item's badge (hidden at 0). */
  claimableCount: z.number().int(),
});
export type MissionSummaryResponse = z.infer<typeof missionSummaryResponse>;

/** At most 50 rows; 20 when not asked. */
export const missionLeaderboardRequest = z
  .object({ limit: z.number().int().min(1).max(50).optional() })
  .optional();

/** POST /wps/relay/MCSFE_getMissionLeaderboard: the brand's members by missions completed this week. */
export const missionLeaderboardResponse = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  items: z.array(z.object({ rank: z.number().int(), account: z.string(), completed: z.number().int() })),
});
export type MissionLeaderboardResponse = z.infer<typeof missionLeaderboardResponse>;

/** POST /wps/relay/MCS2_claimMissionReward (token). */
export const claimMissionRequest = z.object({ missionId: z.number().int().min(1).max(2_147_483_647) });
export const claimMissionResponse = z.object({
  missionId: z.number().int(),
  periodKey: z.string(),
  rewardAmount: z.number().int(),
  rewardPoints: z.number().int(),
  state: z.literal('CLAIMED'),
});
export type ClaimMissionResponse = z.infer<typeof claimMissionResponse>;

/** A mission as operators write it (PUT /api/operator/missions, `npm run jade -- missions import`). */
export const importedMission = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'Mission codes are 2 to 32 upper-case letters, digits or _'),
    kind: missionKind,
    /** VALID_BET only: the category whose valid bets count; absent: every category. */
    category: gameCategory.nullable().default(null),
    target: z.number().int().min(1).max(1_000_000_000_000),
    period: missionPeriod,
    rewardAmount: minorUnits.default(0),
    rewardPoints: minorUnits.default(0),
    titles: z
      .record(languageCode, z.string().trim().min(1).max(120))
      .refine((t) => Object.keys(t).length > 0, 'Give a title in at least one language')
      // Bounded like a raffle's titles: a brand speaks a handful of languages, not thousands.
      .refine((t) => Object.keys(t).length <= 20, 'Titles in at most twenty languages'),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable().default(null),
    isEnabled: z.boolean().default(true),
    sortOrder: z.number().int().min(-10_000).max(10_000).default(0),
  })
  .refine((m) => m.rewardAmount > 0 || m.rewardPoints > 0, {
    path: ['rewardAmount'],
    message: 'A mission pays money, points or both',
  })
  .refine((m) => m.kind === 'VALID_BET' || m.category === null, {
    path: ['category'],
    message: 'Only a valid-bet mission has a category',
  })
  .refine((m) => !['LOGIN_DAYS', 'STREAK_DAYS'].includes(m.kind) || m.target <= 366, {
    path: ['target'],
    message: 'Days missions count at most 366 days',
  })
  .refine((m) => m.endsAt === null || m.endsAt > m.startsAt, {
    path: ['endsAt'],
    message: 'A mission ends after it starts',
  });
export type ImportedMission = z.infer<typeof importedMission>;

export const operatorMission = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: missionKind,
  category: z.string().nullable(),
  target: z.number().int(),
  period: missionPeriod,
  rewardAmount: z.number().int(),
  rewardPoints: z.number().int(),
  titles: z.record(z.string(), z.string()),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
  /** Rewards claimed so far, and what they paid. */
  claims: z.number().int(),
  paidAmount: z.number().int(),
  paidPoints: z.number().int(),
});
export const operatorMissionsResponse = z.object({ missions: z.array(operatorMission) });
export type OperatorMissionsResponse = z.infer<typeof operatorMissionsResponse>;
