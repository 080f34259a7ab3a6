import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openAndPrepareDb } from '../boot.js';
import { loadConfig } from '../platform/config.js';
import type { Db, Dialect } from '../platform/db/index.js';
import { loadSecrets } from '../platform/secrets.js';

export type TestServer = {
  url: string;
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  dataDir: string;
  /** The server secret vendor keys are sealed under (a test configures a vendor's connection with it). */
  serverSecret: string;
  /** fetch against the server; `path` starts with '/'. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** fetch and parse the JSON envelope. */
  json: <T = unknown>(path: string, init?: RequestInit) => Promise<{ status: number; body: T }>;
  close: () => Promise<void>;
};

/**
 * A throwaway database: a fresh SQLite file, or a fresh database on the PostgreSQL server named by
 * TEST_POSTGRES_URL (set by scripts/with-postgres.mjs for the PostgreSQL pass).
 */
export const createTestDatabase = async (
  dataDir: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) return { url: `sqlite:${path.join(dataDir, 'site.db')}`, drop: async () => {} };
  const name = `jade_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        // The pool's connections may still be closing: wait for them rather than kill them, since a
        // killed connection reports an error after its pool has let go of it.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
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
  const database = await createTestDatabase(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  // The operator's step for a real site: the demo brand's loopback domains publish this server's port.
  for (const host of ['127.0.0.1', 'localhost'])
    await handle.db
      .updateTable('merchant_domain')
      .set({ origin: `http://${host}:${address.port}` })
      .where('host', '=', host)
      .execute();
  if (!options.demoLimits) {
    await handle.db.deleteFrom('merchant_money_setting').execute();
    await handle.db.deleteFrom('lottery_setting').where('created_by', '=', 'seed').execute();
  }
  const doFetch = (p: string, init?: RequestInit) => fetch(url + p, init);
  return {
    url,
    app,
    db: handle.db,
    dialect: handle.dialect,
    dataDir,
    serverSecret: secrets.sessionSecret,
    fetch: doFetch,
    json: async <T>(p: string, init?: RequestInit) => {
      const response = await doFetch(p, init);
      return { status: response.status, body: (await response.json()) as T };
    },
    close: async () => {
      await app.close();
      await handle.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
