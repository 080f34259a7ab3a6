import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBalancer, startCluster, type Cluster } from '../../../scripts/cluster.mjs';
import { createFundedMembers } from '../../../scripts/funded-members.mjs';
import { runCommand } from './cli/commands.js';
import { createSession } from './modules/accounts/sessions.js';
import { getAuthSettings } from './modules/accounts/settings.js';
import { listTransferVendors } from './modules/games/service.js';
import { LOTTERY_JOB } from './modules/lottery/schedule.js';
import { getMerchantByCode } from './modules/merchants/service.js';
import { createOperator } from './modules/operators/service.js';
import * as ledger from './modules/wallet/ledger.js';
import { auditLedger } from './modules/wallet/ledger-audit.js';
import { openDb, type DbHandle } from './platform/db/index.js';
import { loadSecrets } from './platform/secrets.js';
import { createTestDatabase, templateConfig, type TestTemplate } from './test/server.js';

/**
 * Issue 23, item 4: three instances of the built server (apps/server/dist/main.js) on one PostgreSQL
 * and Redis, behind the round-robin balancer of `npm run cluster` (scripts/cluster.mjs, decision
 * 0058). Streams across instances have a test of their own (i23-streams).
 */
const postgres = process.env.TEST_POSTGRES_URL;
const redis = process.env.TEST_REDIS_URL;
/** The lottery job wakes a second after start (and then at its next draw event): a lease every instance asks for at once. */
const LEASED_JOB = LOTTERY_JOB;
const FUNDS = 1_000_000;

describe.skipIf(!postgres || !redis)('three instances behind a balancer', () => {
  let cluster: Cluster;
  let handle: DbHandle;
  let dir: string;
  let drop: () => Promise<void>;
  /** When every instance answered: each has started its jobs by then. */
  let upAt: number;
  let merchantId: number;
  let vendor: string;
  const sessionSecret = 'cluster-test-secret-0123456789abcdef0123456789';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-cluster-test-'));
    const template = inject('testTemplate') as TestTemplate;
    const database = await createTestDatabase(dir, template.database);
    drop = database.drop;
    cluster = await startCluster({
      databaseUrl: database.url,
      prepared: true,
      redisUrl: redis,
      dataDir: dir,
      env: {
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dir, 'no-web'),
        SESSION_SECRET: sessionSecret,
        PAYLOAD_PRIVATE_KEY: template.payloadPrivateKey,
      },
    });
    upAt = Date.now();
    handle = openDb(database.url);
    merchantId = (await getMerchantByCode(handle.db, 'DEMO')).id;
    vendor = (await listTransferVendors(handle.db, merchantId))[0]!.code;
  });
  afterAll(async () => {
    await cluster?.stop();
    await handle?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Members funded in the ledger, each with a member-site session (as a password login makes). */
  const membersWithSessions = async (prefix: string, count: number) => {
    const secrets = loadSecrets(templateConfig(dir, 'sqlite::memory:', { SESSION_SECRET: sessionSecret }));
    const settings = await getAuthSettings(handle.db, merchantId);
    const members = await createFundedMembers(handle.db, ledger, merchantId, count, {
      prefix,
      amount: FUNDS,
    });
    return Promise.all(
      members.map(async (member) => ({
        ...member,
        token: await createSession(handle.db, secrets, {
          merchantId,
          memberId: member.id,
          site: 'MEMBER',
          method: 'PASSWORD',
          ip: '127.0.0.1',
          userAgent: 'cluster test',
          settings,
        }),
      })),
    );
  };

  const call = async (base: string, route: string, init: RequestInit = {}) => {
    const response = await fetch(base + route, init);
    const body = (await response.json()) as { success: boolean; value: any; error?: { code: string } };
    return { status: response.status, instance: response.headers.get('x-jade-instance'), body };
  };
  const operatorLogin = (base: string, password: string) =>
    call(base, '/api/operator/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'clusterop', password }),
    });
  const cli = (...argv: string[]) => runCommand(argv, handle.db, () => {});

  it('spreads the load over the three instances, round robin', async () => {
    const served: Record<string, number> = {};
    for (let i = 0; i < 30; i++) {
      const answer = await call(cluster.url, '/wps/relay/GCS_merchantWallet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(answer.status).toBe(200);
      served[answer.instance!] = (served[answer.instance!] ?? 0) + 1;
    }
    expect(served).toEqual({ i1: 10, i2: 10, i3: 10 });
  });

  it('locks an operator after five wrong passwords spread over the instances, on every instance', async () => {
    await createOperator(handle.db, {
      username: 'clusterop',
      password: 'correct horse battery',
      role: 'ADMIN',
      merchantId: null,
    });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await operatorLogin(cluster.url, 'wrong horse battery'));
    expect(new Set(answers.map((a) => a.instance)).size).toBe(3);
    // One counter for all: a counter per instance would have seen two failures at most.
    expect(answers.map((a) => a.body.error?.code)).toEqual([
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'LOGIN_FAILED',
      'ACCOUNT_LOCKED',
    ]);
    for (const instance of cluster.instances) {
      const right = await operatorLogin(instance.url, 'correct horse battery');
      expect(right.body.error?.code, instance.name).toBe('ACCOUNT_LOCKED');
    }
  });

  it("an operator's change reaches every instance, asked directly, within a second", async () => {
    const [member] = await membersWithSessions('clusterop', 1);
    const balance = (base: string, from?: string) =>
      call(base, '/wps/v2/wallets/balance', {
        headers: { authorization: `Bearer ${member!.token}`, ...(from && { 'x-forwarded-for': from }) },
      });
    /** Every instance, asked directly, answers as `check` wants within a second of the change. */
    const everyInstanceWithinASecond = async (
      what: string,
      check: (answer: Awaited<ReturnType<typeof balance>>) => boolean,
      from?: string,
    ) => {
      const deadline = Date.now() + 1_000;
      for (const instance of cluster.instances) {
        while (!check(await balance(instance.url, from))) {
          if (Date.now() > deadline) throw new Error(`${instance.name} did not see ${what} within a second`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const codeIs = (code: string) => (answer: { body: { error?: { code: string } } }) =>
      answer.body.error?.code === code;
    const ok = (answer: { status: number }) => answer.status === 200;
    // Every instance has read (and memoised) the brand, its rules and its vendors before each change.
    for (const instance of cluster.instances) expect((await balance(instance.url)).status).toBe(200);

    await cli('status', 'set', '1', '--message', 'Back soon');
    await everyInstanceWithinASecond('maintenance', codeIs('SITE_MAINTENANCE'));
    await cli('status', 'set', '0');
    await everyInstanceWithinASecond('maintenance ended', ok);

    await cli('region', 'block-ip', '203.0.113.50/32');
    await everyInstanceWithinASecond('a region block', codeIs('SITE_RESTRICTED'), '203.0.113.50');
    await cli('region', 'clear');
    await everyInstanceWithinASecond('a region block lifted', ok, '203.0.113.50');

    const hasVendor = (answer: { body: { value: any } }) =>
      (answer.body.value?.wallets ?? []).some((w: { wallet: string }) => w.wallet === vendor);
    await cli('catalogue', 'disable', vendor);
    await everyInstanceWithinASecond('a vendor disabled', (answer) => ok(answer) && !hasVendor(answer));
    await cli('catalogue', 'enable', vendor);
    await everyInstanceWithinASecond('a vendor enabled', (answer) => ok(answer) && hasVendor(answer));
  });

  it('runs a leased job on one instance only, once in its period', async () => {
    /** Each instance's wake-ups of the job by outcome, from its /metrics. */
    const ticks = async () =>
      Promise.all(
        cluster.instances.map(async (instance) => {
          const text = await (await fetch(`${instance.url}/metrics`)).text();
          const count = (outcome: string) =>
            Number(
              new RegExp(
                `^jade_job_ticks_total\\{job="${LEASED_JOB}",outcome="${outcome}"\\} (\\d+)`,
                'm',
              ).exec(text)?.[1] ?? 0,
            );
          return { name: instance.name, ran: count('RAN'), standby: count('STANDBY') };
        }),
      );
    // Each instance wakes the job a second after it started: wait for all three to have asked for the lease.
    let seen = await ticks();
    while (seen.some((t) => t.ran + t.standby === 0)) {
      if (Date.now() - upAt > 15_000) throw new Error(`no job wake-ups: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await ticks();
    }
    const ran = seen.filter((t) => t.ran > 0);
    expect(ran, JSON.stringify(seen)).toHaveLength(1);
    expect(seen.filter((t) => t.standby > 0)).toHaveLength(2);
    const lease = await handle.db
      .selectFrom('job_lease')
      .select(['holder'])
      .where('name', '=', LEASED_JOB)
      .executeTakeFirstOrThrow();
    expect(lease.holder).toBeTruthy();
  });

  it('loses no acknowledged transfer when an instance is killed under load, and the ledger sums to zero', async () => {
    const members = await membersWithSessions('clusterkill', 12);
    const sent = new Map<number, { ins: number; outs: number }>();
    let failures = 0;
    let acknowledged = 0;
    let stop = false;
    const victim = cluster.instances[1]!;
    /** One transfer, repeated with the same key until an instance answers it (the balancer skips the dead). */
    const transfer = async (token: string, key: string, direction: 'IN' | 'OUT') => {
      for (let attempt = 0; attempt < 20; attempt++) {
        let answer;
        try {
          answer = await call(cluster.url, '/wps/relay/GCS_walletTransfer', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': key,
            },
            body: JSON.stringify({ direction, vassalage: vendor, amount: 100 }),
          });
        } catch {
          // The balancer cut the answer of the instance that died.
          failures++;
          continue;
        }
        if (answer.status === 200) return answer;
        // Only the dead instance's requests fail (502 from the balancer), never a live one's.
        expect(answer.status, JSON.stringify(answer.body)).toBe(502);
        failures++;
      }
      throw new Error(`transfer ${key} was never answered`);
    };
    const worker = async (member: (typeof members)[number]) => {
      const count = { ins: 0, outs: 0 };
      sent.set(member.id, count);
      for (let n = 0; !stop; n++) {
        const direction = n % 2 === 0 ? 'IN' : 'OUT';
        const answer = await transfer(member.token, `kill-${member.id}-${n}`, direction);
        expect(answer.body.value.transfers).toHaveLength(1);
        if (direction === 'IN') count.ins++;
        else count.outs++;
        acknowledged++;
        if (acknowledged === 40) victim.process.kill('SIGKILL');
        if (acknowledged >= 150) stop = true;
      }
    };
    await Promise.all(members.map(worker));
    expect(victim.process.signalCode).toBe('SIGKILL');
    expect(failures, 'no transfer met the dead instance').toBeGreaterThan(0);

    // Every acknowledged transfer is in the ledger once: each main wallet holds exactly its funds less
    // what its acknowledged transfers moved out (a lost one would leave more, a doubled one less).
    for (const member of members) {
      const { ins, outs } = sent.get(member.id)!;
      const main = await handle.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', member.main)
        .executeTakeFirstOrThrow();
      expect(Number(main.balance), `member ${member.id}: ${ins} in, ${outs} out`).toBe(
        FUNDS - 100 * (ins - outs),
      );
      const batches = await handle.db
        .selectFrom('ledger_batch')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('idempotency_key', 'like', `wallet:${member.id}:kill-${member.id}-%`)
        .executeTakeFirstOrThrow();
      expect(Number(batches.n)).toBe(ins + outs);
    }
    const audit = await auditLedger(handle.db);
    expect(audit.drifted).toEqual([]);
    expect(
      audit.sums.every((s) => s.total === 0),
      JSON.stringify(audit.sums),
    ).toBe(true);
    expect(audit.ok).toBe(true);
  });
});

describe('the balancer of `npm run cluster`', () => {
  it("keeps its connections to an instance open and its client's too", async () => {
    let connections = 0;
    const instance = http.createServer((_request, response) => response.end('ok'));
    instance.on('connection', () => connections++);
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const { port } = instance.address() as { port: number };
    const balancer = await startBalancer([`http://127.0.0.1:${port}`]);
    const client = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers: (string | undefined)[] = [];
      for (let i = 0; i < 10; i++)
        answers.push(
          await new Promise<string | undefined>((resolve, reject) =>
            http
              .get(`${balancer.url}/healthz`, { agent: client }, (response) => {
                response.resume();
                response.on('end', () => resolve(response.headers.connection));
              })
              .on('error', reject),
          ),
        );
      // Without a keep-alive agent http-proxy closed the instance's connection after every answer
      // and told the client to close its own: 10 connections and `close` ten times.
      expect(answers).toEqual(Array.from({ length: 10 }, () => 'keep-alive'));
      expect(connections).toBe(1);
    } finally {
      client.destroy();
      await balancer.close();
      await new Promise((resolve) => instance.close(resolve));
    }
  });
});
