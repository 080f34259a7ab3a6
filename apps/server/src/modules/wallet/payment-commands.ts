import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { CONSOLE_OPERATOR, createOperator } from '../operators/service.js';
import { getMoneySettings, updateMoneySettings } from './money-settings.js';
import * as payments from './payments.js';

export const PAYMENT_USAGE = `Money (deposits, withdrawals, operators)
  deposit list [--status S]              deposits waiting for a decision (PENDING by default)
  deposit approve|reject <ID> [--message NOTE]
  withdrawal list [--status S]           withdrawals (PENDING; NOT_RECEIVED lists complaints)
  withdrawal approve|reject <ID> [--message NOTE]
  money show                             the brand's money rules (JSON)
  money set <KEY> <JSON>                 e.g. money set turnoverMultiplier 1
  operator create <NAME> [--role ADMIN|FINANCE] [--brand-only]
                                         password from the JADE_OPERATOR_PASSWORD environment variable`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);
const amount = (minor: number, exponent: number) => (minor / 10 ** exponent).toFixed(exponent);

/** `npm run jade -- deposit|withdrawal|money|operator ...`; false for a group it does not know. */
export const runPaymentCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  options: {
    status?: string | undefined;
    message?: string | undefined;
    role?: string | undefined;
    brandOnly?: boolean | undefined;
    password?: string | undefined;
  },
  out: (line: string) => void,
): Promise<boolean> => {
  const id = () => {
    const n = Number(args[0]);
    if (!Number.isInteger(n) || n <= 0) throw bad(`'${group} ${action}' takes an id`);
    return n;
  };
  const operator = { ...CONSOLE_OPERATOR, merchantId: merchant.id };
  if (group === 'deposit') {
    if (action === 'list') {
      const rows = await payments.depositQueue(db, operator, options.status ?? 'PENDING');
      for (const d of rows)
        out(
          `${d.id}\tmember ${d.memberId}\t${d.channelCode}\t${amount(d.amount, merchant.currencyExponent)} ${merchant.currency}\t${d.status}\t${d.reference ?? ''}\t${d.createdAt}`,
        );
      if (rows.length === 0) out('no deposits');
      return true;
    }
    if (action === 'approve' || action === 'reject') {
      const d = await payments.decideDeposit(db, operator, id(), action === 'approve', options.message);
      out(`deposit ${d.id}: ${d.status}`);
      return true;
    }
  }
  if (group === 'withdrawal') {
    if (action === 'list') {
      const rows = await payments.withdrawalQueue(db, operator, options.status ?? 'PENDING');
      for (const w of rows)
        out(
          `${w.id}\tmember ${w.memberId}\t${amount(w.amount, merchant.currencyExponent)} ${merchant.currency}\t${w.status}\t${w.bankAccount.bankName} ${w.bankAccount.accountNumber}\t${w.complaint ?? ''}`,
        );
      if (rows.length === 0) out('no withdrawals');
      return true;
    }
    if (action === 'approve' || action === 'reject') {
      const w = await payments.decideWithdrawal(db, operator, id(), action === 'approve', options.message);
      out(`withdrawal ${w.id}: ${w.status}`);
      return true;
    }
  }
  if (group === 'money' && action === 'show') {
    out(JSON.stringify(await getMoneySettings(db, merchant.id), null, 2));
    return true;
  }
  if (group === 'money' && action === 'set') {
    const [key, json] = args;
    if (!key || json === undefined) throw bad("'money set' takes a key and a JSON value");
    try {
      await updateMoneySettings(db, merchant.id, { [key]: JSON.parse(json) as unknown });
    } catch (error) {
      throw bad(`money ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
    out(`${merchant.code}: ${key} = ${json}`);
    return true;
  }
  if (group === 'operator' && action === 'create') {
    const [username] = args;
    if (!username) throw bad("'operator create' takes a name");
    if (!options.password)
      throw bad('set JADE_OPERATOR_PASSWORD (at least 12 characters) to the new operator password');
    const role = options.role ?? 'ADMIN';
    if (role !== 'ADMIN' && role !== 'FINANCE') throw bad('role is ADMIN or FINANCE');
    await createOperator(db, {
      username,
      password: options.password,
      role,
      merchantId: options.brandOnly ? merchant.id : null,
    });
    out(
      `operator ${username} (${role}${options.brandOnly ? `, ${merchant.code} only` : ', every brand'}) created`,
    );
    return true;
  }
  return false;
};
