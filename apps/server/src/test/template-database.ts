import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openAndPrepareDb } from '../boot.js';
import { createTestDatabase, templateConfig } from './server.js';

/**
 * Global setup of the API tests (vitest.config.ts): one database migrated and seeded with the demo
 * brand, once per run, which each test server copies (the file on SQLite, CREATE DATABASE ... TEMPLATE
 * on PostgreSQL) instead of migrating and seeding its own, 2-4 s a server on the CI machine. Also one
 * payload RSA key for every server, which would otherwise generate its own (0.5-2 s). The migrations
 * test still migrates from an empty database (createTestDatabase without a template).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-template-'));
  const database = await createTestDatabase(dir);
  try {
    const handle = await openAndPrepareDb(templateConfig(dir, database.url));
    await handle.close();
  } catch (error) {
    await database.drop();
    throw error;
  }
  const payloadPrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  project.provide('testTemplate', { database: database.template, payloadPrivateKey });
  return async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
