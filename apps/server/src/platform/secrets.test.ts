import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loadSecrets } from './secrets.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('loadSecrets', () => {
  it('generates secrets on first start into the data folder, owner-only, and reuses them', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    const first = loadSecrets(config);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(43);
    expect(first.payloadPrivateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(first.payloadPublicKeyPem).toContain('BEGIN PUBLIC KEY');
    const keyFile = path.join(config.dataDir, 'secrets', 'payload-rsa.pem');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(loadSecrets(config)).toEqual(first);
  });

  it('prefers secrets given in the environment and writes nothing for them', () => {
    const dir = tempDir();
    const secret = 'x'.repeat(40);
    const secrets = loadSecrets(loadConfig({ DATA_DIR: dir, SESSION_SECRET: secret }));
    expect(secrets.sessionSecret).toBe(secret);
    expect(fs.existsSync(path.join(dir, 'secrets', 'session.key'))).toBe(false);
  });
});
