import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

export type Secrets = {
  /** Key for signing and hashing session material. */
  sessionSecret: string;
  /** RSA key pair for the hybrid-encrypted payloads of §6. */
  payloadPrivateKeyPem: string;
  payloadPublicKeyPem: string;
};

/** Reads a secret file, or writes a new one (owner-only) when it does not exist yet. */
const readOrCreate = (file: string, create: () => string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = create();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': two instances starting together must not overwrite each other's key.
    fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8');
    throw error;
  }
};

/** A random secret kept in DATA_DIR/secrets/<name>.key, made (owner-only) on first use. */
export const fileSecret = (config: Config, name: string) =>
  readOrCreate(path.join(config.dataDir, 'secrets', `${name}.key`), () =>
    randomBytes(32).toString('base64url'),
  ).trim();

/** Secrets come from the environment when given, else from (or into) DATA_DIR/secrets. */
export const loadSecrets = (config: Config): Secrets => {
  // DATA_DIR holds the database and the keys: created readable by the owner only.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const dir = path.join(config.dataDir, 'secrets');
  const sessionSecret =
    config.sessionSecret ??
    readOrCreate(path.join(dir, 'session.key'), () => randomBytes(32).toString('base64url'));
  const payloadPrivateKeyPem =
    config.payloadPrivateKey ??
    readOrCreate(
      path.join(dir, 'payload-rsa.pem'),
      () =>
        generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
          type: 'pkcs8',
          format: 'pem',
        }) as string,
    );
  const payloadPublicKeyPem = createPublicKey(payloadPrivateKeyPem).export({
    type: 'spki',
    format: 'pem',
  }) as string;
  return { sessionSecret: sessionSecret.trim(), payloadPrivateKeyPem, payloadPublicKeyPem };
};
