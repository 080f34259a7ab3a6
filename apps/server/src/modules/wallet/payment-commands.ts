import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { isOperatorRole } from '../operators/roles.js';
import { CONSOLE_OPERATOR, createOperator, revokeOperatorSessions } from '../operators/service.js';
import {
  configureGatewayChannel,
  listChannelSettings,
  setChannelEnabled,
  setChannelLimits,
} from './channel-settings.js';
import { getMoneySettings, updateMoneySettings } from './money-settings.js';
import * as payments from './payments.js';

export const PAYMENT_USAGE = `Money (deposits, withdrawals, operators)
  deposit list [--status S]              deposits waiting for a decision (PENDING by default)
  deposit approve|reject <ID> [--message NOTE]
  withdrawal list [--status S]           withdrawals (PENDING; NOT_RECEIVED lists complaints)
  withdrawal approve|reject <ID> [--message NOTE]
  money show                             the brand's money rules (JSON)
  money set <KEY> <JSON>                 e.g. money set turnoverMultiplier 1
  payment channels                       the brand's deposit channels, switched off ones too
  payment channel-gateway <CODE> --url URL [--gateway-merchant ID] [--name NAME]
                                         point a gateway channel at a gateway and switch it on
                                         (created if missing); the signing secret comes from the
                                         JADE_GATEWAY_SECRET environment variable, needed the first
                                         time; the merchant id defaults to the brand code
  payment channel-limits <CODE> [--min A] [--max A] [--daily A]
                                         per-channel limits, in the currency's major units
  payment channel-enable|channel-disable <CODE>
  operator create <NAME> [--role ADMIN|FINANCE] [--all-brands]
                                         an operator of the --merchant brand (DEMO by default), or
                                         of every brand with --all-brands; the password comes from
                                         the JADE_OPERATOR_PASSWORD environment variable
  operator revoke <NAME>                 end every session of an operator`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);
const amount = (minor: number, exponent: number) => (minor / 10 ** exponent).toFixed(exponent);
/** A typed major-unit amount ("50000" or "50000.50") as minor units, without floating point. */
const minorOf = (text: string | undefined, exponent: number) => {
  if (text === undefined) return undefined;
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.replaceAll(',', ''));
  if (!match || (match[2]?.length ?? 0) > exponent) throw bad(`'${text}' is not an amount`);
  return Number(match[1]) * 10 ** exponent + Number((match[2] ?? '').padEnd(exponent, '0') || 0);
};
const QUEUE_PAGE = { pageNo: 1, pageSize: 100 };

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
    allBrands?: boolean | undefined;
    /** Whether --merchant was given: an all-brands operator cannot be asked for with one. */
    merchantGiven?: boolean | undefined;
    password?: string | undefined;
    url?: string | undefined;
    gatewayMerchant?: string | undefined;
    name?: string | undefined;
    min?: string | undefined;
    max?: string | undefined;
    daily?: string | undefined;
    /** JADE_GATEWAY_SECRET: a gateway's signing secret typed by the operator. */
    gatewaySecret?: string | undefined;
    /** The server secret that seals channel secrets; read only by the commands that need it. */
    serverSecret?: (() => string) | undefined;
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
      const { list: rows, totalCount } = await payments.depositQueue(
        db,
        operator,
        options.status ?? 'PENDING',
        QUEUE_PAGE,
      );
      for (const d of rows)
        out(
          `${d.id}\t${d.username}\t${d.channelCode}\t${amount(d.amount, merchant.currencyExponent)} ${merchant.currency}\t${d.status}\t${d.reference ?? ''}\t${d.createdAt}`,
        );
      if (rows.length === 0) out('no deposits');
      if (totalCount > rows.length) out(`... the oldest ${rows.length} of ${totalCount}`);
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
      const { list: rows, totalCount } = await payments.withdrawalQueue(
        db,
        operator,
        options.status ?? 'PENDING',
        QUEUE_PAGE,
      );
      for (const w of rows)
        out(
          `${w.id}\t${w.username}\t${amount(w.amount, merchant.currencyExponent)} ${merchant.currency}\t${w.status}\t${w.bankAccount.bankName} ${w.bankAccount.accountNumber}\t${w.complaint ?? ''}`,
        );
      if (rows.length === 0) out('no withdrawals');
      if (totalCount > rows.length) out(`... the oldest ${rows.length} of ${totalCount}`);
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
  if (group === 'payment') {
    const exponent = merchant.currencyExponent;
    const money = (minor: number) => `${amount(minor, exponent)} ${merchant.currency}`;
    const code = () => {
      const [value] = args;
      if (!value || args.length !== 1) throw bad(`'payment ${action}' takes a channel code`);
      return value;
    };
    if (action === 'channels') {
      for (const c of await listChannelSettings(db, merchant.id))
        out(
          `${c.code}\t${c.kind}\t${c.isEnabled ? 'on' : 'off'}\t${c.name}\t${money(c.minAmount)} - ${money(c.maxAmount)}, daily ${money(c.dailyLimit)}${c.gatewayUrl ? `\t${c.gatewayUrl} (merchant ${c.gatewayMerchantId})` : ''}`,
        );
      return true;
    }
    if (action === 'channel-gateway') {
      const channelCode = code();
      if (!options.url) throw bad("'payment channel-gateway' takes --url URL");
      if (!options.serverSecret) throw bad('the server secret is not available to this command');
      const channel = await configureGatewayChannel(db, options.serverSecret(), merchant.id, channelCode, {
        baseUrl: options.url,
        gatewayMerchantId: options.gatewayMerchant ?? (await gatewayMerchantOf(db, merchant, channelCode)),
        secret: options.gatewaySecret,
        name: options.name,
      });
      out(
        `${merchant.code}: ${channel.code} -> ${channel.gatewayUrl} (merchant ${channel.gatewayMerchantId}), on`,
      );
      return true;
    }
    if (action === 'channel-limits') {
      const limits = await setChannelLimits(db, merchant.id, code(), {
        min: minorOf(options.min, exponent),
        max: minorOf(options.max, exponent),
        daily: minorOf(options.daily, exponent),
      });
      out(
        `${merchant.code}: ${args[0]} ${money(limits.min)} - ${money(limits.max)}, daily ${money(limits.daily)}`,
      );
      return true;
    }
    if (action === 'channel-enable' || action === 'channel-disable') {
      const isEnabled = action === 'channel-enable';
      await setChannelEnabled(db, merchant.id, code(), isEnabled);
      out(`${merchant.code}: ${args[0]} ${isEnabled ? 'on' : 'off'}`);
      return true;
    }
  }
  if (group === 'operator' && action === 'create') {
    const [username] = args;
    if (!username) throw bad("'operator create' takes a name");
    if (!options.password)
      throw bad('set JADE_OPERATOR_PASSWORD (at least 12 characters) to the new operator password');
    const role = options.role ?? 'ADMIN';
    if (!isOperatorRole(role)) throw bad('role is ADMIN or FINANCE');
    if (options.allBrands && options.merchantGiven)
      throw bad('--all-brands and --merchant contradict each other: choose one');
    await createOperator(db, {
      username,
      password: options.password,
      role,
      merchantId: options.allBrands ? null : merchant.id,
    });
    out(
      `operator ${username} (${role}${options.allBrands ? ', every brand' : `, ${merchant.code} only`}) created`,
    );
    return true;
  }
  if (group === 'operator' && action === 'revoke') {
    const [username] = args;
    if (!username) throw bad("'operator revoke' takes a name");
    const ended = await revokeOperatorSessions(db, CONSOLE_OPERATOR, username);
    out(`operator ${username}: ${ended} session(s) ended`);
    return true;
  }
  return false;
};

/** The gateway merchant id a channel already has, else the brand code. */
const gatewayMerchantOf = async (db: Db, merchant: Merchant, code: string) =>
  (await listChannelSettings(db, merchant.id)).find((c) => c.code === code)?.gatewayMerchantId ??
  merchant.code;
