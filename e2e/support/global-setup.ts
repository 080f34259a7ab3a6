import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { repoRoot, TEMPLATE_PORT, type E2eTemplate } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: E2eTemplate;
  }
}

/**
 * Global setup of the browser tests (vitest.config.ts): the built server's database migrated and
 * seeded with the demo brand once, by the operator CLI (which prepares the database as the server
 * does), which each file's server starts from instead of migrating and seeding its own; and one
 * payload RSA key for every server (each would generate its own, 0.5-2 s).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'jade-e2e-template-'));
  const database = path.join(dir, 'site.db');
  await promisify(execFile)(process.execPath, ['apps/server/dist/cli.js', 'help'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(TEMPLATE_PORT),
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${database}`,
      LOG_LEVEL: 'warn',
    },
  });
  const payloadPrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string;
  project.provide('e2eTemplate', { database, payloadPrivateKey });
  return () => rm(dir, { recursive: true, force: true });
}
