import { z } from 'zod';

/**
 * Raffles (decision 0053): a brand's prize draw with tickets earned from valid bets or deposits in
 * its window, drawn by the lottery's provably fair procedure. At creation the server publishes
 * SHA-256 of a secret seed; after entries close it draws the winners from the seed and the closed
 * entry list (whose hash it publishes too) and reveals the seed.
 */
export const RAFFLE_STATUSES = ['OPEN', 'CLOSED', 'DRAWN'] as const;
export const raffleStatus = z.enum(RAFFLE_STATUSES);
export type RaffleStatus = z.infer<typeof raffleStatus>;

/** What earns tickets: settled valid bets, or approved deposits, made in the raffle's window. */
export const RAFFLE_BASES = ['VALID_BET', 'DEPOSIT'] as const;
export const raffleBasis = z.enum(RAFFLE_BASES);
export type RaffleBasis = z.infer<typeof raffleBasis>;

export const RAFFLE_MAX_TICKETS = 10_000;
export const RAFFLE_MAX_PRIZES = 20;
/** Ten thousand million major units of a VND-sized currency: far above any real prize. */
const prizeAmount = z.number().int().min(1).max(1_000_000_000_000);
const isoInstant = z.iso.datetime({ offset: true });

export const raffleCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9_]{2,32}$/, 'Upper-case letters, digits and _ (2 to 32)');

export const raffleInput = z
  .object({
    code: raffleCode,
    /** By language code ('EN', 'TY' ...), at least one. */
    titles: z
      .record(z.string().min(2).max(8), z.string().trim().min(1).max(120))
      .refine((t) => Object.keys(t).length > 0 && Object.keys(t).length <= 20, 'One to twenty languages'),
    basis: raffleBasis,
    /** One ticket per this many minor units of the basis in the window. */
    unitAmount: z.number().int().min(1).max(1_000_000_000_000),
    maxTickets: z.number().int().min(1).max(RAFFLE_MAX_TICKETS),
    opensAt: isoInstant,
    closesAt: isoInstant,
    /** Prize of rank 1, rank 2 … in minor units; a member wins at most one. */
    prizes: z.array(prizeAmount).min(1).max(RAFFLE_MAX_PRIZES),
  })
  .refine((r) => Date.parse(r.closesAt) > Date.parse(r.opensAt), {
    message: 'Entries must close after they open',
    path: ['closesAt'],
  });
export type RaffleInput = z.infer<typeof raffleInput>;

export const raffleIdRequest = z.object({
  raffleId: z.coerce.number().int().min(1).max(2_147_483_647),
  language: z.string().min(2).max(8).optional(),
});

export const rafflesQuery = z.object({ language: z.string().min(2).max(8).optional() });

export const raffleWinnersQuery = z.object({
  raffleId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  language: z.string().min(2).max(8).optional(),
});

export const raffleWinner = z.object({
  raffleId: z.number().int(),
  title: z.string(),
  rank: z.number().int(),
  /** Masked as the other public boards mask it (first two and last two characters). */
  account: z.string(),
  amount: z.number().int(),
  drawnAt: z.string(),
});
export type RaffleWinner = z.infer<typeof raffleWinner>;

export const raffleSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  basis: raffleBasis,
  unitAmount: z.number().int(),
  maxTickets: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  status: raffleStatus,
  prizes: z.array(z.number().int()),
  /** SHA-256 of the server seed, published when the raffle was made. */
  seedHash: z.string(),
  entryCount: z.number().int(),
  ticketCount: z.number().int(),
  /** The logged-in member's tickets: held (joined) and what the records earn now; null for visitors. */
  mine: z
    .object({ entryId: z.number().int().nullable(), tickets: z.number().int(), earned: z.number().int() })
    .nullable(),
});
export type RaffleSummary = z.infer<typeof raffleSummary>;

export const rafflesResponse = z.object({ raffles: z.array(raffleSummary) });

export const raffleDetail = raffleSummary.extend({
  /** Revealed after the draw (null before). */
  serverSeed: z.string().nullable(),
  /** SHA-256 of the entry list text (one `<entry id>:<tickets>` line per entry, by entry id). */
  entriesHash: z.string().nullable(),
  /** The closed entry list, in the order tickets are numbered: after the draw only. */
  entries: z.array(z.object({ entryId: z.number().int(), account: z.string(), tickets: z.number().int() })),
  winners: z.array(raffleWinner),
  /** The HMAC message prefix ("RAFFLE:<brand>:<code>"). */
  drawKey: z.string(),
});
export type RaffleDetail = z.infer<typeof raffleDetail>;

export const raffleClaimResponse = z.object({
  raffleId: z.number().int(),
  entryId: z.number().int(),
  tickets: z.number().int(),
});
export type RaffleClaimResponse = z.infer<typeof raffleClaimResponse>;

export const raffleWinnersResponse = z.object({ winners: z.array(raffleWinner) });

export const operatorRaffle = raffleSummary.omit({ mine: true });
export const operatorRafflesResponse = z.object({ raffles: z.array(operatorRaffle) });
export const brandQuery = z.object({ merchant: z.string().min(1).max(32).optional() });
