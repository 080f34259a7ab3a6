import type { DbOrTrx } from '../../platform/db/index.js';
import { tellInstances } from '../../platform/db/transaction.js';

/**
 * Tells every instance's live lobbies that a game's draws changed (a draw made, opened, closed,
 * drawn, settled, voided, corrected), once the write commits; each watch then reads that game's state
 * again (decision 0057). On PostgreSQL the trigger on `lottery_draw` tells it instead, whoever wrote.
 * Call it after the write's own transaction when it opened one with `db.transaction()`.
 */
export const tellDrawChanged = (db: DbOrTrx, game: { vendorCode: string; gameId: string }) =>
  tellInstances(db, 'draw', { vendorCode: game.vendorCode, gameId: game.gameId });
