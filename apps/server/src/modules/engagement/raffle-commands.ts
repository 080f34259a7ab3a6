import { raffleInput } from '@jade/contracts/raffle';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { parseImportFile, readImportJson } from '../../platform/import-file.js';
import type { Merchant } from '../merchants/repo.js';
import { createRaffle, drawDueRaffles, listBrandRaffles } from './raffle.js';

export const RAFFLE_USAGE = `Raffles (decision 0053)
  raffle create <FILE.json>              make a raffle (code, titles, basis VALID_BET|DEPOSIT, unitAmount,
                                         maxTickets, opensAt, closesAt, prizes): its seed hash is printed
  raffle list                            the brand's raffles: status, entries, tickets, seed hash
  raffle draw                            close and draw every raffle whose entries closed (the job does it too)`;

/** `npm run jade -- raffle <action>`; false for an action it does not know (the CLI prints its usage). */
export const runRaffleCommand = async (
  db: Db,
  merchant: Merchant,
  action: string | undefined,
  args: string[],
  serverSecret: (() => string) | undefined,
  out: (line: string) => void,
): Promise<boolean> => {
  const secret = () => {
    if (!serverSecret) throw new AppError('BAD_REQUEST', 'The server secret is not available here');
    return serverSecret();
  };
  if (action === 'create') {
    const file = args[0];
    if (!file) throw new AppError('BAD_REQUEST', `'raffle create' takes a JSON file`);
    const input = parseImportFile(raffleInput, readImportJson(file), file);
    const made = await createRaffle(db, secret(), merchant.id, input);
    out(`${merchant.code}: raffle ${made.id} (${made.code}) is OPEN; seed hash ${made.seedHash}`);
    return true;
  }
  if (action === 'list') {
    for (const r of await listBrandRaffles(db, merchant)) {
      out(
        `${r.code}\t${r.status}\t${r.entryCount} entries\t${r.ticketCount} tickets\tcloses ${r.closesAt}\t` +
          `prizes ${r.prizes.join('/')}\t${r.seedHash}`,
      );
    }
    return true;
  }
  if (action === 'draw') {
    out(`raffles drawn: ${await drawDueRaffles(db, secret())}`);
    return true;
  }
  return false;
};
