import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../test/client.js';
import { runCli } from '../test/cli.js';
import { fundedMember, walletBalance } from '../test/funded-member.js';
import { startInstancesApart, type InstancesApart } from '../test/instances-apart.js';
import type { TestServer } from '../test/server.js';
import * as merchants from '../modules/merchants/service.js';
import { WATCHED_TABLES } from './db/read-cache.js';

/**
 * Issue 23, item 2 on PostgreSQL: the hot reads come from each instance's memos, which a change
 * committed by another instance (or the CLI) makes stale within a second (decision 0055); and the
 * statements a balance read and a transfer cost, counted as the issue counts them, with
 * `log_statement=all` on the cluster's own log.
 */
const postgres = process.env.TEST_POSTGRES_URL;
const CAPTCHA = 'pgc4';
/** The second instance's connections' name: its statements are told from other files' in the cluster's log. */
const APART = 'jade-change-apart';
/**
 * The targets, warm: a balance read in at most 2 statements, a transfer in at most 10. A balance
 * read is one since decision 0098 (its session read brings the member's accounts).
 */
const BALANCE_STATEMENTS = 1;
const TRANSFER_STATEMENTS = 10;

describe.skipIf(!postgres)('PostgreSQL read memos across instances', () => {
  let instances: InstancesApart;
  let first: TestServer;
  /** The second instance, apart from the first as another process: its connections log their statements. */
  let second: TestServer;
  let log: InstancesApart['log'];
  let demoId: number;

  beforeAll(async () => {
    instances = await startInstancesApart({
      applicationName: APART,
      env: { TRUSTED_PROXIES: '127.0.0.1' },
      options: { captchaText: () => CAPTCHA },
      setUp: async (server) => {
        demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
        await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
      },
    });
    ({ first, second, log } = instances);
  });
  afterAll(async () => instances?.close());

  /** The statements the second instance's own connections ran while `call` ran. */
  const statementsOf = (call: () => Promise<unknown>) => instances.statementsOfSecond(call);

  it('a warm balance read and a warm transfer stay within the statements the issue allows', async () => {
    const member = await fundedMember(first, demoId, 50_000, { prefix: 'pgcount', captcha: CAPTCHA });
    const client = createClient(second);
    const balance = () => client.call('GET', '/wps/v2/wallets/balance', { token: member.token });
    const vendor = (await balance()).body.value.wallets[1].wallet as string;
    let n = 0;
    const transfer = () =>
      client.call('POST', '/wps/relay/GCS_walletTransfer', {
        token: member.token,
        body: { direction: 'IN', vassalage: vendor, amount: 100 },
        headers: { 'idempotency-key': `count-${++n}` },
      });
    // Warm: the memos and the member's account ids are loaded by the first calls.
    expect((await transfer()).status).toBe(200);
    expect((await balance()).status).toBe(200);

    const balanceStatements = await statementsOf(async () => expect((await balance()).status).toBe(200));
    expect(balanceStatements.length, balanceStatements.join('\n')).toBeLessThanOrEqual(BALANCE_STATEMENTS);
    const transferStatements = await statementsOf(async () => {
      const answer = await transfer();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(walletBalance(answer.body.value.balances, vendor)).toBe(200);
    });
    expect(transferStatements.length, transferStatements.join('\n')).toBeLessThanOrEqual(TRANSFER_STATEMENTS);
    // Decision 0101: the post writes the request's key with its record, in its one statement: the
    // write is BEGIN, that statement (sent with its COMMIT), COMMIT (answered by the pool itself).
    const begin = transferStatements.findIndex((line) => /: begin$/.test(line));
    const commit = transferStatements.findIndex((line) => /: commit$/.test(line));
    expect(commit - begin, transferStatements.join('\n')).toBe(2);
  });

  /** Polls the second instance until `check` holds, for at most a second. */
  const withinASecond = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 1_000;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error('the second instance did not see the change within a second');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("an operator's change through the first instance or the CLI reaches the second within a second", async () => {
    const member = await fundedMember(first, demoId, 1_000, { prefix: 'pgchange', captcha: CAPTCHA });
    const client = createClient(second);
    const balance = () => client.call('GET', '/wps/v2/wallets/balance', { token: member.token });
    const codeOf = async () => (await balance()).body.error?.code as string | undefined;
    const before = await balance();
    expect(before.status).toBe(200);

    await runCli(first, 'status', 'set', '1', '--message', 'Back soon');
    await withinASecond(async () => (await codeOf()) === 'SITE_MAINTENANCE');
    await runCli(first, 'status', 'set', '0');
    await withinASecond(async () => (await balance()).status === 200);

    await runCli(first, 'region', 'block-ip', '127.0.0.1/32');
    await withinASecond(async () => (await codeOf()) === 'SITE_RESTRICTED');
    await runCli(first, 'region', 'clear');
    await withinASecond(async () => (await balance()).status === 200);

    const vendor = before.body.value.wallets[1].wallet as string;
    await runCli(first, 'catalogue', 'disable', vendor);
    await withinASecond(async () => walletBalance((await balance()).body.value, vendor) === undefined);

    // A logout on the first instance is refused on the second at once: sessions are never memoised.
    const logout = await createClient(first).call('DELETE', '/wps/session/logout', { token: member.token });
    expect(logout.status).toBe(200);
    expect(await codeOf()).toBe('UNAUTHENTICATED');
  });

  it('every table the memos watch tells the change bus (a table without its trigger would be served stale)', async () => {
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname = 'jade_change'`.execute(first.db);
    expect(rows.map((r) => r.table).sort()).toEqual([...WATCHED_TABLES].sort());
  });

  it('memos are not trusted while the change connection is down, and are stale once it is back', async () => {
    const member = await fundedMember(first, demoId, 1_000, { prefix: 'pgdrop', captcha: CAPTCHA });
    const client = createClient(second);
    const balance = () => client.call('GET', '/wps/v2/wallets/balance', { token: member.token });
    expect((await balance()).status).toBe(200);
    // Cut the second instance's LISTEN connection, then change the site while it is down.
    await log.admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
      [new URL(first.databaseUrl).pathname.slice(1)],
    );
    await runCli(first, 'status', 'set', '1');
    await withinASecond(async () => (await balance()).body.error?.code === 'SITE_MAINTENANCE');
    await runCli(first, 'status', 'set', '0');
    await withinASecond(async () => (await balance()).status === 200);
  });
});
