import { AGENT_CENTER_TYPES } from '@jade/contracts/constants';
import { PATTERN_TYPES } from '@jade/contracts/patterns';
import { REGISTER_FIELDS } from '@jade/contracts/system';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import * as repo from './repo.js';
import { getAuthSettings, updateAuthSettings } from './settings.js';

export const ACCOUNT_USAGE = `Accounts (§3-§6)
  outbox list [--to DEST] [--limit N]    SMS and email the default providers wrote (codes, reset links)
  auth show                              the brand's account rules and limits (JSON)
  auth set <KEY> <JSON>                  change one rule, e.g. auth set newIpChallenge '"SMS"'
  register-field set <FIELD> [visible=on|off] [required=on|off] [min=N] [max=N] [pattern=TYPE]
  member show <USERNAME>                 one member's account facts
  member set-type <USERNAME> <TYPE>      0 member, 1/2/41/42 agent types
  member set-affiliate <USERNAME> <CODE> an agent's invitation code
  member unlock <USERNAME>               clear failed logins and a lockout`;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** `npm run jade -- outbox|auth|register-field|member ...`; false for a group it does not know. */
export const runAccountCommand = async (
  db: Db,
  merchant: Merchant,
  group: string,
  action: string | undefined,
  args: string[],
  options: { to?: string | undefined; limit?: string | undefined },
  out: (line: string) => void,
): Promise<boolean> => {
  if (group === 'outbox' && action === 'list') {
    const rows = await repo.listOutbox(db, { destination: options.to, limit: Number(options.limit ?? 20) });
    for (const row of rows) out(`${row.created_at}\t${row.channel}\t${row.destination}\t${row.body}`);
    if (rows.length === 0) out('outbox is empty');
    return true;
  }
  if (group === 'auth' && action === 'show') {
    out(JSON.stringify(await getAuthSettings(db, merchant.id), null, 2));
    return true;
  }
  if (group === 'auth' && action === 'set') {
    const [key, json] = args;
    if (!key || json === undefined) throw bad("'auth set' takes a key and a JSON value");
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw bad(`'${json}' is not JSON (quote strings: '"SMS"')`);
    }
    try {
      await updateAuthSettings(db, merchant.id, { [key]: value });
    } catch (error) {
      throw bad(`auth ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
    out(`${merchant.code}: ${key} = ${JSON.stringify(value)}`);
    return true;
  }
  if (group === 'register-field' && action === 'set') {
    const [field, ...pairs] = args;
    if (!field || !(REGISTER_FIELDS as readonly string[]).includes(field)) {
      throw bad(`unknown field '${field ?? ''}'; fields: ${REGISTER_FIELDS.join(', ')}`);
    }
    const changes: Record<string, number | string> = {};
    for (const pair of pairs) {
      const [name, value = ''] = pair.split('=', 2);
      if (name === 'visible' || name === 'required') {
        if (value !== 'on' && value !== 'off') throw bad(`${name} must be on or off`);
        changes[name] = value === 'on' ? 1 : 0;
      } else if (name === 'min' || name === 'max') {
        if (!/^\d{1,3}$/.test(value)) throw bad(`${name} must be a number`);
        changes[`${name}_length`] = Number(value);
      } else if (name === 'pattern') {
        if (!(PATTERN_TYPES as readonly string[]).includes(value))
          throw bad(`pattern must be one of ${PATTERN_TYPES.join(', ')}`);
        changes.pattern_type = value;
      } else {
        throw bad(`unknown setting '${pair}'`);
      }
    }
    const result = await db
      .updateTable('merchant_register_field')
      .set(changes)
      .where('merchant_id', '=', merchant.id)
      .where('field', '=', field)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw bad(`the brand has no setting for ${field}`);
    out(`${merchant.code}: ${field} ${pairs.join(' ')}`);
    return true;
  }
  if (group === 'member') {
    const [username, value] = args;
    const member = username ? await repo.findMemberByUsername(db, merchant.id, username) : undefined;
    if (!member) throw bad(`no member '${username ?? ''}' at ${merchant.code}`);
    const now = new Date().toISOString();
    if (action === 'show') {
      out(
        JSON.stringify({
          id: member.id,
          username: member.username,
          type: member.type,
          status: member.status,
          mobile: member.mobile_number ? `${member.mobile_dial_code}${member.mobile_number}` : null,
          email: member.email,
          uplineId: member.upline_id,
          affiliateCode: member.affiliate_code,
          failedLogins: member.failed_login_count,
          lockedUntil: member.locked_until,
        }),
      );
      return true;
    }
    if (action === 'set-type') {
      const type = Number(value);
      if (![0, 4, ...AGENT_CENTER_TYPES].includes(type)) throw bad('type must be 0, 1, 2, 4, 41 or 42');
      await repo.updateMember(db, member.id, { type, updated_at: now });
      out(`${member.username}: type ${type}`);
      return true;
    }
    if (action === 'set-affiliate') {
      if (!value || !/^[A-Za-z0-9]{4,32}$/.test(value))
        throw bad('an invitation code is 4-32 letters or digits');
      await repo.updateMember(db, member.id, { affiliate_code: value, updated_at: now });
      out(`${member.username}: invitation code ${value}`);
      return true;
    }
    if (action === 'unlock') {
      await repo.updateMember(db, member.id, { failed_login_count: 0, locked_until: null, updated_at: now });
      // Every (name, address) pair locked by failed logins opens again.
      await db
        .deleteFrom('login_throttle')
        .where('scope', '=', 'MEMBER')
        .where('merchant_id', '=', merchant.id)
        .where('account', '=', member.username.toLowerCase())
        .execute();
      out(`${member.username}: unlocked`);
      return true;
    }
  }
  return false;
};
