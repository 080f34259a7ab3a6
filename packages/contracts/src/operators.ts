import { z } from 'zod';

/** POST /api/operator/logout */
export const operatorLogoutResponse = z.object({ loggedOut: z.literal(true) });

/** POST /api/operator/operators/:username/revoke: every session of that operator ends. */
export const operatorRevokeParams = z.object({ username: z.string().trim().min(1).max(64) });
export const operatorRevokeResponse = z.object({ revokedSessions: z.number().int().min(0) });

/** GET /api/operator/security-events: lockouts and recovery-channel changes, newest first. */
export const securityEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const securityEventsResponse = z.object({ events: z.array(securityEvent) });
