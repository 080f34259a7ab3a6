import type { Generated } from 'kysely';

/** Raffles (migration 2026-11-26T1000-raffles, decision 0053). Money is integer minor units. */
export type RaffleTables = {
  raffle: RaffleTable;
  raffle_entry: RaffleEntryTable;
  raffle_winner: RaffleWinnerTable;
};

export type RaffleTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  /** JSON object of titles by language code. */
  titles: string;
  basis: string;
  unit_amount: number;
  max_tickets: number;
  opens_at: string;
  closes_at: string;
  /** JSON array of prizes in minor units, rank 1 first. */
  prizes: string;
  status: string;
  seed_hash: string;
  seed_sealed: string;
  server_seed: string | null;
  entries_hash: string | null;
  created_at: string;
  closed_at: string | null;
  drawn_at: string | null;
};

export type RaffleEntryTable = {
  id: Generated<number>;
  raffle_id: number;
  member_id: number;
  tickets: number;
  joined_at: string;
  updated_at: string;
};

export type RaffleWinnerTable = {
  id: Generated<number>;
  raffle_id: number;
  merchant_id: number;
  rank: number;
  member_id: number;
  entry_id: number;
  amount: number;
  drawn_at: string;
};
