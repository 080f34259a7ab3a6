import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, openDb } from '../../platform/db/index.js';
import { startInstancesApart, type InstancesApart } from '../../test/instances-apart.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { setVendorConnection } from './connections.js';

/**
 * Issue 23 items 2 and 6 (decision 0066): the game frame's allowed origins (the plain-http vendor
 * endpoints in every answer's Content-Security-Policy) come from the change-bus memo. A vendor
 * endpoint configured through instance B is in instance A's policy within a second, and an idle
 * instance asks the database nothing for them (they were re-read every 10 s). Instance A runs on its
 * own copy of the server's modules (`vi.resetModules`), so B's write reaches it only through
 * PostgreSQL, as it would reach another process.
 */
const postgres = process.env.TEST_POSTGRES_URL;
/** Instance A's connections' name: its statements are told from other files' in the cluster's log. */
const APART = 'jade-origins-apart';
const ENDPOINT = 'http://vendor-b.test:8123';

/** Sets ENDPOINT as the demo brand's connection to a vendor, through `db` with `set` (this file's or another copy's). */
const configureEndpoint = async (set: typeof setVendorConnection, db: Db, serverSecret: string) => {
  const merchant = await db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  const vendor = await db.selectFrom('vendor').select('code').executeTakeFirstOrThrow();
  await set(db, serverSecret, {
    merchantId: merchant.id,
    vendorCode: vendor.code,
    endpoint: ENDPOINT,
    algorithm: 'HMAC-SHA256',
    key: 'origins-test-secret-0123456789abcdef',
    timeoutMs: 5_000,
  });
};

/** A web app of one page: the policy with the frame's origins comes with pages (decision 0083). */
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-origins-web-'));
fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Jade</title>');
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

/** The frame-src of the policy `server` answers the /game page with. */
const frameSrcOf = async (server: TestServer) =>
  /frame-src ([^;]*)/.exec((await server.fetch('/game')).headers.get('content-security-policy') ?? '')?.[1] ??
  '';

const framedWithinASecond = async (server: TestServer) => {
  const deadline = Date.now() + 1_000;
  while (!(await frameSrcOf(server)).includes(ENDPOINT)) {
    if (Date.now() > deadline)
      throw new Error(`not in the frame-src within a second: ${await frameSrcOf(server)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!postgres)("the game frame's vendor origins across instances", () => {
  let instances: InstancesApart;
  let b: TestServer;
  let a: TestServer;

  beforeAll(async () => {
    instances = await startInstancesApart({
      applicationName: APART,
      env: { WEB_DIST: web },
      secondEnv: { WEB_DIST: web },
      // Timers that repeat are the test's to advance: an instance that re-reads on one is caught at once.
      setUp: () => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }),
    });
    ({ first: b, second: a } = instances);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await instances?.close();
  });

  /** The statements instance A's own connections sent while `call` ran. */
  const statementsOfA = (call: () => Promise<unknown>) => instances.statementsOfSecond(call);

  it('an idle instance asks the database nothing for its vendor origins', async () => {
    expect(await frameSrcOf(a)).not.toContain(ENDPOINT);
    const statements = await statementsOfA(async () => {
      // A minute of repeating timers, and time for what they would send to reach the log.
      await vi.advanceTimersByTimeAsync(60_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(statements, statements.join('\n')).toEqual([]);
  });

  it("a vendor endpoint configured through instance B is in instance A's game frame policy within a second", async () => {
    await configureEndpoint(setVendorConnection, b.db, b.serverSecret);
    await framedWithinASecond(a);
    // Served from memory again once read: the next answers ask nothing.
    const statements = await statementsOfA(async () => {
      for (let i = 0; i < 3; i++) expect(await frameSrcOf(a)).toContain(ENDPOINT);
    });
    expect(statements, statements.join('\n')).toEqual([]);
  });
});

describe.skipIf(postgres)("the game frame's vendor origins on SQLite", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Timers that repeat never fire here: only the file's change can bring the origin in.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server = await startTestServer({ WEB_DIST: web });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await server?.close();
  });

  it('a vendor endpoint configured by another process (the CLI) is in the policy within a second', async () => {
    expect(await frameSrcOf(server)).not.toContain(ENDPOINT);
    // Another connection on its own copy of the modules, as the CLI's process: only the file tells.
    vi.resetModules();
    const apartDb = (await import('../../platform/db/index.js')) as { openDb: typeof openDb };
    const connections = (await import('./connections.js')) as {
      setVendorConnection: typeof setVendorConnection;
    };
    const cli = apartDb.openDb(server.databaseUrl);
    try {
      await configureEndpoint(connections.setVendorConnection, cli.db, server.serverSecret);
    } finally {
      await cli.close();
    }
    await framedWithinASecond(server);
  });
});
