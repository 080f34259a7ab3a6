import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../test/client.js';
import { fundedMember } from '../test/funded-member.js';
import { createTestDatabase, startTestServer, type TestServer } from '../test/server.js';
import { runLotteryTick } from '../modules/lottery/tick.js';
import * as merchants from '../modules/merchants/service.js';
import { runCommand } from './commands.js';
import { VerificationFailed } from './migrate-to-postgres.js';

/**
 * Issue 23 item 5: `jade migrate-to-postgres <url>` copies a SQLite database built through the real
 * server (members, a deposit, lottery bets on a draw settled, the demo's drawn results) into an empty
 * PostgreSQL database, verifies it, and the real server then runs on the copy. PostgreSQL pass only.
 */
const CAPTCHA = 'm1g7';
const SESSION_SECRET = randomBytes(32).toString('hex');
const postgres = process.env.TEST_POSTGRES_URL;

let source: TestServer;
let sourceDir: string;
let target: Awaited<ReturnType<typeof createTestDatabase>>;
let member: Awaited<ReturnType<typeof fundedMember>>;
let recordBefore: unknown;
let balanceBefore: unknown;

const sourceUrl = () => `sqlite:${path.join(sourceDir, 'site.db')}`;

const runCli = async (...argv: string[]) => {
  const lines: string[] = [];
  await runCommand(argv, source.db, (line) => lines.push(line));
  return lines.join('\n');
};

describe.skipIf(!postgres)('migrate-to-postgres', () => {
  beforeAll(async () => {
    sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-migrate-'));
    // The brand's SQLite database, also in the PostgreSQL pass.
    source = await startTestServer(
      { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1', DATABASE_URL: sourceUrl() },
      { captchaText: () => CAPTCHA },
    );
    expect(source.dialect).toBe('sqlite');
    const demo = await merchants.getMerchantByCode(source.db, 'DEMO');
    await merchants.setFlag(source.db, demo.id, 'REGMOBVERF3', false);
    member = await fundedMember(source, demo.id, 500_000, { prefix: 'mig', captcha: CAPTCHA });
    // A fast draw taking bets for two seconds more (between a close and the next draw there is none).
    let open: { numero: string; closesAt: string; drawsAt: string };
    for (;;) {
      await runLotteryTick(source.db, SESSION_SECRET);
      const answer = await source.json<any>('/lotto/lgw/games/opened/numero?gameCode=LOTTO_1M');
      const left = answer.status === 200 ? Date.parse(answer.body.value.closesAt) - Date.now() : 0;
      if (left > 2_000) {
        open = answer.body.value;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(left, 0) + 200));
    }
    const { numero, drawsAt } = open;
    for (const [key, numbers] of [
      ['m1', ['07', '42']],
      ['m2', ['88']],
    ] as const) {
      const placed = await member.client.call('POST', '/lotto/bets', {
        token: member.token,
        body: { gameCode: 'LOTTO_1M', numero, betType: 'DE', numbers, stake: 1_000 },
        headers: { 'idempotency-key': key },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    await runLotteryTick(source.db, SESSION_SECRET, new Date(Date.parse(drawsAt) + 1_000));
    balanceBefore = (await member.client.call('GET', '/wps/v2/wallets/balance', { token: member.token })).body
      .value;
    recordBefore = (
      await member.client.call('POST', '/wps/member/bets?language=TY', {
        token: member.token,
        body: { range: 'PAST_7', pageSize: 100 },
      })
    ).body.value;
    target = await createTestDatabase(sourceDir);
  });
  afterAll(async () => {
    await source?.close();
    await target?.drop();
    fs.rmSync(sourceDir, { recursive: true, force: true });
  });

  it('copies the database as a child process, reports each table and the ledger, and exits 0', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'migrate-to-postgres', target.url],
      { env: { ...process.env, DATABASE_URL: sourceUrl(), DATA_DIR: sourceDir, LOG_LEVEL: 'silent' } },
    );
    expect(stdout).toMatch(/copied \d+ tables, [\d,]+ rows in [\d.]+ s; \d+ id sequences advanced/);
    expect(stdout).toMatch(/^ {2}lottery_bet: \d+ rows, identical$/m);
    expect(stdout).toMatch(/^ {2}lottery_draw: [\d,]+ rows, identical$/m);
    expect(stdout).toMatch(/^ {2}member: \d+ rows, identical$/m);
    expect(stdout).toMatch(/^ {2}DEMO money: balances sum to 0$/m);
    expect(stdout).toMatch(/^ {2}DEMO points: balances sum to 0$/m);
    expect(stdout).toContain('verified: the PostgreSQL copy equals the SQLite database');
    expect(stdout).not.toContain('MISMATCH');
    // The password of the target's URL is never printed.
    const password = new URL(target.url).password;
    if (password) expect(stdout).not.toContain(password);
  });

  it('refuses to copy into a database that is no longer empty', async () => {
    await expect(runCli('migrate-to-postgres', target.url)).rejects.toThrow(
      /not empty \(table \w+ has rows\)/,
    );
  });

  it('finds a tampered copy in --verify-only: a balance moved and a row deleted on PostgreSQL', async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const account = `member:${member.memberId}:MAIN`;
    const removed = (await client.query(`select * from lottery_bet order by id desc limit 1`))
      .rows[0] as Record<string, unknown>;
    try {
      await client.query(`update ledger_account set balance = balance + 100 where code = $1`, [account]);
      await client.query(`delete from lottery_bet where id = $1`, [removed.id]);
      const lines: string[] = [];
      const verify = runCommand(['migrate-to-postgres', target.url, '--verify-only'], source.db, (line) =>
        lines.push(line),
      );
      await expect(verify).rejects.toThrow(VerificationFailed);
      await expect(verify).rejects.toThrow(/verification failed: \d+ mismatches/);
      const report = lines.join('\n');
      expect(report).toMatch(/MISMATCH lottery_bet: \d+ rows on SQLite, \d+ on PostgreSQL/);
      expect(report).toContain(`MISMATCH ledger_account: same row count, different rows`);
      expect(report).toMatch(
        new RegExp(`MISMATCH PostgreSQL: account ${account} \\(#\\d+\\) holds \\d+, its transfers say \\d+`),
      );
      expect(report).toMatch(/MISMATCH PostgreSQL: DEMO's money accounts sum to 100, not 0/);
      expect(report).toMatch(/MISMATCH account #\d+: \d+ on SQLite, \d+ on PostgreSQL/);
    } finally {
      // Put the copy back as it was for the next test.
      await client.query(`update ledger_account set balance = balance - 100 where code = $1`, [account]);
      const columns = Object.keys(removed);
      await client.query(
        `insert into lottery_bet (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(removed),
      );
      await client.end();
    }
  });

  it('serves the member the same balance and betting record from the copy, and numbers new rows past the copied ids', async () => {
    const copy = await startTestServer(
      { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1', DATABASE_URL: target.url },
      { captchaText: () => CAPTCHA },
    );
    try {
      expect(copy.dialect).toBe('postgres');
      const client = createClient(copy, { headers: { 'x-forwarded-for': '203.0.113.99' } });
      const balance = await client.call('GET', '/wps/v2/wallets/balance', { token: member.token });
      expect(balance.status, JSON.stringify(balance.body)).toBe(200);
      expect(balance.body.value).toEqual(balanceBefore);
      const record = await client.call('POST', '/wps/member/bets?language=TY', {
        token: member.token,
        body: { range: 'PAST_7', pageSize: 100 },
      });
      expect(record.body.value).toEqual(recordBefore);
      expect((recordBefore as { records: unknown[] }).records).toHaveLength(2);
      // A new member on the copy gets an id past every copied one (the sequences moved).
      const demo = await merchants.getMerchantByCode(copy.db, 'DEMO');
      const next = await fundedMember(copy, demo.id, 1_000, { prefix: 'mig', captcha: CAPTCHA });
      expect(next.memberId).toBeGreaterThan(member.memberId);
    } finally {
      await copy.close();
    }
  });
});
