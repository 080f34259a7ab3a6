import { parseArgs } from 'node:util';
import { WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import type { Db } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { DEMO_MERCHANT_CODE } from '../modules/merchants/demo-seed.js';
import * as repo from '../modules/merchants/repo.js';
import * as merchants from '../modules/merchants/service.js';
import { runCatalogueCommand } from '../modules/games/catalogue-commands.js';
import { publishAgentAnnouncement } from '../modules/messages/service.js';
import { INBOX_USAGE, runInboxCommand } from '../modules/messages/inbox-commands.js';
import { ENGAGEMENT_USAGE, runEngagementCommand } from '../modules/engagement/engagement-commands.js';
import { MISSION_USAGE, runMissionCommand } from '../modules/engagement/missions-commands.js';
import { PROMOTION_USAGE, runPromotionCommand } from '../modules/engagement/promotion-commands.js';
import { RAFFLE_USAGE, runRaffleCommand } from '../modules/engagement/raffle-commands.js';
import { ACCOUNT_USAGE, runAccountCommand } from '../modules/accounts/account-commands.js';
import { PAYMENT_USAGE, runPaymentCommand } from '../modules/wallet/payment-commands.js';
import { runVendorWalletCommand, VENDOR_WALLET_USAGE } from '../modules/wallet/vendor-wallet-commands.js';
import { runVendorCommand, VENDOR_USAGE } from '../modules/vendors/vendor-commands.js';
import { LOTTERY_USAGE, runLotteryCommand } from '../modules/lottery/lottery-commands.js';
import { AGENT_CONTRACT_USAGE, runAgentContractCommand } from '../modules/agents/contract-commands.js';
import { PAYROLL_USAGE, runPayrollCommand } from '../modules/agents/payroll-commands.js';
import { AGENT_JOIN_USAGE, runAgentJoinCommand } from '../modules/agents/agent-commands.js';
import { DEMO_USAGE, runDemoCommand } from '../modules/agents/demo-agents.js';
import { POINTS_USAGE, runPointsCommand } from '../modules/points/point-commands.js';
import { MIGRATE_USAGE, migrateToPostgres, VerificationFailed } from './migrate-to-postgres.js';

export const USAGE = `Usage: npm run jade -- <command> [options]

Brands
  merchant list                          list brands with their hosts and status
  domain list                            the brand's domains and the origin links are built from
  domain set <HOST> [--url ORIGIN]       serve the brand at HOST; links sent for it start with
                                         ORIGIN (default https://HOST), e.g. --url https://demo.example.com
  brand time-zone [ZONE]                 show the brand's time zone, or set it (an IANA name such as
                                         Asia/Ho_Chi_Minh): its days, daily summaries and "today"
                                         follow it; setting it re-derives the brand's settled days
                                         and daily summaries

System status (§2: 0 normal, 1 maintenance, 2 restricted to allowed IP ranges)
  status show                            show the brand's operator status and message
  status set <0|1|2> [--message TEXT] [--until ISO-TIME]
                                         set it; --message sets the maintenance message and
                                         --until its announced end (member calls are refused
                                         with both while the site is not open)

Region restriction
  region show                            list the brand's rules
  region block-country <CC>              refuse visitors from a country (ISO 3166 code)
  region unblock-country <CC>
  region block-ip <IP|CIDR>              refuse an address or range
  region unblock-ip <IP|CIDR>
  region allow-ip <IP|CIDR>              always admit an address or range (wins over blocks)
  region disallow-ip <IP|CIDR>
  region clear                           remove every rule

Languages (§1: the brand's list; TY is shipped as Vietnamese)
  language list                          the brand's languages, default first
  language add <CODE> <LOCALE> <LABEL>   offer a language, e.g. language add zh zh-CN 中文
  language remove <CODE>
  language default <CODE>                the language a new visitor sees

Whitelabel flags (§6)
  flag list                              show every flag and its value
  flag set <NAME> <on|off>               switch one flag

Announcements for agents (agentAnnouncement; members never see them)
  announcement agents <LANG> <TITLE> --message TEXT [--until ISO-TIME]
                                         publish one to the brand's agents now, in a language

${INBOX_USAGE}

Game catalogue (§3)
  catalogue import <FILE>                load vendors and games from a JSON file and offer them
                                         to the brand, enabled, in the file's order
  catalogue list                         the brand's vendors: category, state, order, game count,
                                         connection (members are offered only a connected vendor:
                                         'vendor set' or 'vendor-wallet api'; lotteries need none)
  catalogue enable <VENDOR>              show a vendor on the brand's site again
  catalogue disable <VENDOR>             hide a vendor from the brand's site

${ACCOUNT_USAGE}

${PAYMENT_USAGE}

${ENGAGEMENT_USAGE}

${PROMOTION_USAGE}
${RAFFLE_USAGE}

${MISSION_USAGE}

${POINTS_USAGE}

${VENDOR_WALLET_USAGE}

${VENDOR_USAGE}

${LOTTERY_USAGE}

${AGENT_CONTRACT_USAGE}
${PAYROLL_USAGE}
${AGENT_JOIN_USAGE}

${DEMO_USAGE}

${MIGRATE_USAGE}

Options
  --merchant <CODE>                      the brand to act on (default ${DEMO_MERCHANT_CODE})
  --help                                 this text

The database is the one DATABASE_URL names (default sqlite:./data/site.db).`;

export class UsageError extends Error {}

type Out = (line: string) => void;

const regionCommands = {
  'block-country': { kind: 'BLOCK_COUNTRY', add: true },
  'unblock-country': { kind: 'BLOCK_COUNTRY', add: false },
  'block-ip': { kind: 'BLOCK_IP', add: true },
  'unblock-ip': { kind: 'BLOCK_IP', add: false },
  'allow-ip': { kind: 'ALLOW_IP', add: true },
  'disallow-ip': { kind: 'ALLOW_IP', add: false },
} as const;

const statusNames = ['normal', 'maintenance', 'restricted'];

/** Runs one CLI command against the database; throws UsageError or AppError on bad input. */
export const runCommand = async (
  argv: string[],
  db: Db,
  out: Out,
  secrets: {
    operatorPassword?: string | undefined;
    gatewaySecret?: string | undefined;
    vendorKey?: string | undefined;
    serverSecret?: (() => string) | undefined;
  } = {},
): Promise<void> => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      merchant: { type: 'string', default: DEMO_MERCHANT_CODE },
      day: { type: 'string' },
      message: { type: 'string' },
      until: { type: 'string' },
      to: { type: 'string' },
      status: { type: 'string' },
      role: { type: 'string' },
      'all-brands': { type: 'boolean' },
      /** Accepted for old scripts: a brand operator is now the default. */
      'brand-only': { type: 'boolean' },
      url: { type: 'string' },
      'gateway-merchant': { type: 'string' },
      name: { type: 'string' },
      min: { type: 'string' },
      max: { type: 'string' },
      daily: { type: 'string' },
      limit: { type: 'string' },
      alg: { type: 'string' },
      date: { type: 'string' },
      timeout: { type: 'string' },
      /** The operator an act of the two-person rule is done as (with JADE_OPERATOR_PASSWORD). */
      operator: { type: 'string' },
      member: { type: 'string' },
      period: { type: 'string' },
      /** agents move: the new upline's account, or none. */
      upline: { type: 'string' },
      /** message broadcast: the lowest VIP rank it reaches. */
      vip: { type: 'string' },
      /** migrate-to-postgres: compare an existing copy without copying. */
      'verify-only': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group || group === 'help') {
    out(USAGE);
    return;
  }
  const need = (n: number, what: string) => {
    if (rest.length !== n) throw new UsageError(`'${group} ${action}' takes ${what}`);
  };

  if (group === 'merchant' && action === 'list') {
    for (const m of await repo.listMerchants(db)) {
      const hosts = await repo.listDomains(db, m.id);
      out(`${m.code}\t${m.name}\tstatus ${m.systemStatus}\t${hosts.join(', ')}`);
    }
    return;
  }

  if (group === 'migrate-to-postgres') {
    if (!action || rest.length > 0) throw new UsageError(`'migrate-to-postgres' takes one PostgreSQL URL`);
    await migrateToPostgres(db, action, { verifyOnly: values['verify-only'] ?? false }, out);
    return;
  }

  const merchant = await merchants.getMerchantByCode(db, values.merchant);

  if (group === 'domain') {
    if (action === 'list') {
      for (const d of await repo.listDomainRows(db, merchant.id))
        out(`${d.host}\t${d.origin ?? '(https://' + d.host + ')'}`);
      return;
    }
    if (action === 'set') {
      need(1, 'one host name');
      const host = await merchants.setDomain(db, merchant.id, rest[0] as string, values.url ?? null);
      out(`${merchant.code}: served at ${host}${values.url ? `, links from ${values.url}` : ''}`);
      return;
    }
  }

  if (group === 'brand' && action === 'time-zone') {
    if (rest.length > 1) throw new UsageError(`'brand time-zone' takes at most one time zone`);
    const zone = rest[0] ? await merchants.setTimeZone(db, merchant.id, rest[0]) : merchant.timeZone;
    out(`${merchant.code}: ${zone}${rest[0] ? ' (settled days and daily summaries derived again)' : ''}`);
    return;
  }

  if (group === 'status') {
    if (action === 'show') {
      out(`${merchant.code}: status ${merchant.systemStatus} (${statusNames[merchant.systemStatus] ?? '?'})`);
      if (merchant.maintenanceMessage) out(`message: ${merchant.maintenanceMessage}`);
      return;
    }
    if (action === 'set') {
      need(1, 'one value: 0, 1 or 2');
      const status = Number(rest[0]);
      await merchants.setSystemStatus(
        db,
        merchant.id,
        Number.isInteger(status) ? status : -1,
        values.message,
        values.until,
      );
      out(`${merchant.code}: status set to ${status} (${statusNames[status]})`);
      return;
    }
  }

  if (group === 'region') {
    if (action === 'show') {
      const rules = await repo.listRegionRules(db, merchant.id);
      if (rules.length === 0) out(`${merchant.code}: no region rules`);
      for (const rule of rules) out(`${rule.kind}\t${rule.value}`);
      return;
    }
    if (action === 'clear') {
      await repo.clearRegionRules(db, merchant.id);
      out(`${merchant.code}: region rules cleared`);
      return;
    }
    const command = action ? regionCommands[action as keyof typeof regionCommands] : undefined;
    if (command) {
      need(1, command.kind === 'BLOCK_COUNTRY' ? 'one country code' : 'one IP address or CIDR range');
      const value = rest[0] as string;
      if (command.add) {
        await merchants.addRegionRule(db, merchant.id, { kind: command.kind, value });
        out(`${merchant.code}: ${command.kind} ${value} added`);
      } else {
        const removed = await repo.removeRegionRule(db, merchant.id, {
          kind: command.kind,
          value: command.kind === 'BLOCK_COUNTRY' ? value.toUpperCase() : value,
        });
        out(`${merchant.code}: ${command.kind} ${value} ${removed ? 'removed' : 'was not set'}`);
      }
      return;
    }
  }

  if (group === 'language') {
    if (action === 'list') {
      const sorted = [...merchant.languages].sort(
        (a, b) => Number(b.code === merchant.defaultLanguage) - Number(a.code === merchant.defaultLanguage),
      );
      for (const l of sorted) {
        out(`${l.code}\t${l.locale}\t${l.label}${l.code === merchant.defaultLanguage ? '\t(default)' : ''}`);
      }
      return;
    }
    if (action === 'add') {
      need(3, 'a code, a locale and a label');
      const [code, locale, ...label] = rest as [string, string, ...string[]];
      await merchants.addLanguage(db, merchant, { code, locale, label: label.join(' ') });
      out(`${merchant.code}: offers ${code} (${locale})`);
      return;
    }
    if (action === 'remove' || action === 'default') {
      need(1, 'a language code');
      const code = rest[0] as string;
      if (action === 'remove') await merchants.removeLanguage(db, merchant, code);
      else await merchants.setDefaultLanguage(db, merchant, code);
      out(
        `${merchant.code}: ${action === 'remove' ? `no longer offers ${code}` : `default language ${code}`}`,
      );
      return;
    }
  }

  if (group === 'flag') {
    if (action === 'list') {
      const flags = await merchants.getFlags(db, merchant.id);
      for (const name of WHITELABEL_FLAGS) out(`${name}\t${flags[name] ? 'on' : 'off'}`);
      return;
    }
    if (action === 'set') {
      need(2, 'a flag name and on or off');
      const [name, state] = rest as [string, string];
      if (state !== 'on' && state !== 'off')
        throw new UsageError(`flag value must be on or off, not '${state}'`);
      await merchants.setFlag(db, merchant.id, name, state === 'on');
      out(`${merchant.code}: ${name} ${state}`);
      return;
    }
  }

  if (group === 'announcement' && action === 'agents') {
    if (rest.length < 2 || !values.message)
      throw new UsageError(`'announcement agents' takes <LANG> <TITLE> --message TEXT`);
    const [language, ...title] = rest as [string, ...string[]];
    const id = await publishAgentAnnouncement(db, merchant.id, {
      language,
      title: title.join(' '),
      content: values.message,
      endsAt: values.until ?? null,
    });
    out(`${merchant.code}: agent announcement ${id} published in ${language.toUpperCase()}`);
    return;
  }

  const inboxOptions = { message: values.message, vip: values.vip, to: values.to, limit: values.limit };
  if (await runInboxCommand(db, merchant, group, action, rest, inboxOptions, out)) return;
  if (group === 'catalogue' && (await runCatalogueCommand(db, merchant, action, rest, out))) return;
  if (group === 'engagement' && (await runEngagementCommand(db, merchant, action, rest, out))) return;
  if (group === 'promo' && (await runPromotionCommand(db, merchant, action, rest, out))) return;
  if (group === 'missions' && (await runMissionCommand(db, merchant, action, rest, out))) return;
  if (group === 'raffle' && (await runRaffleCommand(db, merchant, action, rest, secrets.serverSecret, out)))
    return;
  if (await runAccountCommand(db, merchant, group, action, rest, { to: values.to, limit: values.limit }, out))
    return;
  const paymentOptions = {
    status: values.status,
    message: values.message,
    role: values.role,
    allBrands: values['all-brands'],
    merchantGiven: argv.some((a) => a === '--merchant' || a.startsWith('--merchant=')),
    password: secrets.operatorPassword,
    url: values.url,
    gatewayMerchant: values['gateway-merchant'],
    name: values.name,
    min: values.min,
    max: values.max,
    daily: values.daily,
    gatewaySecret: secrets.gatewaySecret,
    serverSecret: secrets.serverSecret,
  };
  if (await runPaymentCommand(db, merchant, group, action, rest, paymentOptions, out)) return;
  if (await runVendorWalletCommand(db, merchant, group, action, rest, out)) return;
  const vendorOptions = {
    url: values.url,
    alg: values.alg,
    timeout: values.timeout,
    date: values.date,
    vendorKey: secrets.vendorKey,
    serverSecret: secrets.serverSecret,
  };
  if (await runVendorCommand(db, merchant, group, action, rest, vendorOptions, out)) return;
  const lotteryOptions = {
    operator: values.operator,
    operatorPassword: secrets.operatorPassword,
    serverSecret: secrets.serverSecret,
  };
  if (await runLotteryCommand(db, merchant, group, action, rest, out, lotteryOptions)) return;
  const contractOptions = { member: values.member, period: values.period };
  if (await runAgentContractCommand(db, merchant, group, action, rest, contractOptions, out)) return;
  if (await runPayrollCommand(db, merchant, group, action, rest, { day: values.day }, out)) return;
  const joinOptions = { status: values.status, upline: values.upline };
  if (await runAgentJoinCommand(db, merchant, group, action, rest, joinOptions, out)) return;
  if (await runDemoCommand(db, merchant, group, action, out)) return;
  if (await runPointsCommand(db, merchant, group, action, rest, out)) return;

  throw new UsageError(`Unknown command '${[group, action].filter(Boolean).join(' ')}'. Run with --help.`);
};

export const describeCliError = (error: unknown): string | undefined => {
  if (error instanceof UsageError || error instanceof AppError || error instanceof VerificationFailed)
    return error.message;
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    return error.message;
  }
  return undefined;
};
