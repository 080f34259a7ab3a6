import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../app.js';
import { openAndPrepareDb } from '../boot.js';
import { checkInvariants } from '../modules/wallet/ledger.js';
import { loadConfig, type Config } from '../platform/config.js';
import type { Db, Dialect } from '../platform/db/index.js';
import { loadSecrets } from '../platform/secrets.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API project's template database (template-database.ts). */
    testTemplate: TestTemplate;
  }
}

export type TestServer = {
  url: string;
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  /** The server's database, for a second connection ("another instance") of a test's own. */
  databaseUrl: string;
  dataDir: string;
  /** The server secret vendor keys are sealed under (a test configures a vendor's connection with it). */
  serverSecret: string;
  /** fetch against the server; `path` starts with '/'. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** fetch and parse the JSON envelope. */
  json: <T = unknown>(path: string, init?: RequestInit) => Promise<{ status: number; body: T }>;
  close: () => Promise<void>;
};

/** What the API tests' global setup (test/template-database.ts) hands every test file. */
export type TestTemplate = {
  /** A migrated database with the demo brand seeded: a SQLite file, or a PostgreSQL database's name. */
  database: string;
  /** One payload RSA key for every test server, since generating one costs 0.5-2 s. */
  payloadPrivateKey: string;
};

/** The configuration a test server gets when the test asks for nothing: the template is seeded under it. */
export const templateConfig = (dataDir: string, databaseUrl: string, env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });

/** What the demo seed reads from the configuration: a server whose values differ seeds its own. */
const seedInputs = (config: Config) => JSON.stringify([config.seedDemo, config.port, config.publicUrl]);

const pgCodeOf = (error: unknown) => (error as { code?: string }).code;
/** '55006': the database is still in use, by a pool whose connections are closing: wait for them. */
const whileInUse = async (query: () => Promise<unknown>) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await query();
    } catch (error) {
      if (pgCodeOf(error) !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
};

/**
 * A throwaway database: a fresh SQLite file, or a fresh database on the PostgreSQL server named by
 * TEST_POSTGRES_URL (set by scripts/with-postgres.mjs for the PostgreSQL pass). Empty, or a copy of
 * `template` (a SQLite file or a PostgreSQL database made by the same dialect's createTestDatabase).
 */
export const createTestDatabase = async (
  dataDir: string,
  template?: string,
): Promise<{ url: string; template: string; drop: () => Promise<void> }> => {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) {
    const file = path.join(dataDir, 'site.db');
    if (template) fs.copyFileSync(template, file);
    return { url: `sqlite:${file}`, template: file, drop: async () => {} };
  }
  const name = `jade_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    template: name,
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        // Wait for the pool's connections to close rather than kill them, since a killed connection
        // reports an error after its pool has let go of it.
        await whileInUse(() => c.query(`DROP DATABASE IF EXISTS ${name}`));
      } finally {
        await c.end();
      }
    },
  };
};

/** Serves a built app on a random loopback port: the TestServer of a started instance. */
const listening = async (
  app: FastifyInstance,
  rest: Omit<TestServer, 'url' | 'app' | 'fetch' | 'json'>,
): Promise<TestServer> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  const doFetch = (p: string, init?: RequestInit) => fetch(url + p, init);
  return {
    url,
    app,
    ...rest,
    fetch: doFetch,
    json: async <T>(p: string, init?: RequestInit) => {
      const response = await doFetch(p, init);
      return { status: response.status, body: (await response.json()) as T };
    },
  };
};

/**
 * Another instance of a test server, as a load balancer's second backend: its own process state and
 * connection pool on the same database, with the same secrets (data folder). `databaseUrl` may carry
 * connection options (`?options=-c log_statement=all`); `env` more configuration (REDIS_URL). Closing
 * it leaves the first server running.
 */
export const startInstance = async (
  server: TestServer,
  { databaseUrl = server.databaseUrl, env = {} }: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<TestServer> => {
  const template = inject('testTemplate') as TestTemplate | undefined;
  const config = templateConfig(server.dataDir, databaseUrl, {
    ...(template && { PAYLOAD_PRIVATE_KEY: template.payloadPrivateKey }),
    ...env,
  });
  const handle = await openAndPrepareDb(config);
  const app = await buildApp({ config, db: handle.db, secrets: loadSecrets(config) });
  return listening(app, {
    db: handle.db,
    dialect: handle.dialect,
    databaseUrl,
    dataDir: server.dataDir,
    serverSecret: server.serverSecret,
    close: async () => {
      await app.close();
      await handle.close();
    },
  });
};

/** Starts the real server on a random loopback port against a fresh database. */
export const startTestServer = async (
  env: Record<string, string> = {},
  options: {
    captchaText?: () => string;
    logStream?: { write: (line: string) => void };
    onRoute?: (route: RouteOptions) => void;
    /**
     * Keep the demo brand's VND-sized money and lottery limits (decision 0032). Without it the demo
     * runs on the built-in limits, whose small figures the engine tests were written in.
     */
    demoLimits?: boolean;
  } = {},
): Promise<TestServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-api-'));
  // Set by the API project's global setup; a test file run under another project makes its own.
  const template = inject('testTemplate') as TestTemplate | undefined;
  const placeholder = 'sqlite::memory:';
  const seededAsTemplate =
    seedInputs(templateConfig(dataDir, placeholder, env)) ===
    seedInputs(templateConfig(dataDir, placeholder));
  const database = await createTestDatabase(dataDir, seededAsTemplate ? template?.database : undefined);
  const config = templateConfig(dataDir, database.url, {
    ...(template && { PAYLOAD_PRIVATE_KEY: template.payloadPrivateKey }),
    ...env,
  });
  const handle = await openAndPrepareDb(config);
  const secrets = loadSecrets(config);
  const app = await buildApp({
    config,
    db: handle.db,
    secrets,
    captchaText: options.captchaText,
    ...(options.logStream && { logStream: options.logStream }),
    ...(options.onRoute && { onRoute: options.onRoute }),
  });
  const server = await listening(app, {
    db: handle.db,
    dialect: handle.dialect,
    databaseUrl: database.url,
    dataDir,
    serverSecret: secrets.sessionSecret,
    close: async () => {
      await app.close();
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
  // The operator's step for a real site: the demo brand's loopback domains publish this server's port.
  for (const host of ['127.0.0.1', 'localhost'])
    await handle.db
      .updateTable('merchant_domain')
      .set({ origin: `http://${host}:${new URL(server.url).port}` })
      .where('host', '=', host)
      .execute();
  if (!options.demoLimits) {
    await handle.db.deleteFrom('merchant_money_setting').execute();
    await handle.db.deleteFrom('lottery_setting').where('created_by', '=', 'seed').execute();
  }
  return server;
};

/** The end of a file that moved money: the ledger's invariants hold, then the server closes. */
export const checkAndClose = async (server: TestServer) => {
  expect((await checkInvariants(server.db)).ok).toBe(true);
  await server.close();
};
